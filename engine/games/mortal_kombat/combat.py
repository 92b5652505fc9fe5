"""One exchange: an attack, the one response, and what follows (Kombo, burn, Follow-up).

Decisions (see docs/rules/mortal-kombat.md): initiative stays only with an attack that
lands; it passes on a block, an evasion, a landed counter (trades too), a breaker, a
cancelled finisher, a pass or a Special-Effect-only action. A slower counter fails; a
trade cancels both attacks' effects; a counter landing alone for 8+ stuns the attacker.
"""

from __future__ import annotations

from engine.core import Event, public, trusted
from engine.games.mortal_kombat import effects
from engine.games.mortal_kombat.data import ON_PLAY, Kard, kard
from engine.games.mortal_kombat.flow import name, next_turn
from engine.games.mortal_kombat.model import (
    BEHIND_BONUS,
    KOMBO_MAX,
    STUN_DAMAGE,
    VENDETTA_BONUS,
    Act,
    Exchange,
    MkState,
)
from engine.games.mortal_kombat.seats import (
    back_off,
    clockwise,
    close_in,
    distance,
    foe,
    standing,
    target_of,
)


def _from_hand(state: MkState, seat: int, kid: str) -> None:
    state.fighters[seat].hand.remove(kid)


def _fold_modifiers(state: MkState, ex: Exchange) -> None:
    """Modifiers in force join the new exchange's values (in a Brawl, only those of the
    two Kombatants in it)."""
    both = (ex.attacker, target_of(state, ex))
    for m in state.modifiers:
        if state.seats > 2 and m.seat not in both:
            continue
        on_attack = (m.seat == ex.attacker) == (m.target == "self")
        if m.kind == "speed":
            (ex.speed if on_attack else ex.def_speed).append(m.value)
        else:
            (ex.strength if on_attack else ex.def_strength).append(m.value)


def attack_speed(state: MkState) -> int:
    """The attack's Speed now: printed value, modifiers, move/fall penalty."""
    ex = state.exchange
    assert ex is not None
    behind = BEHIND_BONUS if ex.behind else 0
    return (kard(ex.kard).speed or 0) + sum(ex.speed) - ex.pen + behind


def attack_strength(state: MkState) -> int:
    """The first hit's Strength: printed value, modifiers, Vendetta."""
    ex = state.exchange
    assert ex is not None
    bonus = VENDETTA_BONUS if ex.vendetta else 0
    return max(0, (kard(ex.kard).strength or 0) + sum(ex.strength) + bonus)


def declare(state: MkState, seat: int, act: Act) -> list[Event]:
    """The initiative holder plays an attack (``at``/``ak``/``cm``) or a finisher (``fx``)."""
    assert act.a is not None
    f = state.fighters[seat]
    kid = act.a
    copied = False
    se: list[str] = []
    if act.kind == "cm":
        _from_hand(state, seat, kid)
        se.append(kid)
        from engine.games.mortal_kombat.moves import copy_target

        target = copy_target(state, seat)
        assert target is not None
        kid, copied = target, True
    else:
        _from_hand(state, seat, kid)
    k = kard(kid)
    ex = trusted(Exchange, attacker=seat, kard=kid, copied=copied, se=se, stepped=state.stepped,
                  target=foe(state, seat) if state.seats > 2 else None)
    if state.brawl and k.location == "area" and act.kind != "fx":
        ex.queue = clockwise(state, seat, standing(state))
        ex.stage, ex.target = "counter", ex.queue[0]
    if act.kind == "ak":
        assert act.b is not None
        _from_hand(state, seat, act.b)
        ex.kombo = act.b
    if act.kind == "fx":
        ex.finisher = k.finisher
    ex.pen = f.penalty + (1 if state.stepped else 0)
    f.penalty = 0
    state.exchange = ex
    _fold_modifiers(state, ex)
    verb = "Copy Move: " if copied else ""
    kombo = f" with {kard(act.b).name}" if act.b else ""
    state.notes.append(f"{name(state, seat)} plays {verb}{k.name}{kombo}.")
    events: list[Event] = [public("attack", seat=seat, kard=kid, kombo=act.b, copied=copied,
                                  finisher=ex.finisher)]
    if act.kind != "fx":
        for e in k.effects:  # movement, teleport, moving behind, jumping: as it is played
            if e.kind in ON_PLAY:
                events += effects.run(state, seat, e, kid)
    state.phase = "boost" if ex.finisher is None else "respond"
    return events


