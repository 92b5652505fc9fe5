"""The data of a tournament: pairings, results, the event as the pairing sees it."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

__all__ = ["FORMATS", "Event", "Pairing", "Result", "Standing", "auto_result",
           "planned_rounds"]

FORMATS = ("series", "round_robin", "single_elimination", "swiss")
"""Every tournament format, by id."""


@dataclass(frozen=True)
class Pairing:
    """Two players who meet in a round (``b`` None: ``a`` has a bye)."""

    a: int
    b: int | None


@dataclass(frozen=True)
class Result:
    """A finished pairing: ``winner`` is a player, or None for a draw (a bye: ``a``)."""

    round: int
    a: int
    b: int | None
    winner: int | None
    forfeit: bool = False
    """Decided without a match (a bye, or a side that dropped)."""

    @property
    def bye(self) -> bool:
        """Whether this was a bye."""
        return self.b is None

    def points(self, player: int) -> float:
        """Match points of ``player``: 1 for a win (a bye too), 1/2 a draw, 0 a loss."""
        if self.winner is None:
            return 0.0 if self.forfeit else 0.5
        return 1.0 if self.winner == player else 0.0

    def opponent(self, player: int) -> int | None:
        """The other player (None for a bye)."""
        return self.b if player == self.a else self.a


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    player: int
    rank: int
    points: float
    wins: int
    draws: int
    losses: int
    buchholz: float
    sonneborn_berger: float
    dropped: bool
    reached: int = 0
    """Single elimination: the last round the player was in."""


@dataclass
class Event:
    """A tournament as the pairing sees it.

    ``players`` are in seed order (the cog sorts them by rating, then sign-up).
    ``rounds`` is Swiss's number of rounds (None: ceil(log2 n)); ``matches`` is how many
    times each pair meets in a series. ``history`` holds the finished rounds, round 1
    first, each with its results in pairing order (the bracket's slots).
    """

    format: str
    players: list[int]
    rounds: int | None = None
    matches: int = 1
    dropped: set[int] = field(default_factory=set)
    history: list[list[Result]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise ValueError(f"unknown tournament format {self.format!r}")
        if len(set(self.players)) != len(self.players):
            raise ValueError("a player is entered twice")

    @property
    def played(self) -> list[Result]:
        """Every result so far, in order."""
        return [r for rnd in self.history for r in rnd]

    def active(self) -> list[int]:
        """Players still in the event (not dropped), in seed order."""
        return [p for p in self.players if p not in self.dropped]


def planned_rounds(event: Event) -> int:
    """How many rounds the event is planned to have (a series' decider not counted)."""
    n = len(event.players)
    if n < 2:
        return 0
    if event.format == "swiss":
        return event.rounds if event.rounds is not None else math.ceil(math.log2(n))
    if event.format == "single_elimination":
        return math.ceil(math.log2(n))
    per_cycle = n - 1 if n % 2 == 0 else n
    return per_cycle * (event.matches if event.format == "series" else 1)


def auto_result(rnd: int, pairing: Pairing, dropped: set[int]) -> Result | None:
    """The result of a pairing decided without a match: a bye, or a side that dropped
    (the other wins by forfeit; both dropped: nobody scores). None: it must be played."""
    if pairing.b is None:
        return Result(rnd, pairing.a, None, pairing.a, forfeit=True)
    gone_a, gone_b = pairing.a in dropped, pairing.b in dropped
    if gone_a and gone_b:
        return Result(rnd, pairing.a, pairing.b, None, forfeit=True)
    if gone_a:
        return Result(rnd, pairing.a, pairing.b, pairing.b, forfeit=True)
    if gone_b:
        return Result(rnd, pairing.a, pairing.b, pairing.a, forfeit=True)
    return None
