"""What each seat may play now: the legal actions of every phase (pure, read-only).

Decisions (see docs/rules/mortal-kombat.md): every fitting defence is offered and Speeds
are compared at resolution; the defender is always asked, with *take the hit* always
among the choices, so being asked reveals nothing. Kombos start only holding every kard
they need. Ranged/Area attacks are only countered by Ranged ones; Close Quarters by
Hand-to-Hand or Close Quarters; Hand-to-Hand by Hand-to-Hand or Ranged.
"""

from __future__ import annotations

from collections import Counter

from engine.games.mortal_kombat.data import Kard, kard
from engine.games.mortal_kombat.effects import advanced
from engine.games.mortal_kombat.model import (
    BABALITY_KP,
    FATALITY_KP,
    MAX_DISCARD,
    Act,
    MkState,
    act,
)
from engine.games.mortal_kombat.seats import distance, foe, standing

MOD_KINDS = ("speed", "strength", "vendetta", "copy_move", "turn")
KINDS = ("punch", "kick", "throw", "projectile")


def usable(state: MkState, seat: int, k: Kard) -> bool:
    """A Special Move only for its Kombatant, except under the Basic Rules."""
    if k.type != "special" or state.options.level == "basic":
        return True
    return k.kombatant == state.fighters[seat].kombatant


def reaches(state: MkState, k: Kard, stepped: bool, seat: int | None = None) -> bool:
    """Whether an attack can be played from the current distance (Advanced only); with
    ``seat``, the distance between ``seat`` and the Kombatant it attacks."""
    if not advanced(state):
        return True
    if stepped and k.moving:
        return False  # no movement kard after a step
    if k.range == "ranged" or k.location == "area":
        return True
    far = state.distance if seat is None else distance(state, seat, foe(state, seat))
    if far == "h2h":
        return True
    return k.moving


def hand_ids(state: MkState, seat: int) -> list[str]:
    """The distinct kard ids in a seat's hand, sorted."""
    return sorted(set(state.fighters[seat].hand))


def discard_choices(state: MkState, seat: int) -> list[Act]:
    """Discard nothing, one kard or two (distinct choices only)."""
    counts = Counter(state.fighters[seat].hand)
    ids = sorted(counts)
    out = [act("dd")]
    out += [act("dd", a=x) for x in ids]
    for i, x in enumerate(ids):  # distinct pairs (x <= y), in sorted order
        if counts[x] >= MAX_DISCARD:
            out.append(act("dd", a=x, b=x))
        out += [act("dd", a=x, b=y) for y in ids[i + 1:]]
    return out


def kombo_fits(state: MkState, step: str, k: Kard) -> bool:
    """Whether ``k`` may be one of a Kombo's later attacks."""
    if not k.is_attack or k.is_kombo_attack:
        return False
    if state.options.level == "basic" or step == "any":
        return True
    if step in KINDS:
        return k.kind == step
    return k.type == step


def kombo_ready(state: MkState, seat: int, first: str, kombo: str) -> bool:
    """The hand holds a distinct fitting kard for every later step of the Kombo."""
    hand = list(state.fighters[seat].hand)
    hand.remove(first)
    hand.remove(kombo)
    kk = kard(kombo)
    for step in kk.kombo[:kk.needs]:  # an exception's optional attacks need not be held
        fit = next((x for x in hand if kombo_fits(state, step, kard(x))
                    and usable(state, seat, kard(x))), None)
        if fit is None:
            return False
        hand.remove(fit)
    return True


def aim_choices(state: MkState, seat: int) -> list[Act]:
    """Brawl: turn one's attacks on another standing Kombatant (``a`` its Kombatant,
    ``b`` its seat)."""
    if not state.brawl:
        return []
    return [act("aim", a=state.fighters[s].kombatant, b=str(s))
            for s in standing(state) if s not in (seat, state.aim)]


