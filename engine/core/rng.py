"""Deterministic randomness kept in the state: a seed and a draw counter.

Every draw hashes ``(seed, counter)`` with BLAKE2b, so the same seed and the same
sequence of draws always give the same numbers on every Python version and platform
(``random.shuffle`` makes no such promise). Shuffles are our own Fisher-Yates.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence
from typing import TypeVar

from pydantic import ConfigDict

from engine.core.mutable import Mutable

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class Rng(Mutable):
    """Serializable random source; mutate only a state you own (a fresh copy)."""

    model_config = ConfigDict(extra="forbid")

    seed: int
    counter: int = 0

    def next_u64(self) -> int:
        """Return the next 64-bit value and advance the counter."""
        data = f"{self.seed}:{self.counter}".encode()
        self.counter += 1
        return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big")

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK64 - (_MASK64 + 1) % n
        while True:
            x = self.next_u64()
            if x <= limit:
                return x % n

    def choice(self, items: list[T]) -> T:
        """One element of a non-empty list."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place with Fisher-Yates."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
