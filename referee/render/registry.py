"""Which renderer draws which game (falls back to the generic one): each game's renderer
is one of its parts (:data:`referee.games.PARTS`)."""

from __future__ import annotations

from referee.games import PARTS
from referee.render.base import Renderer

_GENERIC = Renderer()


def renderer_for(game_id: str) -> Renderer:
    """The renderer of a game (generic if none is declared)."""
    found = PARTS.get(game_id)
    return found.renderer if found is not None else _GENERIC
