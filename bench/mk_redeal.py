"""Mortal Kombat leak audit over many matches (issue 29): re-dealt hidden kards change
nothing the table sees.

Not a test. Run from the repository root::

    python bench/mk_redeal.py --matches 2000 [--workers 2] [--seed 1] [--fast]

Plays ``--matches`` random matches spread over 2 to 6 seats and the three rule levels;
at every step each seat but the actor has its hand and deck re-dealt, the same action is
applied, and the spectator's view, every other seat's view and the prompts must be the
same (:func:`engine.games.mortal_kombat.audit.audit_match`; ``--fast``: one seat a step,
the spectator's view only, as the unit test does). Prints the matches, the steps audited
and every leak found (none expected).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.games.mortal_kombat.audit import Leak, audit_match

LEVELS = ("basic", "advanced", "starter")


def one(job: tuple[int, int, str, bool]) -> tuple[int, int, list[Leak]]:
    """One audited match ``(seed, seats, level, every)``: ``(seats, steps, leaks)``."""
    seed, seats, level, every = job
    steps, leaks = audit_match(seed, seats, level, every=every)
    return seats, steps, leaks


def main(argv: list[str] | None = None) -> int:
    """Run the audit and print its figures; exit 1 on any leak."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fast", action="store_true")
    args = ap.parse_args(argv)
    jobs = [(args.seed + i, 2 + i % 5, LEVELS[(i // 5) % 3], not args.fast)
            for i in range(args.matches)]
    start = time.perf_counter()
    steps: dict[int, int] = dict.fromkeys(range(2, 7), 0)
    matches: dict[int, int] = dict.fromkeys(range(2, 7), 0)
    leaks: list[Leak] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for i, (seats, n, found) in enumerate(pool.map(one, jobs, chunksize=4), 1):
            steps[seats] += n
            matches[seats] += 1
            leaks += found
            if i % 100 == 0:
                print(f"{i}/{len(jobs)} matches, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr)
    for seats in steps:
        print(f"{seats} seats: {matches[seats]} matches, {steps[seats]} steps audited")
    print(f"total: {sum(matches.values())} matches, {sum(steps.values())} steps, "
          f"{len(leaks)} leaks, {time.perf_counter() - start:.0f} s "
          f"({'one seat a step, spectator view' if args.fast else 'every seat, every view'})")
    for leak in leaks[:20]:
        print("leak:", leak)
    return 1 if leaks else 0


if __name__ == "__main__":
    sys.exit(main())
