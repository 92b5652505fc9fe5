"""Sushido's AI: chain memory, the sampler, evaluation, rollout policy and the agents.

Chains are face down to their owner too: an agent remembers the cards it sent to its own
chain (:class:`ChainMemory`, what a player remembers), and forgets what it can no longer
be sure of (a card broken out of it). The sampler rebuilds a full state from a seat's
:class:`SushidoView` (plus that memory) at the Hajime and reveal choices: the rival's
hand, both chains (the remembered one excepted), the discard pile and the deck order are
drawn at random from the cards the view does not show. A rival that has already placed
its cards takes them back: the choice stays simultaneous.

Agents: ``easy`` (half random), ``normal`` (greedy: each Hajime/reveal option played out
against the rollout policy), ``hard`` (Hajime and reveal solved as matrix games by linear
programming over sampled states). Mid-turn decisions (announce, oppose, boost, steps,
breaks, parries, plays, escapes) follow one view-based heuristic for normal and hard.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Hashable
from typing import Any

from engine.ai.agent import ViewAgent
from engine.ai.budget import Budget
from engine.ai.expert import matrix_search
from engine.ai.picks import best_pick
from engine.ai.search import lookahead_choice, matrix_choice
from engine.core.game import Game
from engine.core.rng import Rng
from engine.games.sushido import resolve
from engine.games.sushido.data import content
from engine.games.sushido.effects import contact, full_life
from engine.games.sushido.model import (
    MAX_CHAIN,
    Accept,
    Boost,
    Break,
    Declare,
    Hajime,
    Oppose,
    Parry,
    Play,
    Reveal,
    Seat,
    StepDir,
    Surplus,
    SushidoState,
    UseSuperCombo,
)
from engine.games.sushido.rules import Sushido
from engine.games.sushido.views import SushidoView

GAME: Game[Any, Any] = Sushido()


def symbol(cid: int) -> str:
    """A card's symbol."""
    return content().card(cid).symbol


class ChainMemory:
    """The cards an agent sent to its own chain, in order, while it can be sure of them."""

    def __init__(self) -> None:
        self.chain: list[int] = []
        self.sure = True
        self.pending: list[int] | None = None
        self.round = -1

    def observe(self, view: SushidoView) -> None:
        """Update from a new view of the same seat."""
        me = view.viewer
        assert me is not None and view.me is not None
        size = view.seats[me].chain_size
        if view.round != self.round:
            self.round, self.chain, self.sure, self.pending = view.round, [], True, None
        if self.pending is not None and view.me.commit is None:
            for c in self.pending:
                if len(self.chain) < MAX_CHAIN:
                    self.chain.append(c)
            self.pending = None
        if size == 0:
            self.chain, self.sure = [], True
        elif size != len(self.chain):
            self.sure = False
            self.chain = self.chain[:size]

    def sent(self, commit: list[int], show: str) -> None:
        """The agent revealed ``show`` of ``commit``: the rest goes to its chain."""
        keep = {"none": (), "first": (0,), "second": (1,), "both": (0, 1)}[show]
        self.pending = [c for i, c in enumerate(commit) if i not in keep]

    def known(self) -> list[int] | None:
        """The chain's cards if the agent is sure of them."""
        return list(self.chain) if self.sure else None


