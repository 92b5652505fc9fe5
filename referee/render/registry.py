"""Which renderer draws which game (falls back to the generic one)."""

from __future__ import annotations

from referee.render.base import Renderer

_RENDERERS: dict[str, Renderer] = {}
_LOADED: list[bool] = []


def register(renderer: Renderer) -> None:
    """Register a game's renderer."""
    _RENDERERS[renderer.game_id] = renderer


def renderer_for(game_id: str) -> Renderer:
    """The renderer of a game (generic if none is registered)."""
    if not _LOADED:  # not "if not _RENDERERS": importing one renderer registers it alone
        _load()
        _LOADED.append(True)
    return _RENDERERS.get(game_id) or Renderer()


def _load() -> None:
    import importlib

    for name in ("referee.render.sushido", "referee.render.world_of_fighters",
                 "referee.render.kingdom_of_loathing", "referee.render.mortal_kombat",
                 "referee.render.epic_battles"):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
