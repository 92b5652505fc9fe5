"""Content files, the closed set of effect types, timeouts and the registry."""

from __future__ import annotations

from typing import get_args

import pytest
from pydantic import ValidationError

from engine.core import IllegalAction
from engine.games import REGISTRY
from engine.games.kingdom_of_loathing import GAME, data
from engine.games.kingdom_of_loathing.effects import HANDLERS
from engine.games.kingdom_of_loathing.model import Options

from .helpers import arrange, fresh


def test_content_counts_and_validation() -> None:
    c = data.content()
    assert len(c.cards) == 72 and len(c.locations) == 9
    tiers = {loc: c.locations[loc].tier for loc in range(9)}
    for card in c.cards:
        lo, hi = {1: (2, 6), 2: (6, 10), 3: (10, 15)}[tiers[card.location]]
        assert lo <= card.monster.power <= hi
    assert len(c.skills) == 60
    assert {s.kind for s in c.skills} == {"combat", "spell", "noncombat", "buff", "passive"}
    assert sum(s.pile for s in c.stats) == 156
    assert len(data.newbie_items()) == 15
    names = [x.monster.name for x in c.cards] + [x.item.name for x in c.cards]
    assert len(set(names)) == 144


def test_data_models_forbid_unknown_fields_and_bad_effects() -> None:
    with pytest.raises(ValidationError):
        data.Item.model_validate({"name": "x", "kind": "hat", "autosell": 1, "text": "",
                                  "colour": "red"})
    with pytest.raises(ValidationError):
        data.Item.model_validate({"name": "x", "kind": "food", "autosell": 1, "text": "",
                                  "effect": {"type": "damage", "amount": 2}})


def test_every_effect_type_has_one_handler() -> None:
    assert set(HANDLERS) == set(get_args(data.EffectType))
    used = {x.item.effect.type for x in data.content().cards if x.item.effect}
    used |= {s.effect.type for s in data.content().skills if s.effect}
    assert used == set(get_args(data.EffectType))


def test_timeouts_are_harmless() -> None:
    s = arrange(fresh(), hand=["mu1"] * 6, phase="noncombat")
    for expected in ("fight", "nomove", "nokill", "keep"):
        a = GAME.timeout_action(s, s.actor)
        assert a.kind == expected
        s, _ = GAME.timeout(s, s.actor)
    assert s.turn == 1
    s.phase = "offer"
    assert GAME.timeout_action(s, s.actor).kind == "pass"


def test_registered_with_options_and_labels() -> None:
    assert REGISTRY["kingdom_of_loathing"] is GAME and GAME.max_seats == 4
    assert GAME.parse_options({"sorceress": "25"}) == Options(sorceress=25)
    assert GAME.parse_options({"round_cap": "12"}).round_cap == 12  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction):
        GAME.parse_options({"sorceress": 22})
    s = GAME.setup(Options(), 2, 1)
    labels = [GAME.label(s, s.actor, a) for a in GAME.legal(s, s.actor)]
    assert "To combat" in labels and all("Seat" not in x for x in labels)
    assert len(GAME.catalog()) == 72 * 2 + 60 + 3


def test_newbie_gear_has_the_rulebooks_names() -> None:
    names = {n.kind: n.name for n in data.content().newbie}
    assert names == {"weapon": "Sweet Ninja Sword", "hat": "Kentucky-Style Derby",
                     "pants": "Studded Leather Boxer Shorts"}


def test_every_location_and_class_has_its_own_character() -> None:
    from engine.games.kingdom_of_loathing.content import class_mechanics, location_mix

    mixes = location_mix()
    assert len({repr(m["items"]) for m in mixes.values()}) == 9  # nine item mixes
    assert len({m for loc in mixes.values() for m in loc["monsters"]}) == 72
    classes = class_mechanics()
    profiles = {repr({k: v for k, v in c.items() if k != "skills"}) for c in classes.values()}
    assert len(profiles) == 6
    assert "pulverize" in classes["Seal Clubber"]["effects"]
    assert classes["Accordion Thief"]["subtypes"].get("song", 0) >= 5
    assert any(e.startswith("gear_damage (hat)") for e in classes["Turtle Tamer"]["effects"])
    for a, b in [(x, y) for x in classes for y in classes if x < y]:
        assert classes[a]["effects"] != classes[b]["effects"], (a, b)


def test_the_content_report_covers_every_rule_path() -> None:
    from engine.games.kingdom_of_loathing.content import report

    rep = report()
    assert rep.missing_paths() == [] and rep.shared_texts == []
    assert rep.rule_paths["Pulverize"] == ["Pulverize"]
    assert rep.counts["monster/item cards"] == 72 and rep.counts["skills"] == 60
    assert rep.rules_texts == 72 + 60 + 3  # every item, skill and newbie item its own