def play_se(state: MkState, seat: int, kid: str) -> list[Event]:
    """A Special Effect kard, on the exchange or (before any attack) on its own."""
    _from_hand(state, seat, kid)
    ex = state.exchange
    if ex is None:
        state.acted_se = True
        state.fighters[seat].discard.append(kid)
    elif seat == ex.attacker:
        ex.se.append(kid)
    else:
        ex.dse.append(kid)
        spend(state, seat)
    events = [public("special_effect", seat=seat, kard=kid)]
    for e in kard(kid).effects:
        events += effects.run(state, seat, e, kid)
    state.notes.append(f"{name(state, seat)} plays {kard(kid).name}.")
    if ex is None and any(state.fighters[s].kp <= 0 for s in standing(state)):
        return events + close(state, keep=False)
    return events


def respond(state: MkState, seat: int, act: Act) -> list[Event]:
    """The defender's one play (or taking the hit); then the exchange resolves."""
    ex = state.exchange
    assert ex is not None
    if act.kind != "take":
        spend(state, seat)
    if act.kind == "fr":
        assert act.a is not None
        _from_hand(state, seat, act.a)
        ex.dse.append(act.a)
        events = effects.run(state, seat, kard(act.a).effects[0], act.a)
        state.notes.append(f"{name(state, seat)} answers with {kard(act.a).name}.")
        if ex.cancelled:
            state.notes.append("The Fatality is cancelled.")
            return events + close(state, keep=False)
        return events
    if ex.finisher is not None:
        state.fighters[seat].kp = 0
        state.notes.append(f"{kard(ex.kard).name}! {name(state, seat)} is finished.")
        return [public("finished", seat=seat, kard=ex.kard), *close(state, keep=True)]
    if act.kind == "take":
        return [public("took_hit", seat=seat), *land(state)]
    assert act.a is not None
    _from_hand(state, seat, act.a)
    ex.defense, ex.defense_kind = act.a, act.kind
    d = kard(act.a)
    f = state.fighters[seat]
    ex.def_pen = f.penalty
    f.penalty = 0
    dspeed = (d.speed or 0) + sum(ex.def_speed) - ex.def_pen
    aspeed = attack_speed(state)
    state.notes.append(f"{name(state, seat)} answers with {d.name}.")
    head = [public("responded", seat=seat, kard=act.a, how=act.kind, speed=dspeed,
                   against=aspeed)]
    if act.kind == "bl":
        if dspeed >= aspeed:
            return head + _hurt(state, seat, 1) + _note(state, "Blocked: 1 damage.") + close(
                state, keep=False)
        return head + _note(state, "Too slow to block.") + land(state)
    if act.kind == "ev":
        if dspeed > aspeed:
            return head + _note(state, "Evaded.") + close(state, keep=False)
        return head + _note(state, "Too slow to evade.") + land(state)
    if act.kind == "sc":
        if dspeed >= aspeed:
            dmg = max(0, (d.strength or 0) + sum(ex.def_strength))
            return head + _hurt(state, ex.attacker, dmg) + _note(
                state, f"Countered: the attack fails, {dmg} back.") + close(state, keep=False)
        return head + _note(state, "The Specific Counter is too slow.") + land(state)
    # counterattack (one that includes movement closes in from Ranged distance)
    for e in d.effects:
        if e.kind in ("movement", "teleport"):
            effects.run(state, seat, e, act.a)
    if dspeed < aspeed:
        return head + _note(state, "The counterattack is too slow.") + land(state)
    cdmg = max(0, (d.strength or 0) + sum(ex.def_strength))
    if dspeed == aspeed:
        adm = attack_strength(state)
        events = _hurt(state, seat, adm) + _hurt(state, ex.attacker, cdmg)
        trade = _note(state, f"A trade: both hit ({adm} and {cdmg}), no effects.")
        return head + events + trade + close(state, keep=False)
    events = _hurt(state, ex.attacker, cdmg) + _note(state, f"The counter lands first: {cdmg}.")
    for e in d.effects:
        if e.kind not in ON_PLAY:
            events += effects.run(state, seat, e, act.a)
    if cdmg >= STUN_DAMAGE and state.fighters[ex.attacker].kp > 0:
        events += effects.lose_random_event(state, ex.attacker)
        state.followup_for = seat
    return head + events + after_hit(state, keep=False)


def spend(state: MkState, seat: int) -> None:
    """Brawl: any defence spends the defender's action for this turn."""
    if state.brawl and seat not in state.spent:
        state.spent.append(seat)


