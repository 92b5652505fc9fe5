"""The board: 7x7 with a grey edge, start squares, Chebyshev range, straight moves."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.games.world_of_fighters import board
from engine.games.world_of_fighters.board import (
    SIZE,
    START,
    distance,
    legal_directions,
    on_edge,
    range_modifier,
)


def test_board_edge_and_start_squares() -> None:
    assert SIZE == 7 and START == ((3, 1), (3, 5))
    edge = [(r, c) for r in range(7) for c in range(7) if on_edge((r, c))]
    assert len(edge) == 24 and not on_edge(START[0]) and not on_edge(START[1])
    assert on_edge((0, 3)) and on_edge((6, 6)) and not on_edge((1, 1))


def test_range_is_chebyshev() -> None:
    assert distance((3, 1), (3, 5)) == 4
    assert distance((2, 2), (3, 3)) == 1  # diagonal neighbour: range 1
    assert distance((0, 0), (2, 1)) == 2
    assert distance((0, 0), (3, 3)) == 3


@pytest.mark.parametrize(
    ("card", "reach", "mods"),
    [
        ("punch", "close", (1, 2, 0)),
        ("punch", "long", (0, 2, 1)),
        ("kick", "close", (0, 1, 2)),
        ("kick", "long", (0, 1, 2)),
        ("grapple", "close", (2, 1, 0)),
        ("grapple", "long", (2, 1, 0)),
        ("block", "close", (0, 0, 0)),
    ],
)
def test_range_table(card: board.Card, reach: board.Reach, mods: tuple[int, int, int]) -> None:
    assert tuple(range_modifier(card, r, reach) for r in (1, 2, 3)) == mods
    assert range_modifier(card, 4, reach) == 0  # beyond range 3 nothing lands


def test_move_cannot_pass_through_or_land_on_rival() -> None:
    dirs = legal_directions((3, 1), (3, 3), 2)
    assert "e" not in dirs  # would land on the rival
    assert "e" not in legal_directions((3, 1), (3, 2), 3)  # would pass through
    assert "e" in legal_directions((3, 1), (3, 5), 3)
    assert "w" not in legal_directions((3, 1), (3, 5), 2)  # would leave the board


def test_on_7x7_a_legal_direction_always_exists() -> None:
    # A player always has a legal move: "forced off the board" is the super's Ring Out.
    squares = list(itertools.product(range(7), repeat=2))
    for me, rival, n in itertools.product(squares, squares, (1, 2, 3)):
        if me != rival:
            assert legal_directions(me, rival, n), (me, rival, n)


@given(st.tuples(st.integers(0, 6), st.integers(0, 6)), st.sampled_from(list(board.DIRECTIONS)),
       st.integers(1, 3))
def test_step_is_a_straight_line(pos: board.Pos, d: board.Direction, n: int) -> None:
    end = board.step(pos, d, n)
    assert distance(pos, end) == n
