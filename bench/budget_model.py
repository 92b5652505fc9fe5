"""Decisions per player per turn of random play, at the engine, over many matches
(issue 31's budget, the figure ``tests/e2e/test_budgets_e2e.py`` measures on one whole
match through the bot).

Not a test. Run from the repository root::

    python bench/budget_model.py [--game epic_battles] [--matches 40] [--seed 0]

A model of the e2e test's random player: at each step a seat that must decide (chosen at
random among them) picks one of its controls at random (each one-click button of the
renderer is a control; each select groups the choices of one kind, a chain joining the
kind of its first step), then one of that control's choices at random; the engine's
offered choices (:meth:`engine.core.Game.offered`, the bot's controls) are what it picks
from. Every step counts one decision of its seat in the turn the public view shows
(the renderer's ``turn_key``); the figure is decisions / (turn, seat) pairs, averaged over
the matches, with the decisions by prompt kind per turn. Multi-selects are not modelled
(one part picked), so the games that use them (Kingdom of Loathing) read higher here.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.games import REGISTRY
from referee.render.registry import renderer_for

MAX_STEPS = 3000


def controls(game: Any, state: Any, seat: int, buttons: tuple[str, ...]) -> list[list[Any]]:
    """The seat's offered choices as the e2e player sees them: one control per button,
    one per kind of the rest (a chain: the kind of its first step's id head)."""
    out: list[list[Any]] = []
    groups: dict[str, list[Any]] = {}
    for action in game.offered(state, seat):
        aid = action.aid
        if aid.startswith("t="):
            groups.setdefault("chain:" + aid[2:].split(".")[0].split("-")[0], []).append(action)
        elif aid in buttons:
            out.append([action])
        else:
            groups.setdefault(action.kind, []).append(action)
    return out + list(groups.values())


def play(game_id: str, seed: int, options: dict[str, Any]) -> tuple[float, int, Counter[str]]:
    """One random match: (decisions per player per turn, turns, decisions by kind)."""
    game = REGISTRY[game_id]
    renderer = renderer_for(game_id)
    buttons = tuple(getattr(sys.modules[type(renderer).__module__], "BUTTONS", ()))
    rng = random.Random(seed)
    state = game.setup(game.parse_options(options), 2, seed)
    decisions: Counter[tuple[Any, int]] = Counter()
    kinds: Counter[str] = Counter()
    turns: list[Any] = []
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            break
        prompts = game.prompts(state)
        seat = rng.choice(sorted(s for s, p in prompts.items() if not p.committed))
        key = renderer.turn_key(game.view(state, None))
        if key not in turns:
            turns.append(key)
        action = rng.choice(rng.choice(controls(game, state, seat, buttons)))
        if action.aid.startswith("t="):
            action = game.compound(state, seat, action.aid)
        kinds[prompts[seat].kind] += 1
        decisions[(key, seat)] += 1
        state, _ = game.apply(state, seat, action)
    return sum(decisions.values()) / max(len(decisions), 1), len(turns), kinds


def main(argv: list[str] | None = None) -> int:
    """Print the average over ``--matches`` random matches."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="epic_battles")
    ap.add_argument("--matches", type=int, default=40)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    options = {"rounds": 1} if args.game == "epic_battles" else {}
    figures, kinds, turns = [], Counter[str](), 0
    for seed in range(args.seed, args.seed + args.matches):
        per, n, by_kind = play(args.game, seed, options)
        figures.append(per)
        kinds.update(by_kind)
        turns += n
    average = sum(figures) / len(figures)
    per_turn = {k: round(v / max(turns, 1), 2) for k, v in kinds.most_common()}
    print(f"{args.game}: {average:.2f} decisions/player/turn over {args.matches} matches "
          f"(seeds {args.seed}-{args.seed + args.matches - 1}), {turns / args.matches:.1f} "
          f"turns a match; decisions by kind per turn: {per_turn}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
