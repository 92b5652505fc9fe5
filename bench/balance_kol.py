"""Kingdom of Loathing class balance: each seat trains only the skills of one class.

Not a test. Run from the repository root::

    python bench/balance_kol.py [--matches 6000] [--seed 1] [--level hard]

The rulebook gives players no class: every skill card carries a class type and anyone may
train it. To measure a class, a seat here may train only the skills of its class (an
agent of ``--level`` whose ``train`` options are filtered; everything else is the level's
own play). Two seats, every ordered pair of different classes in turn (30 pairings, so
each class plays each other class equally often and from both seats); match ``i`` uses
seed ``seed + i``. Prints a Markdown table: per class its matches, win rate, and win rate
as first and as second player; then the first player's overall rate. Draws (the round
cap) count as no win for either. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from itertools import permutations
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai.play import play_match
from engine.games import REGISTRY
from engine.games.kingdom_of_loathing import data
from engine.games.kingdom_of_loathing.ai import AGENTS
from engine.games.kingdom_of_loathing.content import CLASS_NAMES
from engine.games.kingdom_of_loathing.model import Act


def class_agent(level: str, cls: str) -> Any:
    """An agent of ``level`` that trains only skills of class ``cls``."""
    base = AGENTS[level]

    class ClassAgent(base):  # type: ignore[valid-type,misc]
        def pick(self, view: Any, options: list[Act], rng: random.Random) -> Act:
            mine = [a for a in options
                    if a.kind != "train" or data.skills()[a.ref].cls == cls]
            return super().pick(view, mine or options, rng)  # type: ignore[no-any-return]

    return ClassAgent()


def run(matches: int, seed: int, level: str) -> dict[str, Any]:
    """Play the matches; returns counters by class and seat."""
    game = REGISTRY["kingdom_of_loathing"]
    pairs = list(permutations(CLASS_NAMES, 2))
    played: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    draws = errors = 0
    first_wins = first_played = 0
    turns: list[int] = []
    start = time.perf_counter()
    for i in range(matches):
        a, b = pairs[i % len(pairs)]
        try:
            state, _, _ = play_match(game, [class_agent(level, a), class_agent(level, b)],
                                     seed + i)
        except Exception as exc:  # count, as the simulator does
            errors += 1
            print(f"seed {seed + i}: {type(exc).__name__}: {exc}", file=sys.stderr)
            continue
        outcome = game.outcome(state)
        if outcome is None:
            continue
        turns.append(game.turns(state))
        winners = set(outcome.winners)
        if len(winners) != 1:
            draws += 1
        first = state.first_player
        for seat, cls in enumerate((a, b)):
            pos = "p1" if seat == first else "p2"
            won = int(winners == {seat})
            for key in (cls, f"{cls}@{pos}"):
                played[key] += 1
                wins[key] += won
            if pos == "p1":
                first_played += 1
                first_wins += won
        if (i + 1) % 300 == 0:
            print(f"{i + 1}/{matches} matches, {time.perf_counter() - start:.0f} s",
                  file=sys.stderr)
    turns.sort()
    return {"played": played, "wins": wins, "draws": draws, "errors": errors,
            "first": (first_wins, first_played), "seconds": time.perf_counter() - start,
            "median_turns": turns[len(turns) // 2] if turns else 0}


def _pct(wins: int, n: int) -> str:
    return f"{100 * wins / n:.1f}%" if n else "-"


def table(res: dict[str, Any], matches: int, seed: int, level: str) -> str:
    """The Markdown table."""
    played, wins = res["played"], res["wins"]
    lines = [f"`python bench/balance_kol.py --matches {matches} --seed {seed} --level {level}`"
             f" ({res['seconds']:.0f} s, {res['errors']} errors, {res['draws']} draws, "
             f"median {res['median_turns']} turns):", "",
             "| class | matches | win rate | as first player | as second player |",
             "|---|---|---|---|---|"]
    for cls, name in CLASS_NAMES.items():
        n = played[cls]
        lines.append(f"| {name} | {n} | {_pct(wins[cls], n)} | "
                     f"{_pct(wins[cls + '@p1'], played[cls + '@p1'])} | "
                     f"{_pct(wins[cls + '@p2'], played[cls + '@p2'])} |")
    fw, fp = res["first"]
    lines += ["", f"First player: {_pct(fw, fp)} of {fp} matches."]
    return "\n".join(lines)


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="hard", choices=sorted(AGENTS))
    args = parser.parse_args()
    res = run(args.matches, args.seed, args.level)
    print(table(res, args.matches, args.seed, args.level))


if __name__ == "__main__":
    main()