def act_choices(state: MkState, seat: int) -> list[Act]:
    """The acting seat: pass, step, attacks, Kombos, finishers, Special Effects (and, in
    a Brawl, whom to aim at)."""
    out = [act("pass")]
    if advanced(state) and not state.stepped:
        out.append(act("step"))
    out += aim_choices(state, seat)
    rival = state.fighters[foe(state, seat)]
    ids = hand_ids(state, seat)
    kombos = [x for x in ids if kard(x).type == "kombo"]
    for x in ids:
        k = kard(x)
        if k.is_attack and usable(state, seat, k) and reaches(state, k, state.stepped, seat):
            out.append(act("at", a=x))
            if not k.is_kombo_attack and not (state.brawl and k.location == "area"):
                out += [act("ak", a=x, b=c) for c in kombos
                        if kombo_ready(state, seat, x, c)]
        elif k.finisher in ("fatality", "babality") and usable(state, seat, k):
            limit = FATALITY_KP if k.finisher == "fatality" else BABALITY_KP
            if rival.kp <= limit:
                out.append(act("fx", a=x))
        elif k.type == "se":
            if k.has("copy_move"):
                last = copy_target(state, seat)
                if last is not None and reaches(state, kard(last), state.stepped, seat):
                    out.append(act("cm", a=x))
            elif not any(k.has(m) for m in MOD_KINDS):
                out.append(act("se", a=x))
    return out


def copy_target(state: MkState, seat: int) -> str | None:
    """The last Special Move (an attack) in the rival's discard pile, if any."""
    for x in reversed(state.fighters[foe(state, seat)].discard):
        if kard(x).type == "special" and kard(x).is_attack:
            return x
    return None


def se_fits(state: MkState, seat: int, k: Kard) -> bool:
    """A Special Effect that may go on the current exchange now."""
    ex = state.exchange
    if ex is None or k.type != "se" or k.has("copy_move"):
        return False
    attacker = seat == ex.attacker
    if k.has("vendetta") and (not attacker or ex.vendetta):
        return False
    for e in k.effects:
        if e.kind not in ("speed", "strength"):
            continue
        on_attack = attacker == (e.target == "self")
        if e.kind == "speed":
            values, locked = (ex.speed, ex.speed_locked) if on_attack else (ex.def_speed,
                                                                              ex.def_locked)
        else:
            values, locked = (ex.strength, ex.strength_locked) if on_attack else (
                ex.def_strength, ex.def_locked)
        if locked or (e.nonaccum and values):
            return False
    # a Quick Turn only answers an attack from behind
    return not (k.has("turn") and (attacker or not ex.behind))


def boost_choices(state: MkState, seat: int) -> list[Act]:
    """The attacker adds Special Effects to the attack, then goes."""
    out = [act("go")]
    out += [act("se", a=x) for x in hand_ids(state, seat) if se_fits(state, seat,
                                                                             kard(x))]
    return out


def counter_fits(state: MkState, seat: int, attack: Kard, k: Kard) -> bool:
    """A counterattack kard that may answer ``attack``."""
    if not k.is_attack or k.is_kombo_attack or not usable(state, seat, k):
        return False
    if attack.airborne and (k.location == "low" or k.kind == "throw"):
        return False  # a Low attack passes under a Kombatant in the air; no one grabs it
    if attack.has("teleport") and k.range == "ranged":
        return False  # the projectile flies where the teleporter no longer is
    if attack.range == "ranged" or attack.location == "area":
        ok = k.range == "ranged"
    elif attack.range == "cq":
        ok = k.range in ("h2h", "cq")
    else:
        ok = k.range in ("h2h", "ranged")
    if not ok:
        return False
    ex = state.exchange
    far = state.distance if ex is None else distance(state, seat, ex.attacker)
    if advanced(state) and far == "ranged" and k.range != "ranged":
        return k.moving
    return True


