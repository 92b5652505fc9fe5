"""AI seats: which seats of a match the AI plays, at what level, and their ids.

A match's AI seats and their levels are kept with the match, in its options under
:data:`AI_KEY` (``{"<seat>": "<level>"}``): a practice match's second seat (the bot's own
user), or the seats a host filled with AIs at a ``/host`` table. Those table seats need
distinct user ids that can never be a Discord user: they are *virtual ids*, negative
numbers (a Discord snowflake is never negative), which every path that reaches Discord
skips (pings, timers, DMs, name look-ups), and a match with one is unrated.

At an open table (a lobby, before the match exists) an AI seat's virtual id also carries
its level, :func:`lobby_ai_id`; the match then gets the ids ``-1, -2, ...`` in seat order.

No Discord here: the referee uses it too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.i18n import DEFAULT, t

LEVELS = ("easy", "normal", "hard", "expert")
"""The AI levels (the same as :data:`engine.ai.LEVELS`)."""
AI_KEY = "_ai"
"""Match option: the AI seats, ``{"<seat index>": "<level>"}``."""
MAX_AI_SEATS = 8
"""At most this many AI seats at one table (more than any game has seats)."""
MATCH_AI_IDS = tuple(range(-1, -MAX_AI_SEATS - 1, -1))
"""The virtual user ids of AI seats in matches, in seat order (-1 for the first AI)."""


def is_virtual(user_id: int) -> bool:
    """Whether ``user_id`` is an AI seat's virtual id (never a Discord user)."""
    return user_id < 0


def ai_levels(options: Mapping[str, Any]) -> dict[int, str]:
    """The AI seats of a match (seat index to level), from its stored options."""
    raw = options.get(AI_KEY) or {}
    return {int(seat): str(level) for seat, level in raw.items() if level in LEVELS}


def with_ai(options: Mapping[str, Any], levels: Mapping[int, str]) -> dict[str, Any]:
    """``options`` with the AI seats ``levels`` stored in them (none: unchanged)."""
    out = dict(options)
    if levels:
        out[AI_KEY] = {str(seat): level for seat, level in sorted(levels.items())}
    return out


def lobby_ai_id(slot: int, level: str) -> int:
    """The virtual id of the ``slot``-th AI (1, 2, ...) seated at an open table: its level
    is in the id (``-(10 * slot + level number)``), so seating it is one compare-and-set
    of the table's players."""
    return -(10 * slot + LEVELS.index(level) + 1)


def lobby_ai_level(user_id: int) -> str:
    """The level of an AI seated at an open table (:func:`lobby_ai_id`)."""
    return LEVELS[(-user_id) % 10 - 1]


def next_lobby_ai(players: list[int], level: str) -> int:
    """The virtual id for one more AI at a table whose players are ``players``."""
    used = {(-u) // 10 for u in players if is_virtual(u)}
    slot = next(n for n in range(1, MAX_AI_SEATS + 2) if n not in used)
    return lobby_ai_id(slot, level)


def match_seats(order: list[int]) -> tuple[list[int], dict[int, str]]:
    """A table's players in seat order -> the match's seats (each AI renamed ``-1``,
    ``-2``, ... in seat order) and its AI seats' levels."""
    seats: list[int] = []
    levels: dict[int, str] = {}
    for seat, uid in enumerate(order):
        if is_virtual(uid):
            levels[seat] = lobby_ai_level(uid)
            seats.append(MATCH_AI_IDS[len(levels) - 1])
        else:
            seats.append(uid)
    return seats, levels


def humans(user_ids: list[int]) -> list[int]:
    """The ids among ``user_ids`` that are people (or the bot), not virtual AI seats."""
    return [u for u in user_ids if not is_virtual(u)]


def mention(user_id: int, loc: str | None = None) -> str:
    """A user's mention, or an AI seat's name ("Hajime (AI)") for a virtual id."""
    if not is_virtual(user_id):
        return f"<@{user_id}>"
    return t(loc or DEFAULT, "practice.ai_plain", bot=BOT_NAME[0])


BOT_NAME = ["Hajime"]
"""The bot's display name, the AI seats' name (set when the bot is ready)."""
