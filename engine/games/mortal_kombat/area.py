"""Brawl Area attacks: they hit every Kombatant still standing unless stopped or avoided.

The rulebook: who may counterattack is asked clockwise from the attacker's left, each
decision final; if no one counters, each may try to evade, again clockwise from the
attacker's left. Decisions (docs/rules/mortal-kombat.md): the first counter ends the
counter questions; a counter that stops the attack (faster counterattack, Specific
Counter) stops it for everyone; a trade hits both without effects and the others may
still evade; a slower counter is hit. Then the rest are asked to evade (Speed must be
higher). An Area attack never starts a Kombo in a Brawl and gives no Follow-up; each one
hit takes its Strength and its effects. Every answer with a kard spends the action.
"""

from __future__ import annotations

from engine.core import Event, public
from engine.games.mortal_kombat import effects
from engine.games.mortal_kombat.combat import (
    _hurt,
    _note,
    after_hit,
    attack_speed,
    attack_strength,
    close,
    respond,
    spend,
)
from engine.games.mortal_kombat.data import ON_PLAY, kard
from engine.games.mortal_kombat.flow import name
from engine.games.mortal_kombat.model import STUN_DAMAGE, Act, MkState
from engine.games.mortal_kombat.seats import clockwise, standing


def _others(state: MkState, attacker: int, but: int | None = None) -> list[int]:
    return [s for s in clockwise(state, attacker, standing(state))
            if s != but and state.fighters[s].kp > 0]


def next_question(state: MkState) -> list[Event]:
    """Ask the next seat in line, move from counters to evasions, or land the attack."""
    ex = state.exchange
    assert ex is not None
    if not ex.queue and ex.stage == "counter":
        ex.stage, ex.queue = "evade", _others(state, ex.attacker)
    if ex.queue:
        ex.target = ex.queue[0]
        return []
    return land_area(state)


def answer(state: MkState, seat: int, act: Act) -> list[Event]:
    """A defender's answer: to an Area attack (:func:`area_respond`), else to the exchange
    (:func:`combat.respond`)."""
    ex = state.exchange
    assert ex is not None
    if not ex.stage:
        return respond(state, seat, act)
    if act.kind != "take":
        spend(state, seat)
    return area_respond(state, seat, act)


def area_respond(state: MkState, seat: int, act: Act) -> list[Event]:
    """One seat's answer to an Area attack (``take``: no counter / no evasion)."""
    ex = state.exchange
    assert ex is not None
    ex.queue = [s for s in ex.queue if s != seat]
    if act.kind == "take":
        if ex.stage == "evade":
            ex.hit.append(seat)
        return next_question(state)
    assert act.a is not None
    f = state.fighters[seat]
    f.hand.remove(act.a)
    f.discard.append(act.a)
    k = kard(act.a)
    dspeed = (k.speed or 0) - f.penalty
    f.penalty = 0
    aspeed = attack_speed(state)
    state.notes.append(f"{name(state, seat)} answers with {k.name}.")
    events: list[Event] = [public("responded", seat=seat, kard=act.a, how=act.kind,
                                  speed=dspeed, against=aspeed)]
    if act.kind == "ev":
        if dspeed > aspeed:
            state.notes.append("Evaded.")
        else:
            ex.hit.append(seat)
            state.notes.append("Too slow to evade.")
        return events + next_question(state)
    cdmg = max(0, k.strength or 0)
    stops = dspeed >= aspeed if act.kind == "sc" else dspeed > aspeed
    if stops:
        ex.target = seat
        events += _hurt(state, ex.attacker, cdmg) + _note(
            state, f"Countered: the Area attack fails, {cdmg} back.")
        if act.kind == "sc":
            return events + close(state, keep=False)
        for e in k.effects:
            if e.kind not in ON_PLAY:
                events += effects.run(state, seat, e, act.a)
        if cdmg >= STUN_DAMAGE and state.fighters[ex.attacker].kp > 0:
            events += effects.lose_random_event(state, ex.attacker)
            state.followup_for = seat
        return events + after_hit(state, keep=False)
    if act.kind == "ct" and dspeed == aspeed:
        adm = attack_strength(state)
        events += _hurt(state, seat, adm) + _hurt(state, ex.attacker, cdmg)
        events += _note(state, f"A trade: both hit ({adm} and {cdmg}), no effects.")
    else:
        ex.hit.append(seat)
        events += _note(state, "The counter is too slow.")
    ex.stage, ex.queue = "evade", _others(state, ex.attacker, but=seat)
    return events + next_question(state)


def land_area(state: MkState) -> list[Event]:
    """The Area attack lands on every seat that did not stop or avoid it."""
    ex = state.exchange
    assert ex is not None
    ex.landed = True
    k = kard(ex.kard)
    dmg = attack_strength(state)
    events: list[Event] = []
    for s in ex.hit:
        ex.target = s
        events += _hurt(state, s, dmg)
        for e in k.effects:
            if e.kind not in (*ON_PLAY, "followup"):
                events += effects.run(state, ex.attacker, e, ex.kard)
        if dmg >= STUN_DAMAGE and not k.has("stun") and state.fighters[s].kp > 0:
            events += effects.lose_random_event(state, s)
    state.followup_for = None
    hit = ", ".join(name(state, s) for s in ex.hit) or "no one"
    state.notes.append(f"The Area attack hits {hit} for {dmg}.")
    return events + close(state, keep=True)
