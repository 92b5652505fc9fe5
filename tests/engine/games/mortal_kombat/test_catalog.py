"""/card entries of the Mortal Kombat Kard Game: one per kard, each name unique."""

from __future__ import annotations

from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.data import kards


def test_one_entry_per_kard_with_unique_names() -> None:
    entries = GAME.catalog()
    assert len(entries) == len(kards()) == 300
    assert len({e.name.lower() for e in entries}) == 300
    assert sum(e.kind == "kombatant" for e in entries) == 20


def test_shared_names_say_whose_move_it_is() -> None:
    names = {e.name for e in GAME.catalog()}
    assert {"Fireball (Liu Kang)", "Fireball (Goro)"} <= names
    assert "Fireball" not in names


def test_an_entry_gives_the_numbers_then_the_kard_text() -> None:
    bolt = next(e for e in GAME.catalog() if e.name == "Green Bolt")
    assert bolt.text.splitlines()[0] == (
        "**Special Move** of Johnny Cage · Mid · Speed 5 · Strength 3 · Ranged")
    assert bolt.text.splitlines()[1] == (
        "Cage flings a green bolt from across the arena. A projectile. Ranged.")
