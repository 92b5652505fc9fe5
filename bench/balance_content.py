"""Content balance: every Kombatant against every other, both seats, one AI level.

Not a test. Run from the repository root::

    python bench/balance_content.py mortal_kombat --agent hard --robin 6 \\
        [--rules basic] [--workers 2] [--seed 1]

Plays every ordered pair of distinct Kombatants ``--robin`` times (380 pairs: ``--robin
6`` is 2,280 matches), each side with its preconstructed deck, every seat played by the
``--agent`` AI level (``hard``, ``normal``, ``easy``, ``random``), at the ``--rules``
level of the game. Prints a Markdown table: per Kombatant, matches, win rate against
the field (draws count half; no mirrors) and whether it is inside 45-55%; then the
first seat's win rate, the win rate of the seat that opened the match (round 1's
initiative, a seeded coin: the first player's advantage) and the errors. Progress goes to stderr.

``--jsonl FILE`` appends each result as it is played; ``--table FILE ...`` prints the table
of saved results (runs of the same content with other seeds add up).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.band import BAND, summary, verdict, wilson
from engine.ai.agent import decide
from engine.ai.registry import make
from engine.games import REGISTRY

MAX_ACTIONS = 5000


def one(job: tuple[str, str, str, str, str, int]) -> tuple[str, str, int | None, int, str]:
    """One match ``(game, agent, rules, left, right, seed)``: ``(left, right, winning
    seat or None for a draw, the seat that opened the match, error text or "")``."""
    game_id, agent, rules, left, right, seed = job
    game = REGISTRY[game_id]
    try:
        state = game.setup(game.parse_options({"level": rules}), 2, seed)
        opener = int(getattr(state, "initiative", 0))  # round 1's seeded coin
        pick = game.action_adapter.validate_python
        state, _ = game.apply(state, 0, pick({"kind": "pick", "a": left}))
        state, _ = game.apply(state, 1, pick({"kind": "pick", "a": right}))
        agents = [make(game_id, agent), make(game_id, agent)]
        rng = random.Random(seed ^ 0xA1)
        n = 0
        while state.result is None and n < MAX_ACTIONS:
            seats = sorted(s for s, p in game.prompts(state).items() if not p.committed)
            seat = seats[rng.randrange(len(seats))]
            state, _ = game.apply(state, seat, decide(game, state, seat, agents[seat], rng),
                                  owned=True)
            n += 1
        outcome = game.outcome(state)
        winners = set(outcome.winners) if outcome else set()
        return left, right, (winners.pop() if len(winners) == 1 else None), opener, ""
    except Exception as exc:  # count, don't stop
        return left, right, None, 0, f"{type(exc).__name__}: {exc}"


def report(results: list[tuple[str, str, int | None, int, str]], agent: str, rules: str,
           seconds: float) -> None:
    """Print the table of ``results`` (``one``'s tuples) and the summary line."""
    from engine.games.mortal_kombat.data import kombatants

    names = {k: v.name for k, v in kombatants().items()}
    score: Counter[str] = Counter()
    played: Counter[str] = Counter()
    first = opened = draws = 0
    errors = [err for *_, err in results if err]
    for a, b, won, opener, err in results:
        if err:
            continue
        played.update([a, b])
        if won is None:
            draws += 1
            score.update({a: 0.5, b: 0.5})  # type: ignore[dict-item]
        else:
            score[(a, b)[won]] += 1
            first += won == 0
            opened += won == opener
    done = len(results) - len(errors)
    rows: list[tuple[float, str, int, float]] = sorted(
        ((score[k] / played[k] if played[k] else 0.0), names[k], played[k], score[k])
        for k in names)
    print(f"| Kombatant | matches | win rate | 95% interval | {BAND[0]:.0%}-{BAND[1]:.0%} |")
    print("|---|---|---|---|---|")
    for rate, name, n, won in reversed(rows):
        lo, hi = wilson(won, n)
        mark = {"in": "in", "near": "near (interval meets it)", "out": "**out**"}[
            verdict(won, n)]
        print(f"| {name} | {n} | {rate:.1%} | {100 * lo:.1f}-{100 * hi:.1f}% | {mark} |")
    decided = done - draws
    info: dict[str, Any] = {
        "agent": agent, "rules": rules, "matches": len(results), "errors": len(errors),
        "draws": draws, "first_seat_wins": f"{first / decided:.1%}" if decided else "-",
        "opener_wins": f"{opened / decided:.1%}" if decided else "-",
        "spread": f"{rows[0][0]:.1%} - {rows[-1][0]:.1%}",
        "outside": [n for r, n, _, _ in rows if not BAND[0] <= r <= BAND[1]],
        "verdict": summary([(won, n) for _, _, n, won in rows]),
        "seconds": round(seconds),
    }
    print()
    print(" · ".join(f"{k}: {v}" for k, v in info.items()))
    if errors:
        print("first error:", errors[0])


def main(argv: list[str] | None = None) -> int:
    """Run the round-robin and print the table (or, with ``--table``, the table of saved
    results)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=["mortal_kombat"])
    ap.add_argument("--agent", default="hard")
    ap.add_argument("--robin", type=int, default=6)
    ap.add_argument("--rules", default="basic")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jsonl", default=None, help="append each result to this file")
    ap.add_argument("--table", nargs="+", default=None,
                    help="print the table of results saved by --jsonl runs")
    args = ap.parse_args(argv)
    if args.table:
        saved = [tuple(json.loads(line)) for path in args.table
                 for line in Path(path).read_text(encoding="utf-8").splitlines()]
        print(f"from {', '.join(args.table)}: {len(saved)} matches\n")
        report(saved, args.agent, args.rules, 0)  # type: ignore[arg-type]
        return 0
    from engine.games.mortal_kombat.data import kombatants

    names = list(kombatants())
    jobs = [(args.game, args.agent, args.rules, a, b, args.seed + i)
            for i, (a, b, _r) in enumerate((a, b, r) for r in range(args.robin)
                                           for a in names for b in names if a != b)]
    results: list[tuple[str, str, int | None, int, str]] = []
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for i, result in enumerate(pool.map(one, jobs, chunksize=8), 1):
            results.append(result)
            if args.jsonl:
                with open(args.jsonl, "a", encoding="utf-8") as f:
                    f.write(json.dumps(result) + "\n")
            if i % 100 == 0:
                print(f"{i}/{len(jobs)} matches, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr)
    report(results, args.agent, args.rules, time.perf_counter() - start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
