"""Balance figures: precon cross and mirror matches between agents, per rule level.

``python -m engine.games.mortal_kombat.balance --level basic --rounds-robin 2`` plays every
ordered pair of Kombatants (each side with its preconstructed deck) ``--rounds-robin``
times, plus mirrors, and prints one JSON line: each Kombatant's win rate against the field
(draws count half), the band check (40-60%), median turns per round, and the rounds and
matches that hit a safety cap.

``--seats N`` (3 to 6) plays ``--matches`` Brawls instead (random Kombatant picks, the
same agent at every seat) and prints seat-position win rates (first place, shared firsts
count as a share), median turns per match and per round, errors and capped rounds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from typing import Any

from engine.core import Rng
from engine.games.mortal_kombat.agents import greedy_action
from engine.games.mortal_kombat.data import kombatants
from engine.games.mortal_kombat.model import MATCH_ROUND_CAP, Act, MkState, Options
from engine.games.mortal_kombat.rules import GAME
from engine.simulate import pick

MAX_ACTIONS = 20_000


def play(left: str, right: str, level: str, seed: int, agent: str) -> MkState:
    """One match, ``left`` at seat 0 and ``right`` at seat 1, both played by ``agent``."""
    state = GAME.setup(Options(level=level), 2, seed)
    state, _ = GAME.apply(state, 0, Act.of(kind="pick", a=left))
    state, _ = GAME.apply(state, 1, Act.of(kind="pick", a=right))
    rng = Rng(seed=seed ^ 0xB1A5)
    n = 0
    while state.result is None and n < MAX_ACTIONS:
        n += 1
        seats = sorted(s for s, p in GAME.prompts(state).items() if not p.committed)
        seat = seats[rng.below(len(seats))]
        action = (greedy_action(state, seat, rng) if agent == "greedy"
                  else pick(GAME, state, seat, rng))
        state, _ = GAME.apply(state, seat, action)
    return state


def run(level: str, robin: int, seed: int, agent: str,
        only: list[str] | None = None) -> dict[str, Any]:
    """Every ordered pair ``robin`` times, and mirrors; the figures as a dict.

    ``only`` restricts the field to some Kombatants (for a quick check)."""
    ids = only or list(kombatants())
    score: dict[str, float] = dict.fromkeys(ids, 0.0)
    played: Counter[str] = Counter()
    turns: list[int] = []
    capped_rounds = capped_matches = unfinished = errors = 0
    mirror_first = mirror_n = 0
    k = seed
    for r in range(robin):
        for a in ids:
            for b in ids:
                k += 1
                try:
                    s = play(a, b, level, k, agent)
                except Exception:  # the figures count errors rather than stop
                    errors += 1
                    continue
                turns += s.round_turns
                capped_rounds += s.capped_rounds
                if s.result is None:
                    unfinished += 1
                    continue
                capped_matches += len(s.round_winners) >= MATCH_ROUND_CAP
                w = s.result.winners
                if a == b:
                    if r == 0:
                        mirror_n += 1
                        mirror_first += 0 in w and len(w) == 1
                    continue
                for seat, who in ((0, a), (1, b)):
                    played[who] += 1
                    score[who] += (1.0 if len(w) == 1 else 0.5) if seat in w else 0
    names = kombatants()
    rates = {names[i].name: round(score[i] / played[i], 3) for i in ids if played[i]}
    out = [n for n, v in rates.items() if not 0.4 <= v <= 0.6]
    return {
        "level": level, "agent": agent, "matches": robin * len(ids) ** 2, "errors": errors,
        "unfinished": unfinished, "capped_rounds": capped_rounds,
        "capped_matches": capped_matches,
        "median_turns_per_round": statistics.median(turns) if turns else None,
        "rounds": len(turns), "mirror_seat0_win_rate": round(mirror_first / max(mirror_n, 1), 3),
        "min_rate": min(rates.values()), "max_rate": max(rates.values()),
        "out_of_band": out, "win_rate": rates,
    }


def brawl(seats: int, level: str, seed: int, agent: str) -> MkState:
    """One Brawl of ``seats`` with random Kombatant picks, every seat played by ``agent``."""
    state = GAME.setup(Options(level=level), seats, seed)
    rng = Rng(seed=seed ^ 0xB1A5)
    n = 0
    while state.result is None and n < MAX_ACTIONS * seats:
        n += 1
        open_seats = sorted(s for s, p in GAME.prompts(state).items() if not p.committed)
        seat = open_seats[rng.below(len(open_seats))]
        action = (greedy_action(state, seat, rng) if agent == "greedy"
                  else pick(GAME, state, seat, rng))
        state, _ = GAME.apply(state, seat, action)
    return state


def run_brawls(seats: int, matches: int, level: str, seed: int,
               agent: str) -> dict[str, Any]:
    """``matches`` Brawls of ``seats``: seat-position win rates and lengths as a dict."""
    wins = [0.0] * seats
    turns: list[int] = []
    round_turns: list[int] = []
    errors = unfinished = capped_rounds = 0
    for i in range(matches):
        try:
            s = brawl(seats, level, seed + i, agent)
        except Exception:  # the figures count errors rather than stop
            errors += 1
            continue
        if s.result is None:
            unfinished += 1
            continue
        turns.append(s.turns_played)
        round_turns += s.round_turns
        capped_rounds += s.capped_rounds
        for w in s.result.winners:
            wins[w] += 1 / len(s.result.winners)
    done = max(len(turns), 1)
    return {
        "seats": seats, "level": level, "agent": agent, "matches": matches,
        "errors": errors, "unfinished": unfinished, "capped_rounds": capped_rounds,
        "seat_win_rate": [round(w / done, 3) for w in wins],
        "median_turns": statistics.median(turns) if turns else None,
        "median_turns_per_round": statistics.median(round_turns) if round_turns else None,
        "rounds": len(round_turns),
    }


def main(argv: list[str] | None = None) -> int:
    """Entry point: one JSON line of figures."""
    parser = argparse.ArgumentParser(prog="python -m engine.games.mortal_kombat.balance")
    parser.add_argument("--level", choices=["starter", "basic", "advanced"], default="basic")
    parser.add_argument("--rounds-robin", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--agent", choices=["random", "greedy"], default="greedy")
    parser.add_argument("--seats", type=int, default=2, choices=range(2, 7))
    parser.add_argument("--matches", type=int, default=100, help="Brawls to play (--seats)")
    args = parser.parse_args(argv)
    if args.seats > 2:
        print(json.dumps(run_brawls(args.seats, args.matches, args.level, args.seed,
                                    args.agent)))
        return 0
    print(json.dumps(run(args.level, args.rounds_robin, args.seed, args.agent)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
