"""The closed set of effect types, one handler each (checked when this module loads).

A handler gets the state (a private copy), the seat whose kard it is, and the effect.
Callers never test an effect's kind themselves: they call :func:`run`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import get_args

from engine.core import Event, public
from engine.games.mortal_kombat.data import Effect, EffectKind, kombatants
from engine.games.mortal_kombat.model import MkState, Modifier
from engine.games.mortal_kombat.seats import back_off, close_in, distance, foe

Handler = Callable[[MkState, int, Effect, str], list[Event]]


def advanced(state: MkState) -> bool:
    """Distance, movement and falls are in play (Advanced rules)."""
    return state.options.level == "advanced"


def draw(state: MkState, seat: int, n: int) -> int:
    """``seat`` draws up to ``n`` kards; the Infinity Rule reshuffles the discard pile.

    Under the Timer Rule, drawing a deck's last kard runs the clock out
    (:attr:`MkState.time_up`). Returns how many were drawn.
    """
    f = state.fighters[seat]
    timer = state.options.timer
    deck, hand = f.deck, f.hand  # model attributes read once (each read is a hook call)
    got = 0
    for _ in range(n):
        if not deck and timer == "infinity" and f.discard:
            f.deck, f.discard = f.discard, []
            deck = f.deck
            state.rng.shuffle(deck)
        if not deck:
            break
        hand.append(deck.pop())
        got += 1
        if not deck and timer == "timer":
            state.time_up = True
    return got


def lose_random(state: MkState, seat: int, n: int) -> list[str]:
    """``seat`` discards ``n`` kards at random from hand (stun, Confusion)."""
    f = state.fighters[seat]
    lost: list[str] = []
    for _ in range(min(n, len(f.hand))):
        lost.append(f.hand.pop(state.rng.below(len(f.hand))))
    f.discard.extend(lost)
    return lost


def lose_random_event(state: MkState, seat: int) -> list[Event]:
    """Stunned by damage: ``seat`` loses a random kard (the hitter's Follow-up is set by
    the caller)."""
    lost = lose_random(state, seat, 1)
    state.notes.append(f"{_name(state, seat)} is stunned and loses a kard.")
    return [public("stunned", seat=seat, lost=lost, **_brawl(state))]


def _stun(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    rival = foe(state, seat)
    lost = lose_random(state, rival, 1)
    state.followup_for = seat
    state.notes.append(f"{_name(state, rival)} is stunned and loses a kard.")
    return [public("stunned", seat=rival, lost=lost, **_brawl(state))]


def _knockdown(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    if not advanced(state):
        return []
    rival = foe(state, seat)
    state.fighters[rival].penalty += 1
    state.notes.append(f"{_name(state, rival)} is knocked down (-1 Speed next action).")
    return [public("knocked_down", seat=rival)]


def _knockback(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    if not advanced(state):
        return []
    ex = state.exchange
    if ex is not None and _reach(ex.kard if kard == "" else kard) == "cq":
        return []  # knocked out of Close Quarters: back to Hand-to-Hand only
    rival = foe(state, seat)
    if distance(state, seat, rival) == "h2h":
        back_off(state, rival)
        state.notes.append(f"{_name(state, rival)} is knocked back to Ranged distance.")
        return [public("knocked_back", seat=rival)]
    return []


def _movement(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    rival = foe(state, seat)
    if advanced(state) and distance(state, seat, rival) == "ranged":
        close_in(state, seat, rival)
        return [public("moved", seat=seat, distance="h2h")]
    return []


def _teleport(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    rival = foe(state, seat)
    if advanced(state) and distance(state, seat, rival) == "ranged":
        close_in(state, seat, rival)
        state.notes.append(f"{_name(state, seat)} teleports in to Hand-to-Hand distance.")
        return [public("teleported", seat=seat, distance="h2h")]
    return []


def _behind(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    ex = state.exchange
    if ex is None or not advanced(state):
        return []
    ex.behind = True
    state.notes.append(f"{_name(state, seat)} moves behind the opponent (+1 Speed).")
    return [public("behind", seat=seat)]


def _airborne(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    state.notes.append(f"{_name(state, seat)} is airborne.")
    return [public("airborne", seat=seat)]


def _pull(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    if not advanced(state):
        return []
    rival = foe(state, seat)
    if distance(state, seat, rival) == "ranged":
        close_in(state, rival, seat)
        state.notes.append(f"{_name(state, rival)} is pulled in to Hand-to-Hand distance.")
        return [public("pulled", seat=rival)]
    return []


def _turn(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    ex = state.exchange
    if ex is None or not ex.behind:
        return []
    ex.behind = False
    state.notes.append(f"{_name(state, seat)} turns to meet the attack (no +1 Speed).")
    return [public("turned", seat=seat)]


def _followup(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    state.followup_for = seat
    return []


def _modifier(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    ex = state.exchange
    if ex is None:
        return []
    mine = seat == ex.attacker
    on_attack = mine == (eff.target == "self")
    if eff.kind == "speed":
        values, locked = (ex.speed, ex.speed_locked) if on_attack else (ex.def_speed,
                                                                          ex.def_locked)
    else:
        values, locked = (ex.strength, ex.strength_locked) if on_attack else (
            ex.def_strength, ex.def_locked)
    if locked:
        return []
    values.append(eff.value)
    if eff.nonaccum:
        if on_attack and eff.kind == "speed":
            ex.speed_locked = True
        elif on_attack:
            ex.strength_locked = True
        else:
            ex.def_locked = True
    if eff.turns:
        state.modifiers.append(Modifier(seat=seat, kard=kard, kind=eff.kind, value=eff.value,
                                        target=eff.target, turns=eff.turns + 1))
    return []


def _heal(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    f = state.fighters[seat]
    f.kp = min(state.options.kp, f.kp + eff.value)
    return [public("healed", seat=seat, kp=f.kp)]


def _damage(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    rival = foe(state, seat)
    f = state.fighters[rival]
    f.kp -= eff.value
    return [public("damaged", seat=rival, amount=eff.value, kp=f.kp)]


def _draw(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    n = draw(state, seat, eff.value)
    return [public("drew", seat=seat, count=n)]


def _discard(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    rival = foe(state, seat)
    lost = lose_random(state, rival, eff.value)
    return [public("discarded_random", seat=rival, kards=lost)]


def _vendetta(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    ex = state.exchange
    if ex is not None and opposed(state):
        ex.vendetta = True
    return []


def _copy_move(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    if state.exchange is not None:
        state.exchange.copied = True
    return []


def _break(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    if state.exchange is not None:
        state.exchange.broken = True
    return [public("broken", seat=seat, kard=kard)]


def _friendship(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    ex = state.exchange
    if ex is None:
        return []
    if ex.finisher == "fatality":
        ex.cancelled = True
    ex.vendetta = False
    return [public("friendship", seat=seat, kard=kard)]


HANDLERS: dict[str, Handler] = {
    "stun": _stun, "knockdown": _knockdown, "knockback": _knockback,
    "movement": _movement, "followup": _followup, "speed": _modifier,
    "strength": _modifier, "heal": _heal, "damage": _damage, "draw": _draw,
    "discard": _discard, "vendetta": _vendetta, "copy_move": _copy_move,
    "break_kombo": _break, "break_followup": _break, "friendship": _friendship,
    "teleport": _teleport, "behind": _behind, "airborne": _airborne, "pull": _pull,
    "turn": _turn,
}
if set(HANDLERS) != set(get_args(EffectKind)):  # pragma: no cover - checked at import
    raise RuntimeError("every effect kind needs exactly one handler")


def run(state: MkState, seat: int, eff: Effect, kard: str) -> list[Event]:
    """Apply one effect of ``kard`` played by ``seat`` (its one handler)."""
    return HANDLERS[eff.kind](state, seat, eff, kard)


def opposed(state: MkState) -> bool:
    """Earthworld against Outworld (Vendetta's condition)."""
    ex = state.exchange
    pair = [state.fighters[s] for s in ((ex.attacker, foe(state, ex.attacker)) if ex
                                        else range(state.seats))]
    a = {kombatants()[f.kombatant].allegiance for f in pair if f.kombatant}
    return a == {"earthworld", "outworld"}


def _reach(kid: str) -> str:
    from engine.games.mortal_kombat.data import kard

    return kard(kid).range


def _brawl(state: MkState) -> dict[str, bool]:
    """``{"brawl": True}`` for an event of a table of three or more (renderers fold it)."""
    return {"brawl": True} if state.seats > 2 else {}


def _name(state: MkState, seat: int) -> str:
    k = state.fighters[seat].kombatant
    return kombatants()[k].name if k else "?"
