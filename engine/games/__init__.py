"""The one explicit registry of games: ``REGISTRY[game_id] -> Game``.

Add a game by importing its package here and registering its ``GAME`` below; nothing is
discovered implicitly. A game's other parts (renderer, picture, texts, rules) are declared in
``referee/games.py`` (see ``docs/adding-a-game.md``).
"""

from __future__ import annotations

from typing import Any

from engine.core.game import Game
from engine.core.plain_attrs import plain_attrs_all
from engine.games import (
    epic_battles,
    kingdom_of_loathing,
    mortal_kombat,
    sushido,
    world_of_fighters,
)

REGISTRY: dict[str, Game[Any, Any]] = {}


def register(game: Game[Any, Any]) -> None:
    """Add a game object to the registry (called once per game, below)."""
    REGISTRY[game.id] = game


def get(game_id: str) -> Game[Any, Any]:
    """The game registered as ``game_id``; raises ``KeyError`` if unknown."""
    return REGISTRY[game_id]


for _package in (sushido, world_of_fighters, kingdom_of_loathing, mortal_kombat, epic_battles):
    register(_package.GAME)
# the models of every game now exist: reads of their fields skip pydantic's
# ``__getattr__`` hook (see engine.core.plain_attrs)
plain_attrs_all()
