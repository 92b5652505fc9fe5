"""Search over sampled hidden states: the machinery of the ``hard`` (and ``normal``) agents.

A game plugs in a :class:`Model` (in ``engine/games/<game>/ai.py``): a *sampler* that
builds a full state consistent with a seat's view (hidden cards drawn at random from the
cards that view does not show), an evaluation of a state for a seat in ``[-1, 1]``, a fast
*rollout policy* and the point where a rollout stops (the next turn's simultaneous choice).
The sampler is given the view only, so nothing hidden reaches the agent.

* :func:`matrix_choice`: a simultaneous decision. For each sampled state, the seat's
  options (rows) meet the rival's options (columns, grouped by :meth:`Model.column`, so that
  a column means the same across samples), each cell played out by a short rollout and
  evaluated; the average matrix is solved by linear programming (:mod:`engine.ai.lp`) for a
  mixed strategy, from which the move is drawn.
* :func:`lookahead_choice`: a sequential decision, by determinized one-ply search.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from typing import Any, Protocol

from engine.ai.budget import past_deadline
from engine.ai.lp import solve_zero_sum
from engine.core.errors import EngineError
from engine.core.game import Game


class Model(Protocol):
    """What a game provides to search over sampled hidden states."""

    game: Game[Any, Any]

    def sample(self, view: Any, rng: random.Random) -> Any:
        """A full state consistent with ``view`` (hidden parts drawn at random), in which
        a rival that has committed a simultaneous choice has taken it back."""

    def evaluate(self, state: Any, seat: int) -> float:
        """How good ``state`` is for ``seat``, in ``[-1, 1]`` (1: won)."""

    def policy(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A fast, reasonable legal action of ``seat`` in a (sampled) state."""

    def done(self, state: Any, start: Any) -> bool:
        """Whether a rollout from ``start`` has reached its horizon."""

    def column(self, action: Any) -> Hashable:
        """The rival action's class: the same key means the same move across samples."""


def rollout(model: Model, state: Any, rng: random.Random, start: Any,
            max_steps: int = 200) -> Any:
    """Play ``state`` on with the model's policy until its horizon or the match's end."""
    game = model.game
    for _ in range(max_steps):
        if state.result is not None or model.done(state, start):
            break
        open_seats = sorted(s for s, p in game.prompts(state).items() if not p.committed)
        if not open_seats:
            break
        seat = open_seats[0]
        state, _ = game.apply(state, seat, model.policy(state, seat, rng), owned=True)
    return state


def _play(model: Model, state: Any, seat: int, action: Any) -> Any | None:
    """``state`` after ``seat`` plays ``action``, or ``None`` if it is not legal there."""
    game = model.game
    try:
        new, _ = game.apply(state, seat, action)
    except EngineError:  # an option the sampled world does not allow
        return None
    return new


def lookahead_values(model: Model, view: Any, seat: int, options: list[Any],
                     rng: random.Random, samples: int) -> list[float]:
    """The mean value of each option over ``samples`` sampled states, each played out
    (fewer past the :func:`~engine.ai.budget.deadline`, at least one)."""
    totals = [0.0] * len(options)
    done = 0
    for _ in range(samples):
        if done and past_deadline():
            break
        done += 1
        world = model.sample(view, rng)
        seed = rng.getrandbits(32)  # common random numbers: options compared alike
        for i, action in enumerate(options):
            new = _play(model, world, seat, action)
            if new is None:
                totals[i] -= 1.0
                continue
            end = rollout(model, new, random.Random(seed), world)
            totals[i] += model.evaluate(end, seat)
    return [t / max(done, 1) for t in totals]


def lookahead_choice(model: Model, view: Any, seat: int, options: list[Any],
                     rng: random.Random, samples: int) -> Any:
    """The option with the best mean value (determinized one-ply search)."""
    if len(options) == 1:
        return options[0]
    values = lookahead_values(model, view, seat, options, rng, samples)
    best = max(values)
    return options[next(i for i, v in enumerate(values) if v >= best - 1e-9)]


