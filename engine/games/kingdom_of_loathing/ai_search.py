"""Kingdom of Loathing's search over a seat's information set: sampled states and rollouts.

:func:`sample` builds a full :class:`~.model.KolState` from a seat's :class:`~.views.KolView`
alone: everything public is copied, and every card the view does not show is drawn at
random from the cards it could be:

* stat cards: the cards taken from the stat piles (the stock minus the piles' counts)
  that no discard, played pile or the seat's own hand shows are dealt to the rivals'
  hands and to every deck (the seat's own included: the view does not list its deck),
  each card going more readily to a seat whose shown cards are of its stat (a seat that
  builds for Muscle holds Muscle cards);
* monster cards: a location's cards under its showing monster are its cards that no
  display case, escrow, Heap or showing monster holds, shuffled;
* skills: the skill pile and its discard are the skills no trainer slot and no seat
  holds, shuffled.

So nothing hidden reaches the search: two states that look the same to the seat give
the same samples (the re-deal tests).

The searches then play sampled states on with a fast policy (:func:`greedy_policy`: the
greedy agent, run on the sampled state's view of the seat to move): a seat's own part in
a March by one-ply rollouts to its score (:func:`march_choice`), and the odds of a March
announced now (:func:`march_odds`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.ai.budget import past_deadline
from engine.core import Rng
from engine.core.copying import deep_copy
from engine.core.errors import EngineError
from engine.games.kingdom_of_loathing import data
from engine.games.kingdom_of_loathing.agent import GreedyAgent
from engine.games.kingdom_of_loathing.model import (
    HAND_SIZE,
    Act,
    Combat,
    KolState,
    March,
    PlayerState,
    act,
)
from engine.games.kingdom_of_loathing.rules import GAME
from engine.games.kingdom_of_loathing.views import KolView, build_view

AFFINITY = 2.0
"""How much more readily an unseen stat card goes to a seat for each of its shown cards
of that stat, relative to the seat's shown cards (0: uniformly)."""


def _stat_stock() -> Counter[str]:
    return Counter(data.stat_piles())


def unseen_stats(view: KolView) -> list[str]:
    """The stat cards held by some seat that the view does not show (sorted)."""
    owned = _stat_stock()
    owned.subtract(view.piles)
    for sv in view.seats:
        owned.subtract(sv.discard)
        owned.subtract(sv.played)
    owned.subtract(view.hand or [])
    return sorted((+owned).elements())


def _affinity(sv: SeatViewLike) -> dict[str, float]:
    """Per stat, the weight of a hidden card of that stat being the seat's."""
    shown: Counter[str] = Counter()
    for c in [*sv.discard, *sv.played]:
        shown[c[:2]] += 1
    total = sum(shown.values())
    return {s: 1.0 + AFFINITY * 3 * shown[s] / max(total, 1) for s in ("mu", "my", "mx")}


SeatViewLike = Any


def deal_stats(view: KolView, rng: random.Random) -> dict[int, tuple[list[str], list[str]]]:
    """Per seat, a sampled (hand, deck): the rivals' hands and every deck, of the sizes
    the view gives, from :func:`unseen_stats` (the seat's own hand is its own)."""
    me = view.viewer
    pool = unseen_stats(view)
    rng.shuffle(pool)
    slots: list[tuple[int, str]] = []  # (seat, "hand"/"deck") one entry per card to deal
    for sv in view.seats:
        if sv.seat != me:
            slots += [(sv.seat, "hand")] * sv.hand_count
        slots += [(sv.seat, "deck")] * sv.deck_count
    weights = {sv.seat: _affinity(sv) for sv in view.seats}
    out: dict[int, tuple[list[str], list[str]]] = {sv.seat: ([], []) for sv in view.seats}
    if me is not None:
        out[me][0].extend(view.hand or [])
    # Cards are dealt one by one to a free slot, drawn with the slots' weights for the
    # card's stat (sequential weighted sampling without replacement).
    free = list(slots)
    for card in pool:
        if not free:
            break
        stat = card[:2]
        ws = [weights[s][stat] for s, _ in free]
        x = rng.random() * sum(ws)
        k = len(free) - 1
        for i, w in enumerate(ws):
            x -= w
            if x < 0:
                k = i
                break
        seat, where = free.pop(k)
        (out[seat][0] if where == "hand" else out[seat][1]).append(card)
    for seat, where in free:  # the view's counts and the stock disagree: pad
        (out[seat][0] if where == "hand" else out[seat][1]).append(
            rng.choice(pool or ["mu1"]))
    for _hand, deck in out.values():
        rng.shuffle(deck)
    return out