class SushidoModel:
    """Sampler, evaluation and policy (see :mod:`engine.ai.search`); one per decision."""

    game: Game[Any, Any] = GAME

    def __init__(self, my_chain: list[int] | None = None) -> None:
        self.my_chain = my_chain

    def sample(self, view: SushidoView, rng: random.Random) -> SushidoState:
        """A full state consistent with ``view`` at a Hajime or reveal choice."""
        me = view.viewer
        assert me is not None and view.me is not None
        rival = 1 - me
        known: list[int] = [c.id for c in view.me.hand]
        mine_commit = [c.id for c in view.me.commit] if view.me.commit is not None else None
        known += mine_commit or []
        for sv in view.seats:
            known += [c.id for c in sv.revealed]
        known += [c.id for c in view.inplay]
        known += [c.id for cs in view.last_reveal for c in cs]
        if view.discard_top is not None:
            known.append(view.discard_top.id)
        my_chain = self.my_chain if self.my_chain is not None \
            and len(self.my_chain) == view.seats[me].chain_size else None
        known += my_chain or []
        known_set = set(known)
        pool = [c for c in range(len(content().cards)) if c not in known_set]
        rng.shuffle(pool)

        def take(n: int) -> list[int]:
            out, pool[:] = pool[:n], pool[n:]
            return out

        rv = view.seats[rival]
        rival_hand = take(rv.hand_count + (2 if rv.committed_cards else 0))
        chains = {me: my_chain if my_chain is not None else take(view.seats[me].chain_size),
                  rival: take(rv.chain_size)}
        discard = take(max(view.discard_count - 1, 0))
        if view.discard_top is not None:
            discard.append(view.discard_top.id)
        deck = take(view.deck_count)
        seats = []
        for sv in view.seats:
            s = sv.seat
            seats.append(Seat(
                fighter=sv.fighter, pick=sv.fighter, life=sv.life, gauge=sv.gauge,
                pos=sv.pos, tokens=sv.tokens,
                hand=[c.id for c in view.me.hand] if s == me else rival_hand,
                chain=chains[s], commit=mine_commit if s == me else None,
                revealed=[c.id for c in sv.revealed], declared=sv.declared,
                answered=sv.answered, guards=sv.guards))
        return SushidoState(
            game=GAME.id, seats=2, version=0, rng=Rng(seed=rng.getrandbits(48)),
            duel=view.duel, target=view.target, phase="hajime", p1=view.p1,
            round=view.round, turn=view.turn, seat=seats, deck=deck, discard=discard,
            inplay=[c.id for c in view.inplay],
            last_reveal=[[c.id for c in cs] for cs in view.last_reveal])

    def evaluate(self, state: SushidoState, seat: int) -> float:
        """Rounds, life, Super, distance to one's own Ring Out edge, a ready combo."""
        if state.result is not None:
            w = state.result.winners
            return 0.0 if len(w) != 1 else (1.0 if seat in w else -1.0)
        x = 0.0
        for s, sign in ((seat, 1.0), (1 - seat, -1.0)):
            me = state.seat[s]
            margin = me.pos + 1 if s == 0 else 8 - me.pos
            v = 1.1 * me.tokens + 1.6 * me.life / max(full_life(state, s), 1)
            v += 0.08 * me.gauge + (0.25 if me.gauge >= 5 else 0.0)
            v += 0.12 * min(margin, 4) - (0.3 if margin <= 1 else 0.0)
            if me.chain and resolve.combo_fits(state, s, me.chain):
                v += 0.1 * len(me.chain)
            x += sign * v
        return math.tanh(x)

    def done(self, state: SushidoState, start: SushidoState) -> bool:
        """A rollout stops at the next turn's Hajime (or a new round)."""
        return state.phase == "hajime" and (state.turn != start.turn
                                            or state.round != start.round)

    def column(self, action: Any) -> Hashable:
        """A rival's Hajime by its card types in order; a reveal by what it shows."""
        if isinstance(action, Hajime):
            return tuple(resolve.ctype(c) for c in action.cards)
        return str(action.aid)

    # ----------------------------------------------------------------- the policy
    def policy(self, state: SushidoState, seat: int, rng: random.Random) -> Any:
        """A fast full-information policy for rollouts."""
        legal: list[Any] = GAME.legal(state, seat)
        sup = GAME.interrupts(state, seat)
        if sup and (resolve.in_danger(state, seat) or rng.random() < 0.5):
            return sup[0]
        if not legal:
            return sup[0]
        first = legal[0]
        me = state.seat[seat]
        if isinstance(first, Hajime | Reveal):  # as the normal agent would, from its view
            view: Any = GAME.view(state, seat)
            legal = [a for a in legal if isinstance(a, Hajime | Reveal)]  # not Place
            return max(legal, key=lambda a: (greedy_worth(view, a), rng.random()))
        if isinstance(first, Declare):
            if any(a.choice == "combo" for a in legal) and resolve.combo_fits(
                    state, seat, me.chain):
                return Declare.of(choice="combo")
            kata = len(me.chain) >= 3 or (contact(state) and len(me.chain) >= 2)
            return Declare.of(choice="kata" if kata else "pass")
        return heuristic(legal, me.gauge, contact(state), seat, rng,
                         rival_chain=len(state.seat[1 - seat].chain))


