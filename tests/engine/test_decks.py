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
