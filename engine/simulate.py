"""Random legal play through the public API: the balance tool, fuzzer and benchmark.

``python -m engine simulate GAME --matches N --seed S`` prints one JSON line.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import EngineError
from engine.core.game import Game
from engine.core.rng import Rng


@dataclass
class SimResult:
    """Figures of one simulation run."""

    game: str
    matches: int = 0
    finished: int = 0
    errors: int = 0
    capped: int = 0
    """Matches stopped unfinished by the simulator's own cap on random play."""
    interrupts: int = 0
    """Interrupts played (actions taken without a prompt)."""
    turns: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: Counter[str] = field(default_factory=Counter)
    played: Counter[str] = field(default_factory=Counter)
    first_error: str | None = None
    agent: str = "random"
    per_match: list[int] = field(default_factory=list)
    """Actions (decisions) of each finished match."""

    def as_dict(self) -> dict[str, Any]:
        """The figures as one JSON-friendly dict."""
        secs = max(self.seconds, 1e-9)
        rates = {
            k: round(self.wins[k] / n, 4) for k, n in sorted(self.played.items()) if n
        }
        out: dict[str, Any] = {
            "game": self.game,
            "matches": self.matches,
            "finished": self.finished,
            "errors": self.errors,
            "capped": self.capped,
            "interrupts": self.interrupts,
            "mean_turns": round(self.turns / max(self.matches, 1), 2),
            "median_decisions": statistics.median(self.per_match) if self.per_match else 0,
            "matches_per_second": round(self.matches / secs, 2),
            "actions_per_second": round(self.actions / secs, 1),
            "wins": dict(sorted(self.wins.items())),
            "win_rate": rates,
        }
        if self.agent != "random":
            out["agent"] = self.agent
        if self.first_error:
            out["first_error"] = self.first_error
        return out


def pick(game: Game[Any, Any], state: Any, seat: int, rng: Rng) -> Any:
    """A random legal action of ``seat``, weighted by ``game.sim_weight``."""
    actions = game.legal(state, seat)
    weights = [max(game.sim_weight(state, seat, a), 0.0) for a in actions]
    total = sum(weights)
    if total <= 0:
        return rng.choice(actions)
    x = rng.below(1_000_000) / 1_000_000 * total
    for action, w in zip(actions, weights, strict=True):
        x -= w
        if x < 0:
            return action
    return actions[-1]


INTERRUPT_PERCENT = 25
"""Chance (in %) that a seat with interrupts available plays one before the next step."""


def interrupt(game: Game[Any, Any], state: Any, rng: Rng) -> tuple[int, Any] | None:
    """Sometimes, an interrupt of some seat: ``(seat, action)``, or None."""
    for seat in range(state.seats):
        actions = game.interrupts(state, seat)
        if actions and rng.below(100) < INTERRUPT_PERCENT:
            return seat, rng.choice(actions)
    return None


def next_move(game: Game[Any, Any], state: Any, rng: Rng,
              agent: str = "random") -> tuple[int, Any, bool]:
    """The agent's next move: ``(seat, action, is_interrupt)``.

    Sometimes an interrupt (:func:`interrupt`), else a seat still to decide, at random,
    and one of its legal actions (:func:`pick`; with ``agent="greedy"``, the game's own
    ``greedy(state, seat)`` choice for games that have one).
    """
    extra = interrupt(game, state, rng)
    if extra is not None:
        return extra[0], extra[1], True
    open_seats = sorted(s for s, p in game.prompts(state).items() if not p.committed)
    if not open_seats:
        raise EngineError("no seat can act but the match is not over")
    seat = open_seats[rng.below(len(open_seats))]
    greedy = getattr(game, "greedy", None) if agent == "greedy" else None
    action = greedy(state, seat) if greedy is not None else pick(game, state, seat, rng)
    return seat, action, False


def play_one(
    game: Game[Any, Any], seed: int, options: dict[str, Any] | None = None,
    max_actions: int = 5000, counts: dict[str, int] | None = None, agent: str = "random",
) -> tuple[Any, int]:
    """Play one random match; returns the final state and the number of actions.

    Stops after ``max_actions`` (the simulator's own cap: the state is then unfinished).
    ``counts["interrupts"]`` is increased by the interrupts played.
    """
    opts = game.parse_options(options)
    state = game.setup(opts, game.min_seats, seed)
    rng = Rng(seed=seed ^ 0x5EED)
    actions = 0
    while state.result is None and actions < max_actions:
        actions += 1
        seat, action, interrupted = next_move(game, state, rng, agent)
        if interrupted and counts is not None:
            counts["interrupts"] = counts.get("interrupts", 0) + 1
        state, _ = game.apply(state, seat, action)
    return state, actions


def simulate(
    game: Game[Any, Any], matches: int, seed: int, options: dict[str, Any] | None = None,
    agent: str = "random",
) -> SimResult:
    """Play ``matches`` matches from seeds ``seed, seed+1, ...`` (random or greedy play)."""
    res = SimResult(game=game.id, agent=agent)
    start = time.perf_counter()
    for i in range(matches):
        res.matches += 1
        counts: dict[str, int] = {}
        try:
            state, n = play_one(game, seed + i, options, counts=counts, agent=agent)
        except Exception as exc:  # the simulator is a fuzzer: count, don't stop
            res.errors += 1
            res.first_error = res.first_error or f"seed {seed + i}: {type(exc).__name__}: {exc}"
            continue
        res.actions += n
        res.interrupts += counts.get("interrupts", 0)
        res.turns += game.turns(state)
        outcome = game.outcome(state)
        if outcome is None:
            res.capped += 1
            continue
        res.finished += 1
        res.per_match.append(n)
        labels = game.sim_labels(state)
        for s, label in enumerate(labels):
            res.played[label] += 1
            if s in outcome.winners:
                res.wins[label] += 1
    res.seconds = time.perf_counter() - start
    return res
