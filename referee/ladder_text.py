"""The ladder's words shared by its Discord pages (:mod:`cogs.ladder_render`) and the
replays (:mod:`referee.replay`): its colour, a game's name, a date."""

from __future__ import annotations

from referee.i18n import DEFAULT
from referee.i18n import game_name as localized_game_name

COLOR = 0xF1C40F


def game_name(game_id: str, loc: str = DEFAULT) -> str:
    """The human name of a game in ``loc`` (its id if the game is no longer registered)."""
    return localized_game_name(game_id, loc)


def when(ts: float) -> str:
    """A Discord timestamp (renders in the reader's time zone)."""
    return f"<t:{int(ts)}:d>"
