"""The board and the rulebook's range table: pure geometry, no state.

Squares are ``(row, col)`` with ``(0, 0)`` at the top-left (north-west) corner. The board
is 7x7; the outer ring is the grey edge. Range is the Chebyshev distance (8 directions).
"""

from __future__ import annotations

from typing import Literal

from engine.games.world_of_fighters.data import Card, Reach

SIZE = 7
"""Squares per side (decision: the rulebook does not say)."""
Pos = tuple[int, int]
START: tuple[Pos, Pos] = ((3, 1), (3, 5))
"""Start squares of seat 0 and seat 1 (the rulebook's red squares)."""
MAX_RANGE = 3

Direction = Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]
DIRECTIONS: dict[Direction, tuple[int, int]] = {
    "n": (-1, 0),
    "ne": (-1, 1),
    "e": (0, 1),
    "se": (1, 1),
    "s": (1, 0),
    "sw": (1, -1),
    "w": (0, -1),
    "nw": (-1, -1),
}
DIRECTION_NAMES: dict[Direction, str] = {
    "n": "North",
    "ne": "North-East",
    "e": "East",
    "se": "South-East",
    "s": "South",
    "sw": "South-West",
    "w": "West",
    "nw": "North-West",
}

# The rulebook's range table: card -> modifier at range 1, 2, 3, as (close, long) reach.
# "+1/0" entries differ by reach; a modifier of 0 means the attack does not commence.
RANGE_TABLE: dict[Card, tuple[tuple[int, int], tuple[int, int], tuple[int, int]]] = {
    "punch": ((1, 0), (2, 2), (0, 1)),
    "kick": ((0, 0), (1, 1), (2, 2)),
    "grapple": ((2, 2), (1, 1), (0, 0)),
}


def on_board(pos: Pos, size: int = SIZE) -> bool:
    """Whether a square lies on the board."""
    return 0 <= pos[0] < size and 0 <= pos[1] < size


def on_edge(pos: Pos, size: int = SIZE) -> bool:
    """Whether a square is on the grey edge (the outer ring)."""
    return on_board(pos, size) and (
        pos[0] in (0, size - 1) or pos[1] in (0, size - 1)
    )


def distance(a: Pos, b: Pos) -> int:
    """Chebyshev distance: the rulebook's range (1 = adjacent, 2 = one square between...)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def step(pos: Pos, direction: Direction, n: int) -> Pos:
    """The square ``n`` steps from ``pos`` in ``direction``."""
    dr, dc = DIRECTIONS[direction]
    return (pos[0] + dr * n, pos[1] + dc * n)


def move_ok(pos: Pos, rival: Pos, direction: Direction, n: int, size: int = SIZE) -> bool:
    """Whether moving exactly ``n`` squares stays on the board and never meets the rival."""
    for k in range(1, n + 1):
        sq = step(pos, direction, k)
        if not on_board(sq, size) or sq == rival:
            return False
    return True


def legal_directions(pos: Pos, rival: Pos, n: int, size: int = SIZE) -> list[Direction]:
    """Directions a fighter may move ``n`` squares in (never empty on the 7x7 board)."""
    return [d for d in DIRECTIONS if move_ok(pos, rival, d, n, size)]


def range_modifier(card: Card, rng: int, reach: Reach) -> int:
    """The table's modifier for an attack card at range ``rng``; 0 = no attack."""
    if card == "block" or not 1 <= rng <= MAX_RANGE:
        return 0
    close, long_ = RANGE_TABLE[card][rng - 1]
    return close if reach == "close" else long_
