"""Every data file loads into its strict model; the roster meets the brief."""

from __future__ import annotations

import tomllib

import pytest
from pydantic import ValidationError

from engine.games.world_of_fighters import data


def test_every_data_file_loads() -> None:
    files = sorted(p.name for p in data.DATA_DIR.glob("*.toml"))
    assert files == ["characters.toml", "deck.toml"]
    assert data.Roster.model_validate(tomllib.loads((data.DATA_DIR / files[0]).read_text()))
    assert data.DeckSpec.model_validate(tomllib.loads((data.DATA_DIR / files[1]).read_text()))


def test_deck_make_up() -> None:
    assert data.deck_counts() == {"punch": 10, "kick": 10, "grapple": 10, "block": 10}
    assert len(data.full_deck()) == 40


def test_roster() -> None:
    roster = data.characters()
    assert len(roster) >= 6
    hai = roster["haiwu"]
    assert hai.name == "Hai Wu" and hai.super.name == "Climbing Monkey"
    assert hai.super.code == "G.R3"
    assert roster["milton"].name == "Milton Brown" and roster["milton"].super.card == "block"
    assert [c.name for c in roster.values() if c.joke] == ["Kevin from Accounts"]
    for c in roster.values():
        assert c.reach in ("close", "long") and c.super.name
    assert roster["haiwu"].initials == "HW"


def test_typo_in_data_fails_at_load() -> None:
    with pytest.raises(ValidationError):
        data.DeckSpec.model_validate({"cards": {"punch": 1, "kick": 1, "grapple": 1,
                                                "block": 1, "punsh": 2}})
    bad = data.characters()["rocco"].model_dump() | {"hp": 3}
    with pytest.raises(ValidationError):
        data.Character.model_validate(bad)
