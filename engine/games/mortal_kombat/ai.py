"""Mortal Kombat's AI level for :mod:`engine.ai` (``/practice``, ``simulate --agents``).

``normal`` (and so ``easy``, half random, and ``hard``, which falls back to it) is the
greedy agent of :mod:`.agents`, run from the seat's :class:`~.views.MkView` only: the view
is turned into a stand-in state holding what the greedy rules read (the seat's own hand,
KP, penalties, the attack on the table, modifiers, distance) with nothing hidden in it
(the rival's hand and both decks are empty), and the choice is made among the options
the agent is given.
"""

from __future__ import annotations

import random
from typing import Any

from engine.ai.agent import ViewAgent
from engine.core import Rng
from engine.games.mortal_kombat.agents import choose
from engine.games.mortal_kombat.model import Fighter, MkState, Options
from engine.games.mortal_kombat.views import MkView


def stand_in(view: MkView) -> MkState:
    """A state with only what ``view`` shows (the viewer's hand; no rival hand, no deck)."""
    fighters = [Fighter(kombatant=f.kombatant, kp=f.kp, rounds=f.rounds, penalty=f.penalty,
                        discard=list(f.discard),
                        hand=list(view.hand or []) if s == view.viewer else [])
                for s, f in enumerate(view.fighters)]
    return MkState.model_validate(dict(
        game="mortal_kombat", seats=2, rng=Rng(seed=0),
        options=Options.model_validate(
            {"level": view.level, "kp": view.start_kp, "timer": view.timer}),
        phase=view.phase, fighters=fighters, initiative=view.initiative,
        distance=view.distance or "ranged",
        exchange=view.exchange.model_copy(deep=True) if view.exchange else None,
        modifiers=[m.model_copy() for m in view.modifiers], round=view.round, turn=view.turn))


class MkGreedy(ViewAgent):
    """The greedy rules of :func:`.agents.choose`, from the seat's view."""

    view_model = MkView
    level = "normal"

    def pick(self, view: Any, options: list[Any], rng: random.Random) -> Any:
        """A random Kombatant at the pick; otherwise the greedy choice among ``options``."""
        if view.phase == "pick" or view.viewer is None:
            return rng.choice(options)
        return choose(stand_in(view), view.viewer, list(options))


AGENTS: dict[str, type] = {"normal": MkGreedy}
"""The levels :mod:`engine.ai.registry` picks up."""
