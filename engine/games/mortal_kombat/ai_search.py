"""Determinized search for Mortal Kombat's ``hard`` level: worlds sampled from a view.

:class:`MkModel` is the :class:`engine.ai.search.Model` of the game. Its sampler builds a
full :class:`~.model.MkState` from a seat's :class:`~.views.MkView` only: the seat's own
hand is known; each deck is the Kombatant's preconstructed deck less the kards the view
shows (hands known, discard piles, the kards on the table), and the rival's hand and both
deck orders are drawn at random from what is left. A rival's committed Discard/Draw is
taken back. Rollouts play every seat with the greedy rules of :mod:`.agents` (fast, and
they read a seat's own hand only) until the end of the turn; the evaluation weighs
rounds, KP, the value of the kards in hand and the initiative, the last two less and the KP
lead more as the Timer Rule's clock (the shorter deck) runs down.

:func:`kard_value` is also the ``hard`` Discard/Draw rule: a kard worth less than the
mean of what is left in the seat's own deck is swapped for a draw (the view shows the
seat's whole deck composition, not its order).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Hashable
from typing import Any

from engine.core import Rng
from engine.core.game import Game
from engine.games.mortal_kombat.agents import choose
from engine.games.mortal_kombat.data import kard
from engine.games.mortal_kombat.decks import precon
from engine.games.mortal_kombat.model import (
    Exchange,
    Fighter,
    MkState,
    Options,
)
from engine.games.mortal_kombat.rules import GAME
from engine.games.mortal_kombat.views import MkView

INITIATIVE_W = 1.5
"""Holding the initiative at the horizon, in KP."""
HAND_W = 0.45
"""A point of :func:`kard_value` in hand, in KP."""
SCALE = 15.0
"""A KP lead (hands and initiative counted) that makes the round about 88% won."""


CLOCK_KARDS = 16
"""Kards left in the shorter deck from which the Timer Rule starts to loom."""


def clock(state: MkState) -> float:
    """How much of the round is left, in ``(0, 1]``: under the Timer Rule the round ends
    (most KP wins) when a deck runs out, so as the shorter deck runs low a KP lead
    decides more and the kards in hand and the initiative matter less."""
    if state.options.timer != "timer":
        return 1.0
    shortest = min(len(f.deck) for f in state.fighters)
    return max(min(shortest / CLOCK_KARDS, 1.0), 0.05)


def match_chance(mine: int, theirs: int, p: float) -> float:
    """The chance to win a first-to-two-rounds match at ``mine``-``theirs`` rounds when
    the current round is won with chance ``p`` and any later one with chance 1/2."""
    if mine >= 2 or theirs >= 2:
        return 1.0 if mine > theirs else 0.0 if theirs > mine else 0.5
    win = match_chance(mine + 1, theirs, 0.5)
    lose = match_chance(mine, theirs + 1, 0.5)
    return p * win + (1 - p) * lose


def kard_value(kid: str, rival_kp: int) -> float:
    """What a kard in hand is worth (about KP it will deal or save)."""
    k = kard(kid)
    if k.finisher in ("fatality", "babality"):
        return 6.0 if rival_kp <= 12 else 0.5
    if k.finisher == "friendship":
        return 1.0
    if k.is_attack:
        value = float((k.strength or 0) * (1 + (k.hits - 1) * 0.6)) + 0.4 * (k.speed or 0)
        if k.has("stun") or k.has("followup"):
            value += 1.5
        return value
    if k.type == "defense":
        if k.defense == "breaker":
            return 2.5
        if k.defense == "counter":
            return 3.5
        return 2.0 + 0.4 * ((k.speed or 0) - 5)
    if k.type == "kombo":
        return 3.0
    return 2.5  # a Special Effect


def table_kards(ex: Exchange | None, seat: int) -> list[str]:
    """``seat``'s kards lying on the exchange (neither in hand nor discarded yet)."""
    if ex is None:
        return []
    if ex.attacker == seat:
        return [*([] if ex.copied else [ex.kard]), *([ex.kombo] if ex.kombo else []),
                *ex.se, *ex.extra]
    return [*ex.dse, *([ex.defense] if ex.defense else [])]


def unseen(view: MkView, seat: int, size: int) -> list[str]:
    """The kards of ``seat``'s deck the viewer cannot place (its deck, and its hand when
    it is the rival's): the precon of its Kombatant less the kards the view shows."""
    f = view.fighters[seat]
    pool = Counter(precon(f.kombatant or "", size).ids())
    shown = [*f.discard, *table_kards(view.exchange, seat)]
    if seat == view.viewer:
        shown += list(view.hand or [])
    pool.subtract(shown)
    return sorted(pool.elements())


