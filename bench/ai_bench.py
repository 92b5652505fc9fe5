"""How long an AI decision takes, per game and level (the hard goal: <= 1 s on one core).

Not a test. Run from the repository root::

    python bench/ai_bench.py [--positions 40] [--levels normal,hard] [--games mortal_kombat]

Collects ``--positions`` decision points per game from matches between ``normal``
agents (every decision after the fighter pick, simultaneous choices included), then
times each level's decision on every one of them, one at a time on one core, and prints
the mean, the 95th percentile and the slowest, in milliseconds, as one JSON line per
game and level.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import decide, make, options_of
from engine.games import REGISTRY


def positions(game_id: str, count: int, seed: int = 1) -> list[tuple[Any, int]]:
    """``(state, seat)`` decision points after the pick, from normal-vs-normal matches."""
    game = REGISTRY[game_id]
    out: list[tuple[Any, int]] = []
    rng = random.Random(seed)
    m = 0
    while len(out) < count * 4:
        state = game.setup(game.parse_options({}), 2, seed + m)
        agents = [make(game_id, "normal"), make(game_id, "normal")]
        m += 1
        while state.result is None:
            seat = min(s for s, p in game.prompts(state).items() if not p.committed)
            if state.version > 2 and len(options_of(game, state, seat)) > 1:
                out.append((state, seat))
            state, _ = game.apply(state, seat, decide(game, state, seat, agents[seat], rng))
    rng.shuffle(out)
    return out[:count]


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--games", default="sushido,world_of_fighters,kingdom_of_loathing,"
                                           "mortal_kombat")
    args = parser.parse_args()
    for game_id in args.games.split(","):
        game = REGISTRY[game_id]
        points = positions(game_id, args.positions)
        for level in args.levels.split(","):
            times: dict[str, list[float]] = {"all": [], "simultaneous": []}
            for i, (state, seat) in enumerate(points):
                agent = make(game_id, level)
                t0 = time.process_time()  # CPU time of this process: one core
                decide(game, state, seat, agent, random.Random(i))
                ms = 1000 * (time.process_time() - t0)
                times["all"].append(ms)
                if game.prompts(state)[seat].simultaneous:
                    times["simultaneous"].append(ms)
            for kind, ts in times.items():
                ts.sort()
                print(json.dumps({
                    "game": game_id, "level": level, "decisions": kind, "count": len(ts),
                    "mean_ms": round(statistics.fmean(ts), 1) if ts else None,
                    "p95_ms": round(ts[int(0.95 * (len(ts) - 1))], 1) if ts else None,
                    "max_ms": round(ts[-1], 1) if ts else None,
                }))


if __name__ == "__main__":
    main()