def payoff_matrix(model: Model, view: Any, seat: int, rows: list[Any],
                  rng: random.Random, samples: int, max_cols: int = 8,
                  ) -> tuple[list[list[float]], list[Hashable]]:
    """The turn's payoff matrix: ``rows`` x the rival's most common option classes.

    In a sample where the rival has no option of a column's class, that cell is played
    with the rival's policy move instead. Past the bot's cap
    (:func:`~engine.ai.budget.deadline`) no more worlds are played, and within the first
    world no more rows: the matrix then has only its first rows (at least one).
    """
    game = model.game
    rival = 1 - seat
    worlds = [model.sample(view, rng) for _ in range(samples)]
    per_world: list[dict[Hashable, Any]] = []
    seen: Counter[Hashable] = Counter()
    for w in worlds:
        by_key: dict[Hashable, Any] = {}
        for a in game.legal(w, rival):
            by_key.setdefault(model.column(a), a)
        per_world.append(by_key)
        seen.update(by_key.keys())
    cols = [k for k, _ in seen.most_common(max_cols)]
    matrix = [[0.0] * len(cols) for _ in rows]
    done = 0
    for w, by_key in zip(worlds, per_world, strict=True):
        if done and past_deadline():
            break
        done += 1
        seed = rng.getrandbits(32)  # common random numbers: a column's rollouts alike
        for i, mine in enumerate(rows):
            if done == 1 and i and past_deadline():  # the cap, within the first world:
                matrix = matrix[:i]  # the rows played so far (the caller's first ones)
                break
            after_me = _play(model, w, seat, mine)
            if after_me is None:
                for j in range(len(cols)):
                    matrix[i][j] -= 1.0
                continue
            for j, key in enumerate(cols):
                theirs = by_key.get(key)
                state = after_me
                if theirs is not None:
                    nxt = _play(model, state, rival, theirs)
                    state = nxt if nxt is not None else state
                end = rollout(model, game.clone(state), random.Random(seed + j), w)
                matrix[i][j] += model.evaluate(end, seat)
    n = max(done, 1)
    return [[x / n for x in r] for r in matrix], cols


def mixed_strategy(matrix: list[list[float]]) -> list[float]:
    """The row player's optimal mixed strategy (linear programming)."""
    strategy, _ = solve_zero_sum(matrix)
    return strategy


def draw(options: list[Any], weights: list[float], rng: random.Random) -> Any:
    """One option drawn with these weights (the last one on rounding)."""
    x = rng.random() * sum(weights)
    for option, w in zip(options, weights, strict=True):
        x -= w
        if x < 0:
            return option
    return options[-1]


def screen(model: Model, view: Any, seat: int, rows: list[Any], rng: random.Random,
           keep: int, samples: int = 2) -> list[Any]:
    """The ``keep`` rows with the best one-ply values (a cheap first pass)."""
    if len(rows) <= keep:
        return rows
    values = lookahead_values(model, view, seat, rows, rng, samples)
    order = sorted(range(len(rows)), key=lambda i: -values[i])
    return [rows[i] for i in sorted(order[:keep])]


def matrix_choice(model: Model, view: Any, seat: int, rows: list[Any],
                  rng: random.Random, samples: int, max_cols: int = 8,
                  max_rows: int = 10) -> Any:
    """A simultaneous decision: solve the sampled payoff matrix, draw from its strategy.

    More than ``max_rows`` options are first screened by a one-ply search (as
    :func:`screen`); when that spends the bot's cap (:func:`~engine.ai.budget.deadline`),
    or the cap cuts the matrix's first world short, the best screened option is played
    (unscreened rows: the matrix of the rows played so far is solved).
    """
    best: Any = None
    if len(rows) > max_rows:  # as :func:`screen`, keeping the values
        values = lookahead_values(model, view, seat, rows, rng, 2)
        order = sorted(range(len(rows)), key=lambda i: -values[i])
        best = rows[order[0]]
        if past_deadline():  # the bot's cap is spent: the one-ply choice
            return best
        rows = [rows[i] for i in sorted(order[:max_rows])]
    if len(rows) == 1:
        return rows[0]
    matrix, _ = payoff_matrix(model, view, seat, rows, rng, samples, max_cols)
    if len(matrix) < len(rows):  # the cap cut the first world: its rows so far
        if best is not None:
            return best  # (or the one-ply choice, when the rows were screened)
        rows = rows[:len(matrix)]
    return draw(rows, mixed_strategy(matrix), rng)
