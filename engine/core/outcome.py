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
    def tie(cls, seats: int, reason: str, summary: str = "") -> Outcome:
        """Everyone shares first place."""
        return cls(ranks=tuple(1 for _ in range(seats)), reason=reason, summary=summary)