def deal_locations(view: KolView, rng: random.Random) -> tuple[list[list[str]], list[int]]:
    """Sampled location piles (showing monster first) and the locations whose monster was
    killed this turn (the view shows no top for them)."""
    seen: set[str] = set(view.heap)
    for sv in view.seats:
        seen.update(sv.items)
        seen.update(sv.escrow)
    for loc in view.locations:
        if loc.top is not None:
            seen.add(loc.top)
    piles: list[list[str]] = []
    refresh: list[int] = []
    for loc in view.locations:
        rest = [c.id for c in data.content().cards
                if c.location == loc.index and c.id not in seen]
        rng.shuffle(rest)
        top = [loc.top] if loc.top is not None else []
        if loc.top is None and loc.count:
            refresh.append(loc.index)
        need = loc.count - len(top)
        piles.append(top + rest[:max(need, 0)])
    return piles, refresh


def deal_skills(view: KolView, rng: random.Random) -> tuple[list[str], list[str]]:
    """A sampled skill pile and skill discard."""
    held = {s for s in view.trainer if s is not None}
    for sv in view.seats:
        held.update(sv.skills)
    rest = [s.id for s in data.content().skills if s.id not in held]
    rng.shuffle(rest)
    deck = rest[:view.skill_deck_count]
    return deck, rest[len(deck):len(deck) + view.skill_discard_count]


def sample(view: KolView, rng: random.Random) -> KolState:
    """A full state consistent with ``view`` (see the module's docstring)."""
    me = view.viewer
    assert me is not None
    stats = deal_stats(view, rng)
    locations, refresh = deal_locations(view, rng)
    skill_deck, skill_discard = deal_skills(view, rng)
    players = []
    for sv in view.seats:
        hand, deck = stats[sv.seat]
        players.append(PlayerState(
            meat=sv.meat, mojo=sv.mojo, hand=hand, deck=deck, discard=list(sv.discard),
            played=list(sv.played), items=list(sv.items), equipped=list(sv.equipped),
            skills=list(sv.skills), buffs_on=list(sv.buffs_on), used=list(sv.used),
            escrow=list(sv.escrow), out=sv.out, kills=sv.kills))
    march = None
    if view.march is not None:
        mv = view.march
        index = mv.order.index(mv.current) if mv.current in mv.order else len(mv.order)
        march = March(announcer=mv.announcer, order=list(mv.order),
                      stage="combat" if mv.stage == "combat" else "noncombat",
                      index=index, scores=dict(mv.scores), bars=dict(mv.bars))
    resume = "endturn"
    pending = 0
    if view.phase in ("rollover", "rollto"):
        actor = players[view.actor if view.actor is not None else me]
        if actor.escrow or actor.used:  # a draw effect of the non-combat phase
            resume, pending = "noncombat", 1
        else:
            pending = max(HAND_SIZE - len(actor.hand), 1)
    combat = view.combat.model_copy(deep=True) if view.combat is not None else Combat()
    return KolState(
        game="kingdom_of_loathing", seats=len(view.seats),
        rng=Rng(seed=rng.getrandbits(32)), version=view.version,
        left=tuple(sv.seat for sv in view.seats if sv.left),
        sorceress=view.sorceress, round_cap=view.round_cap, players=players,
        locations=locations, refresh=refresh, trainer=list(view.trainer),
        trained=None in view.trainer, skill_deck=skill_deck, skill_discard=skill_discard,
        heap=list(view.heap), piles=dict(view.piles), certificate=view.certificate,
        first_player=view.certificate, turn=view.turn,
        actor=view.actor if view.actor is not None else me, round=view.round,
        phase=view.phase, combat=combat, pending_draw=pending,
        resume=resume,
        roll_card=view.roll_card, offer_index=view.offer_index, march=march,
        last=view.last, out_order=[sv.seat for sv in view.seats if sv.out])


