"""Tournaments, pure: formats, pairings round by round, drops and standings.

Nothing here knows Discord, the database or asyncio: an event is its players (in seed
order), its format and the results of the rounds played so far (:class:`Event`), and
:func:`next_round` says who meets whom next (None: the event is over). The cog stores
every pairing and result, so any state is rebuilt from the database after a restart.

Formats (``docs/tournaments.md``): ``series`` (the Mortal Kombat rulebook's: a set number
of matches among the same players, most wins, a decider for a tie), ``round_robin``,
``single_elimination`` and ``swiss``.
"""

from engine.tournament.model import (
    FORMATS,
    Event,
    Pairing,
    Result,
    Standing,
    auto_result,
    planned_rounds,
)
from engine.tournament.pairing import (
    bracket_order,
    circle_rounds,
    elimination_first_round,
    next_round,
    swiss_pairings,
)
from engine.tournament.standings import champion, standings

__all__ = [
    "FORMATS",
    "Event",
    "Pairing",
    "Result",
    "Standing",
    "auto_result",
    "bracket_order",
    "champion",
    "circle_rounds",
    "elimination_first_round",
    "next_round",
    "planned_rounds",
    "standings",
    "swiss_pairings",
]
