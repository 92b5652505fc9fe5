"""A small pure-Python simplex for zero-sum matrix games (no dependency).

:func:`solve_zero_sum` returns the row player's optimal mixed strategy and the value of
the game ``max_p min_j sum_i p_i A[i][j]``. The matrix is shifted to be positive, then the
column player's linear program ``max sum(y) s.t. A y <= 1, y >= 0`` is solved with a
tableau simplex (Bland's rule: it never cycles); the row player's strategy is the dual
solution, read off the final objective row under the slack columns.
"""

from __future__ import annotations

EPS = 1e-12


def solve_zero_sum(matrix: list[list[float]]) -> tuple[list[float], float]:
    """``(strategy, value)`` for the row player (maximizer) of a zero-sum matrix game."""
    if not matrix or not matrix[0]:
        raise ValueError("a matrix game needs at least one row and one column")
    m, n = len(matrix), len(matrix[0])
    if any(len(r) != n for r in matrix):
        raise ValueError("every row of the matrix must have the same length")
    low = min(min(r) for r in matrix)
    shift = 1.0 - low  # every entry >= 1 after the shift: the game value is positive
    a = [[x + shift for x in r] for r in matrix]
    # Tableau rows: [A | I | 1]; objective row: [-1 .. -1 | 0 .. 0 | 0].
    width = n + m + 1
    tab = [a[i] + [1.0 if k == i else 0.0 for k in range(m)] + [1.0] for i in range(m)]
    obj = [-1.0] * n + [0.0] * m + [0.0]
    basis = [n + i for i in range(m)]
    for _ in range(10_000):
        col = next((j for j in range(width - 1) if obj[j] < -EPS), None)
        if col is None:
            break
        best: tuple[float, int, int] | None = None
        for i in range(m):
            if tab[i][col] > EPS:
                key = (tab[i][-1] / tab[i][col], basis[i], i)
                if best is None or key[:2] < best[:2]:
                    best = key
        if best is None:  # pragma: no cover - cannot happen: A > 0 bounds every y
            raise ArithmeticError("unbounded linear program")
        row = best[2]
        piv = tab[row][col]
        tab[row] = [x / piv for x in tab[row]]
        for i in range(m):
            if i != row and tab[i][col] != 0.0:
                f = tab[i][col]
                tab[i] = [x - f * y for x, y in zip(tab[i], tab[row], strict=True)]
        f = obj[col]
        obj = [x - f * y for x, y in zip(obj, tab[row], strict=True)]
        basis[row] = col
    else:  # pragma: no cover
        raise ArithmeticError("simplex did not converge")
    duals = [max(obj[n + i], 0.0) for i in range(m)]
    total = sum(duals)
    value = 1.0 / total
    return [d / total for d in duals], value - shift


def column_strategy(matrix: list[list[float]]) -> tuple[list[float], float]:
    """The column player's (minimizer's) optimal strategy, and the same game value."""
    neg_t = [[-matrix[i][j] for i in range(len(matrix))] for j in range(len(matrix[0]))]
    strat, value = solve_zero_sum(neg_t)
    return strat, -value
