"""The task queue: Combos, Katas, card resolution and every mid-turn decision.

:func:`run` executes automatic tasks at the front of ``state.tasks`` until a decision task
has a seat to ask (its options come from :func:`options`) or the turn ends. A seat's
answer goes through :func:`decide`. Everything lives in the state as data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

from engine.core import public, trusted
from engine.games.sushido import flow
from engine.games.sushido.data import Combo, content
from engine.games.sushido.effects import (
    Events,
    advance,
    apply_effects,
    can_retreat,
    card_info,
    contact,
    damage,
    fighter,
    fire_passive,
    gain_super,
    in_arena,
    other,
    retreat,
    spend_super,
)
from engine.games.sushido.model import (
    Accept,
    AnyAction,
    Boost,
    Break,
    BreakT,
    CardT,
    Declare,
    DeclareT,
    EndTurnT,
    EscapeT,
    KataCtx,
    KataStepT,
    Oppose,
    OpposeT,
    Parry,
    ParryT,
    Play,
    PlayT,
    SeqT,
    StepDir,
    StepT,
    Surplus,
    SurplusT,
    SushidoState,
    Task,
)

_SeatTask = TypeVar("_SeatTask", SurplusT, EscapeT, OpposeT, StepT, BreakT)

DECISIONS = (DeclareT, OpposeT, CardT, StepT, BreakT, ParryT, PlayT, SurplusT, EscapeT)
_DECISION_TYPES = frozenset(DECISIONS)
"""The same, for a type look-up (task classes are never subclassed)."""


def ctype(cid: int) -> str:
    """A card's type."""
    return _types()[cid]


@cache
def _types() -> tuple[str, ...]:
    """Every card's type by id (looked up several times per action)."""
    return tuple(c.type for c in content().cards)


def _has_block(cards: list[int]) -> bool:
    """Whether these cards hold a Block."""
    types = _types()
    return any(types[c] == "block" for c in cards)


def combo_of_size(state: SushidoState, seat: int, size: int) -> Combo | None:
    """The fighter's combo of ``size`` symbols (one per size: 2, 3 and 4), if any.

    Announcing "Combo!" names nothing: the chain is checked against this one.
    """
    return next((c for c in fighter(state, seat).combos if len(c.symbols) == size), None)


_PASS, _KATA, _COMBO = (Declare.of(choice=c) for c in ("pass", "kata", "combo"))
_OPPOSE = (Oppose.of(yes=True), Oppose.of(yes=False))
_BOOST = (Boost.of(yes=True), Boost.of(yes=False))
_ADV, _RET = StepDir.of(dir="adv"), StepDir.of(dir="ret")
_PARRY = (Parry.of(yes=True), Parry.of(yes=False))
_ACCEPT = Accept.of()
"""The choices that never change, built once (several are listed on every action)."""

_KATA_STEP, _END_TURN = KataStepT.of(), EndTurnT.of()


@cache
def _task(kind: type[_SeatTask], seat: int) -> _SeatTask:
    """The task of a seat with no other field (built once per seat)."""
    return kind.of(seat=seat)


@cache
def _parry_task(seat: int, amount: int) -> ParryT:
    return ParryT.of(seat=seat, amount=amount)


@cache
def _kata_card(seat: int, card: int) -> CardT:
    """A Kata card of ``seat`` to resolve (its boost still undecided)."""
    return CardT.of(seat=seat, card=card, ctx="kata")


@cache
def _action_card(seat: int, card: int, boost: bool, mode: str, step: str = "") -> CardT:
    """A card of ``seat`` played in the action phase, its boost (and a Move's step)
    decided."""
    if step:
        return CardT.of(seat=seat, card=card, ctx="action", boost=boost, mode=mode, step=step)
    return CardT.of(seat=seat, card=card, ctx="action", boost=boost, mode=mode)


@cache
def _breaks(seat: int, rival_chain: int, own_chain: int) -> tuple[AnyAction, ...]:
    """The chain cards a Block may break: the rival's first, then its owner's."""
    return tuple(Break.of(owner=o, index=i)
                 for o, n in ((other(seat), rival_chain), (seat, own_chain)) for i in range(n))


@cache
def _surpluses(n: int) -> tuple[AnyAction, ...]:
    return tuple(Surplus.of(index=i) for i in range(n))


