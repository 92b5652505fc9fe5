"""The fields every game's state shares, and the action base class."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Self

from pydantic import BaseModel, ConfigDict

from engine.core.mutable import Mutable
from engine.core.outcome import Outcome
from engine.core.rng import Rng


class BaseState(Mutable):
    """Common part of a match state. Games subclass it and add their own fields.

    ``version`` grows by one with every applied action; buttons carry it so that a
    click built for an older state is refused as stale.
    """

    model_config = ConfigDict(extra="forbid")

    game: str
    seats: int
    version: int = 0
    rng: Rng
    result: Outcome | None = None
    left: tuple[int, ...] = ()
    """Seats that left an N-seat match while play went on, in the order they left
    (forfeit or timeouts). They rank below every seat still playing, the first to
    leave last; the game skips them (see :meth:`engine.core.Game.on_leave`)."""

    def in_play(self) -> list[int]:
        """The seats that have not left, in seat order."""
        return [s for s in range(self.seats) if s not in self.left]


class Interned(BaseModel):
    """A frozen model built by :meth:`of`: validated once per distinct content, then shared
    (a pending task of a game's queue, an action); safe because nothing can change it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @classmethod
    def of(cls, **fields: Any) -> Self:
        """The model with these fields, validated once and then shared: listing the legal
        actions of every click, or queueing the same task again, costs no new validation."""
        made: Self = _made(cls, tuple(fields.items()))
        return made


class ActionBase(Interned):
    """Base of every action. Subclasses add ``kind: Literal[...]`` and their fields.

    ``aid`` is a short stable id (at most 40 characters, no ``:``) that identifies the
    action among the legal actions of a state, so it fits in a Discord ``custom_id``.
    """

    @property
    def aid(self) -> str:  # pragma: no cover - every subclass overrides
        """The action's short stable id."""
        raise NotImplementedError



@lru_cache(maxsize=16384)
def _made(cls: type[Interned], fields: tuple[tuple[str, Any], ...]) -> Any:
    return cls(**dict(fields))
