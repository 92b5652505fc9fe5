"""The fields every game's state shares, and the action base class."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Generic, Self, TypeVar

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


InternedT = TypeVar("InternedT", bound=Interned)


class SharedTable(Generic[InternedT]):
    """A bounded table of shared :class:`Interned` models keyed by their fields in a fixed
    order (a game's legal actions are drawn from it on every decision): cheaper than
    :meth:`Interned.of`'s keyword key on a hot path. ``None`` leaves a field at its
    default; a full table starts again (the models it gives are equal either way)."""

    def __init__(self, cls: type[InternedT], names: tuple[str, ...], size: int = 16384) -> None:
        self.cls, self.names, self.size = cls, names, size
        self._made: dict[tuple[Any, ...], InternedT] = {}

    def get(self, *values: Any) -> InternedT:
        """The shared model with these field values, in :attr:`names` order."""
        got = self._made.get(values)
        if got is None:
            if len(self._made) >= self.size:
                self._made.clear()
            fields = {n: v for n, v in zip(self.names, values, strict=True) if v is not None}
            got = self._made[values] = self.cls.of(**fields)
        return got