def _declare_options(state: SushidoState, t: DeclareT) -> list[AnyAction]:
    me = state.seat[t.seat]
    if not me.chain:
        return []
    if t.answer:
        rival = state.seat[other(t.seat)]
        if me.declared not in ("", "pass") or rival.declared in ("", "pass"):
            return []
        return [_KATA, _PASS]
    if combo_of_size(state, t.seat, len(me.chain)) is not None:
        return [_PASS, _KATA, _COMBO]
    return [_PASS, _KATA]


def _play_options(state: SushidoState, seat: int) -> list[AnyAction]:
    """The next revealed card, in the order its owner placed them: doubled or not (only
    with Super), and a Block as a guard or a combo breaker (only when a chain exists)."""
    me = state.seat[seat]
    if not me.revealed:
        return []
    c = me.revealed[0]
    back = ctype(c) == "move" and can_retreat(state, seat)
    return list(_plays(c, me.gauge >= 1, any(s.chain for s in state.seat), back))


@cache
def _plays(c: int, super_left: bool, chains: bool, back: bool = False
           ) -> tuple[AnyAction, ...]:
    """The ways to play card ``c`` (built once per card and situation); when a Move is
    asked (doubled or not) and may step back, undoubled it is played with its step
    (advance or back) in the same choice."""
    boosts = (False, True) if super_left else (False,)
    modes: tuple[str, ...] = ("",)
    if ctype(c) == "block":
        modes = ("guard", "break") if chains else ("guard",)
    out: list[AnyAction] = []
    for b in boosts:
        for m in modes:
            if back and super_left and not b:  # else the play is forced, the step asked
                out += [Play.of(card=c, boost=b, mode=m, step=d) for d in ("adv", "ret")]
            else:
                out.append(Play.of(card=c, boost=b, mode=m))
    return tuple(out)


def _oppose_options(state: SushidoState, t: OpposeT) -> list[AnyAction]:
    return list(_OPPOSE) if state.seat[t.seat].chain else []


def _card_options(state: SushidoState, t: CardT) -> list[AnyAction]:
    if t.boost is None and state.seat[t.seat].gauge >= 1:
        return list(_BOOST)
    return []


def _step_options(state: SushidoState, t: StepT) -> list[AnyAction]:
    if t.pre:
        return []  # chosen with the Move's play
    return [_ADV, _RET] if can_retreat(state, t.seat) else [_ADV]


def _break_options(state: SushidoState, t: BreakT) -> list[AnyAction]:
    seat = t.seat
    return list(_breaks(seat, len(state.seat[other(seat)].chain), len(state.seat[seat].chain)))


def _parry_options(state: SushidoState, t: ParryT) -> list[AnyAction]:
    if _has_block(state.seat[t.seat].revealed):
        return list(_PARRY)
    return []


def _playt_options(state: SushidoState, t: PlayT) -> list[AnyAction]:
    return _play_options(state, t.seat)


def _surplus_options(state: SushidoState, t: SurplusT) -> list[AnyAction]:
    k = state.kata
    if k is None or len(k.dfn) <= len(k.att):
        return []
    return list(_surpluses(len(k.dfn)))


def _escape_options(state: SushidoState, t: EscapeT) -> list[AnyAction]:
    return [_ACCEPT] if in_danger(state, t.seat) and state.seat[t.seat].gauge >= 5 else []


_OPTIONS: dict[type, Callable[[SushidoState, Any], list[AnyAction]]] = {
    DeclareT: _declare_options, OpposeT: _oppose_options, CardT: _card_options,
    StepT: _step_options, BreakT: _break_options, ParryT: _parry_options,
    PlayT: _playt_options, SurplusT: _surplus_options, EscapeT: _escape_options,
}
"""The choices of each decision task type (its keys are exactly :data:`DECISIONS`):
dispatched by the task's type, as every task at the front of the queue is asked."""


def options(state: SushidoState, t: Task) -> list[AnyAction]:
    """The choices of a decision task right now (empty: nothing to ask, run its default)."""
    ask = _OPTIONS.get(type(t))
    return ask(state, t) if ask is not None else []


def in_danger(state: SushidoState, seat: int) -> bool:
    """K.-O. (no life left) or Ring Out (out of the Arena): the round is lost at turn end."""
    s = state.seat[seat]
    return s.life <= 0 or not in_arena(s.pos)


