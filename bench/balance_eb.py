"""Epic Battles balance table: every character's precon against the field, one AI level
on both seats.

Not a test. Run from the repository root::

    python bench/balance_eb.py --level hard --matches 2000 --seed 28000 [--jobs 2]
        [--rounds 3|1] [--start K] [--jsonl FILE]
    python bench/balance_eb.py --table FILE [FILE ...]

Match ``i`` pairs two different characters (every pair in turn, the roster's pairs
cycled) with the first character on seat ``i % 2``; both seats are played by
``--level`` (``hard``, ``normal``, ``easy``: :mod:`engine.games.epic_battles.ai`, each
reading only its seat's view; ``greedy``: the greedy agent on the full state, the fastest).
The characters are fixed through the ``decks`` option (each precon's code), so the
agents' picks are forced. Prints a Markdown table: each character's plays and win rate
(draws count half), lowest first, the first seat's win rate, and the decisions per match.
Progress goes to stderr. ``--jobs`` splits the matches over processes.

A long run can be split and kept as it goes: ``--start K`` plays matches ``K`` to
``K + --matches - 1`` (match ``i`` depends only on the seed and ``i``, so two runs of
other ranges add up to one), ``--jsonl FILE`` appends each result as it is played, and
``--table FILE ...`` prints the table of the results saved in those files.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.band import BAND, summary, verdict, wilson
from engine.ai.play import decide
from engine.ai.registry import make
from engine.games.epic_battles import decks
from engine.games.epic_battles.data import characters
from engine.games.epic_battles.rules import GAME

CAP = 5000
"""Decisions after which a match is abandoned (counted as capped)."""


def pairs() -> list[tuple[str, str]]:
    """Every pair of different characters, in roster order."""
    return list(combinations(characters(), 2))


def one(level: str, i: int, seed: int, rounds: int) -> tuple[str, str, list[int], int]:
    """Match ``i``: ``(seat 0's character, seat 1's, winners, decisions)``."""
    all_pairs = pairs()
    a, b = all_pairs[i % len(all_pairs)]
    if i % 2 == 1:  # 231 pairs (odd): a pair changes seats from one cycle to the next
        a, b = b, a
    codes = [decks.to_code(decks.precon(a)), decks.to_code(decks.precon(b))]
    state = GAME.setup(GAME.parse_options({"rounds": rounds, "decks": codes}), 2, seed + i)
    rng = random.Random((seed + i) ^ 0xB1)
    agents = [None if level == "greedy" else make(GAME.id, level) for _ in (0, 1)]
    n = 0
    while state.result is None and n < CAP:
        seats = sorted(s for s, p in GAME.prompts(state).items() if not p.committed)
        seat = seats[rng.randrange(len(seats))]
        agent = agents[seat]
        action = GAME.greedy(state, seat) if agent is None else decide(
            GAME, state, seat, agent, rng)
        state, _ = GAME.apply(state, seat, action, owned=True)
        n += 1
    winners = list(state.result.winners) if state.result is not None else []
    return a, b, winners, n


def run(level: str, start: int, stop: int, seed: int, rounds: int, jsonl: str | None = None,
        ) -> list[tuple[str, str, list[int], int]]:
    """Matches ``start`` to ``stop - 1`` (one worker's share), each appended to ``jsonl``
    as it is played when given."""
    out = []
    t0 = time.time()
    for i in range(start, stop):
        out.append(one(level, i, seed, rounds))
        if jsonl:
            with open(jsonl, "a", encoding="utf-8") as f:
                f.write(json.dumps([i, *out[-1]]) + "\n")
        if (i - start + 1) % 50 == 0:
            print(f"  matches {start}..{i}: {time.time() - t0:.0f} s", file=sys.stderr)
    return out


def table(results: list[tuple[str, str, list[int], int]]) -> tuple[str, dict[str, float]]:
    """The Markdown table and each character's rate."""
    names = {cid: ch.name for cid, ch in characters().items()}
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    seat0 = capped = draws = 0
    lengths = []
    for a, b, winners, n in results:
        lengths.append(n)
        played[a] += 1
        played[b] += 1
        if not winners:
            capped += 1
            continue
        share = 1 / len(winners)
        draws += len(winners) > 1
        for w in winners:
            wins[(a, b)[w]] += share
        seat0 += share if 0 in winners else 0
    rates = {c: wins[c] / played[c] for c in played}
    lines = [f"{len(results)} matches, {capped} capped, {draws} draws; first seat wins "
             f"{100 * seat0 / max(1, len(results) - capped):.1f}%; median "
             f"{statistics.median(lengths):.0f} decisions per match", "",
             summary([(wins[c], played[c]) for c in rates]), "",
             f"| character | matches | win rate | 95% interval | {BAND[0]:.0%}-{BAND[1]:.0%} |",
             "|---|---|---|---|---|"]
    for c in sorted(rates, key=lambda x: rates[x]):
        lo, hi = wilson(wins[c], played[c])
        mark = {"in": "in", "near": "near (interval meets it)", "out": "**out**"}[
            verdict(wins[c], played[c])]
        lines.append(f"| {names[c]} | {played[c]} | {100 * rates[c]:.1f}% | "
                     f"{100 * lo:.1f}-{100 * hi:.1f}% | {mark} |")
    return "\n".join(lines), rates


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--level", default="hard",
                        choices=["hard", "normal", "easy", "greedy"])
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=28000)
    parser.add_argument("--rounds", type=int, default=3, choices=[1, 3])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--jsonl", default=None)
    parser.add_argument("--table", nargs="+", default=None)
    args = parser.parse_args()
    if args.table:
        rows = {}
        for path in args.table:
            for line in Path(path).read_text(encoding="utf-8").splitlines():
                i, a, b, winners, n = json.loads(line)
                rows[i] = (a, b, winners, n)
        print(f"Epic Battles balance from {', '.join(args.table)}: matches "
              f"{min(rows)}..{max(rows)}, {len(rows)} distinct\n")
        print(table([rows[i] for i in sorted(rows)])[0])
        return
    t0 = time.time()
    cpu0 = time.process_time()
    step = -(-args.matches // args.jobs)
    end = args.start + args.matches
    bounds = [(k, min(k + step, end)) for k in range(args.start, end, step)]
    results: list[Any] = []
    if args.jobs == 1:
        results = run(args.level, args.start, end, args.seed, args.rounds, args.jsonl)
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            for part in pool.map(run, *zip(*[(args.level, s, e, args.seed, args.rounds,
                                              args.jsonl) for s, e in bounds], strict=True)):
                results += part
    text, _ = table(results)
    print(f"Epic Battles balance, {args.level} against {args.level}, seed {args.seed}, "
          f"{args.rounds} round(s) a match; {time.time() - t0:.0f} s wall, "
          f"{time.process_time() - cpu0:.0f} s CPU in the main process")
    print()
    print(text)


if __name__ == "__main__":
    main()
