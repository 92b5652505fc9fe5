"""Content: strict data files, the closed set of effect types, the rosters, the cards the
rulebook names, and the deck limits (``validate_deck``)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.core.decks import Deck
from engine.games import REGISTRY
from engine.games.epic_battles import GAME
from engine.games.epic_battles.data import (
    EFFECT_TYPES,
    Card,
    cards,
    characters,
    precons,
    validate_deck,
)
from engine.games.epic_battles.effects import HANDLERS, STATIC

MK = ["Bo' Rai Cho", "Baraka", "Sub-Zero", "Ashrah", "Darrius", "Hotaru", "Jade", "Kabal",
      "Noob Smoke", "Sindel"]
SF = ["Alex", "Elena", "Gill", "Ibuki", "Ken", "Ryu", "Twelve", "Sean", "Dudley", "Hugo"]


def test_registered_and_the_two_round_1_rosters_are_there() -> None:
    assert REGISTRY["epic_battles"] is GAME
    roster = [c for c in characters().values() if not c.king]
    assert sorted(c.name for c in roster if c.universe == "MK") == sorted(MK)
    assert sorted(c.name for c in roster if c.universe == "SF") == sorted(SF)
    assert sorted(c.name for c in characters().values() if c.king) == ["Akuma", "Onaga"]


def test_every_character_has_an_ability_a_signature_set_and_a_legal_precon() -> None:
    decks = []
    for cid, ch in characters().items():
        assert ch.abilities and ch.text
        sigs = [c for c in cards().values() if c.character == cid]
        assert len(sigs) >= (3 if ch.king else 4)
        deck = precons()[cid]
        assert validate_deck(deck, {"character": cid}) == []
        assert all(deck[s.id] >= 1 for s in sigs)
        decks.append((ch.universe, {k: v for k, v in deck.items()
                                    if cards()[k].character is None}))
    # precons differ beyond their signature cards: the shared cards of two precons of a
    # universe differ by 6 or more copies
    for i, (u1, d1) in enumerate(decks):
        for u2, d2 in decks[i + 1:]:
            if u1 == u2:
                diff = sum(abs(d1.get(k, 0) - d2.get(k, 0)) for k in set(d1) | set(d2))
                assert diff >= 6, (d1, d2)


def test_a_king_card_needs_all_four_pieces_which_count_as_the_one_character() -> None:
    deck = dict(precons()["onaga"])
    pieces = [k for k in deck if cards()[k].type == "piece"]
    assert len(pieces) == 4 and sum(v for k, v in deck.items() if k not in pieces) == 59
    assert validate_deck(deck, {"character": "onaga"}) == []
    del deck["onaga_tail"]  # 3 pieces: the King cannot be played
    assert validate_deck(deck, {"character": "onaga"}) == [
        "Onaga is a King card: the deck needs all 4 pieces (missing: Onaga: the Tail)."]
    other = dict(precons()["sub_zero"])
    other["onaga_head"] = 1  # a piece is the King's own
    assert any("is a piece of Onaga's King card" in p
               for p in validate_deck(other, {"character": "sub_zero"}))
    assert GAME.validate_deck(Deck(cards=precons()["akuma"], leader="akuma"), None) == []


def test_only_cards_marked_only_are_limited_to_their_universe() -> None:
    c = cards()
    marked = sorted(k for k, v in c.items() if v.only)
    assert "searching_realms" in marked and "insanity" not in marked
    assert all("only." in c[k].text for k in marked)
    # the rulebook's own example: Dudley (SF) with Insanity and Catfight (MK) is legal
    deck = dict(precons()["dudley"])
    assert deck.get("insanity") and deck.get("catfight")
    assert validate_deck(deck, {"character": "dudley"}) == []
    deck["sparring"] -= 1
    deck["searching_realms"] = 1  # "MORTAL KOMBAT ONLY."
    assert validate_deck(deck, {"character": "dudley"}) == [
        "Searching the Realms is a MK card; Dudley plays MK cards only."
        .replace("plays MK", "plays SF")]


def test_each_effect_type_has_exactly_one_handler() -> None:
    assert set(HANDLERS) | STATIC == set(EFFECT_TYPES)
    assert not set(HANDLERS) & STATIC


def test_data_files_are_strict() -> None:
    with pytest.raises(ValidationError):
        Card.model_validate({"id": "x", "name": "X", "type": "block", "universe": "any",
                             "blocks": ["High"], "text": "t", "colour": "red"})
    with pytest.raises(ValidationError, match="height and a subtype"):
        Card.model_validate({"id": "x", "name": "X", "type": "attack", "universe": "SF",
                             "text": "t"})
    with pytest.raises(ValidationError, match="Mortal Kombat only"):
        Card.model_validate({"id": "x", "name": "X", "type": "kamidogu", "universe": "SF",
                             "text": "t"})
    with pytest.raises(ValidationError):
        Card.model_validate({"id": "x", "name": "X", "type": "event", "universe": "SF",
                             "flip": "draw", "text": "t",
                             "effects": [{"type": "teleport"}]})


def test_the_cards_the_rulebook_names_have_the_mechanics_its_examples_need() -> None:
    c = cards()
    assert c["sparring"].subtype == "punch" and c["sparring"].universe == "SF"
    assert c["berserk_chop"].subtype == "weapon"
    assert [e.type for e in c["berserk_chop"].hit] == ["swap_weapons"]
    assert c["sounds_of_music"].subtype == "weapon"
    assert [(e.type, e.subtype) for e in c["sounds_of_music"].energy] == [
        ("block_tax", "projectile")]
    assert c["insanity"].flip == "attack" and c["insanity"].effects[0].type == "power"
    assert c["catfight"].flip == "attack" and c["busted"].flip == "attack"
    assert [e.type for e in c["dark_magic"].effects] == ["multi_block"]
    assert c["searching_realms"].limit1 and c["searching_realms"].flip == "draw"
    assert c["searching_realms"].universe == "MK"
    assert c["kami_earthrealm"].effects[0].type == "armor"
    assert c["parry"].blocks == ("High", "Low")
    assert c["blind_spot"].effects[0].type == "unblockable"
    assert any(e.type == "combo_bonus" for e in c["flurry"].effects)
    assert c["energy_bolt"].cost == 0 and c["energy_bolt"].subtype == "projectile"


def _deck(cid: str = "sub_zero") -> dict[str, int]:
    return dict(precons()[cid])


def test_validate_deck_names_each_broken_limit() -> None:
    deck = _deck()
    deck["jab"] = 5
    deck["searching_realms"] = 2
    problems = validate_deck(deck, {"character": "sub_zero"})
    assert any("Jab: at most 4 copies" in p for p in problems)
    assert any("Searching the Realms is Limit 1" in p for p in problems)
    assert any("exactly 59 cards" in p and "61" in p for p in problems)
    deck = _deck()
    deck["jab"] -= 2
    deck["red_parry"] = 1
    deck["hadoken"] = 1
    problems = validate_deck(deck, {"character": "sub_zero"})
    assert any("Red Parry is a SF card; Sub-Zero plays MK cards only" in p for p in problems)
    assert any("Hadoken belongs to Ryu's deck only" in p for p in problems)
    assert validate_deck(_deck(), {"character": "nobody"})[0].startswith("Unknown character")
    assert validate_deck({"nothing": 59}, {"character": "ryu"})[0] == "Unknown card 'nothing'."


def test_validate_deck_counts_names() -> None:
    pool = [c.id for c in cards().values()
            if c.universe in ("MK", "any") and c.character in (None, "sub_zero")
            and not c.limit1 and c.type != "piece"]
    deck = {cid: 1 for cid in pool[:25]}
    deck[pool[0]] += 59 - sum(deck.values())
    problems = validate_deck(deck, {"character": "sub_zero"})
    assert problems and all("At most 24 different cards" in p or "at most 4" in p
                            for p in problems)
    assert GAME.validate_deck(Deck(cards=_deck(), leader="sub_zero"), None) == []
