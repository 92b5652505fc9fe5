"""The balance benches' verdict on a win rate: its Wilson interval against the 45-55% band.

A fighter's rate over ``n`` plays is noisy (about 3.5 points of standard error at 200
plays), so a table of twenty fighters spreads several points beyond the band even when
every fighter is even. Each row therefore gets a verdict from its 95% Wilson interval:
``in`` (the rate is inside the band), ``near`` (outside, but the interval still meets the
band: not distinguishable from it) or ``out`` (the whole interval is outside the band).
"""

from __future__ import annotations

import math

BAND = (0.45, 0.55)
"""The win rates a fighter should play at against the field (issue 28)."""


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score / n`` (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def verdict(score: float, n: int, band: tuple[float, float] = BAND) -> str:
    """``in``, ``near`` or ``out`` (see the module's text) for ``score`` wins of ``n``."""
    rate = score / n if n else 0.0
    if band[0] <= rate <= band[1]:
        return "in"
    lo, hi = wilson(score, n)
    return "near" if hi >= band[0] and lo <= band[1] else "out"


def summary(rows: list[tuple[float, int]], band: tuple[float, float] = BAND) -> str:
    """One line over ``(score, plays)`` rows: how many are in, near and out."""
    counts = {"in": 0, "near": 0, "out": 0}
    for score, n in rows:
        counts[verdict(score, n, band)] += 1
    return (f"in {band[0]:.0%}-{band[1]:.0%}: {counts['in']}, outside but within its 95% "
            f"interval: {counts['near']}, out (interval clear of the band): {counts['out']}")
