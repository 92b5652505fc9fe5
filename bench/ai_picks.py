"""The pick table of the hard and expert levels (``engine/ai/data/picks.json``).

Not a test. Run from the repository root::

    python bench/ai_picks.py GAME [--matches 400] [--level normal] [--seats 2] [--write]

Plays ``--matches`` mirror matches of ``--level`` (whose fighter choice is random, so
every fighter is tried about equally), notes each seat's pick option (its ``aid``) and
whether that seat won, and prints the wins and plays per option; ``--write`` stores them
under the game in the table that :func:`engine.ai.picks.best_pick` reads.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ai import make
from engine.ai.picks import TABLE
from engine.ai.play import play_match
from engine.games import REGISTRY


class Noting:
    """An agent that notes its first pick option, then plays as ``inner``."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.picked: str | None = None

    def choose(self, view: Any, options: list[Any], rng: random.Random) -> Any:
        """The inner agent's choice (noted when it is a pick)."""
        action = self.inner.choose(view, options, rng)
        if self.picked is None and getattr(action, "kind", None) == "pick":
            self.picked = str(action.aid)
        return action


def main() -> None:
    """Play, print, and maybe write the table."""
    parser = argparse.ArgumentParser()
    parser.add_argument("game")
    parser.add_argument("--matches", type=int, default=400)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    game = REGISTRY[args.game]
    wins: Counter[str] = Counter()
    plays: Counter[str] = Counter()
    for i in range(args.matches):
        agents = [Noting(make(args.game, args.level)) for _ in range(args.seats)]
        state, _, _ = play_match(game, agents, args.seed + i)  # type: ignore[arg-type]
        outcome = game.outcome(state)
        winners = set(outcome.winners) if outcome else set()
        for s, a in enumerate(agents):
            if a.picked is None:
                continue
            plays[a.picked] += 1
            wins[a.picked] += int(winners == {s})
    rows = {k: [wins[k], plays[k]] for k in sorted(plays)}
    for k, (w, n) in sorted(rows.items(), key=lambda kv: -kv[1][0] / kv[1][1]):
        print(f"{k}: {w}/{n} = {w / n:.3f}")
    if args.write:
        data = json.loads(TABLE.read_text()) if TABLE.exists() else {}
        data[args.game] = rows
        TABLE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
