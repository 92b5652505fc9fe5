"""Balance figures: every precon against the field, with the greedy (or random) agent.

``python -m engine.games.epic_battles.sim --per-pair 2 [--agent greedy|random]
[--rounds 3|1]`` plays every pair of characters ``per-pair`` times (seats swapped every
other match) and prints one JSON line: each character's win rate against the field, the
median number of decisions per match and per round, and errors (none expected).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from itertools import combinations
from typing import Any

from engine.core import Rng
from engine.games.epic_battles.data import characters
from engine.games.epic_battles.model import EbState, Options, Pick
from engine.games.epic_battles.rules import GAME
from engine.simulate import pick

CAP = 5000
"""Decisions after which a match is reported as capped (never reached so far)."""


def play(first: str, second: str, seed: int, agent: str, rounds: int = 3) -> tuple[
        EbState, int]:
    """One match between two precons; returns the final state and the decisions taken."""
    state = GAME.setup(Options(rounds=rounds), 2, seed)
    state, _ = GAME.apply(state, 0, Pick(character=first))
    state, _ = GAME.apply(state, 1, Pick(character=second))
    rng = Rng(seed=seed ^ 0xA6E)
    decisions = 2
    while state.result is None and decisions < CAP:
        seats = sorted(s for s, p in GAME.prompts(state).items() if not p.committed)
        seat = seats[rng.below(len(seats))]
        action = GAME.greedy(state, seat) if agent == "greedy" else pick(
            GAME, state, seat, rng)
        state, _ = GAME.apply(state, seat, action)
        decisions += 1
    return state, decisions


def field(per_pair: int, seed: int, agent: str, rounds: int = 3) -> dict[str, Any]:
    """Every pair of characters ``per_pair`` times; figures as one dict."""
    roster = characters()
    wins: Counter[str] = Counter()
    played: Counter[str] = Counter()
    decisions: list[int] = []
    per_round: list[float] = []
    capped = draws = 0
    n = 0
    for a, b in combinations(roster, 2):
        for k in range(per_pair):
            first, second = (a, b) if k % 2 == 0 else (b, a)
            state, d = play(first, second, seed + n, agent, rounds)
            n += 1
            decisions.append(d)
            if state.result is None:
                capped += 1
                continue
            per_round.append(d / max(1, len(state.round_winners)))
            played[first] += 1
            played[second] += 1
            if state.result.draw:
                draws += 1
                continue
            wins[(first, second)[state.result.winners[0]]] += 1
    rates = {roster[c].name: round(wins[c] / played[c], 3) for c in roster if played[c]}
    return {
        "agent": agent, "rounds": rounds, "matches": n, "capped": capped, "draws": draws,
        "median_decisions": statistics.median(decisions),
        "median_decisions_per_round": statistics.median(per_round) if per_round else 0,
        "min_rate": min(rates.values()), "max_rate": max(rates.values()),
        "win_rate": dict(sorted(rates.items(), key=lambda kv: kv[1])),
    }


def main(argv: list[str] | None = None) -> int:
    """Entry point; prints one JSON line."""
    parser = argparse.ArgumentParser(prog="python -m engine.games.epic_battles.sim")
    parser.add_argument("--per-pair", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agent", choices=["greedy", "random"], default="greedy")
    parser.add_argument("--rounds", type=int, choices=[1, 3], default=3)
    args = parser.parse_args(argv)
    print(json.dumps(field(args.per_pair, args.seed, args.agent, args.rounds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
