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
