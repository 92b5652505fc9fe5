"""How long the ``expert`` level may think: a budget in iterations, and optionally seconds.

An iteration is one rollout (one option or one payoff-matrix cell played out in one
sampled world). With ``seconds=None`` the search is deterministic given the agent's random
generator: simulations, benches and tests count iterations only. The bot adds a
wall-clock cap (``seconds``, default :data:`DEFAULT_SECONDS`) and a large iteration count,
so a move takes at most about that long whatever the machine's load.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

DEFAULT_SECONDS = 2.0
"""The bot's per-move budget of the expert level (configurable: ``ai_expert_seconds``)."""
CAP_SECONDS = 0.15
"""The bot's wall-clock cap on a move of the other levels (:func:`deadline`)."""

_DEADLINE: ContextVar[float | None] = ContextVar("ai_deadline", default=None)


@contextmanager
def deadline(seconds: float | None) -> Iterator[None]:
    """Within this block, the searches stop sampling more worlds after ``seconds`` of
    wall clock (each still plays at least one): the bot's cap on the hard level's move
    time on a busy machine. ``None`` (simulations, benches, tests): no cap, so a search
    is deterministic given its random generator."""
    token = _DEADLINE.set(None if seconds is None else time.perf_counter() + seconds)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def past_deadline() -> bool:
    """Whether the current :func:`deadline` (if any) has passed."""
    end = _DEADLINE.get()
    return end is not None and time.perf_counter() >= end


@dataclass(frozen=True)
class Budget:
    """At most ``iterations`` rollouts and, when set, at most ``seconds`` of wall clock."""

    iterations: int = 400
    seconds: float | None = None

    def clock(self) -> Clock:
        """A running clock for one decision."""
        return Clock(self)


def wall_clock(seconds: float = DEFAULT_SECONDS) -> Budget:
    """The bot's budget: ``seconds`` per move, iterations practically unbounded."""
    return Budget(iterations=1_000_000, seconds=seconds)


class Clock:
    """Counts the iterations spent on one decision and the time since it started."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.used = 0
        self.start = time.perf_counter()

    def spend(self, n: int = 1) -> None:
        """Count ``n`` more iterations."""
        self.used += n

    def left(self) -> bool:
        """Whether another iteration fits in the budget."""
        if self.used >= self.budget.iterations or past_deadline():
            return False
        seconds = self.budget.seconds
        return seconds is None or time.perf_counter() - self.start < 0.8 * seconds

    def fraction(self) -> float:
        """How much of the budget is spent, in ``[0, 1]`` (the larger of both counts)."""
        done = self.used / max(self.budget.iterations, 1)
        if self.budget.seconds:
            done = max(done, (time.perf_counter() - self.start) / self.budget.seconds)
        return min(done, 1.0)