def _note(state: MkState, text: str) -> list[Event]:
    state.notes.append(text)
    return []


def _hurt(state: MkState, seat: int, amount: int) -> list[Event]:
    f = state.fighters[seat]
    f.kp -= amount
    return [public("damage", seat=seat, amount=amount, kp=f.kp)]


def land(state: MkState) -> list[Event]:
    """The attack lands: a Kombo or multi-hit goes on, else damage, effects, stun."""
    ex = state.exchange
    assert ex is not None
    ex.landed = True
    k = kard(ex.kard)
    if ex.kombo is not None:
        # always the attacker's turn to lay the rest (never read from the hidden hand,
        # issue 29): a Kombo whose kards were lost meanwhile is ended by its attacker
        state.phase = "kombo"
        return _note(state, "The Kombo's first hit lands.")
    if k.hits > 1:
        state.phase = "burn"
        return _note(state, "The first hit lands.")
    defender = target_of(state, ex)
    dmg = attack_strength(state)
    events = _hurt(state, defender, dmg) + _note(state, f"It hits for {dmg}.")
    for e in k.effects:
        if e.kind not in ON_PLAY:
            events += effects.run(state, ex.attacker, e, ex.kard)
    if dmg >= STUN_DAMAGE and not k.is_kombo_attack and not k.has("stun") and \
            state.fighters[defender].kp > 0:
        events += effects.lose_random_event(state, defender)
        state.followup_for = ex.attacker
    return events + after_hit(state, keep=True)


def after_hit(state: MkState, keep: bool) -> list[Event]:
    """After damage: a Follow-up if one is owed (and nobody is out), else close."""
    ex = state.exchange
    both = (ex.attacker, target_of(state, ex)) if ex is not None else range(state.seats)
    if state.followup_for is not None and all(state.fighters[s].kp > 0 for s in both):
        state.phase = "followup"
        if not keep and not state.brawl:
            state.initiative = state.followup_for
        return []
    return close(state, keep=keep)


def _discard_table(state: MkState) -> None:
    ex = state.exchange
    if ex is None:
        return
    att, dfd = state.fighters[ex.attacker], state.fighters[target_of(state, ex)]
    if not ex.copied:
        att.discard.append(ex.kard)
    att.discard.extend([*([ex.kombo] if ex.kombo else []), *ex.se, *ex.extra])
    dfd.discard.extend([*ex.dse, *([ex.defense] if ex.defense else [])])


def close(state: MkState, keep: bool) -> list[Event]:
    """End the turn: kards to the discard piles, initiative kept or passed (Brawl: the
    action is over, see :mod:`brawl`)."""
    if state.seats > 2:
        from engine.games.mortal_kombat.brawl import close_action

        _discard_table(state)
        return close_action(state, keep)
    ex = state.exchange
    if ex is not None:
        _discard_table(state)
        if not keep:
            state.initiative = 1 - ex.attacker
    elif not keep:
        state.initiative = 1 - state.initiative
    return next_turn(state)


def burn(state: MkState, seat: int, kid: str | None) -> list[Event]:
    """Burn one more attack kard for +Strength, or stop and face a Kombo Breaker."""
    ex = state.exchange
    assert ex is not None
    k = kard(ex.kard)
    if kid is not None:
        _from_hand(state, seat, kid)
        ex.extra.append(kid)
        state.notes.append(f"{name(state, seat)} burns {kard(kid).name}.")
    if kid is None or len(ex.extra) >= k.hits - 1:
        state.phase = "breaker"
    return []


def kombo_next(state: MkState, seat: int, kid: str | None) -> list[Event]:
    """Lay the Kombo's next attack, or end it (``None``: a Kombo kard's exception, or
    its kards were lost); after the last, the defender may break it."""
    ex = state.exchange
    assert ex is not None and ex.kombo is not None
    if kid is None:
        state.notes.append(f"{name(state, seat)} ends the Kombo.")
        state.phase = "breaker"
        return [public("kombo_ended", seat=seat, laid=len(ex.extra))]
    _from_hand(state, seat, kid)
    ex.extra.append(kid)
    state.notes.append(f"{name(state, seat)} adds {kard(kid).name}.")
    if len(ex.extra) >= len(kard(ex.kombo).kombo):
        state.phase = "breaker"
    return []


