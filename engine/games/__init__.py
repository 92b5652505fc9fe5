"""The one explicit registry of games: ``REGISTRY[game_id] -> Game``.

Add a game by importing its object here; nothing is discovered implicitly.
"""

from __future__ import annotations

from typing import Any

from engine.core.game import Game

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


_load()