def front_decision(state: SushidoState) -> Task | None:
    """The decision task waiting at the front of the queue, if any."""
    if state.phase != "resolve" or not state.tasks:
        return None
    t = state.tasks[0]
    return t if type(t) in _DECISION_TYPES else None


def forced(state: SushidoState, t: Task) -> AnyAction | None:
    """A decision with one choice only is not asked (:func:`run` answers it): a revealed
    card that can be neither doubled (no Super) nor used two ways (a Block with no chain
    to break) just plays; a lone chain card to break is broken; a Move that cannot step
    back advances. The escape's lone "accept" is asked (the Super Combo is its other
    answer)."""
    if isinstance(t, EscapeT):
        return None
    opts = options(state, t)
    return opts[0] if len(opts) == 1 else None


def run(state: SushidoState, ev: Events) -> None:
    """Run automatic tasks until a decision is needed or the turn is over."""
    fields = state.__dict__  # the loop reads three fields per task: from the dict, once
    tasks = fields["tasks"]
    while fields["phase"] == "resolve" and fields["result"] is None and tasks:
        t = tasks[0]
        kind = type(t)
        ask = _OPTIONS.get(kind)
        if ask is None:
            del tasks[0]
            _AUTO[kind](state, t, ev)
        else:
            answer: AnyAction | None = None
            opts = ask(state, t)
            if opts:
                # A decision with one choice only is answered by the referee (decision):
                # every such choice follows from public facts (revealed cards, chain sizes,
                # positions, gauges), so asking would hide nothing. The escape's lone
                # "accept" stays asked: its other answer is the Super Combo interrupt.
                if len(opts) != 1 or kind is EscapeT:
                    return
                answer = opts[0]
            del tasks[0]
            _DECIDE[kind](state, t, answer, ev)
        tasks = fields["tasks"]  # a task may have replaced the queue (a new round)


def decide(state: SushidoState, seat: int, action: AnyAction, ev: Events) -> None:
    """Answer the front decision task (already checked legal), then keep running."""
    t = state.tasks.pop(0)
    _DECIDE[type(t)](state, t, action, ev)
    run(state, ev)


def _push_front(state: SushidoState, *tasks: Task) -> None:
    state.tasks[0:0] = tasks


# ---------------------------------------------------------------------- decisions
# Each decision task type has one handler (:data:`_DECIDE`); ``a`` is the seat's answer,
# or None when the task had nothing to ask (its default).
def _declare(state: SushidoState, t: DeclareT, a: AnyAction | None, ev: Events) -> None:
    if isinstance(a, Declare):
        me = state.seat[t.seat]
        if t.answer:
            me.answered = a.choice == "kata"
        else:
            me.declared = a.choice
        name = ""
        if a.choice == "combo":
            combo = combo_of_size(state, t.seat, len(me.chain))
            name = combo.name if combo else ""
        ev.append(public("declare", seat=t.seat, choice=a.choice, combo=name,
                         answer=t.answer, size=len(me.chain)))


def _opposed(state: SushidoState, t: OpposeT, a: AnyAction | None, ev: Events) -> None:
    if isinstance(a, Oppose) and a.yes:
        _oppose(state, t.seat, ev)


def _boosted(state: SushidoState, t: CardT, a: AnyAction | None, ev: Events) -> None:
    boost = t.boost if t.boost is not None else isinstance(a, Boost) and a.yes
    _card(state, t, boost, ev)


def _stepped(state: SushidoState, t: StepT, a: AnyAction | None, ev: Events) -> None:
    back = a.dir == "ret" if isinstance(a, StepDir) else t.pre == "ret"
    if back and can_retreat(state, t.seat):
        retreat(state, t.seat, ev)
    elif advance(state, t.seat, ev):
        fire_passive(state, t.seat, "push", ev)


def _broken(state: SushidoState, t: BreakT, a: AnyAction | None, ev: Events) -> None:
    if isinstance(a, Break):
        c = state.seat[a.owner].chain.pop(a.index)
        state.discard.append(c)
        ev.append(public("break", seat=t.seat, owner=a.owner, index=a.index,
                         card=card_info(c)))
    else:  # no card in any chain: the combo breaker has nothing to break
        ev.append(public("break_nothing", seat=t.seat))


def _parried(state: SushidoState, t: ParryT, a: AnyAction | None, ev: Events) -> None:
    _parry(state, t, isinstance(a, Parry) and a.yes, ev)


