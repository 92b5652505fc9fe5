"""Balance tables from mirror matches: every seat played by the same AI level.

Not a test. Run from the repository root::

    python bench/balance_mirrors.py GAME --level hard --matches 40 --seed 1100 \\
        [--seats 2] [--compare normal --compare-matches 400]

Plays ``--matches`` matches with every seat at ``--level`` (seats rotated, as
``python -m engine simulate GAME --agents LEVEL`` does: the same seeds give the same
matches) and, with ``--compare``, as many ``--compare-matches`` with every seat at that
level. Prints a Markdown table: per fighter (the game's simulator labels) and per seat,
plays and win rate under each level, and marks a fighter outside 40-60% under ``--level``
that is inside under ``--compare`` with ``<-`` (two seats only). Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai.play import simulate_agents
from engine.games import REGISTRY

CHUNK = 12
"""Matches per progress line (a multiple of 2, 3 and 4 seats: rotation unchanged)."""


def mirror(game_id: str, level: str, matches: int, seed: int, seats: int,
           ) -> tuple[Counter[str], Counter[str], dict[str, Any]]:
    """``(wins, played, totals)`` of ``matches`` mirror matches, by simulator key."""
    game = REGISTRY[game_id]
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    totals: dict[str, Any] = {"matches": 0, "finished": 0, "draws": 0, "errors": 0,
                              "seconds": 0.0}
    done = 0
    while done < matches:
        n = min(CHUNK, matches - done)
        stats = simulate_agents(game, [level] * seats, n, seed + done, seats=seats)
        wins.update(stats.wins)
        played.update(stats.played)
        for k in ("matches", "finished", "draws", "errors"):
            totals[k] += getattr(stats, k)
        totals["seconds"] += stats.seconds
        done += n
        print(f"{game_id} {level}: {done}/{matches} matches, "
              f"{totals['seconds']:.0f} s", file=sys.stderr)
    return wins, played, totals


def _rate(wins: Counter[str], played: Counter[str], key: str) -> tuple[int, float | None]:
    n = played.get(key, 0)
    return n, (wins[key] / n if n else None)


def _cell(n: int, r: float | None) -> str:
    return "-" if r is None else f"{100 * r:.1f}% ({n})"


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--compare", default=None)
    parser.add_argument("--compare-matches", type=int, default=400)
    args = parser.parse_args()
    t0 = time.process_time()
    main_run = mirror(args.game, args.level, args.matches, args.seed, args.seats)
    cpu = time.process_time() - t0
    other = (mirror(args.game, args.compare, args.compare_matches, args.seed, args.seats)
             if args.compare else None)
    w, p, tot = main_run
    print(f"{args.game}, {args.seats} seats: {args.level} mirror {tot['matches']} matches "
          f"(seed {args.seed}; {tot['finished']} finished, {tot['draws']} draws, "
          f"{tot['errors']} errors; {cpu:.0f} s CPU)"
          + (f"; {args.compare} mirror {other[2]['matches']} matches "
             f"({other[2]['draws']} draws, {other[2]['errors']} errors)" if other else ""))
    print()
    head = f"| fighter / seat | {args.level}-vs-{args.level} |"
    print(head + (f" {args.compare}-vs-{args.compare} |" if other else ""))
    print("|---|---|" + ("---|" if other else ""))
    labels = sorted({k[6:] for k in p if k.startswith("label:")},
                    key=lambda x: -(w[f"label:{x}"] / max(p[f"label:{x}"], 1)))
    keys = [f"seat:{s}" for s in range(args.seats)] + [f"label:{x}" for x in labels]
    for key in keys:
        n, r = _rate(w, p, key)
        row = f"| {key.split(':', 1)[1] if key.startswith('label') else 'seat ' + key[5:]}" \
              f" | {_cell(n, r)} |"
        if other:
            n2, r2 = _rate(other[0], other[1], key)
            flag = ""
            if args.seats == 2 and key.startswith("label:") and r is not None \
                    and r2 is not None and not 0.4 <= r <= 0.6 and 0.4 <= r2 <= 0.6:
                flag = " <-"
            row += f" {_cell(n2, r2)}{flag} |"
        print(row)


if __name__ == "__main__":
    main()
