"""The zero-sum matrix-game solver against known games and random matrices."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai.lp import column_strategy, solve_zero_sum


def test_matching_pennies_is_half_half_with_value_zero() -> None:
    p, v = solve_zero_sum([[1, -1], [-1, 1]])
    assert p == pytest.approx([0.5, 0.5])
    assert v == pytest.approx(0.0, abs=1e-9)


def test_rock_paper_scissors_is_uniform() -> None:
    p, v = solve_zero_sum([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert p == pytest.approx([1 / 3] * 3)
    assert v == pytest.approx(0.0, abs=1e-9)


def test_a_biased_game_has_its_textbook_solution() -> None:
    # Row mixes 1/2-1/2, value 1: 3p - (1-p) = 2(1-p).
    p, v = solve_zero_sum([[3, 0], [-1, 2]])
    assert p == pytest.approx([0.5, 0.5])
    assert v == pytest.approx(1.0)


def test_a_dominated_row_is_never_played_and_a_saddle_point_is_pure() -> None:
    p, v = solve_zero_sum([[1, 2], [3, 4]])
    assert p == pytest.approx([0.0, 1.0])
    assert v == pytest.approx(3.0)


def test_rock_paper_scissors_with_a_bigger_win_for_rock() -> None:
    # Rock wins 2 against scissors: the equilibrium is (1/4, 1/2, 1/4)... for the row of
    # [[0,-1,2],[1,0,-1],[-1,1,0]]: p = (1/4, 5/12, 1/3), value 1/12.
    p, v = solve_zero_sum([[0, -1, 2], [1, 0, -1], [-1, 1, 0]])
    a = [[0, -1, 2], [1, 0, -1], [-1, 1, 0]]
    guaranteed = min(sum(p[i] * a[i][j] for i in range(3)) for j in range(3))
    assert guaranteed == pytest.approx(v)
    assert v == pytest.approx(1 / 12)


def test_bad_matrices_are_refused() -> None:
    with pytest.raises(ValueError):
        solve_zero_sum([])
    with pytest.raises(ValueError):
        solve_zero_sum([[1, 2], [3]])


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 6).flatmap(lambda m: st.integers(1, 6).flatmap(
    lambda n: st.lists(st.lists(st.integers(-9, 9), min_size=n, max_size=n),
                       min_size=m, max_size=m))))
def test_both_strategies_guarantee_the_value(matrix: list[list[int]]) -> None:
    a = [[float(x) for x in r] for r in matrix]
    p, v = solve_zero_sum(a)
    q, w = column_strategy(a)
    assert sum(p) == pytest.approx(1.0) and min(p) >= -1e-9
    assert sum(q) == pytest.approx(1.0) and min(q) >= -1e-9
    assert v == pytest.approx(w, abs=1e-6)
    m, n = len(a), len(a[0])
    row_floor = min(sum(p[i] * a[i][j] for i in range(m)) for j in range(n))
    col_ceiling = max(sum(q[j] * a[i][j] for j in range(n)) for i in range(m))
    assert row_floor == pytest.approx(v, abs=1e-6)
    assert col_ceiling == pytest.approx(v, abs=1e-6)
