"""The balance benches' band verdict (bench/band.py)."""

from __future__ import annotations

import pytest

from bench.band import summary, verdict, wilson


def test_wilson_interval_contains_the_rate_and_narrows_with_plays() -> None:
    lo, hi = wilson(40, 100)
    assert lo < 0.40 < hi
    lo2, hi2 = wilson(400, 1000)
    assert lo < lo2 < 0.40 < hi2 < hi
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("score", "n", "expected"), [
    (50, 100, "in"),        # even
    (45, 100, "in"),        # the band's edge
    (40, 100, "near"),      # 40% of 100: interval [30.9, 49.8] meets the band
    (30, 100, "out"),       # 30% of 100: interval [21.9, 39.6] is clear of it
    (400, 1000, "out"),     # 40% of 1,000: [37.0, 43.1], clear of 45%
    (62, 100, "near"),      # [52.2, 69.2] still meets 55%
    (70, 100, "out"),
])
def test_verdict_reads_the_interval_against_the_band(score: int, n: int,
                                                     expected: str) -> None:
    assert verdict(score, n) == expected


def test_summary_counts_each_verdict() -> None:
    line = summary([(50, 100), (40, 100), (30, 100)])
    assert "45%-55%: 1" in line and "interval: 1" in line and "band): 1" in line
