"""The generic deck module: codes round-trip for any universe and refuse damage clearly."""

from __future__ import annotations

import base64
import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.decks import Deck, DeckCodeError, decode, encode, parse_list

UNIVERSE = [f"c{i}" for i in range(400)]


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(UNIVERSE), st.integers(1, 300), max_size=80),
       st.none() | st.sampled_from(UNIVERSE))
def test_any_deck_round_trips(cards: dict[str, int], leader: str | None) -> None:
    deck = Deck(cards=cards, leader=leader)
    assert decode(encode(deck, UNIVERSE, "EB"), UNIVERSE, "EB") == deck


def test_counts_are_positive_and_sorted() -> None:
    with pytest.raises(ValueError, match="counts must be positive"):
        Deck(cards={"c1": 0})
    deck = Deck.of(["c2", "c1", "c2"])
    assert list(deck.cards) == ["c1", "c2"] and deck.size == 3 and deck.ids() == [
        "c1", "c2", "c2"]


def test_unknown_cards_cannot_be_encoded() -> None:
    with pytest.raises(DeckCodeError, match="Unknown card id"):
        encode(Deck(cards={"zz": 1}), UNIVERSE, "EB")


def _code(payload: bytes) -> str:
    raw = payload + hashlib.blake2b(payload, digest_size=3).digest()
    return "EB1-" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize(("payload", "reason"), [
    (bytes([2, 0, 0, 0]), "Unknown deck code version 2"),
    (bytes([1, 0, 0x80]), "cut short"),
    (bytes([1, 0, 0xFF, 0x03, 0]), "a card this game does not have"),
    (bytes([1, 0xFF, 0x7F, 0]), "a leader this game does not have"),
])
def test_well_formed_but_wrong_codes_say_what_is_wrong(payload: bytes, reason: str) -> None:
    with pytest.raises(DeckCodeError, match=reason):
        decode(_code(payload), UNIVERSE, "EB")


def test_lists_need_at_least_one_card() -> None:
    with pytest.raises(DeckCodeError, match="no cards"):
        parse_list("# only a comment\n\n", lambda name: None)


NAMES = {"Low Kick": "c1", "High Block": "c2", "Fireball (Goro)": "c3"}


def _resolve(name: str) -> str | None:
    return {n.lower(): cid for n, cid in NAMES.items()}.get(" ".join(name.lower().split()))


def test_one_reader_takes_the_separators_the_word_the_leader_and_the_echo() -> None:
    typed = "3 low kick, 2x High Block; Fireball (Goro)\n# not a comment here"
    with pytest.raises(DeckCodeError, match=r"^Unknown kard: # not a comment here\.$"):
        parse_list(typed, _resolve, separators=r"[,;\n]", comment=None, word="kard")
    deck = parse_list(typed.replace("\n# not a comment here", ""), _resolve,
                      separators=r"[,;\n]", word="kard", leader="goro")
    assert deck == Deck(cards={"c1": 3, "c2": 2, "c3": 1}, leader="goro")
    with pytest.raises(DeckCodeError, match=r"^Unknown kards: xxxx, Nope\.$"):
        parse_list("2 " + "x" * 90 + ", Nope", _resolve, separators=",", word="kard",
                   echo=4)
    with pytest.raises(DeckCodeError, match=r"^This list holds no kards\.$"):
        parse_list(" ; ", _resolve, separators=";", word="kard")
    with pytest.raises(DeckCodeError, match=r"^A count must be 1 or more \(0 Lo\)\.$"):
        parse_list("0 Low Kick", _resolve, echo=4)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 999), st.sampled_from([*NAMES, "Banana"]),
                          st.sampled_from(["", "x", " x", " ×"])), min_size=1, max_size=8))
def test_a_list_reads_the_same_one_a_line_or_comma_separated(
        items: list[tuple[int, str, str]]) -> None:
    texts = [f"{n}{mark} {name}" for n, name, mark in items]

    def read(text: str, sep: str) -> Deck | str:
        try:
            return parse_list(text, _resolve, separators=sep)
        except DeckCodeError as exc:
            return exc.reason

    by_line = read("\n".join(texts), r"\n")
    assert by_line == read(", ".join(texts), r"[,;\n]")
    if not isinstance(by_line, str):
        assert by_line.size == sum(n for n, _, _ in items)