def _played(state: SushidoState, t: PlayT, a: AnyAction | None, ev: Events) -> None:
    if isinstance(a, Play):
        me = state.seat[t.seat]
        me.revealed.remove(a.card)
        state.inplay.append(a.card)
        _push_front(state, _action_card(t.seat, a.card, a.boost, a.mode, a.step), t)


def _surplus(state: SushidoState, t: SurplusT, a: AnyAction | None, ev: Events) -> None:
    k = state.kata
    if k is not None and isinstance(a, Surplus):
        c = k.dfn.pop(a.index)
        state.discard.append(c)
        ev.append(public("kata_surplus", seat=t.seat, cards=[card_info(c)], chosen=True))


def _escaped(state: SushidoState, t: EscapeT, a: AnyAction | None, ev: Events) -> None:
    if isinstance(a, Accept):
        s = state.seat[t.seat]
        ev.append(public("accept_ko" if in_arena(s.pos) else "accept_ring_out", seat=t.seat))


_DECIDE: dict[type, Callable[[SushidoState, Any, AnyAction | None, Events], None]] = {
    DeclareT: _declare, OpposeT: _opposed, CardT: _boosted, StepT: _stepped,
    BreakT: _broken, ParryT: _parried, PlayT: _played, SurplusT: _surplus, EscapeT: _escaped,
}
"""How each decision task type applies its answer (the same keys as :data:`_OPTIONS`)."""


def _oppose(state: SushidoState, seat: int, ev: Events) -> None:
    """The defender's chain, face up, opposes the Kata; it chooses its surplus discards."""
    me = state.seat[seat]
    assert state.kata is not None
    state.kata.dfn = me.chain
    me.chain = []
    if me.declared not in ("", "pass"):
        ev.append(public("declaration_dropped", seat=seat))
    me.declared, me.answered = "pass", False
    ev.append(public("oppose", seat=seat, cards=[card_info(c) for c in state.kata.dfn]))
    extra = len(state.kata.dfn) - len(state.kata.att)
    _push_front(state, *[_task(SurplusT, seat)] * max(extra, 0))


def _parry(state: SushidoState, t: ParryT, yes: bool, ev: Events) -> None:
    me = state.seat[t.seat]
    if yes:
        block = next(c for c in me.revealed if ctype(c) == "block")
        me.revealed.remove(block)
        state.discard.append(block)
        ev.append(public("parry", seat=t.seat, card=card_info(block)))
        fire_passive(state, t.seat, "parry", ev)
        return
    damage(state, t.seat, t.amount, ev, "hit")
    fire_passive(state, other(t.seat), "hit", ev)


# ----------------------------------------------------------------------- automatic
def _end_turn(state: SushidoState, t: EndTurnT, ev: Events) -> None:
    for s in flow.order(state):
        seat = state.seat[s]
        if in_danger(state, s) and seat.gauge >= 5 and s not in state.escape_offered:
            state.escape_offered.append(s)
            _push_front(state, _task(EscapeT, s), _END_TURN)
            return
    flow.end_turn(state, ev)


def combo_fits(state: SushidoState, seat: int, cards: list[int]) -> bool:
    """The fighter's combo of ``len(cards)`` symbols has exactly these symbols (any order,
    any card type), and the fighters are in contact unless that combo is ranged."""
    combo = combo_of_size(state, seat, len(cards))
    if combo is None:
        return False
    symbols = Counter(content().card(c).symbol for c in cards)
    return symbols == Counter(combo.symbols) and (combo.ranged or contact(state))