def kombo_reach(state: MkState) -> list[bool]:
    """For each kard laid after a Kombo's first hit: whether it reaches. A knockback
    (not out of Close Quarters) sends the rival out of reach of the later attacks that
    are neither Ranged nor include movement (Advanced): those miss, with no effect."""
    ex = state.exchange
    assert ex is not None
    k = kard(ex.kard)
    far = effects.advanced(state) and k.has("knockback") and k.range != "cq"
    out: list[bool] = []
    for x in ex.extra:
        nk: Kard = kard(x)
        hits = not (far and nk.range != "ranged" and not nk.moving)
        out.append(hits)
        if hits and effects.advanced(state) and nk.has("knockback") and nk.range != "cq":
            far = True
    return out


def kombo_damage(state: MkState) -> int:
    """Total of a Kombo (or multi-hit move): first hit, then each later hit that reaches."""
    ex = state.exchange
    assert ex is not None
    first = attack_strength(state)
    k = kard(ex.kard)
    if ex.kombo is None:
        return min(KOMBO_MAX, first + (k.strength or 0) * len(ex.extra))
    reach = kombo_reach(state)
    return first + sum(kard(x).strength or 0 for x, hit in zip(ex.extra, reach, strict=True) if hit)


def breaker(state: MkState, seat: int, kid: str | None) -> list[Event]:
    """The defender breaks the Kombo/Follow-up (or not); the damage is dealt."""
    ex = state.exchange
    assert ex is not None
    events: list[Event] = []
    if kid is not None:
        _from_hand(state, seat, kid)
        ex.dse.append(kid)
        spend(state, seat)
        for e in kard(kid).effects:
            events += effects.run(state, seat, e, kid)
    if ex.followup:
        if ex.broken:
            state.notes.append("The Follow-up misses.")
            return events + close(state, keep=False)
        dmg = max(0, kard(ex.kard).strength or 0)
        events += _hurt(state, seat, dmg) + _note(state, f"The Follow-up hits for {dmg}.")
        for e in kard(ex.kard).effects:
            if e.kind in ("knockdown", "knockback"):
                events += effects.run(state, ex.attacker, e, ex.kard)
        return events + close(state, keep=True)
    if ex.broken:
        dmg = attack_strength(state)
        events += _hurt(state, seat, dmg) + _note(state, f"Kombo broken: only {dmg} lands.")
        return events + close(state, keep=False)
    dmg = kombo_damage(state)
    events += _hurt(state, seat, dmg) + _note(state, f"The Kombo deals {dmg}.")
    reached = [ex.kard]
    if ex.kombo is not None:
        reach = kombo_reach(state)
        reached += [x for x, hit in zip(ex.extra, reach, strict=True) if hit]
        if not all(reach):
            state.notes.append("Out of reach: the later hits miss, with no effect.")
    for kid in reached:  # a hit that misses has no effect at all (the rulebook)
        for e in kard(kid).effects:
            if e.kind in ("knockdown", "knockback"):
                events += effects.run(state, ex.attacker, e, kid)
    return events + close(state, keep=True)


def followup(state: MkState, seat: int, kid: str | None) -> list[Event]:
    """The hitter's Follow-up (undefendable; only a breaker stops it) or none."""
    ex = state.exchange
    stunned = foe(state, seat) if state.seats > 2 else None
    if ex is not None:
        _discard_table(state)
    state.followup_for = None
    if kid is None:
        state.exchange = None
        return close(state, keep=True)
    _from_hand(state, seat, kid)
    state.exchange = trusted(Exchange, attacker=seat, kard=kid, followup=True, landed=True,
                              target=stunned)
    state.notes.append(f"{name(state, seat)} follows up with {kard(kid).name}.")
    state.phase = "breaker"
    return [public("followup", seat=seat, kard=kid)]


def pass_action(state: MkState, seat: int) -> list[Event]:
    """Pass: penalties cleared, the initiative passes."""
    state.fighters[seat].penalty = 0
    state.notes.append(f"{name(state, seat)} passes.")
    return [public("passed", seat=seat), *close(state, keep=False)]


def step(state: MkState, seat: int) -> list[Event]:
    """Move once before the action: Ranged <-> Hand-to-Hand, -1 Speed on this action."""
    state.stepped = True
    rival = foe(state, seat)
    if distance(state, seat, rival) == "ranged":
        close_in(state, seat, rival)
    else:
        back_off(state, seat)
    now = distance(state, seat, rival)
    label = "Hand-to-Hand" if now == "h2h" else "Ranged"
    state.notes.append(f"{name(state, seat)} moves to {label} distance.")
    return [public("moved", seat=seat, distance=now)]
