"""How long the ``expert`` level may think: a budget in iterations, and optionally seconds.

An iteration is one rollout (one option or one payoff-matrix cell played out in one
sampled world). With ``seconds=None`` the search is deterministic given the agent's random
generator: simulations, benches and tests count iterations only. The bot adds a
wall-clock cap (``seconds``, default :data:`DEFAULT_SECONDS`) and a large iteration count,
so a move takes at most about that long whatever the machine's load.

The engine has no clock of its own (a test enforces it): the caller that wants wall-clock
limits hands one in (``now``, e.g. ``time.perf_counter``), as the bot and the benches do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

Now = Callable[[], float]
"""A monotonic clock in seconds, given by the caller (the engine has none)."""

DEFAULT_SECONDS = 2.0
"""The bot's per-move budget of the expert level (configurable: ``ai_expert_seconds``)."""
CAP_SECONDS = 0.15
"""The bot's wall-clock cap on a move of the other levels (:func:`deadline`)."""

_DEADLINE: ContextVar[tuple[float, Now] | None] = ContextVar("ai_deadline", default=None)


@contextmanager
def deadline(seconds: float | None, now: Now | None = None) -> Iterator[None]:
    """Within this block, the searches stop sampling more worlds after ``seconds`` of
    wall clock read on ``now`` (each still plays at least one): the bot's cap on the hard
    level's move time on a busy machine. ``None`` (simulations, benches, tests): no cap,
    so a search is deterministic given its random generator."""
    if seconds is not None and now is None:
        raise ValueError("a wall-clock deadline needs the caller's clock (now)")
    token = _DEADLINE.set(None if seconds is None or now is None
                          else (now() + seconds, now))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def past_deadline() -> bool:
    """Whether the current :func:`deadline` (if any) has passed."""
    end = _DEADLINE.get()
    return end is not None and end[1]() >= end[0]


@dataclass(frozen=True)
class Budget:
    """At most ``iterations`` rollouts and, when set, at most ``seconds`` of wall clock."""

    iterations: int = 400
    seconds: float | None = None
    now: Now | None = field(default=None, compare=False, repr=False)
    """The caller's clock, needed with ``seconds``."""

    def __post_init__(self) -> None:
        if self.seconds is not None and self.now is None:
            raise ValueError("a budget in seconds needs the caller's clock (now)")

    def clock(self) -> Clock:
        """A running clock for one decision."""
        return Clock(self)


def wall_clock(now: Now, seconds: float = DEFAULT_SECONDS) -> Budget:
    """The bot's budget: ``seconds`` per move on the caller's clock ``now``, iterations
    practically unbounded."""
    return Budget(iterations=1_000_000, seconds=seconds, now=now)


class Clock:
    """Counts the iterations spent on one decision and the time since it started."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.used = 0
        self.now = budget.now
        self.start = self.now() if self.now is not None else 0.0

    def spend(self, n: int = 1) -> None:
        """Count ``n`` more iterations."""
        self.used += n

    def left(self) -> bool:
        """Whether another iteration fits in the budget."""
        if self.used >= self.budget.iterations or past_deadline():
            return False
        seconds = self.budget.seconds
        return seconds is None or self.now is None or self.now() - self.start < 0.8 * seconds

    def fraction(self) -> float:
        """How much of the budget is spent, in ``[0, 1]`` (the larger of both counts)."""
        done = self.used / max(self.budget.iterations, 1)
        if self.budget.seconds and self.now is not None:
            done = max(done, (self.now() - self.start) / self.budget.seconds)
        return min(done, 1.0)
