"""Mortal Kombat's AI levels for :mod:`engine.ai` (``/practice``, ``simulate --agents``).

``normal`` is the greedy agent of :mod:`.agents`, run from the seat's
:class:`~.views.MkView` only: the view is turned into a stand-in state holding what the
greedy rules read (the seat's own hand, KP, penalties, the attack on the table,
modifiers, distance) with nothing hidden in it (the rival's hand and both decks are
empty), and the choice is made among the options the agent is given. ``easy`` plays
normal's choice one time in four, else a random option.

``hard`` (:class:`MkHard`) searches: every option is tried in worlds sampled from the
view (the rival's hand and both deck orders drawn from the kards the view does not
place, :mod:`.ai_search`), the turn is played out with the greedy rules and the end of
the turn evaluated (rounds, KP, kards in hand, initiative); the option with the best mean
wins (a determinized one-ply search, :func:`engine.ai.search.lookahead_choice`). Its
Discard/Draw swaps the kards worth less than the mean of its own remaining deck (not when
behind on KP with the shorter deck: under the Timer Rule that only brings Time closer).
In a Brawl (three to six Kombatants) it runs the Brawl's own search (:mod:`.ai_brawl`:
every seat sampled and played out to the end of the turn). Its Kombatant comes from the
pick table (:mod:`engine.ai.picks`).

``expert`` (:class:`MkExpert`) runs the same models with the one-ply search over as many
sampled worlds as its budget allows (:func:`engine.ai.expert.sampled_choice`).
"""

from __future__ import annotations

import random
from typing import Any

from engine.ai.agent import HalfRandom, ViewAgent
from engine.ai.budget import Budget
from engine.ai.expert import sampled_choice
from engine.ai.picks import best_pick
from engine.ai.search import Model, lookahead_choice
from engine.core import Rng
from engine.games.mortal_kombat.agents import choose
from engine.games.mortal_kombat.ai_brawl import SAMPLES as BRAWL_SAMPLES
from engine.games.mortal_kombat.ai_brawl import BrawlModel
from engine.games.mortal_kombat.ai_search import MkModel, kard_value, unseen
from engine.games.mortal_kombat.model import Act, Fighter, MkState, Options
from engine.games.mortal_kombat.views import MkView


def stand_in(view: MkView) -> MkState:
    """A state with only what ``view`` shows (the viewer's hand; no rival hand, no deck)."""
    fighters = [Fighter(kombatant=f.kombatant, kp=f.kp, rounds=f.rounds, losses=f.losses,
                        penalty=f.penalty, discard=list(f.discard),
                        hand=list(view.hand or []) if s == view.viewer else [])
                for s, f in enumerate(view.fighters)]
    brawl = dict(  # a Brawl's public board (defaults with two Kombatants)
        brawl=view.brawl, aim=view.aim, turn_starter=view.turn_starter,
        groups=[list(g) for g in view.groups],
        out=[s for s, f in enumerate(view.fighters) if f.out],
        down=[s for s, f in enumerate(view.fighters) if f.down],
        spent=[s for s, f in enumerate(view.fighters) if f.spent])
    return MkState.model_validate(dict(
        game="mortal_kombat", seats=len(fighters), rng=Rng(seed=0), **brawl,
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


class MkEasy(HalfRandom):
    """Three times in four a random option, otherwise the greedy choice (half random, the
    normal level beat it only about 65-70% of the time)."""

    view_model = MkView
    steady = MkGreedy
    random_share = 0.75


def hard_discard(view: MkView, options: list[Act]) -> Act:
    """Swap up to two kards worth less than the mean kard left in one's own deck, unless
    behind on KP with the shorter deck under the Timer Rule (a swap runs the clock)."""
    me = view.viewer
    assert me is not None
    rival_kp = view.fighters[1 - me].kp
    from engine.games.mortal_kombat.ai_search import deck_size

    pool = unseen(view, me, deck_size(view))
    mine, theirs = view.fighters[me], view.fighters[1 - me]
    behind = view.timer == "timer" and mine.kp < theirs.kp \
        and mine.deck_count <= theirs.deck_count
    if not pool or behind:  # behind on KP: a swap would only bring Time closer
        return options[0]
    mean = sum(kard_value(k, rival_kp) for k in pool) / len(pool)
    worst = sorted((kard_value(k, rival_kp), k) for k in view.hand or [])
    junk = [k for v, k in worst if v < mean - MARGIN][:2]
    wanted = Act.of(kind="dd", a=junk[0] if junk else None,
                    b=junk[1] if len(junk) > 1 else None)
    if len(junk) == 2 and junk[1] < junk[0]:
        wanted = Act.of(kind="dd", a=junk[1], b=junk[0])
    return wanted if wanted in options else options[0]


MARGIN = 0.5
"""How much worse than the deck's mean a kard must be to be swapped."""
SAMPLES = 8
"""Sampled worlds per decision."""


class MkHard(ViewAgent):
    """Determinized one-ply search over worlds sampled from the view (see the module);
    a Brawl's own search (:mod:`.ai_brawl`) with three or more Kombatants."""

    view_model = MkView
    level = "hard"

    def pick(self, view: Any, options: list[Any], rng: random.Random) -> Any:
        """The Kombatant from the pick table; the Discard/Draw rule (two Kombatants);
        otherwise the searched option."""
        if view.phase == "pick" or view.viewer is None:
            return best_pick("mortal_kombat", options, rng)
        if len(options) == 1:
            return options[0]
        brawl = len(view.fighters) > 2
        if view.phase == "discard":
            return MkGreedy().pick(view, options, rng) if brawl \
                else hard_discard(view, options)
        stepped = view.phase == "act" and view.level == "advanced" and not any(
            a.kind == "step" for a in options)
        model: Model = BrawlModel(stepped) if brawl else MkModel(stepped)
        return self.search(model, view, list(options), rng, BRAWL_SAMPLES if brawl
                           else SAMPLES)

    def search(self, model: Model, view: MkView, options: list[Any], rng: random.Random,
               samples: int) -> Any:
        """Determinized one-ply search, ``samples`` worlds per option."""
        assert view.viewer is not None
        return lookahead_choice(model, view, view.viewer, options, rng, samples)


class MkExpert(MkHard):
    """The hard level's searches over as many sampled worlds as the budget
    allows (:func:`engine.ai.expert.sampled_choice`)."""

    level = "expert"
    iterations = 300

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget(self.iterations)

    def search(self, model: Model, view: MkView, options: list[Any], rng: random.Random,
               samples: int) -> Any:
        """One-ply search over sampled worlds, on the budget."""
        assert view.viewer is not None
        return sampled_choice(model, view, view.viewer, options, rng, self.budget.clock())


AGENTS: dict[str, type] = {"easy": MkEasy, "normal": MkGreedy, "hard": MkHard,
                           "expert": MkExpert}
"""The levels :mod:`engine.ai.registry` picks up."""
