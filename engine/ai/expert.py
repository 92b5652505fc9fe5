"""The ``expert`` level's search: information-set search by determinization, on a budget.

Both functions see the seat's view only: every iteration plays an option out in a state
drawn by the game's sampler (:class:`engine.ai.search.Model`) from that view, so the
hidden cards are re-drawn for every world and the search is over the information set,
never over the real state.

* :func:`ucb_choice` (a sequential decision): flat Monte Carlo search over determinized
  worlds. Every option is tried once, then each iteration draws a fresh world, picks the
  option with the best UCB1 bound, plays it out with the model's rollout policy and scores
  the result. The answer is the most tried option (the robust child).
* :func:`sampled_choice` (a sequential decision, what the expert agents use): the hard
  level's determinized one-ply search (every option played out in each sampled world,
  common random numbers) over as many worlds as the budget allows.
* :func:`matrix_search` (a simultaneous decision: Sushido's Hajime and reveal, World of
  Fighters' commit of movement and action): the payoff matrix of the seat's options
  against the rival's option classes, averaged over as many sampled worlds as the budget
  allows, solved by linear programming (:mod:`engine.ai.lp`) for a mixed strategy from
  which the move is drawn.

The budget (:class:`engine.ai.budget.Budget`) counts rollouts, and may cap the wall
clock; with iterations only, the search is deterministic given the random generator.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Hashable
from typing import Any

from engine.ai.budget import Clock
from engine.ai.search import Model, _play, draw, mixed_strategy, rollout, screen


def _value(model: Model, world: Any, seat: int, action: Any, seed: int) -> float:
    """``action`` played in ``world`` then rolled out to the horizon, scored for ``seat``."""
    new = _play(model, world, seat, action)
    if new is None:
        return -1.0
    end = rollout(model, new, random.Random(seed), world)
    return model.evaluate(end, seat)


def ucb_choice(model: Model, view: Any, seat: int, options: list[Any],
               rng: random.Random, clock: Clock, c: float = 0.5) -> Any:
    """A sequential decision by flat UCB1 search over worlds sampled from ``view``."""
    if len(options) == 1:
        return options[0]
    n = len(options)
    visits = [0] * n
    totals = [0.0] * n
    world = model.sample(view, rng)
    seed = rng.getrandbits(32)
    for i, action in enumerate(options):  # every option once, in the same world
        totals[i] += _value(model, world, seat, action, seed)
        visits[i] += 1
        clock.spend()
    while clock.left():
        played = sum(visits)
        log_n = math.log(played)
        i = max(range(n), key=lambda k: totals[k] / visits[k]
                + c * math.sqrt(log_n / visits[k]))
        world = model.sample(view, rng)
        totals[i] += _value(model, world, seat, options[i], rng.getrandbits(32))
        visits[i] += 1
        clock.spend()
    best = max(range(n), key=lambda k: (visits[k], totals[k] / visits[k]))
    return options[best]


def sampled_choice(model: Model, view: Any, seat: int, options: list[Any],
                   rng: random.Random, clock: Clock) -> Any:
    """A sequential decision by determinized search on the budget: world after world
    sampled from ``view``, every option played out in each (common random numbers, as
    the hard level's one-ply search, but over as many worlds as the budget allows; at
    least one); the best mean wins."""
    if len(options) == 1:
        return options[0]
    totals = [0.0] * len(options)
    while True:
        world = model.sample(view, rng)
        seed = rng.getrandbits(32)
        for i, action in enumerate(options):
            totals[i] += _value(model, world, seat, action, seed)
        clock.spend(len(options))
        if not clock.left():
            break
    best = max(totals)
    return options[next(i for i, t in enumerate(totals) if t >= best - 1e-9)]


def _columns(model: Model, worlds: list[Any], rival: int, max_cols: int,
             ) -> list[Hashable]:
    """The rival's ``max_cols`` most common option classes over ``worlds``; ties in the
    engine's order of the options (not a set's, which changes with the process's hash
    seed: the same seed then played differently in two runs)."""
    seen: Counter[Hashable] = Counter()
    for w in worlds:
        seen.update(list(dict.fromkeys(model.column(a) for a in model.game.legal(w, rival))))
    return [k for k, _ in seen.most_common(max_cols)]


def payoff_rows(model: Model, world: Any, seat: int, rows: list[Any], cols: list[Hashable],
                seed: int) -> list[list[float]]:
    """One sampled world's payoff matrix: each of ``rows`` against each rival class."""
    game = model.game
    rival = 1 - seat
    by_key: dict[Hashable, Any] = {}
    for a in game.legal(world, rival):
        by_key.setdefault(model.column(a), a)
    out: list[list[float]] = []
    for mine in rows:
        after_me = _play(model, world, seat, mine)
        if after_me is None:
            out.append([-1.0] * len(cols))
            continue
        line = []
        for j, key in enumerate(cols):
            state = after_me
            theirs = by_key.get(key)
            if theirs is not None:
                nxt = _play(model, state, rival, theirs)
                state = nxt if nxt is not None else state
            end = rollout(model, game.clone(state), random.Random(seed + j), world)
            line.append(model.evaluate(end, seat))
        out.append(line)
    return out


def matrix_search(model: Model, view: Any, seat: int, rows: list[Any], rng: random.Random,
                  clock: Clock, max_cols: int = 8, max_rows: int = 12,
                  screen_samples: int = 4, min_worlds: int = 1) -> Any:
    """A simultaneous decision: the payoff matrix over as many worlds as the budget
    allows (at least ``min_worlds``), solved for a mixed strategy; one row is drawn."""
    rows = screen(model, view, seat, rows, rng, max_rows, screen_samples)
    if len(rows) == 1:
        return rows[0]
    first = [model.sample(view, rng) for _ in range(min_worlds)]
    cols = _columns(model, first, 1 - seat, max_cols)
    if not cols:
        cols = [None]
    total = [[0.0] * len(cols) for _ in rows]
    worlds = 0
    pending = list(first)
    while pending or clock.left():
        world = pending.pop(0) if pending else model.sample(view, rng)
        cells = payoff_rows(model, world, seat, rows, cols, rng.getrandbits(32))
        for i, line in enumerate(cells):
            for j, x in enumerate(line):
                total[i][j] += x
        worlds += 1
        clock.spend(len(rows) * len(cols))
    matrix = [[x / worlds for x in r] for r in total]
    return draw(rows, mixed_strategy(matrix), rng)