# ------------------------------------------------------------------------ rollouts
Policy = Callable[[KolState, int, random.Random], Act]


def greedy_policy(state: KolState, seat: int, rng: random.Random) -> Act:
    """The greedy agent's move, from the seat's view of ``state``."""
    options = GAME.legal(state, seat)
    if len(options) == 1:
        return options[0]
    return GreedyAgent().choose(build_view(state, seat), options, rng)


def play_on(state: KolState, policies: dict[int, Policy] | Policy, rng: random.Random,
            stop: Callable[[KolState], bool], max_steps: int = 3000) -> KolState:
    """Play ``state`` (owned: changed in place) on until ``stop`` or the match's end."""
    for _ in range(max_steps):
        if state.result is not None or stop(state):
            break
        seat = state.actor
        pol = policies.get(seat, greedy_policy) if isinstance(policies, dict) else policies
        state, _ = GAME.apply(state, seat, pol(state, seat, rng), owned=True)
    return state


def won(state: KolState, seat: int) -> float:
    """1 for a win, 0 for a loss, a share for a shared result, else ``None``-like -1."""
    res = state.result
    if res is None:
        return -1.0
    winners = list(res.winners)
    return 1.0 / len(winners) if seat in winners else 0.0


def march_outcome(state: KolState, seat: int, rng: random.Random,
                  policies: dict[int, Policy] | None = None) -> float:
    """``state`` (owned) played on until the March in progress (or about to start) is
    over: 1 if ``seat`` won it, 0 if it lost or is out, 1/2 if play goes on without it."""
    end = play_on(state, policies or {}, rng,
                  lambda s: s.march is None and s.phase not in ("offer",))
    if end.result is None:
        return 0.0 if end.players[seat].out else 0.5
    return won(end, seat)


# ------------------------------------------------------------------------ the March
def _scored(state: KolState, seat: int) -> bool:
    """Whether ``seat``'s March score is recorded (or the March is over)."""
    return state.march is None or seat in state.march.scores or state.result is not None


def solo(state: KolState, seat: int) -> KolState:
    """``state`` (owned), in a March where ``seat`` is to act, changed into a March of
    ``seat`` alone from this point (the rivals' parts do not change its score): it ends
    with ``seat``'s score, and its scores and bars stay readable."""
    m = state.march
    assert m is not None and state.actor == seat
    state.march = March(announcer=None, order=[seat], stage=m.stage, index=0,
                        scores={}, bars={})
    return state


def march_score(state: KolState, seat: int, rng: random.Random,
                policies: dict[int, Policy] | None = None) -> int:
    """``seat``'s March score once ``state`` (owned) is played on to it (-1: none)."""
    end = play_on(state, policies or {}, rng, lambda s: _scored(s, seat))
    if end.march is None:
        return -1
    return end.march.scores.get(seat, -1)


def march_choice(state: KolState, seat: int, options: list[Act], rng: random.Random) -> Act:
    """A decision of ``seat`` in a March (sampled ``state``, not changed): every option
    played on by the greedy policy to ``seat``'s score, the best score wins (ties: the
    greedy move, then the first). Meat is worth nothing once the March is on: the search
    finds the gear to buy from the Heap, the skill to train, the food to eat."""
    if len(options) == 1:
        return options[0]
    base = greedy_policy(state, seat, rng)
    seed = rng.getrandbits(32)
    best, value = base, -2.0
    alone = solo(deep_copy(state), seat)
    for a in [base, *(a for a in options if a != base)]:
        if value > -2.0 and past_deadline():  # the bot's cap: the best option so far
            break
        try:
            new, _ = GAME.apply(deep_copy(alone), seat, a, owned=True)
        except EngineError:  # pragma: no cover - an option the sample does not allow
            continue
        v = march_score(new, seat, random.Random(seed)) + (0.5 if a == base else 0.0)
        if v > value:
            best, value = a, v
    return best


