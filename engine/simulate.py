"""Random legal play through the public API: the balance tool, fuzzer and benchmark.

``python -m engine simulate GAME --matches N --seed S`` prints one JSON line.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import EngineError
from engine.core.game import Game
from engine.core.rng import Rng


@dataclass
class SimResult:
    """Figures of one simulation run."""

    game: str
    seats: int = 2
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
    lengths: list[int] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)
    decisions: list[int] = field(default_factory=list)
    """Actions (decisions) of each finished match."""

    def as_dict(self) -> dict[str, Any]:
        """The figures as one JSON-friendly dict."""
        secs = max(self.seconds, 1e-9)
        rates = {
            k: round(self.wins[k] / n, 4) for k, n in sorted(self.played.items()) if n
        }
        out: dict[str, Any] = {
            "game": self.game,
            "seats": self.seats,
            "matches": self.matches,
            "finished": self.finished,
            "errors": self.errors,
            "capped": self.capped,
            "interrupts": self.interrupts,
            "mean_turns": round(self.turns / max(self.matches, 1), 2),
            "median_turns": sorted(self.lengths)[len(self.lengths) // 2] if self.lengths else 0,
            "median_decisions": statistics.median(self.decisions) if self.decisions else 0,
            "reasons": dict(sorted(self.reasons.items())),
            "matches_per_second": round(self.matches / secs, 2),
            "actions_per_second": round(self.actions / secs, 1),
            "wins": dict(sorted(self.wins.items())),
            "win_rate": rates,
        }
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


def walk(game: Game[Any, Any], state: Any, seed: int, steps: int) -> Iterator[Any]:
    """At most ``steps`` states along a random match played in place (``owned``, as the
    bot plays), the first one included: a random seat still to decide plays a random
    action (:func:`pick`). Each state is the live one: copy it (``game.clone``) to keep it."""
    rng = Rng(seed=seed)
    for _ in range(steps):
        yield state
        if state.result is not None:
            return
        seats = [s for s, p in game.prompts(state).items() if not p.committed]
        seat = seats[rng.below(len(seats))]
        _, state, _ = game.perform(state, seat, pick(game, state, seat, rng).aid,
                                   state.version, owned=True)


INTERRUPT_PERCENT = 25
"""Chance (in %) that a seat with interrupts available plays one before the next step."""


def interrupt(game: Game[Any, Any], state: Any, rng: Rng) -> tuple[int, Any] | None:
    """Sometimes, an interrupt of some seat: ``(seat, action)``, or None."""
    for seat in state.in_play():  # a seat that left never plays again
        actions = game.interrupts(state, seat)
        if actions and rng.below(100) < INTERRUPT_PERCENT:
            return seat, rng.choice(actions)
    return None


def next_move(game: Game[Any, Any], state: Any, rng: Rng) -> tuple[int, Any, bool]:
    """The random agent's next move: ``(seat, action, is_interrupt)``.

    Sometimes an interrupt (:func:`interrupt`), else a seat still to decide, at random,
    and one of its legal actions (:func:`pick`).
    """
    extra = interrupt(game, state, rng)
    if extra is not None:
        return extra[0], extra[1], True
    open_seats = sorted(s for s, p in game.prompts(state).items()
                        if not p.committed and s not in state.left)
    if not open_seats:
        raise EngineError("no seat can act but the match is not over")
    seat = open_seats[rng.below(len(open_seats))]
    return seat, pick(game, state, seat, rng), False


AGENTS = ("random", "greedy")
"""``random``: :func:`next_move`. ``greedy``: the game's ``greedy_action(state, seat, rng)``
for the seat it picks (games without one play randomly)."""


def check_seats(game: Game[Any, Any], seats: int | None) -> int:
    """The number of seats to play (``None``: the game's minimum); a number the game does
    not allow is refused with a clear :class:`ValueError`."""
    if seats is None:
        return game.min_seats
    if not game.min_seats <= seats <= game.max_seats:
        allowed = (str(game.min_seats) if game.min_seats == game.max_seats
                   else f"{game.min_seats} to {game.max_seats}")
        raise ValueError(f"{game.name} is played by {allowed} players, not {seats}")
    return seats


def play_one(
    game: Game[Any, Any], seed: int, options: dict[str, Any] | None = None,
    max_actions: int = 5000, counts: dict[str, int] | None = None,
    seats: int | None = None, agent: Any = None, agent_kind: str = "random",
) -> tuple[Any, int]:
    """Play one random match; returns the final state and the number of actions.

    Stops after ``max_actions`` (the simulator's own cap: the state is then unfinished).
    ``counts["interrupts"]`` is increased by the interrupts played. ``seats`` defaults to
    the game's minimum (:func:`check_seats`); ``agent`` (an object with
    ``choose(view, options, rng)``) plays every seat instead of random play;
    ``agent_kind="greedy"`` plays the game's own ``greedy_action`` where it has one.
    """
    greedy = getattr(game, "greedy_action", None) if agent_kind == "greedy" else None
    opts = game.parse_options(options)
    state = game.setup(opts, check_seats(game, seats), seed)
    agent_rng = Rng(seed=seed ^ 0x5EED)
    py_rng = random.Random(seed)
    actions = 0
    while state.result is None and actions < max_actions:
        actions += 1
        if agent is not None:
            seat = min(s for s, p in game.prompts(state).items() if not p.committed)
            options_ = game.legal(state, seat) + game.interrupts(state, seat)
            action = agent.choose(game.view(state, seat), options_, py_rng)
            state, _ = game.apply(state, seat, action)
            continue
        seat, action, interrupted = next_move(game, state, agent_rng)
        if greedy is not None and not interrupted:
            action = greedy(state, seat, agent_rng)
        if interrupted and counts is not None:
            counts["interrupts"] = counts.get("interrupts", 0) + 1
        state, _ = game.apply(state, seat, action)
    return state, actions


def simulate(
    game: Game[Any, Any], matches: int, seed: int, options: dict[str, Any] | None = None,
    seats: int | None = None, agent: Any = None, agent_kind: str = "random",
) -> SimResult:
    """Play ``matches`` matches of ``seats`` players (default: the game's minimum) from
    seeds ``seed, seed+1, ...`` (random play, or ``agent`` at every seat)."""
    n_seats = check_seats(game, seats)
    res = SimResult(game=game.id, seats=n_seats)
    start = time.perf_counter()
    for i in range(matches):
        res.matches += 1
        counts: dict[str, int] = {}
        try:
            state, n = play_one(game, seed + i, options, counts=counts, seats=n_seats,
                                agent=agent, agent_kind=agent_kind)
        except Exception as exc:  # the simulator is a fuzzer: count, don't stop
            res.errors += 1
            res.first_error = res.first_error or f"seed {seed + i}: {type(exc).__name__}: {exc}"
            continue
        res.actions += n
        res.interrupts += counts.get("interrupts", 0)
        res.turns += game.turns(state)
        res.lengths.append(game.turns(state))
        outcome = game.outcome(state)
        if outcome is None:
            res.capped += 1
            continue
        res.reasons[outcome.reason] += 1
        res.finished += 1
        res.decisions.append(n)
        labels = game.sim_labels(state)
        for s, label in enumerate(labels):
            res.played[label] += 1
            if s in outcome.winners:
                res.wins[label] += 1
    res.seconds = time.perf_counter() - start
    return res
