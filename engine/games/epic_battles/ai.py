"""Epic Battles' AI levels for :mod:`engine.ai` (``/practice``, ``simulate --agents``).

Every level reads only its seat's :class:`~.views.EbView` (a :class:`ViewAgent` refuses
any other input, a state included) and chooses among the options it is given.

* ``normal``: the greedy agent of :mod:`.agent`, run on a *stand-in* state built from the
  view alone (:func:`rebuild`: the seat's own hand and set events, the public piles and
  counts, the attack in the arena, floating effects; the rival's hand and both decks
  are empty there, so nothing hidden can be read).
* ``easy``: half the time the greedy move, otherwise a random option.
* ``hard``: a determinized search over the view. At the Battle decisions (attack or
  pass, combo links, blocks, "when you attack" flips) each option is played in
  ``SAMPLES`` sampled states (:func:`sample`: the rival's hand, face-down events and both
  decks' order drawn from the cards the view does not show) and played out by the greedy
  policy to the end of the turn, then scored (:func:`evaluate`: the health bars, energy
  and cards in hand). The simultaneous Set commit is solved as a matrix game over sampled
  states (:func:`engine.ai.search.matrix_choice`, linear programming, a mixed strategy).
  The other decisions are the greedy agent's. Its character comes from the pick table
  (:mod:`engine.ai.picks`).
* ``expert``: the same searches on a budget of rollouts (or seconds, in the bot): the
  one-ply search over as many sampled states as the budget allows at the Battle
  decisions, and the Set matrix averaged over as many sampled states as it allows
  (:mod:`engine.ai.expert`).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Hashable
from typing import Any

from engine.ai.agent import HalfRandom, ViewAgent
from engine.ai.budget import Budget
from engine.ai.expert import matrix_search, sampled_choice
from engine.ai.picks import best_pick
from engine.ai.search import lookahead_choice, matrix_choice
from engine.core import Rng
from engine.core.game import Game
from engine.games.epic_battles.agent import best, value
from engine.games.epic_battles.agent import choose as greedy_choose
from engine.games.epic_battles.data import Effect, characters, decklist, precons
from engine.games.epic_battles.effects import card
from engine.games.epic_battles.model import (
    OPENING,
    Ask,
    EbState,
    Float,
    Kami,
    Options,
    SetCards,
    SetEvent,
    Side,
    Strike,
    Task,
)
from engine.games.epic_battles.rules import GAME
from engine.games.epic_battles.views import EbView

SAMPLES = 6
"""Sampled hidden states per option of a Battle decision (hard)."""
SET_SAMPLES = 2
"""Sampled hidden states per cell of the Set matrix (hard)."""
SEARCHED = ("act", "link", "block", "flip")
"""The decisions the hard level searches (the rest are the greedy agent's)."""


def _take(pool: Counter[str], cards: list[str]) -> None:
    for c in cards:
        if pool[c] > 0:
            pool[c] -= 1


def _unseen(view: EbView, seat: int) -> list[str]:
    """The cards of ``seat``'s (precon) deck list that the view does not place
    anywhere: its deck, plus the rival's hand and face-down events for a rival."""
    side = view.sides[seat]
    if side.character is None:
        return []
    pool = Counter(decklist(precons()[side.character]))
    _take(pool, side.discard + side.energy + side.set_known)
    _take(pool, [k.card for s in view.sides for k in s.kamidogu if k.owner == seat])
    if seat == view.viewer:
        _take(pool, list(view.my_hand or []))
        _take(pool, [c for c in view.my_set or [] if c not in side.set_known])
    st = view.strike
    if st is not None:
        _take(pool, [st.card] if st.seat == seat else list(st.blocks))
    _take(pool, list(view.flipped))
    return list(pool.elements())


def _draw(pool: list[str], n: int, rng: random.Random | None,
          want: str | None = None) -> list[str]:
    """``n`` cards taken from ``pool`` (at random; ``want``: that card type first),
    padded from the pool's own cards if it runs short (an unknown custom deck)."""
    if rng is None or n <= 0:
        return []
    rng.shuffle(pool)
    if want is not None:
        pool.sort(key=lambda c: card(c).type != want)
    out, rest = pool[:n], pool[n:]
    pool[:] = rest
    while len(out) < n:
        out.append(rng.choice(out or ["jab"]))
    return out


def _asks(view: EbView) -> tuple[list[Ask], list[Task]]:
    """The pending decision and the flow's next micro-steps, for the decisions the hard
    level searches (read from the view's prompt kind, phase and arena)."""
    seat = view.viewer
    assert seat is not None
    kind = view.asked
    if kind in ("act", "link"):
        return [Ask.of(kind=kind, seat=seat)], []
    if kind == "block":
        return [Ask.of(kind="block", seat=seat)], [Task.of(kind="step")]
    if kind == "flip" and view.strike is not None:
        return [Ask.of(kind="flip", seat=seat, window="attack")], [Task.of(kind="step")]
    if kind == "flip":
        rival = 1 - seat
        rest = [Task.of(kind="flip_window", seat=rival, source="draw")] \
            if view.aggressor == seat else []
        a, d = view.aggressor, 1 - view.aggressor
        rest += [Task.of(kind="draw", seat=s) for s in (a, d) for _ in range(OPENING)]
        return [Ask.of(kind="flip", seat=seat, window="draw")], [*rest,
                                                              Task.of(kind="enter_set")]
    return [], []


def _strike(view: EbView) -> Strike | None:
    st = view.strike
    if st is None:
        return None
    extra = 0  # the attacker's "chips 1 more" ability (public: its character's text)
    cid = view.sides[st.seat].character
    sub = card(st.card).subtype
    if cid is not None:
        extra = sum(e.n for a in characters()[cid].abilities if a.trigger == "play"
                    and a.subtype in (None, sub) for e in a.effects if e.type == "chip")
    return Strike(seat=st.seat, card=st.card, index=st.index, step=st.step, bonus=st.bonus,
                  chip=extra, blocks_needed=st.blocks_needed,
                  no_lower=st.blocks_needed > 1, unblockable=st.unblockable,
                  blocks=list(st.blocks))


def rebuild(view: EbView, rng: random.Random | None = None) -> EbState:
    """A state holding only what ``view`` shows; with ``rng``, the hidden parts (the
    rival's hand and face-down events, both decks' order) are drawn at random from the
    cards the view does not place, and the flow is set up to go on from this decision.
    Without ``rng`` they are left empty (the greedy agent's stand-in)."""
    me = view.viewer
    assert me is not None
    sides: list[Side] = []
    for s, sv in enumerate(view.sides):
        pool = _unseen(view, s)
        kamis = [Kami(card=k.card, owner=k.owner) for k in sv.kamidogu]
        if s == me:
            hand = list(view.my_hand or [])
            known = list(sv.set_known)
            events = []
            for c in view.my_set or []:
                events.append(SetEvent(card=c, known=c in known))
                if c in known:
                    known.remove(c)
        else:
            hand = _draw(pool, sv.hand_count, rng)
            hidden = _draw(pool, sv.set_count - len(sv.set_known), rng, want="event")
            events = [SetEvent(card=c, known=True) for c in sv.set_known] + \
                [SetEvent(card=c) for c in hidden]
        deck = _draw(pool, sv.deck_count, rng)
        character = sv.character
        sides.append(Side(character=character,
                          decklist=decklist(precons()[character]) if character else [],
                          deck=deck, hand=hand, discard=list(sv.discard),
                          energy=list(sv.energy), events=events, kamidogu=kamis,
                          rounds=sv.rounds))
    asks, todo = _asks(view) if rng is not None else ([], [])
    passes = 1 if view.asked == "act" and view.log and view.log[-1].endswith(" passes.") \
        else 0
    commits = {me: view.my_commit} if view.my_commit is not None else {}
    state = EbState(
        game="epic_battles", seats=2, rng=Rng(seed=rng.getrandbits(32) if rng else 0),
        options=Options(),
        phase=view.phase, sides=sides, round=view.round, turn=view.turn,
        aggressor=view.aggressor, actor=me, passes=passes, commits=commits, asks=asks,
        todo=todo, strike=_strike(view),
        floats=[Float(seat=f.seat, effect=Effect(type=f.type, n=f.n),
                      source=f.source) for f in view.floats],
        round_winners=[list(w) for w in view.round_winners], log=list(view.log))
    return state


def evaluate(state: EbState, seat: int, start_rounds: int) -> float:
    """How good ``state`` is for ``seat`` in ``[-1, 1]``: a round won or lost since the
    search began counts fully; otherwise the health bars (decks), then energy and cards
    in hand and set, squashed."""
    if len(state.round_winners) > start_rounds:
        won = state.round_winners[start_rounds]
        return 0.0 if len(won) == 2 else (1.0 if seat in won else -1.0)
    me, rival = state.sides[seat], state.sides[1 - seat]
    x = (len(me.deck) - len(rival.deck)) \
        + 0.4 * (len(me.energy) - len(rival.energy)) \
        + 0.3 * (sum(value(c) for c in me.hand) - sum(value(c) for c in rival.hand)) \
        + 0.6 * (len(me.events) - len(rival.events))
    health = max(1, min(len(me.deck), len(rival.deck)))
    return math.tanh(x / (4.0 + 0.2 * health))


class SearchModel:
    """The :class:`engine.ai.search.Model` of Epic Battles: sampled from the view,
    played out by the greedy policy to the end of the turn."""

    game: Game[Any, Any] = GAME

    def __init__(self, rounds_at_start: int) -> None:
        self.rounds_at_start = rounds_at_start

    def sample(self, view: EbView, rng: random.Random) -> EbState:
        """A full state consistent with ``view`` (see :func:`rebuild`)."""
        return rebuild(view, rng)

    def evaluate(self, state: EbState, seat: int) -> float:
        """See :func:`evaluate`."""
        return evaluate(state, seat, self.rounds_at_start)

    def policy(self, state: EbState, seat: int, rng: random.Random) -> Any:
        """The greedy agent's move in the sampled state."""
        return greedy_choose(GAME, state, seat)

    def done(self, state: EbState, start: EbState) -> bool:
        """The turn (or the round) is over."""
        return state.turns_played > start.turns_played or state.round != start.round

    def column(self, action: Any) -> Hashable:
        """A rival's Set: how many cards it sets (its hand is a sample)."""
        mask = getattr(action, "mask", 0)
        return (type(action).__name__, bin(mask).count("1"))


class NormalAgent(ViewAgent):
    """The greedy agent (:mod:`.agent`) on the view's stand-in state."""

    view_model = EbView
    level = "normal"

    def pick(self, view: EbView, options: list[Any], rng: random.Random) -> Any:
        """A random character at the pick; otherwise the greedy choice among ``options``."""
        if view.phase == "pick" or view.viewer is None:
            return rng.choice(options)
        return best(rebuild(view), view.viewer, list(options))


class EasyAgent(HalfRandom):
    """Half the time the greedy move, otherwise a random option."""

    view_model = EbView
    steady = NormalAgent


class HardAgent(ViewAgent):
    """Determinized one-ply search at Battle; a mixed strategy at the Set commit."""

    view_model = EbView
    level = "hard"

    def pick(self, view: EbView, options: list[Any], rng: random.Random) -> Any:
        """See the module's docstring."""
        if view.phase == "pick" or view.viewer is None:
            return best_pick(GAME.id, options, rng)
        if len(options) == 1:
            return options[0]
        model = SearchModel(len(view.round_winners))
        if view.asked in SEARCHED:
            return self.sequential(model, view, list(options), rng)
        if view.phase == "set" and isinstance(options[0], SetCards):
            return self.simultaneous(model, view, list(options), rng)
        return best(rebuild(view), view.viewer, list(options))

    def sequential(self, model: SearchModel, view: EbView, options: list[Any],
                   rng: random.Random) -> Any:
        """A Battle decision: determinized one-ply search."""
        assert view.viewer is not None
        return lookahead_choice(model, view, view.viewer, options, rng, SAMPLES)

    def simultaneous(self, model: SearchModel, view: EbView, options: list[Any],
                     rng: random.Random) -> Any:
        """The Set commit: a small sampled matrix game."""
        assert view.viewer is not None
        return matrix_choice(model, view, view.viewer, options, rng, SET_SAMPLES,
                             max_cols=3, max_rows=4)


class ExpertAgent(HardAgent):
    """The hard searches on a budget (:mod:`engine.ai.expert`)."""

    level = "expert"
    iterations = 80

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget(self.iterations)

    def sequential(self, model: SearchModel, view: EbView, options: list[Any],
                   rng: random.Random) -> Any:
        """One-ply search over sampled states, on the budget."""
        assert view.viewer is not None
        return sampled_choice(model, view, view.viewer, options, rng, self.budget.clock())

    def simultaneous(self, model: SearchModel, view: EbView, options: list[Any],
                     rng: random.Random) -> Any:
        """The Set matrix over as many sampled states as the budget allows."""
        assert view.viewer is not None
        return matrix_search(model, view, view.viewer, options, rng, self.budget.clock(),
                             max_cols=4, max_rows=6, screen_samples=2)


AGENTS: dict[str, type[ViewAgent]] = {
    "easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent, "expert": ExpertAgent,
}
"""The levels of this game (:mod:`engine.ai.registry`)."""
