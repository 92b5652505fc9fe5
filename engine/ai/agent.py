"""The agent contract: an AI seat chooses from its view and its options, never the state.

An agent is any object with ``choose(view, options, rng) -> action`` where ``view`` is
``game.view(state, seat)`` (the same allow-listed model a human's hand is drawn from) and
``options`` are the seat's legal actions followed by its interrupts, in the engine's
order. :func:`decide` is the only place that turns a state into an agent's input, so an
agent cannot peek: it is never handed the state. :class:`ViewAgent` also refuses, by
type, any input that is not the game's view model (a state object included).
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from engine.ai.budget import Now, deadline
from engine.core.game import Game
from engine.core.state import BaseState


@runtime_checkable
class Agent(Protocol):
    """What every AI seat is (shared with every game's own agents)."""

    def choose(self, view: BaseModel, options: list[Any], rng: random.Random) -> Any:
        """One of ``options``, from what ``view`` shows."""


class ViewAgent:
    """Base of the game agents: checks its input is the game's view model.

    ``view_model`` is the class of ``game.view(...)``; a state (or anything else) is
    refused with ``TypeError`` before the agent looks at it.
    """

    view_model: type[BaseModel] = BaseModel
    level = "?"

    def choose(self, view: BaseModel, options: list[Any], rng: random.Random) -> Any:
        """Validate the input, then :meth:`pick`."""
        if isinstance(view, BaseState) or not isinstance(view, self.view_model):
            raise TypeError(f"an agent reads a {self.view_model.__name__}, "
                            f"not a {type(view).__name__}")
        if not options:
            raise ValueError("an agent needs at least one option")
        return self.pick(view, options, rng)

    def pick(self, view: Any, options: list[Any], rng: random.Random) -> Any:
        """The choice itself (subclasses); ``view`` is known to be a ``view_model``."""
        return rng.choice(options)


class HalfRandom(ViewAgent):
    """An ``easy`` level: half the time (``random_share``) a random option, otherwise the
    choice of the game's agent ``steady`` (its normal level)."""

    level = "easy"
    steady: type[Agent] = ViewAgent
    random_share = 0.5

    def pick(self, view: Any, options: list[Any], rng: random.Random) -> Any:
        """A coin decides between a random option and the steady agent's."""
        if rng.random() < self.random_share:
            return rng.choice(options)
        return self.steady().choose(view, options, rng)


class RandomAgent(ViewAgent):
    """Uniformly random among the options (any game)."""

    level = "random"

    def __init__(self, view_model: type[BaseModel] = BaseModel) -> None:
        self.view_model = view_model


def options_of(game: Game[Any, Any], state: Any, seat: int) -> list[Any]:
    """The seat's legal actions then its interrupts (without repeats), engine order."""
    prompt = game.prompts(state).get(seat)
    legal = game.legal(state, seat) if prompt is not None and not prompt.committed else []
    extra = [a for a in game.interrupts(state, seat) if a not in legal]
    return [*legal, *extra]


def decide(game: Game[Any, Any], state: Any, seat: int, agent: Agent,
           rng: random.Random) -> Any:
    """The agent's action for ``seat``: it is given the seat's view, never the state.

    Returns ``None`` when the seat has no option. The returned action is checked to be
    one of the options (an agent cannot invent a move).
    """
    options = options_of(game, state, seat)
    if not options:
        return None
    action = agent.choose(game.view(state, seat), options, rng)
    if action not in options:
        raise ValueError(f"agent {agent!r} chose {action!r}, which is not an option")
    return action


def decide_within(game: Game[Any, Any], state: Any, seat: int, agent: Agent,
                  rng: random.Random, seconds: float | None, now: Now | None = None) -> Any:
    """:func:`decide` with the searches capped at ``seconds`` of wall clock read on the
    caller's clock ``now`` (the bot's cap, :func:`engine.ai.budget.deadline`; ``None``: no
    cap)."""
    with deadline(seconds, now):
        return decide(game, state, seat, agent, rng)
