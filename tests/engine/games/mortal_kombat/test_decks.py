"""Content shape, precon decks, deck validation per level, codes, Sealed pools."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.decks import Deck, DeckCodeError, parse_list
from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.data import by_name, deckable, kards, kombatants, specials_of
from engine.games.mortal_kombat.decks import (
    from_code,
    precon,
    sealed_deck,
    sealed_pool,
    to_code,
    validate,
)
from engine.games.mortal_kombat.effects import HANDLERS
from engine.games.mortal_kombat.model import Options


def test_the_set_has_the_printed_shape() -> None:
    types = Counter(k.type for k in kards().values())
    assert types == {"kombatant": 20, "basic": 20, "special": 199, "defense": 15, "se": 37,
                     "kombo": 9}
    assert sum(types.values()) == 300
    for kid in kombatants():
        own = specials_of(kid)
        assert len(own) == (9 if kid == "shangtsung" else 10)
        assert sorted(k for x in own if (k := kards()[x].finisher)) == [
            "babality", "fatality", "friendship"]


def test_every_effect_kind_has_one_handler_and_is_used() -> None:
    used = {e.kind for k in kards().values() for e in k.effects}
    assert used == set(HANDLERS)


@pytest.mark.parametrize("level", ["starter", "basic", "advanced"])
@pytest.mark.parametrize("size", [50, 60])
def test_every_precon_is_legal_at_every_level(level: str, size: int) -> None:
    for kid in kombatants():
        deck = precon(kid, size)
        assert deck.size == size and validate(deck, Options(level=level, deck_size=size)) == []


def test_validation_names_each_broken_limit() -> None:
    ids = ["b01"] * 22 + ["d01"] * 10 + ["e06"] * 4 + ["e01"] * 6 + ["e02"] * 4 + [
        "e03"] * 5 + ["kano1"]
    deck = Deck.of(ids, leader="subzero")
    problems = validate(deck, Options(level="advanced"))
    text = " | ".join(problems)
    assert "50 or 60 kards" in text
    assert "At most 16 Special Effect kards in a deck (19 here)" in text
    assert "At most 2 Touch of Death in a deck (4 here)" in text
    assert "At most 4 of one Special Effect: Adrenaline x6" in text
    assert "Power Surge x5" in text
    assert "Knife Throw is Kano's Special Move; Sub-Zero cannot use it" in text
    assert validate(deck, Options(level="basic")) == [
        "A Kombat deck holds 50 or 60 kards, not 52."]


def test_match_deck_size_must_match_the_option() -> None:
    assert validate(precon("jax", 60), Options(deck_size=50)) == [
        "This match uses 50-kard decks; this deck has 60."]


def test_the_game_hook_validates_decks() -> None:
    assert GAME.validate_deck(precon("jade"), {"level": "advanced"}) == []


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(list(deckable())), min_size=1, max_size=70),
       st.sampled_from(list(kombatants())))
def test_deck_codes_round_trip(ids: list[str], leader: str) -> None:
    deck = Deck.of(ids, leader=leader)
    code = to_code(deck)
    assert code.startswith("MK1-") and from_code(code) == deck


@pytest.mark.parametrize(("code", "reason"), [
    ("", "starts with MK1-"),
    ("EB1-AAAA", "starts with MK1-"),
    ("MK1-abc!def", "only letters, digits"),
    ("MK1-AQ", "too short"),
])
def test_malformed_codes_are_refused_with_a_reason(code: str, reason: str) -> None:
    with pytest.raises(DeckCodeError, match=reason):
        from_code(code)


def test_a_changed_character_breaks_the_checksum() -> None:
    code = to_code(precon("raiden"))
    i = len(code) // 2
    bad = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]
    with pytest.raises(DeckCodeError, match="checksum"):
        from_code(bad)


def test_lists_read_names_and_name_unknown_kards() -> None:
    def resolve(name: str) -> str | None:
        found = by_name(name)
        return found[0].id if found else None

    deck = parse_list("3x High Kick\n2 Kombo Breaker\n# a comment\nRage", resolve)
    assert deck.cards == {"b05": 3, "d14": 2, "e04": 1}
    with pytest.raises(DeckCodeError, match=r"Unknown card.*Mega Punch"):
        parse_list("2 Mega Punch\n1 Rage", resolve)


def test_sealed_pools_are_seeded_and_build_basic_legal_decks() -> None:
    assert sealed_pool(4) == sealed_pool(4) != sealed_pool(5)
    deck = sealed_deck(sealed_pool(4), "goro")
    assert deck.size == 50 and validate(deck, Options(level="basic")) == []


def test_built_decks_are_validated_again_when_the_match_starts() -> None:
    from engine.core import IllegalAction

    good = to_code(sealed_deck(sealed_pool(4), "goro"))
    other = to_code(precon("kitana"))
    s = GAME.setup(GAME.parse_options({"level": "basic", "decks": [good, other]}), 2, 1)
    assert [a.aid for a in GAME.legal(s, 0)] == ["pick-goro"]
    s, _ = GAME.act(s, 0, "pick-goro")
    s, _ = GAME.act(s, 1, "pick-kitana")
    assert sorted(s.fighters[0].decklist) == sorted(from_code(good).ids())
    with pytest.raises(IllegalAction, match=r"first player's deck is not legal: .*Special"):
        GAME.setup(GAME.parse_options({"level": "advanced", "decks": [good, other]}), 2, 1)
    with pytest.raises(IllegalAction, match="checksum"):
        GAME.setup(GAME.parse_options({"decks": [other[:-2] + "AA", other]}), 2, 1)
    with pytest.raises(IllegalAction, match="each of the two players"):
        GAME.parse_options({"decks": [good]})


def test_one_built_deck_against_a_free_pick_and_its_precon_of_the_same_size() -> None:
    from engine.core import IllegalAction

    built = to_code(precon("scorpion", 60))
    s = GAME.setup(GAME.parse_options({"level": "advanced", "deck_size": 60,
                                       "decks": [built, ""]}), 2, 3)
    assert [a.aid for a in GAME.legal(s, 0)] == ["pick-scorpion"]
    assert len(GAME.legal(s, 1)) == 20
    s, _ = GAME.act(s, 1, "pick-raiden")
    s, _ = GAME.act(s, 0, "pick-scorpion")
    assert [len(f.decklist) for f in s.fighters] == [60, 60]
    with pytest.raises(IllegalAction, match="60-kard decks; this deck has 50"):
        GAME.setup(GAME.parse_options({"deck_size": 60,
                                       "decks": [to_code(precon("kano")), ""]}), 2, 1)