def stops(d: Kard, attack: Kard) -> bool:
    """Whether the Specific Counter ``d`` answers ``attack`` (it reads the attack's kind:
    projectiles, throws; Close Quarters or Ranged attacks of any kind)."""
    if "projectile" in d.guards and attack.kind == "projectile":
        return True
    if "throw" in d.guards and attack.kind == "throw":
        return True
    if "ranged" in d.guards and (attack.range == "ranged" or attack.location == "area"):
        return True
    return "cq" in d.guards and attack.range == "cq"


def respond_choices(state: MkState, seat: int) -> list[Act]:
    """The defender: take the hit, or one defensive play, plus Special Effects and a
    Friendship (against a Fatality or a Vendetta)."""
    ex = state.exchange
    assert ex is not None
    out = [act("take")]
    ids = hand_ids(state, seat)
    if ex.finisher is not None:
        if ex.finisher == "fatality":
            out += [act("fr", a=x) for x in ids if kard(x).finisher == "friendship"
                    and usable(state, seat, kard(x))]
        return out
    atk = kard(ex.kard)
    for x in ids:
        k = kard(x)
        if ex.stage == "evade" and not (k.type == "defense" and k.defense == "evade"):
            continue  # Brawl Area attack: now only evasions
        if ex.stage == "counter" and not (k.type == "defense" and k.defense == "counter") \
                and not counter_fits(state, seat, atk, k):
            continue  # Brawl Area attack: first only counterattacks
        if k.type == "defense":
            if k.defense == "block" and atk.location != "area" and atk.kind != "throw" and (
                    atk.location == "var" or atk.location in k.guards):
                out.append(act("bl", a=x))
            elif k.defense == "evade" and (atk.location == "var" or atk.location in k.guards):
                out.append(act("ev", a=x))
            elif k.defense == "counter" and stops(k, atk):
                out.append(act("sc", a=x))
        elif counter_fits(state, seat, atk, k):
            out.append(act("ct", a=x))
        elif k.finisher == "friendship" and ex.vendetta and usable(state, seat, k):
            out.append(act("fr", a=x))
        elif se_fits(state, seat, k):
            out.append(act("se", a=x))
    return out


def burn_choices(state: MkState, seat: int) -> list[Act]:
    """Burn attack kards for a multi-hit move's extra hits, or stop."""
    ex = state.exchange
    assert ex is not None
    fuel = kard(ex.kard).burns  # the kinds it burns (empty: any attack kard)
    out = [act("bn")]
    out += [act("bn", a=x) for x in hand_ids(state, seat) if kard(x).is_attack
            and (not fuel or kard(x).kind in fuel)]
    return out


def kombo_choices(state: MkState, seat: int) -> list[Act]:
    """The next kard of a Kombo (the attacker lays them in order)."""
    ex = state.exchange
    assert ex is not None and ex.kombo is not None
    kk = kard(ex.kombo)
    step = kk.kombo[len(ex.extra)]
    out = [act("kn", a=x) for x in hand_ids(state, seat)
           if kombo_fits(state, step, kard(x)) and usable(state, seat, kard(x))]
    if not out or (kk.needs is not None and len(ex.extra) >= kk.needs):
        out.append(act("kn"))  # end it: an exception's optional rest, or nothing fits
    return out


def breaker_choices(state: MkState, seat: int) -> list[Act]:
    """After a Kombo's last kard or a Follow-up: a fitting breaker, or none."""
    ex = state.exchange
    assert ex is not None
    need = "break_followup" if ex.followup else "break_kombo"
    return [act("br"), *(act("br", a=x) for x in hand_ids(state, seat)
                                 if kard(x).has(need))]


def followup_choices(state: MkState, seat: int) -> list[Act]:
    """An undefendable Follow-up attack (never a Kombo), or none."""
    out = [act("fu")]
    for x in hand_ids(state, seat):
        k = kard(x)
        if k.is_attack and not k.is_kombo_attack and usable(state, seat, k) and reaches(
                state, k, False, seat):
            out.append(act("fu", a=x))
    return out
