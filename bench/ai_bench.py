"""The AI levels' strength table and decision times, per game and seat count.

Not a test. Run from the repository root::

    python bench/ai_bench.py [--games all] [--pairs all] [--max-matches 200]
    python bench/ai_bench.py --times [--positions 40] [--levels normal,hard,expert]

**Strength** (the default): for every game and seat count (Kingdom of Loathing 2-4,
Mortal Kombat 2 and Brawl 3-6), every pairing ``A-B`` of :data:`PAIRS` is played with one
seat of level ``A`` against the other seats at level ``B`` (``A``'s seat rotated every
match). ``A``'s score (a win 1, a draw 1/2) is counted with a Wilson 95% interval; matches
are played in batches of ``--batch`` until the interval settles whether the target is met
(its lower bound above the target, or its upper bound below it) or ``--max-matches`` are
played: the smallest count that gives the confidence, since each match costs CPU. The
target of a pairing (:func:`target`) is the issue's: two seats, ``hard-random`` 99%,
``hard-normal`` 80%, ``expert-hard`` 60%, the others 65%; more seats, a multiple of the
fair share ``1/seats`` (2x for ``hard-normal``, 1.5x otherwise). Each finished cell is
printed as a JSON line (and appended to ``--out``), then the table in Markdown.

**Times** (``--times``): decision points after the pick from normal-vs-normal matches,
each level timed on every one of them, wall clock and CPU, mean, 95th percentile and
slowest, in milliseconds; ``--bot`` times them as the bot plays them (the searches capped
at :data:`engine.ai.budget.CAP_SECONDS` of wall clock, expert on its 2 s budget).

The expert level plays on a budget of iterations (deterministic, ``--expert-iterations``
or the game's own count), not of seconds.
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

from bench.band import wilson
from engine.ai import decide, make, options_of
from engine.ai.agent import decide_within
from engine.ai.budget import CAP_SECONDS, Budget, wall_clock
from engine.ai.play import play_match
from engine.games import REGISTRY

PAIRS = ("hard-random", "normal-easy", "hard-normal", "expert-hard")
"""The pairings of the table (level ``A`` - level ``B``)."""
SEATS = {"kingdom_of_loathing": (2, 3, 4), "mortal_kombat": (2, 3, 4, 5, 6)}
"""Seat counts beyond two per game (the others are two-seat games)."""
GAMES = ("sushido", "world_of_fighters", "kingdom_of_loathing", "mortal_kombat",
         "epic_battles")


def target(pair: str, seats: int) -> float:
    """The win rate level ``A`` must reach against ``B`` (see the module's text)."""
    if seats == 2:
        return {"hard-random": 0.99, "hard-normal": 0.80, "expert-hard": 0.60}.get(pair, 0.65)
    return (2.0 if pair == "hard-normal" else 1.5) / seats


def agent(game_id: str, level: str, iterations: int | None) -> Any:
    """A fresh agent (an expert on ``iterations`` when given)."""
    budget = Budget(iterations) if level == "expert" and iterations else None
    return make(game_id, level, budget)


def strength(game_id: str, seats: int, pair: str, batch: int, max_matches: int,
             seed: int, iterations: int | None) -> dict[str, Any]:
    """Play ``pair`` at ``seats`` until the target is settled; the cell's figures."""
    game = REGISTRY[game_id]
    a, b = pair.split("-")
    goal = target(pair, seats)
    score, n, draws, errors, slowest = 0.0, 0, 0, 0, 0.0
    t0 = time.perf_counter()
    while n < max_matches:
        for _ in range(batch):
            i = n + errors
            a_seat = i % seats
            agents = [agent(game_id, a if s == a_seat else b, iterations)
                      for s in range(seats)]
            try:
                state, _, slow = play_match(game, agents, seed + i)
            except Exception:  # counted, the run goes on
                errors += 1
                if errors > batch:
                    break
                continue
            slowest = max(slowest, slow)
            outcome = game.outcome(state)
            winners = set(outcome.winners) if outcome else set()
            n += 1
            if winners == {a_seat}:
                score += 1.0
            elif not winners:  # nobody won: a fair share
                draws += 1
                score += 1.0 / seats
            elif a_seat in winners:  # a shared win
                draws += 1
                score += 1.0 / len(winners)
        low, high = wilson(score, n)
        print(f"  {game_id} {seats} {pair}: {score:g}/{n} [{low:.3f}, {high:.3f}]",
              file=sys.stderr, flush=True)
        if low >= goal or high < goal or errors > batch:
            break
    low, high = wilson(score, n)
    return {"game": game_id, "seats": seats, "pair": pair, "matches": n,
            "rate": round(score / max(n, 1), 4), "low": round(low, 4),
            "high": round(high, 4), "target": round(goal, 4),
            "verdict": "met" if low >= goal else ("missed" if high < goal else "unsettled"),
            "draws": draws, "errors": errors, "slowest_ms": round(1000 * slowest, 1),
            "seconds": round(time.perf_counter() - t0, 1)}


def markdown(cells: list[dict[str, Any]]) -> str:
    """The table of finished cells."""
    lines = ["| game | seats | pairing | win rate | 95% interval | matches | target | verdict |",
             "|---|---|---|---|---|---|---|---|"]
    for c in cells:
        lines.append(f"| {c['game']} | {c['seats']} | {c['pair']} | {100 * c['rate']:.1f}% "
                     f"| [{100 * c['low']:.1f}, {100 * c['high']:.1f}] | {c['matches']} "
                     f"| {100 * c['target']:.0f}% | {c['verdict']} |")
    return "\n".join(lines)


def positions(game_id: str, count: int, seats: int = 2, seed: int = 1,
              ) -> list[tuple[Any, int]]:
    """``(state, seat)`` decision points after the pick, from normal-vs-normal matches."""
    game = REGISTRY[game_id]
    out: list[tuple[Any, int]] = []
    rng = random.Random(seed)
    m = 0
    while len(out) < count * 4:
        state = game.setup(game.parse_options({}), seats, seed + m)
        agents = [make(game_id, "normal") for _ in range(seats)]
        m += 1
        while state.result is None:
            seat = min(s for s, p in game.prompts(state).items() if not p.committed)
            if state.version > 2 and len(options_of(game, state, seat)) > 1:
                out.append((state, seat))
            state, _ = game.apply(state, seat, decide(game, state, seat, agents[seat], rng))
    rng.shuffle(out)
    return out[:count]


def times(games: list[str], seat_counts: str, levels: list[str], count: int,
          iterations: int | None, bot: bool) -> None:
    """Print the decision times per game, seat count and level (one JSON line each)."""
    for game_id, seats in plan(games, seat_counts):
        game = REGISTRY[game_id]
        points = positions(game_id, count, seats)
        for level in levels:
            wall: list[float] = []
            cpu: list[float] = []
            for i, (state, seat) in enumerate(points):
                ag = make(game_id, level, wall_clock(time.perf_counter)) \
                    if bot and level == "expert" else agent(game_id, level, iterations)
                cap = CAP_SECONDS if bot and level != "expert" else None
                t0, c0 = time.perf_counter(), time.process_time()
                decide_within(game, state, seat, ag, random.Random(i), cap, time.perf_counter)
                wall.append(1000 * (time.perf_counter() - t0))
                cpu.append(1000 * (time.process_time() - c0))
            row: dict[str, Any] = {"game": game_id, "seats": seats, "level": level,
                                   "bot": bot, "count": len(wall)}
            for name, ts in (("wall", wall), ("cpu", cpu)):
                ts.sort()
                row[f"{name}_mean_ms"] = round(statistics.fmean(ts), 1)
                row[f"{name}_p95_ms"] = round(ts[int(0.95 * (len(ts) - 1))], 1)
                row[f"{name}_max_ms"] = round(ts[-1], 1)
            print(json.dumps(row), flush=True)


def plan(games: list[str], seat_counts: str) -> list[tuple[str, int]]:
    """Every (game, seat count) to measure (``seat_counts``: ``all`` or e.g. ``2,3``)."""
    out = []
    for game_id in games:
        for seats in SEATS.get(game_id, (2,)):
            if seat_counts == "all" or str(seats) in seat_counts.split(","):
                out.append((game_id, seats))
    return out


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default="all")
    parser.add_argument("--seats", default="all", help="seat counts, e.g. 2,3 (all: each "
                                                         "game's)")
    parser.add_argument("--pairs", default="all")
    parser.add_argument("--batch", type=int, default=20)
    parser.add_argument("--max-matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--expert-iterations", type=int, default=None)
    parser.add_argument("--out", default=None, help="append each cell's JSON line here")
    parser.add_argument("--times", action="store_true", help="decision times instead")
    parser.add_argument("--render", default=None, help="print the table of the cells "
                        "stored in this file (--out of earlier runs) and stop")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--levels", default="easy,normal,hard,expert")
    parser.add_argument("--bot", action="store_true", help="with --times: as the bot runs "
                        "them (hard capped at CAP_SECONDS, expert on DEFAULT_SECONDS)")
    args = parser.parse_args()
    games = list(GAMES) if args.games == "all" else args.games.split(",")
    if args.render:
        with open(args.render, encoding="utf-8") as f:
            print(markdown([json.loads(line) for line in f if line.strip()]))
        return
    if args.times:
        times(games, args.seats, args.levels.split(","), args.positions,
              args.expert_iterations, args.bot)
        return
    pairs = list(PAIRS) if args.pairs == "all" else args.pairs.split(",")
    cells = []
    for game_id, seats in plan(games, args.seats):
        for pair in pairs:
            if seats > 2 and pair == "hard-random":
                continue  # the multi-seat targets are against the level below
            cell = strength(game_id, seats, pair, args.batch, args.max_matches,
                            args.seed, args.expert_iterations)
            cells.append(cell)
            print(json.dumps(cell), flush=True)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(cell) + "\n")
    print(markdown(cells))


if __name__ == "__main__":
    main()