def march_policy(state: KolState, seat: int, rng: random.Random) -> Act:
    """The seat's move by :func:`march_choice` in a March, else the greedy move."""
    options = GAME.legal(state, seat)
    if state.march is not None and state.phase in ("noncombat", "combat", "choose"):
        return march_choice(state, seat, options, rng)
    return greedy_policy(state, seat, rng) if len(options) > 1 else options[0]


class Plan:
    """A policy replaying a list of actions of one seat, each tagged with the March's
    stage it was played in (the greedy move once an action is not legal, or is of
    another stage, or the list is spent): a March played once, replayed in other
    sampled states."""

    def __init__(self, actions: list[tuple[str, Act]]) -> None:
        self.actions = list(actions)

    def __call__(self, state: KolState, seat: int, rng: random.Random) -> Act:
        options = GAME.legal(state, seat)
        stage = state.march.stage if state.march is not None else ""
        while self.actions and self.actions[0][0] == stage:
            a = self.actions.pop(0)[1]
            if a in options:
                return a
        if self.actions and stage == "combat":  # the other stage's rest: spent
            self.actions = [x for x in self.actions if x[0] == stage]
        return greedy_policy(state, seat, rng) if len(options) > 1 else options[0]


def plan_march(state: KolState, seat: int, rng: random.Random,
               ) -> tuple[dict[int, list[tuple[str, Act]]], bool]:
    """The March of ``state`` (owned) played once: ``seat``'s part and the rivals'
    non-combat parts by :func:`march_policy` (a rival spends its meat first: it is
    before the announcer), the rivals' combat parts (which depend on their hidden hands)
    by the greedy policy. Returns each seat's actions, tagged with their stage, and
    whether ``seat``'s score reaches its bar (the Sorceress after its reductions)."""
    plans: dict[int, list[tuple[str, Act]]] = {s: [] for s in range(state.seats)}

    def record(s: KolState, who: int, r: random.Random) -> Act:
        stage = s.march.stage if s.march is not None else ""
        if who != seat and stage != "noncombat":
            return greedy_policy(s, who, r)
        a = march_policy(s, who, r)
        plans[who].append((stage, a))
        return a

    end = play_on(state, dict.fromkeys(range(state.seats), record), rng,
                  lambda s: _scored(s, seat))
    m = end.march
    qualified = m is not None and m.scores.get(seat, -1) >= m.bars.get(seat, 10**6)
    if end.result is not None:
        qualified = seat in end.result.winners
    return plans, qualified


def march_odds(view: KolView, rng: random.Random, samples: int,
               more: Callable[[], bool] | None = None, rivals: str = "greedy",
               ) -> float:
    """The chance that ``view``'s seat wins a March it announces now (at an offer) or
    the March in progress: the March played in sampled states; the seat's own part and
    the rivals' non-combat parts planned once (:func:`plan_march`: a plan that holds
    when the rivals spend their meat first); its own plan is replayed in every state,
    the rivals play by ``rivals``: ``greedy`` (the greedy policy, as the normal level
    marches), ``plan`` (their non-combat plan replayed, the greedy policy in combat) or
    ``search`` (:func:`march_policy` in every state, as this search marches). At most
    ``samples`` states, fewer once ``more()`` says so (at least one). A March the seat's
    planned score does not qualify for is lost (0) without more samples; one that fails
    but leaves the seat in play counts 1/2."""
    me = view.viewer
    assert me is not None
    total = 0.0
    plans: dict[int, list[tuple[str, Act]]] | None = None
    done = 0
    while done < samples and (done == 0 or more is None or more()):
        state = sample(view, rng)
        if view.phase == "offer":
            state, _ = GAME.apply(state, me, act("march"), owned=True)
        if plans is None:
            plans, qualified = plan_march(deep_copy(state), me,
                                          random.Random(rng.getrandbits(32)))
            if not qualified:
                return 0.0
        policies: dict[int, Policy] = {me: Plan(plans[me])}
        for s in range(state.seats):
            if s != me and rivals != "greedy":
                policies[s] = Plan(plans[s]) if rivals == "plan" else march_policy
        total += march_outcome(state, me, rng, policies)
        done += 1
    return total / max(done, 1)
