"""The one explicit registry of games: ``REGISTRY[game_id] -> Game``.

Add a game by importing its object here; nothing is discovered implicitly.
"""

from __future__ import annotations

from typing import Any

from engine.core.game import Game
from engine.core.plain_attrs import plain_attrs_all

REGISTRY: dict[str, Game[Any, Any]] = {}


def register(game: Game[Any, Any]) -> None:
    """Add a game object to the registry (called once per game, below)."""
    REGISTRY[game.id] = game


def get(game_id: str) -> Game[Any, Any]:
    """The game registered as ``game_id``; raises ``KeyError`` if unknown."""
    return REGISTRY[game_id]


def _load() -> None:
    import importlib

    for module in ("engine.games.sushido", "engine.games.world_of_fighters",
                   "engine.games.kingdom_of_loathing", "engine.games.mortal_kombat",
                   "engine.games.epic_battles"):
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as exc:  # a game package not written yet
            if exc.name != module:
                raise
            continue
        game = getattr(mod, "GAME", None)
        if game is not None:  # a package still being written has no GAME yet
            register(game)
    # the models of every game now exist: reads of their fields skip pydantic's
    # ``__getattr__`` hook (see engine.core.plain_attrs)
    plain_attrs_all()


_load()