def heuristic(options: list[Any], gauge: int, in_contact: bool, seat: int,
              rng: random.Random, rival_chain: int) -> Any:
    """The mid-turn choices, from facts every view shows (shared by policy and agents)."""
    first = options[0]
    by_kind = {type(a) for a in options}
    if UseSuperCombo in by_kind and Accept in by_kind:
        return next(a for a in options if isinstance(a, UseSuperCombo))
    if isinstance(first, Oppose):
        return Oppose.of(yes=True) if Oppose.of(yes=True) in options else first
    if isinstance(first, Boost):
        return Boost.of(yes=gauge >= 3 and gauge < 5) if len(options) > 1 else first
    if isinstance(first, StepDir):
        return StepDir.of(dir="adv")
    if isinstance(first, Parry):
        return Parry.of(yes=True) if Parry.of(yes=True) in options else first
    if isinstance(first, Break):
        theirs = [a for a in options if isinstance(a, Break) and a.owner != seat]
        return theirs[-1] if theirs else options[-1]
    if isinstance(first, Play):
        plays = [a for a in options if isinstance(a, Play)]
        want = "break" if rival_chain >= 2 else "guard"
        for a in plays:
            if not a.boost and a.mode in ("", want):
                return a
        return plays[0]
    if isinstance(first, Surplus):
        return first
    plain = [a for a in options if not isinstance(a, UseSuperCombo)]
    return rng.choice(plain or options)


class SushidoAgent(ViewAgent):
    """Base of Sushido's agents: fighters at random, chain memory, shared heuristics."""

    view_model = SushidoView
    samples = 3

    def __init__(self) -> None:
        self.memory = ChainMemory()

    def pick(self, view: Any, options: list[Any], rng: random.Random) -> Any:
        """Fighter by :meth:`fighter`; Hajime/reveal by :meth:`simultaneous`; the rest by
        rules."""
        if view.phase == "pick":
            return self.fighter(options, rng)
        self.memory.observe(view)
        me = view.viewer
        sv = view.seats[me]
        if view.phase in ("hajime", "reveal") and view.me.reveal is None:
            choices = [a for a in options if isinstance(a, Hajime | Reveal)]
            if choices:
                if UseSuperCombo() in options and self.super_now(view):
                    return UseSuperCombo()
                action = self.simultaneous(view, choices, rng) if len(choices) > 1 \
                    else choices[0]
                if isinstance(action, Reveal) and view.me.commit is not None:
                    self.memory.sent([c.id for c in view.me.commit], action.show)
                return action
        if any(isinstance(a, Declare) for a in options):
            return self.declare(view, options)
        rival = view.seats[1 - me]
        return heuristic(options, sv.gauge, abs(view.seats[0].pos - view.seats[1].pos) == 1,
                         me, rng, rival.chain_size)

    def fighter(self, options: list[Any], rng: random.Random) -> Any:
        """The fighter: at random (easy and normal)."""
        return rng.choice(options)

    def super_now(self, view: Any) -> bool:
        """Use a full gauge's Super Combo at the start of a turn when in contact."""
        return bool(abs(view.seats[0].pos - view.seats[1].pos) <= 1)

    def declare(self, view: Any, options: list[Any]) -> Any:
        """Combo when the remembered chain fits, a Kata when it may pay, else pass."""
        me = view.viewer
        size = view.seats[me].chain_size
        near = abs(view.seats[0].pos - view.seats[1].pos) == 1
        chain = self.memory.known()
        if Declare.of(choice="combo") in options and chain is not None:
            fighter = content().fighters[view.seats[me].fighter]
            combo = next((c for c in fighter.combos if len(c.symbols) == size), None)
            if combo is not None and Counter(symbol(c) for c in chain) == \
                    Counter(combo.symbols) and (combo.ranged or near):
                return Declare.of(choice="combo")
        kata = size >= 3 or (near and size >= 2)
        want = Declare.of(choice="kata" if kata else "pass")
        return want if want in options else options[0]

    def simultaneous(self, view: Any, choices: list[Any], rng: random.Random) -> Any:
        """Greedy: each choice played out against the rollout policy."""
        model = SushidoModel(self.memory.known())
        return lookahead_choice(model, view, view.viewer, _distinct(choices), rng,
                                self.samples)


def _distinct(choices: list[Any]) -> list[Any]:
    """One Hajime per ordered pair of (type, symbol): same cards, same play."""
    seen: dict[Hashable, Any] = {}
    for a in choices:
        key = tuple((resolve.ctype(c), symbol(c)) for c in a.cards) \
            if isinstance(a, Hajime) else a.aid
        seen.setdefault(key, a)
    return list(seen.values())


