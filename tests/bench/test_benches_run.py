"""Every bench under ``bench/`` still runs against the code (smallest sizes; the figures
themselves are printed by the benches, never asserted here): a merge that changes what a
bench calls breaks this test instead of the next measurement."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

RUNS = {
    "engine_bench": (["--matches", "1"], "ratio"),
    "engine_split": (["--matches", "1"], "perform"),
    "perform_bench": (["--matches", "1"], "perform"),
    "store_bench": (["--actions", "30", "--warmup", "5"], "store / raw"),
    "memory_bench": (["--matches", "200"], "per idle live match"),
    "leaderboard_bench": (["--players", "300", "--samples", "20"], "p50"),
    "ai_bench": (["--games", "sushido", "--seats", "2", "--pairs", "normal-easy", "--batch", "2",
                  "--max-matches", "2"], "| sushido | 2 | normal-easy"),
    "cold_bench": (["--matches", "12", "--samples", "9"], "cold_fresh"),
    "discord_bench": (["--matches", "2", "--steps", "2", "--store-actions", "0"],
                      '"click_to_board_edit_ms_p99"'),
    "decision_bench": (["--matches", "1"], "whole decision"),
    "budget_model": (["--matches", "2"], "decisions/player/turn over 2 matches"),
    "pg_par_bench": (["--actions", "20", "--warmup", "5", "--matches", "3", "--per-match", "4",
                      "--pools", "2"], "postgres"),  # a local server, or says there is none
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_bench_runs(name: str) -> None:
    """``python bench/<name>.py`` at its smallest size exits 0 and prints its figures."""
    args, expected = RUNS[name]
    done = subprocess.run([sys.executable, str(ROOT / "bench" / f"{name}.py"), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert expected in done.stdout, done.stdout[-3000:]
