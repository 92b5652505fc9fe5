"""World of Fighters' AI: the sampler, evaluation and rollout policy the agents search with.

The sampler rebuilds a full state from a seat's :class:`WofView` only: the rival's hand,
its face-down Action card and the deck order are drawn at random from the cards the view
does not show (the whole deck minus the seat's own hand and table card). A rival that has
already committed has its commit taken back: the turn's choice stays simultaneous.

Agents (see :mod:`engine.ai`): ``easy`` (mostly random, else the greedy rule), ``normal``
(greedy rules from the view), ``hard`` (the commit solved as a matrix game by linear
programming over sampled states; moves and counters by determinized search; the
character from the pick table), ``expert`` (the same searches on a budget of rollouts or
seconds, :mod:`engine.ai.expert`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from typing import Any

from engine.ai.agent import ViewAgent
from engine.ai.budget import Budget
from engine.ai.expert import matrix_search, sampled_choice
from engine.ai.picks import best_pick
from engine.ai.search import lookahead_choice, matrix_choice
from engine.core.game import Game
from engine.core.rng import Rng
from engine.games.world_of_fighters.board import (
    distance,
    legal_directions,
    on_edge,
    range_modifier,
    step,
)
from engine.games.world_of_fighters.data import Card, characters, full_deck
from engine.games.world_of_fighters.model import (
    SUPER_HP,
    SUPER_SCORE,
    Commit,
    Counter,
    Fighter,
    Move,
    Options,
    Pending,
    WofState,
)
from engine.games.world_of_fighters.rules import GAME
from engine.games.world_of_fighters.views import WofView


def _take(pool: list[Card], n: int) -> list[Card]:
    out, pool[:] = pool[:n], pool[n:]
    return out


class WofModel:
    """Sampler, evaluation and policy of World of Fighters (see :mod:`engine.ai.search`)."""

    game: Game[Any, Any] = GAME

    def sample(self, view: WofView, rng: random.Random) -> WofState:
        """A full state consistent with ``view`` (the seat's own view)."""
        me = view.viewer
        assert me is not None and view.my_hand is not None
        rival = 1 - me
        pool = full_deck()
        for c in [*view.my_hand, *([view.my_table_card] if view.my_table_card else [])]:
            pool.remove(c)
        rng.shuffle(pool)
        fighters = []
        for fv in view.fighters:
            hand = list(view.my_hand) if fv.seat == me else _take(pool, fv.hand_count)
            fighters.append(Fighter(
                character=fv.character, hp=fv.hp, pos=fv.pos, prev_pos=fv.prev_pos,
                hand=hand, last_move=fv.last_move, super_used=fv.super_used,
                bouts_won=fv.bouts_won))
        table: dict[int, Card] = {}
        called: dict[int, bool] = {}
        queue: list[Pending] = []
        rv = view.last_reveal.model_copy(deep=True) if view.last_reveal else None
        if view.phase == "move" and rv is not None and view.my_table_card is not None:
            table = {me: view.my_table_card, rival: _take(pool, 1)[0]}
            called = {s: rv.supers[s] for s in (0, 1)}
            queue = [Pending(kind="move", seat=s) for s in (rv.first, 1 - rv.first)
                     if rv.directions[s] is None]
        elif view.phase == "counter":  # the cards are scored: on the discard pile
            queue = [Pending(kind="counter", seat=s) for s in view.to_act]
        deck = _take(pool, view.deck_count)
        commits: dict[int, Commit] = {}
        if view.phase == "commit" and view.my_commit is not None \
                and view.my_commit.card is not None and view.my_commit.move is not None:
            commits[me] = Commit(move=view.my_commit.move, card=view.my_commit.card,
                                 call_super=view.my_commit.call_super)
        return WofState(
            game=GAME.id, seats=2, version=view.version, rng=Rng(seed=rng.getrandbits(48)),
            options=Options(bouts=view.bouts), phase=view.phase, fighters=fighters,
            deck=deck, discard=pool, commits=commits, table=table, called=called,
            queue=queue, bout=view.bout, turn=view.turn, first=view.first, reveal=rv,
            bout_winners=list(view.bout_winners))

    def evaluate(self, state: WofState, seat: int) -> float:
        """Won/lost, bouts, HP, the edge under a live super, one's own super in hand."""
        if state.result is not None:
            if seat in state.result.winners and len(state.result.winners) == 1:
                return 1.0
            return 0.0 if len(state.result.winners) != 1 else -1.0
        me, foe = state.fighters[seat], state.fighters[1 - seat]
        x = 1.2 * (me.bouts_won - foe.bouts_won)
        x += (me.hp - foe.hp) / 6.0
        x += self._danger(state, 1 - seat) - self._danger(state, seat)
        return math.tanh(x)

    @staticmethod
    def _danger(state: WofState, seat: int) -> float:
        """How exposed ``seat`` is: on the edge while the rival's super is available."""
        f, foe = state.fighters[seat], state.fighters[1 - seat]
        x = 0.0
        if not foe.super_used and foe.hp <= SUPER_HP + 3:
            x += 0.6 if on_edge(f.pos) else 0.0
            x += 0.25 if foe.hp <= SUPER_HP else 0.0
        return x

    def done(self, state: WofState, start: WofState) -> bool:
        """A rollout stops at the next turn's commit (or a new bout)."""
        return state.phase == "commit" and (
            state.turns_played > start.turns_played or state.bout != start.bout)

    def column(self, action: Any) -> Hashable:
        """A rival commit is its own class (the same cards exist in every sample)."""
        return str(action.aid)

    # ----------------------------------------------------------------- the policy
    def policy(self, state: WofState, seat: int, rng: random.Random) -> Any:
        """Commit at random (supers and attacks preferred), move greedily, counter hard."""
        legal: list[Any] = GAME.legal(state, seat)
        first = legal[0]
        if isinstance(first, Commit):
            sup = [a for a in legal if isinstance(a, Commit) and a.call_super]
            if sup and rng.random() < 0.7:
                return rng.choice(sup)
            weights = [0.6 if a.card == "block" else 1.0 for a in legal]
            return rng.choices(legal, weights)[0]
        if isinstance(first, Move):
            return max(legal, key=lambda a: (self._move_score(state, seat, a.direction),
                                              rng.random()))
        if isinstance(first, Counter):
            return max(legal, key=lambda a: self._counter_damage(state, seat, a.card))
        return rng.choice(legal)

    @staticmethod
    def _attack(state: WofState, seat: int, card: Card | None, rng_: int) -> float:
        if card is None or state.fighters[seat].character is None:
            return 0.0
        ch = characters()[state.fighters[seat].character or ""]
        if state.called.get(seat) and rng_ == ch.super.range:
            return SUPER_SCORE + 2.0
        mod = range_modifier(card, rng_, ch.reach)
        return float(ch.stat(card) + mod) if mod > 0 else 0.0

    def _move_score(self, state: WofState, seat: int, direction: Any) -> float:
        assert state.reveal is not None
        n = state.reveal.moves[seat]
        me, foe = state.fighters[seat], state.fighters[1 - seat]
        pos = step(me.pos, direction, n)
        r = distance(pos, foe.pos)
        mine = self._attack(state, seat, state.table.get(seat), r)
        theirs = self._attack(state, 1 - seat, state.table.get(1 - seat), r)
        if state.table.get(1 - seat) == "block":
            mine = max(0.0, mine - 1.5)
        if state.table.get(seat) == "block":
            theirs = max(0.0, theirs - 1.5)
        edge = 2.0 if on_edge(pos) and not foe.super_used and foe.hp <= SUPER_HP else 0.0
        return mine - theirs - edge - 0.1 * abs(pos[0] - 3) - 0.1 * abs(pos[1] - 3)

    def _counter_damage(self, state: WofState, seat: int, card: Card | None) -> float:
        if card is None:
            return 0.0
        ch = characters()[state.fighters[seat].character or ""]
        r = distance(state.fighters[0].pos, state.fighters[1].pos)
        return float(ch.stat(card) + range_modifier(card, r, ch.reach))


MODEL = WofModel()


class WofAgent(ViewAgent):
    """Base of World of Fighters' agents: picks a character at random, else searches."""

    view_model = WofView
    samples = 4

    def pick(self, view: Any, options: list[Any], rng: random.Random) -> Any:
        """The character by :meth:`character`; the rest by :meth:`play`."""
        if view.phase == "pick":
            return self.character(options, rng)
        if len(options) == 1:
            return options[0]
        return self.play(view, options, rng)

    def character(self, options: list[Any], rng: random.Random) -> Any:
        """At random (easy and normal: balance tables stay fair)."""
        return rng.choice(options)

    def play(self, view: WofView, options: list[Any], rng: random.Random) -> Any:
        """A decision after the pick: greedy one-ply search."""
        assert view.viewer is not None
        return lookahead_choice(MODEL, view, view.viewer, options, rng, self.samples)


class EasyAgent(WofAgent):
    """Mostly a random option (``random_share`` of the time), else the greedy rule
    (:func:`greedy_value`). The normal level beats random play only about 78% of the
    time, so a half-random easy level played almost as well as it (normal won 57%; with
    3 random moves in 4, 64%; with 9 in 10, 73%: ``bench/ai_bench.py``)."""

    level = "easy"
    random_share = 0.9

    def play(self, view: WofView, options: list[Any], rng: random.Random) -> Any:
        """A biased coin decides between random and the greedy rule."""
        if rng.random() < self.random_share:
            return rng.choice(options)
        return max(options, key=lambda a: (greedy_value(view, a), rng.random()))


class NormalAgent(WofAgent):
    """Greedy rules from the view: the commit whose card scores best at a range the move
    can reach, the direction that makes one's own card score best, the strongest counter."""

    level = "normal"

    def play(self, view: WofView, options: list[Any], rng: random.Random) -> Any:
        """One greedy rule per decision."""
        return max(options, key=lambda a: (greedy_value(view, a), rng.random()))


def greedy_value(view: WofView, action: Any) -> float:
    """The normal agent's value of an option (higher is better)."""
    me = view.viewer
    assert me is not None
    mine, foe = view.fighters[me], view.fighters[1 - me]
    roster = characters()
    ch = roster[mine.character or ""]
    their = roster[foe.character or ""]

    def score(card: Card | None, r: int, who: Any = ch) -> float:
        if card is None or card == "block":
            return 0.0
        mod = range_modifier(card, r, who.reach)
        return float(who.stat(card) + mod) if mod > 0 else 0.0

    threat = max(score(c, view.range, their) for c in ("punch", "kick", "grapple"))
    if isinstance(action, Commit):
        reach = {distance(step(mine.pos, d, action.move), foe.pos)
                 for d in legal_directions(mine.pos, foe.pos, action.move)} or {view.range}
        if action.card == "block":
            return min(float(ch.block), threat) - 0.5
        best = max(score(action.card, r) for r in reach)
        if action.call_super and ch.super.range in reach:
            best = SUPER_SCORE + 1.0
        return best
    if isinstance(action, Move):
        assert view.last_reveal is not None
        n = view.last_reveal.moves[me]
        pos = step(mine.pos, action.direction, n)
        r = distance(pos, foe.pos)
        card = view.my_table_card
        value = score(card, r)
        if card is not None and view.last_reveal.supers[me] and r == ch.super.range:
            value = SUPER_SCORE + 1.0
        if card == "block" or value == 0:
            value -= 0.5 * max(score(c, r, their) for c in ("punch", "kick", "grapple"))
        return value - (1.0 if on_edge(pos) else 0.0)
    if isinstance(action, Counter):
        return score(action.card, view.range) if action.card else 0.1
    return 0.0


class HardAgent(WofAgent):
    """The commit as a matrix game (LP over sampled states); moves by determinized search."""

    level = "hard"
    samples = 8
    matrix_samples = 4

    def play(self, view: WofView, options: list[Any], rng: random.Random) -> Any:
        """Matrix game for the commit, lookahead for moves and counters."""
        assert view.viewer is not None
        if view.phase == "commit":
            return matrix_choice(MODEL, view, view.viewer, options, rng,
                                 self.matrix_samples, max_cols=8)
        return lookahead_choice(MODEL, view, view.viewer, options, rng, self.samples)

    def character(self, options: list[Any], rng: random.Random) -> Any:
        """The character with the best measured win rate (:mod:`engine.ai.picks`)."""
        return best_pick(GAME.id, options, rng)


class ExpertAgent(HardAgent):
    """The commit (movement and action, revealed together) as a matrix game over as many
    sampled states as the budget allows, for a mixed strategy; moves and counters by one-ply
    search over sampled states (:mod:`engine.ai.expert`)."""

    level = "expert"
    iterations = 1200

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget(self.iterations)

    def play(self, view: WofView, options: list[Any], rng: random.Random) -> Any:
        """Matrix search for the commit, one-ply search on the budget for the rest."""
        assert view.viewer is not None
        if view.phase == "commit":
            return matrix_search(MODEL, view, view.viewer, options, rng,
                                 self.budget.clock(), max_cols=10, max_rows=12)
        return sampled_choice(MODEL, view, view.viewer, options, rng, self.budget.clock())


AGENTS: dict[str, type[ViewAgent]] = {
    "easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent, "expert": ExpertAgent,
}
"""The levels of World of Fighters' AI (the registry of :mod:`engine.ai` reads this)."""
