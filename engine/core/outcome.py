"""The result of a finished match."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Outcome(BaseModel):
    """Who won. ``ranks[seat]`` is 1 for the best place; equal ranks are a tie."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    ranks: tuple[int, ...]
    reason: str
    """Short machine word: ``ko``, ``ring_out``, ``rounds``, ``forfeit``, ``timeout``..."""
    summary: str = ""
    """One human sentence, e.g. ``"Seat 1 wins 2-1 by Ring Out"``."""
    forfeited: tuple[int, ...] = ()
    """Seats that lost by conceding or by timing out (rated as losses)."""

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats placed first (several on a draw)."""
        best = min(self.ranks)
        return tuple(i for i, r in enumerate(self.ranks) if r == best)

    @property
    def draw(self) -> bool:
        """True when every seat shares first place."""
        return len(set(self.ranks)) == 1

    @classmethod
    def win(cls, winner: int, seats: int, reason: str, summary: str = "") -> Outcome:
        """A plain win for one seat; every other seat shares second place."""
        ranks = tuple(1 if s == winner else 2 for s in range(seats))
        return cls(ranks=ranks, reason=reason, summary=summary)

    @classmethod
    def placed(cls, groups: list[list[int]], seats: int, reason: str, summary: str = "",
               forfeited: tuple[int, ...] = ()) -> Outcome:
        """Ranks from groups of seats, best first (a group shares its place).

        Standard competition ranking: after a group of two at 1st, the next is 3rd.
        Every seat must appear in exactly one group.
        """
        ranks = [0] * seats
        place = 1
        for group in groups:
            for s in group:
                ranks[s] = place
            place += len(group)
        if sorted(s for g in groups for s in g) != list(range(seats)):
            raise ValueError("every seat must be placed exactly once")
        return cls(ranks=tuple(ranks), reason=reason, summary=summary, forfeited=forfeited)

    @classmethod
    def tie(cls, seats: int, reason: str, summary: str = "") -> Outcome:
        """Everyone shares first place."""
        return cls(ranks=tuple(1 for _ in range(seats)), reason=reason, summary=summary)
