"""A settable clock for tests of code that takes a ``clock`` callable."""

from __future__ import annotations


class Clock:
    """Returns ``now``; tests move it forward by hand."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
