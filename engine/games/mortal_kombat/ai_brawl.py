"""Search for a Brawl (three to six Kombatants): worlds sampled from a view, every seat.

A Brawl has its own search, not the two-player one: :class:`BrawlModel` samples a full
:class:`~.model.MkState` of every seat from the viewer's :class:`~.views.MkView` (each
rival's hand and every deck order drawn from the kards the view does not place, as
:func:`.ai_search.sample_state` does for two), with the Brawl's public board (who is out,
down or has spent the action, the aim, the turn's starter, the Hand-to-Hand groups). A
rollout plays every seat with the greedy rules until the end of the turn (every
standing Kombatant has had its action); the evaluation weighs the seat's rounds against
the best rival's, whether it still stands, and its KP and kards in hand against the
standing rivals' (the strongest counting most: the one to beat for the round).

``hard`` tries every option in :data:`SAMPLES` worlds (determinized one-ply search);
``expert`` spends its budget on the same search over more worlds
(:func:`engine.ai.expert.sampled_choice`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import Any

from engine.core.game import Game
from engine.games.mortal_kombat.agents import choose
from engine.games.mortal_kombat.ai_search import kard_value, sample_state
from engine.games.mortal_kombat.model import MkState
from engine.games.mortal_kombat.rules import GAME
from engine.games.mortal_kombat.views import MkView

SAMPLES = 4
"""Sampled worlds per option (hard)."""
HAND_W = 0.35
"""A point of :func:`.ai_search.kard_value` in hand, in KP."""
SCALE = 12.0
"""A KP edge that makes the round about 76% one's own."""


def sample_brawl(view: MkView, rng: random.Random, stepped: bool = False) -> MkState:
    """A full Brawl state consistent with ``view`` (hidden kards of every seat drawn);
    ``stepped``: the acting seat has moved this action (Advanced), as the options show."""
    state = sample_state(view, rng, stepped)
    n = len(view.fighters)
    state.seats = n
    state.brawl = view.brawl
    state.aim = view.aim
    state.turn_starter = view.turn_starter
    state.groups = [list(g) for g in view.groups]
    state.out = [s for s, f in enumerate(view.fighters) if f.out]
    state.down = [s for s, f in enumerate(view.fighters) if f.down]
    state.spent = [s for s, f in enumerate(view.fighters) if f.spent]
    return state


def standing_of(state: MkState) -> list[int]:
    """Seats still fighting this round."""
    return [s for s in range(state.seats)
            if s not in state.out and s not in state.down and s not in state.left]


class BrawlModel:
    """Mortal Kombat's Brawl for :mod:`engine.ai.search` (one-turn horizon)."""

    game: Game[Any, Any] = GAME

    def __init__(self, stepped: bool = False) -> None:
        self.stepped = stepped

    def sample(self, view: MkView, rng: random.Random) -> MkState:
        """See :func:`sample_brawl`."""
        return sample_brawl(view, rng, self.stepped)

    def evaluate(self, state: MkState, seat: int) -> float:
        """In ``[-1, 1]``: the match's result, else rounds, standing, KP and hand."""
        if state.result is not None:
            winners = state.result.winners
            return 1.0 if list(winners) == [seat] else (-1.0 if seat not in winners else 0.0)
        me = state.fighters[seat]
        if seat in state.out:
            return -1.0
        rivals = [s for s in range(state.seats) if s != seat and s not in state.out]
        best_rounds = max((state.fighters[s].rounds for s in rivals), default=0)
        x = 0.6 * (me.rounds - best_rounds)
        up = [s for s in standing_of(state) if s != seat]
        if seat not in standing_of(state):
            return math.tanh(x - 1.0)
        if not up:
            return math.tanh(x + 1.0)

        def strength(s: int) -> float:
            f = state.fighters[s]
            return f.kp + HAND_W * sum(kard_value(k, me.kp) for k in f.hand)
        mine = strength(seat)
        others = sorted((strength(s) for s in up), reverse=True)
        edge = 0.6 * (mine - others[0]) + 0.4 * (mine - sum(others) / len(others))
        return math.tanh(x + edge / SCALE - 0.15 * (len(up) - 1))

    def policy(self, state: MkState, seat: int, rng: random.Random) -> Any:
        """The greedy rules (they read the seat's own hand and the public board)."""
        return choose(state, seat, GAME.legal(state, seat))

    def done(self, state: MkState, start: MkState) -> bool:
        """A rollout stops at the end of the turn (or of the round)."""
        return state.turns_played > start.turns_played or state.round != start.round

    def column(self, action: Any) -> Hashable:
        """An action's own id (no simultaneous choice is searched in a Brawl)."""
        return str(action.aid)
