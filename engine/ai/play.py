"""Matches between agents, and the simulator's figures per agent, seat and fighter.

``python -m engine simulate GAME --agents hard,random`` (see :mod:`engine.__main__`)
calls :func:`simulate_agents`: each seat is played by the named agent; with
``swap`` (the default) the seats are exchanged every other match, so that each agent
plays each seat equally often.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.ai.agent import Agent, decide
from engine.ai.registry import make
from engine.core.errors import EngineError
from engine.core.game import Game


def play_match(game: Game[Any, Any], agents: list[Agent], seed: int,
               options: dict[str, Any] | None = None, max_actions: int = 5000,
               ) -> tuple[Any, int, float]:
    """One match between ``agents`` (one per seat); returns the final state, the number
    of actions and the slowest decision in seconds. Every action goes through
    :func:`~engine.ai.agent.decide` (view in, action out) and :meth:`Game.apply`."""
    state = game.setup(game.parse_options(options), len(agents), seed)
    rng = random.Random(seed ^ 0xA1)
    actions, slowest = 0, 0.0
    while state.result is None and actions < max_actions:
        open_seats = sorted(s for s, p in game.prompts(state).items() if not p.committed)
        if not open_seats:
            raise EngineError("no seat can act but the match is not over")
        seat = open_seats[rng.randrange(len(open_seats))]
        t0 = time.perf_counter()
        action = decide(game, state, seat, agents[seat], rng)
        slowest = max(slowest, time.perf_counter() - t0)
        state, _ = game.apply(state, seat, action, owned=True)
        actions += 1
    return state, actions, slowest


@dataclass
class AgentStats:
    """Figures of an agents' simulation."""

    game: str
    agents: list[str]
    matches: int = 0
    finished: int = 0
    draws: int = 0
    errors: int = 0
    first_error: str | None = None
    lengths: list[int] = field(default_factory=list)
    """Turns of each finished match."""
    reasons: Counter[str] = field(default_factory=Counter)
    decisions: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    wins: Counter[str] = field(default_factory=Counter)
    played: Counter[str] = field(default_factory=Counter)

    def as_dict(self) -> dict[str, Any]:
        """The figures as one JSON-friendly dict (win rates per agent, seat, fighter)."""
        def rates(prefix: str) -> dict[str, float]:
            return {k[len(prefix):]: round(self.wins[k] / n, 4)
                    for k, n in sorted(self.played.items()) if k.startswith(prefix) and n}

        lengths = sorted(self.lengths)
        out: dict[str, Any] = {
            "game": self.game, "agents": self.agents, "matches": self.matches,
            "finished": self.finished, "draws": self.draws, "errors": self.errors,
            "win_rate_agent": rates("agent:"), "win_rate_seat": rates("seat:"),
            "win_rate_agent_seat": rates("as:"), "win_rate": rates("label:"),
            "mean_turns": round(sum(lengths) / max(len(lengths), 1), 2),
            "median_turns": lengths[len(lengths) // 2] if lengths else 0,
            "reasons": dict(sorted(self.reasons.items())),
            "seconds": round(self.seconds, 1),
            "mean_decision_ms": round(1000 * self.seconds / max(self.decisions, 1), 2),
            "slowest_decision_ms": round(1000 * self.slowest, 1),
        }
        if self.first_error:
            out["first_error"] = self.first_error
        return out


def simulate_agents(game: Game[Any, Any], names: list[str], matches: int, seed: int,
                    options: dict[str, Any] | None = None, swap: bool = True,
                    seats: int | None = None) -> AgentStats:
    """Play ``matches`` matches between the named agents (one name per seat, or one for
    all) with ``seats`` seats (default: the game's minimum). A match that raises is
    counted in ``errors`` (the first one kept) and the run goes on."""
    seats = seats or (len(names) if len(names) > 1 else game.min_seats)
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise ValueError(f"{game.name} needs {seats} agent names (or one for all)")
    for n in names:
        make(game.id, n)  # unknown names fail before any match
    stats = AgentStats(game=game.id, agents=list(names))
    start = time.perf_counter()
    for i in range(matches):
        order = list(names)
        if swap:  # each agent plays each seat in turn
            k = i % seats
            order = order[k:] + order[:k]
        agents = [make(game.id, n) for n in order]
        stats.matches += 1
        try:
            state, n_actions, slowest = play_match(game, agents, seed + i, options)
        except Exception as exc:  # like the random simulator: count, don't stop
            stats.errors += 1
            stats.first_error = stats.first_error or \
                f"seed {seed + i}: {type(exc).__name__}: {exc}"
            continue
        stats.decisions += n_actions
        stats.slowest = max(stats.slowest, slowest)
        outcome = game.outcome(state)
        if outcome is None:
            continue
        stats.finished += 1
        stats.lengths.append(game.turns(state))
        stats.reasons[outcome.reason] += 1
        winners = set(outcome.winners)
        if len(winners) != 1:
            stats.draws += 1
        labels = game.sim_labels(state)
        for s in range(seats):
            won = int(s in winners and len(winners) == 1)
            for key in (f"agent:{order[s]}", f"seat:{s}", f"as:{order[s]}@{s}",
                        f"label:{labels[s]}"):
                stats.played[key] += 1
                stats.wins[key] += won
    stats.seconds = time.perf_counter() - start
    return stats
