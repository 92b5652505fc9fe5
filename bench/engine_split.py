"""Where the bot's path of one action goes: ``listed``, ``perform`` and ``dump``, apart.

Not a test. Run from the repository root::

    python bench/engine_split.py [--matches 10] [--games mortal_kombat,epic_battles]

Over the same (state, seat, action) triples as ``bench/engine_bench.py`` (random
matches), on a state loaded from its stored JSON as the referee caches it, times
separately: ``listed`` (the Act click drawing the seat's controls:
:meth:`Game.listed` on a fresh state), ``perform`` (``perform(..., owned=True)`` on that
state: find the control's action in the listing and apply it in place) and ``dump``
(serialize the new state). Prints p50 and mean in microseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.engine_bench import triples
from engine.games import REGISTRY


def split(game_id: str, matches: int) -> dict[str, list[float]]:
    """Seconds per action of each part of the bot's path."""
    game = REGISTRY[game_id]
    out: dict[str, list[float]] = {"listed": [], "perform": [], "dump": []}
    for state, seat, action in triples(game_id, matches):
        mine = game.load(game.dump(state))
        t0 = time.perf_counter()
        game.listed(mine, seat)
        t1 = time.perf_counter()
        _, new, _ = game.perform(mine, seat, action.aid, state.version, owned=True)
        t2 = time.perf_counter()
        game.dump(new)
        t3 = time.perf_counter()
        out["listed"].append(t1 - t0)
        out["perform"].append(t2 - t1)
        out["dump"].append(t3 - t2)
    return out


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--games", default=",".join(REGISTRY))
    args = parser.parse_args()
    for game_id in args.games.split(","):
        parts = split(game_id, args.matches)
        n = len(parts["listed"])
        cells = "  ".join(f"{k} p50 {statistics.median(v) * 1e6:6.1f} mean "
                          f"{statistics.fmean(v) * 1e6:6.1f}" for k, v in parts.items())
        print(f"{game_id:20} ({n} actions) {cells}  (us)")


if __name__ == "__main__":
    main()