def deck_size(view: MkView) -> int:
    """The match's deck size (50 or 60), read from the viewer's own kard counts."""
    me = view.fighters[view.viewer or 0]
    total = me.hand_count + me.deck_count + len(me.discard) + len(
        table_kards(view.exchange, view.viewer or 0))
    return 60 if total > 55 else 50


def _draw(pool: list[str], n: int, rng: random.Random) -> list[str]:
    """``n`` kards taken at random from ``pool`` (short pools are padded from a copy)."""
    rng.shuffle(pool)
    out = [pool.pop() for _ in range(min(n, len(pool)))]
    while len(out) < n:  # a built deck the precon does not match: guess from the pool
        out.append(rng.choice(out or ["b01"]))
    return out


def sample_state(view: MkView, rng: random.Random, stepped: bool = False) -> MkState:
    """A full state consistent with ``view`` (the viewer's seat; hidden kards drawn)."""
    me = view.viewer
    assert me is not None and view.phase != "pick"
    size = deck_size(view)
    fighters = []
    for s, fv in enumerate(view.fighters):
        pool = unseen(view, s, size)
        hand = list(view.hand or []) if s == me else _draw(pool, fv.hand_count, rng)
        deck = _draw(pool, fv.deck_count, rng)
        fighters.append(Fighter(kombatant=fv.kombatant, kp=fv.kp, rounds=fv.rounds,
                                losses=fv.losses, penalty=fv.penalty, discard=list(fv.discard),
                                hand=hand, deck=deck,
                                decklist=precon(fv.kombatant or "", size).ids()))
    ex = view.exchange.model_copy(deep=True) if view.exchange else None
    phase = view.phase
    timer = view.timer
    state = MkState(
        game="mortal_kombat", seats=2, rng=Rng(seed=rng.getrandbits(48)),
        options=Options(level=view.level, kp=view.start_kp, timer=timer,
                        deck_size=size),
        phase=phase, fighters=fighters, initiative=view.initiative,
        starter=view.initiative, distance=view.distance or "ranged", stepped=stepped,
        exchange=ex, modifiers=[m.model_copy() for m in view.modifiers], round=view.round,
        turn=view.turn, round_winners=[None] * (view.round - 1),
        time_up=timer == "timer" and any(f.deck_count == 0 for f in view.fighters),
        followup_for=me if phase == "followup" else None, turn_starter=view.turn_starter)
    return state


class MkModel:
    """Mortal Kombat for :mod:`engine.ai.search` (one-turn horizon)."""

    game: Game[Any, Any] = GAME

    def __init__(self, stepped: bool = False) -> None:
        self.stepped = stepped

    def sample(self, view: MkView, rng: random.Random) -> MkState:
        """A world consistent with ``view`` (see :func:`sample_state`)."""
        return sample_state(view, rng, self.stepped)

    def evaluate(self, state: MkState, seat: int) -> float:
        """``2 P - 1``, ``P`` the chance to win the match (two rounds) from the rounds won
        and ``p``, the chance to win the current round (later rounds even): ``p`` grows
        with the KP lead, the value of the kards in hand and the initiative; a round that
        has just begun (no KP lost yet) counts as even."""
        if state.result is not None:
            winners = state.result.winners
            if len(winners) != 1:
                return 0.0
            return 1.0 if seat in winners else -1.0
        me, foe = state.fighters[seat], state.fighters[1 - seat]
        start = state.options.kp
        x, scale = 0.0, SCALE
        if not (state.turn == 1 and me.kp == foe.kp == start and state.exchange is None):
            left = clock(state)
            x = float(me.kp - foe.kp)
            x += left * HAND_W * (sum(kard_value(k, foe.kp) for k in me.hand)
                                  - sum(kard_value(k, me.kp) for k in foe.hand))
            x += left * (INITIATIVE_W if state.initiative == seat else -INITIATIVE_W)
            scale = max(SCALE * left, 2.0)
        return 2.0 * match_chance(me.rounds, foe.rounds, 0.5 + 0.5 * math.tanh(x / scale)) - 1


    def policy(self, state: MkState, seat: int, rng: random.Random) -> Any:
        """The greedy rules (they read the seat's own hand and the public board)."""
        return choose(state, seat, GAME.legal(state, seat))

    def done(self, state: MkState, start: MkState) -> bool:
        """A rollout stops at the end of the turn (or of the round)."""
        return state.turns_played > start.turns_played or state.round != start.round

    def column(self, action: Any) -> Hashable:
        """An action's own id."""
        return str(action.aid)