def _sequence(state: SushidoState, t: SeqT, ev: Events) -> None:
    me = state.seat[t.seat]
    if t.answer:
        if not me.answered or not me.chain:
            return
    elif me.declared in ("", "pass") or not me.chain:
        return
    cards, me.chain = me.chain, []
    shown = [card_info(c) for c in cards]
    if not t.answer and me.declared == "combo":
        combo = combo_of_size(state, t.seat, len(cards))
        if combo is not None and combo_fits(state, t.seat, cards):
            state.discard.extend(cards)
            ev.append(public("combo", seat=t.seat, name=combo.name, ok=True, cards=shown))
            apply_effects(state, t.seat, combo.effects, ev)
            fire_passive(state, t.seat, "combo", ev)
            return
        symbols_ok = combo is not None and Counter(
            content().card(c).symbol for c in cards) == Counter(combo.symbols)
        ev.append(public("combo", seat=t.seat, name=combo.name if combo else "", ok=False,
                         cards=shown, ranged=bool(combo and combo.ranged),
                         contact=contact(state), symbols_ok=symbols_ok))
    # not validated (an int seat, the chain's own list of ints, which nothing else holds
    # now: validation would copy it) and its default given (pydantic would copy it)
    state.kata = trusted(KataCtx, attacker=t.seat, att=cards, dfn=[])
    ev.append(public("kata", seat=t.seat, cards=shown))
    dfs = other(t.seat)
    rival = state.seat[dfs]
    if dfs != state.p1:
        _push_front(state, _task(OpposeT, dfs), _KATA_STEP)
        return
    # P2's Kata: P1 either announced (its chain is already spent) or passed, and then
    # P1's only way to oppose is the Kata answer it gave when P2 announced.
    _push_front(state, _KATA_STEP)
    if rival.answered and rival.chain:
        _oppose(state, dfs, ev)


def _kata_step(state: SushidoState, t: KataStepT, ev: Events) -> None:
    k = state.kata
    assert k is not None
    if not k.att:
        if k.dfn:  # the defender's surplus cards oppose nothing: discarded
            state.discard.extend(k.dfn)
            ev.append(public("kata_surplus", seat=other(k.attacker),
                             cards=[card_info(c) for c in k.dfn]))
        state.kata = None
        ev.append(public("kata_end", seat=k.attacker))
        return
    att, dfs = k.attacker, other(k.attacker)
    a = k.att.pop(0)
    d = k.dfn.pop(0) if k.dfn else None
    _push_front(state, _KATA_STEP)
    if d is not None and ctype(d) == "block":
        state.discard.extend([a, d])
        ev.append(public("kata_clash", attacker=att, card=card_info(a), against=card_info(d),
                         result="blocked"))
        if ctype(a) == "hit":
            fire_passive(state, dfs, "parry", ev)
        return
    if d is not None and ctype(a) == "block":
        state.discard.extend([a, d])
        ev.append(public("kata_clash", attacker=att, card=card_info(a), against=card_info(d),
                         result="cancelled"))
        return
    state.inplay.append(a)
    tasks: list[Task] = [_kata_card(att, a)]
    if d is not None:
        state.inplay.append(d)
        tasks.append(_kata_card(dfs, d))
        ev.append(public("kata_clash", attacker=att, card=card_info(a), against=card_info(d),
                         result="both"))
    _push_front(state, *tasks)


def _card(state: SushidoState, t: CardT, boost: bool, ev: Events) -> None:
    """Resolve one Kata or action card, doubled or not (``boost``, now decided)."""
    seat, c = t.seat, t.card
    if boost:
        spend_super(state, seat, ev, "double")
    n = 2 if boost else 1
    state.inplay.remove(c)
    state.discard.append(c)
    kind = ctype(c)
    ev.append(public("card", seat=seat, card=card_info(c), ctx=t.ctx, doubled=bool(boost),
                     mode=t.mode))
    rv = other(seat)
    if kind == "hit":
        if not contact(state):
            ev.append(public("whiff", seat=seat))
        elif t.ctx == "action" and state.seat[rv].guards > 0:
            state.seat[rv].guards -= 1
            ev.append(public("guarded", seat=rv, guards=state.seat[rv].guards))
            fire_passive(state, rv, "parry", ev)
        elif t.ctx == "action" and _has_block(state.seat[rv].revealed):
            _push_front(state, _parry_task(rv, n))
        else:
            damage(state, rv, n, ev, "hit")
            fire_passive(state, seat, "hit", ev)
    elif kind == "move":
        if t.step and n == 1:
            _push_front(state, StepT.of(seat=seat, pre=t.step))
        else:
            _push_front(state, *[_task(StepT, seat)] * n)
    elif kind == "super":
        gain_super(state, seat, n, ev, "card")
    elif t.mode == "guard":
        state.seat[seat].guards += n
        ev.append(public("guard", seat=seat, guards=state.seat[seat].guards))
    else:
        _push_front(state, *[_task(BreakT, seat)] * n)



_AUTO: dict[type, Callable[[SushidoState, Any, Events], None]] = {
    SeqT: _sequence, KataStepT: _kata_step, EndTurnT: _end_turn,
}
"""How each automatic task type runs (every task type is in :data:`_AUTO` or
:data:`_DECIDE`)."""
