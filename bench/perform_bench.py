"""The bot's path after the Act click, split: ``perform`` alone and ``dump`` alone.

Not a test. Run from the repository root::

    python bench/perform_bench.py [--matches 10] [--games sushido,world_of_fighters]

For every decision of ``--matches`` random matches per game (``engine_bench.triples``):
a private copy of the state is loaded and its controls listed (``Game.listed``, the Act
click, untimed), then ``game.perform(..., owned=True)`` (find the action, apply it in
place) and ``game.dump`` are timed apart; their sum is ``engine_bench``'s "listed" path.
The raw SQLite commit (WAL, NORMAL) of a state row of the same size is timed in the same
run for the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_bench import figures, raw_commit_cost, triples

from engine.games import REGISTRY


def split_cost(game_id: str, matches: int) -> dict[str, list[float] | int]:
    """Seconds per action of ``perform(owned)``, of ``dump``, and of both; mean size."""
    game = REGISTRY[game_id]
    perform, dump, both, sizes = [], [], [], []
    for state, seat, action in triples(game_id, matches):
        stored = game.dump(state)
        mine = game.load(stored)
        game.listed(mine, seat)  # the Act click (not timed)
        t0 = time.perf_counter()
        _, new, _ = game.perform(mine, seat, action.aid, state.version, owned=True)
        t1 = time.perf_counter()
        raw = game.dump(new)
        t2 = time.perf_counter()
        perform.append(t1 - t0)
        dump.append(t2 - t1)
        both.append(t2 - t0)
        sizes.append(len(raw))
    return {"perform": perform, "dump": dump, "both": both,
            "size": int(statistics.fmean(sizes))}


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--games", default="",
                        help="comma-separated game ids (default: every game)")
    args = parser.parse_args()
    wanted = [g for g in args.games.split(",") if g] or list(REGISTRY)
    print("ratio = mean engine cost / mean raw SQLite commit (WAL NORMAL), this run")
    for game_id in wanted:
        cost = split_cost(game_id, args.matches)
        size = cost["size"]
        assert isinstance(size, int)
        raw = raw_commit_cost(size, 2000, "NORMAL")
        print(f"{game_id:19} raw SQLite commit, WAL NORMAL (state {size} B): {figures(raw)}")
        for key, label in (("both", "perform(owned)+dump, after Act click"),
                           ("perform", "perform(owned) alone"),
                           ("dump", "dump alone")):
            s = cost[key]
            assert isinstance(s, list)
            ratio = statistics.fmean(s) / statistics.fmean(raw)
            print(f"{'':19} {label:37} ({len(s)} actions): {figures(s)}  ratio {ratio:.2f}")


if __name__ == "__main__":
    main()