class EasyAgent(SushidoAgent):
    """Half the time a random option, else the normal agent's choice."""

    level = "easy"
    samples = 2

    def pick(self, view: Any, options: list[Any], rng: random.Random) -> Any:
        """A coin decides between random and greedy."""
        if view.phase != "pick" and rng.random() < 0.5:
            plain = [a for a in options if not isinstance(a, UseSuperCombo)]
            return rng.choice(plain or options)
        return super().pick(view, options, rng)


class NormalAgent(SushidoAgent):
    """Greedy rules: each card's worth played now or kept in the chain, from the view."""

    level = "normal"

    def simultaneous(self, view: Any, choices: list[Any], rng: random.Random) -> Any:
        """The Hajime (or reveal) with the best greedy worth."""
        return max(choices, key=lambda a: (greedy_worth(view, a), rng.random()))


SHOW = {"none": (), "first": (0,), "second": (1,), "both": (0, 1)}


def greedy_worth(view: SushidoView, action: Any) -> float:
    """The normal agent's worth of a Hajime (its best reveal) or of a reveal."""
    me = view.viewer
    assert me is not None and view.me is not None
    if isinstance(action, Hajime):
        cards = [content().card(c) for c in action.cards]
        return max(_plan(view, cards, keep) for keep in
                   [SHOW[k] for k in ("none", "first", "second", "both")[:1 + len(cards)]])
    commit = [content().card(c.id) for c in (view.me.commit or [])]
    return _plan(view, commit, SHOW[action.show]) if isinstance(action, Reveal) else 0.0


def _plan(view: SushidoView, cards: list[Any], keep: tuple[int, ...]) -> float:
    """Worth of playing ``keep`` of ``cards`` (in order) and chaining the rest."""
    me = view.viewer
    assert me is not None
    mine, foe = view.seats[me], view.seats[1 - me]
    gap = abs(mine.pos - foe.pos)
    foe_margin = foe.pos + 1 if foe.seat == 0 else 8 - foe.pos
    fighter = content().fighters[mine.fighter]
    wanted = Counter(sym for c in fighter.combos for sym in c.symbols)
    chain = mine.chain_size
    total = 0.0
    for i, card in enumerate(cards):
        if i in keep:
            if card.type == "hit":
                total += 1.0 if gap == 1 else 0.1
            elif card.type == "move":
                total += 0.9 if gap > 1 else (0.6 + (0.4 if foe_margin <= 2 else 0.0))
                gap = max(1, gap - 1)
            elif card.type == "block":
                total += 0.5 if gap <= 2 else 0.2
            else:
                total += 0.6 + (0.3 if mine.gauge == 4 else 0.0)
        elif chain < MAX_CHAIN:
            chain += 1
            total += 0.25 + 0.1 * min(wanted[card.symbol], 3)
    return total


class HardAgent(SushidoAgent):
    """Hajime and reveal as matrix games: LP over sampled hidden states."""

    level = "hard"
    samples = 3

    def simultaneous(self, view: Any, choices: list[Any], rng: random.Random) -> Any:
        """Solve the sampled payoff matrix for a mixed strategy."""
        model = SushidoModel(self.memory.known())
        return matrix_choice(model, view, view.viewer, _distinct(choices), rng,
                             self.samples, max_cols=6)

    def fighter(self, options: list[Any], rng: random.Random) -> Any:
        """The fighter with the best measured win rate (:mod:`engine.ai.picks`)."""
        return best_pick(GAME.id, options, rng)


class ExpertAgent(HardAgent):
    """Hajime and reveal as matrix games over as many sampled states as the budget
    allows (:func:`engine.ai.expert.matrix_search`), solved for a mixed strategy."""

    level = "expert"
    iterations = 1500

    def __init__(self, budget: Budget | None = None) -> None:
        super().__init__()
        self.budget = budget or Budget(self.iterations)

    def simultaneous(self, view: Any, choices: list[Any], rng: random.Random) -> Any:
        """Solve the payoff matrix of the budget's sampled states."""
        model = SushidoModel(self.memory.known())
        return matrix_search(model, view, view.viewer, _distinct(choices), rng,
                             self.budget.clock(), max_cols=8, max_rows=10)


AGENTS: dict[str, type[ViewAgent]] = {
    "easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent, "expert": ExpertAgent,
}
"""The levels of Sushido's AI (the registry of :mod:`engine.ai` reads this)."""
