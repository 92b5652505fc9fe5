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
_blake2b = hashlib.blake2b
_from_bytes = int.from_bytes


def _draw(seed: int, counter: int) -> int:
    """The 64-bit value of draw number ``counter`` of ``seed``."""
    return _from_bytes(_blake2b(f"{seed}:{counter}".encode(), digest_size=8).digest(), "big")


class Rng(Mutable):
    """Serializable random source; mutate only a state you own (a fresh copy)."""

    model_config = ConfigDict(extra="forbid")

    seed: int
    counter: int = 0

    def next_u64(self) -> int:
        """Return the next 64-bit value and advance the counter."""
        fields = self.__dict__
        counter = fields["counter"]
        fields["counter"] = counter + 1  # as ``self.counter += 1`` (see Mutable)
        self.__pydantic_fields_set__.add("counter")
        return _draw(fields["seed"], counter)

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
        """Shuffle in place with Fisher-Yates (``below(i + 1)`` for each ``i``, inlined:
        decks of hundreds of cards are shuffled on an action's path)."""
        fields = self.__dict__
        seed, counter = fields["seed"], fields["counter"]
        start = counter
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK64 - (_MASK64 + 1) % n
            while True:
                x = _draw(seed, counter)
                counter += 1
                if x <= limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        if counter != start:
            fields["counter"] = counter
            self.__pydantic_fields_set__.add("counter")
