"""A greedy agent for the simulator: it reads only what its seat may know.

It plays two-seat matches and Brawls (aiming at the weakest Kombatant standing). It sees
its own hand and the public board (the attack on the table, KP, distance), never
the rival's hand or any deck order. Each phase has one simple rule: finish when it can,
otherwise the attack (or Kombo) with the most expected damage; defend with the play that
loses the fewest KP, Speeds computed from the public values; always burn, break and
follow up; top up a low KP with healing.
"""

from __future__ import annotations

from engine.core import Rng
from engine.games.mortal_kombat.combat import attack_speed, attack_strength
from engine.games.mortal_kombat.data import kard
from engine.games.mortal_kombat.model import STUN_DAMAGE, Act, MkState
from engine.games.mortal_kombat.moves import (
    act_choices,
    boost_choices,
    breaker_choices,
    burn_choices,
    discard_choices,
    followup_choices,
    kombo_choices,
    respond_choices,
)
from engine.games.mortal_kombat.seats import foe, standing


def _attack_value(state: MkState, a: Act) -> float:
    k = kard(a.a or "")
    value = float((k.strength or 0) * (1 + (k.hits - 1) * 0.6)) + (k.speed or 0) * 0.4
    if k.has("stun") or k.has("followup"):
        value += 2.5
    if a.kind == "ak" and a.b:
        value += 3.0 * len(kard(a.b).kombo)
    return value


def _act(state: MkState, seat: int, options: list[Act]) -> Act:
    me = state.fighters[seat]
    aims = [a for a in options if a.kind == "aim"]
    if aims and state.aim is not None:  # Brawl: go for the weakest Kombatant standing
        best = min(aims, key=lambda a: (state.fighters[int(a.b or 0)].kp, a.aid))
        if state.fighters[int(best.b or 0)].kp < state.fighters[state.aim].kp:
            return best
    for a in options:
        if a.kind == "fx":
            return a
    for a in options:
        if a.kind == "se":
            k = kard(a.a or "")
            if k.has("damage") or k.has("draw") or k.has("discard"):
                return a
            if k.has("heal") and me.kp <= state.options.kp - 5:
                return a
    attacks = [a for a in options if a.kind in ("at", "ak", "cm")]
    if attacks:
        return max(attacks, key=lambda a: (_attack_value(state, a), a.aid))
    step = next((a for a in options if a.kind == "step"), None)
    if step is not None and state.distance == "ranged" and len(me.hand) > 3:
        return step
    return options[0]


def _boost(state: MkState, seat: int, options: list[Act]) -> Act:
    ex = state.exchange
    assert ex is not None
    rival = state.fighters[foe(state, seat)]
    for a in options[1:]:
        k = kard(a.a or "")
        if k.has("vendetta"):
            return a
        gain = sum(e.value for e in k.effects if e.kind == "strength" and e.target == "self")
        if gain > 0 and (attack_strength(state) + gain >= STUN_DAMAGE
                         or attack_strength(state) + gain >= rival.kp):
            return a
        speed = sum(e.value for e in k.effects if e.kind == "speed" and e.target == "self")
        if speed > 0 and len(ex.se) == 0 and len(state.fighters[seat].hand) > 5:
            return a
    return options[0]


def _respond(state: MkState, seat: int, options: list[Act]) -> Act:
    ex = state.exchange
    assert ex is not None
    if ex.finisher is not None:
        return options[-1]
    aspeed = attack_speed(state)
    hit = attack_strength(state)
    k_atk = kard(ex.kard)
    if ex.kombo or k_atk.hits > 1:
        hit += 4
    pen = state.fighters[seat].penalty
    best, best_loss = options[0], float(hit)
    for a in options[1:]:
        if a.kind in ("se", "fr"):
            continue
        d = kard(a.a or "")
        dspeed = (d.speed or 0) + sum(ex.def_speed) - pen
        loss = float(hit)
        if a.kind == "bl" and dspeed >= aspeed:
            loss = 1.0
        elif a.kind == "ev" and dspeed > aspeed:
            loss = 0.0
        elif (a.kind == "sc" and dspeed >= aspeed) or (a.kind == "ct" and dspeed > aspeed):
            loss = -float(d.strength or 0)
        elif a.kind == "ct" and dspeed == aspeed:
            loss = float(hit) - (d.strength or 0)
        loss += 0.3  # a kard spent
        if loss < best_loss:
            best, best_loss = a, loss
    if best.kind == "take":
        for a in options:
            if a.kind == "fr" or (a.kind == "se" and any(
                    e.target == "rival" and e.value < 0 for e in kard(a.a or "").effects)
                    and hit >= 4):
                return a
    return best


def greedy_action(state: MkState, seat: int, rng: Rng) -> Act:
    """The greedy agent's choice for ``seat`` now (one of its legal actions)."""
    phase = state.phase
    if phase == "pick":
        from engine.games.mortal_kombat.data import kombatants

        return Act.of(kind="pick", a=rng.choice(list(kombatants())))
    choices = {"discard": discard_choices, "act": act_choices, "boost": boost_choices,
               "respond": respond_choices, "burn": burn_choices, "kombo": kombo_choices,
               "breaker": breaker_choices}.get(phase, followup_choices)
    return choose(state, seat, choices(state, seat))


def choose(state: MkState, seat: int, options: list[Act]) -> Act:
    """The greedy choice among ``options`` (the seat's legal actions now, past the pick).

    Reads only the seat's own hand, the KP, the attack on the table and the public board,
    so a state rebuilt from the seat's view gives the same choice (:mod:`.ai`)."""
    phase = state.phase
    if phase == "pick":
        return options[0]
    if phase == "discard":
        hand = state.fighters[seat].hand
        weakest = min((state.fighters[s].kp for s in standing(state) if s != seat),
                      default=0)
        junk = sorted(x for x in hand if kard(x).finisher in ("fatality", "babality")
                      and weakest > 12)
        wanted = Act.of(kind="dd", a=junk[0]) if junk else Act.of(kind="dd")
        return wanted if wanted in options else Act.of(kind="dd")
    if phase == "act":
        return _act(state, seat, options)
    if phase == "boost":
        return _boost(state, seat, options)
    if phase == "respond":
        return _respond(state, seat, options)
    if phase == "burn":
        return min(options[1:], key=lambda a: (kard(a.a or "").strength or 0, a.aid)) if len(
            options) > 1 else options[0]
    if phase == "kombo":
        return max(options, key=lambda a: ((kard(a.a).strength or 0) if a.a else -1, a.aid))
    if phase == "breaker":
        return options[-1]
    return max(options, key=lambda a: (kard(a.a).strength or 0) if a.a else -1)
