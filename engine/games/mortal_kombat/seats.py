"""Who is who around the table: seats in play, clockwise order, the foe, distance groups.

Two seats keep the two-player model (``1 - seat``, one :attr:`MkState.distance`). With
three to six seats (Brawl, see docs/rules/mortal-kombat.md): seat order is clockwise; a
seat is *in the match* until it has lost two rounds or left; it is *standing* in the
round until knocked out. Advanced distance is kept as groups of seats at Hand-to-Hand
distance (:attr:`MkState.groups`); every other pair is at Ranged distance, so moving to
Hand-to-Hand with one member of a group puts you at Hand-to-Hand with all of them, and
moving to Ranged from one puts you at Ranged from all (the rulebook's Brawl exceptions).
"""

from __future__ import annotations

from engine.games.mortal_kombat.model import Distance, Exchange, MkState


def in_match(state: MkState) -> list[int]:
    """Seats still in the match (not out on two round losses, not left), seat order."""
    return [s for s in range(state.seats) if s not in state.out and s not in state.left]


def standing(state: MkState) -> list[int]:
    """Seats still fighting in this round, seat order."""
    return [s for s in in_match(state) if s not in state.down]


def clockwise(state: MkState, seat: int, among: list[int]) -> list[int]:
    """The seats of ``among`` (``seat`` excluded) clockwise from ``seat``'s left."""
    n = state.seats
    return [(seat + i) % n for i in range(1, n) if (seat + i) % n in among]


def left_of(state: MkState, seat: int, among: list[int]) -> int:
    """The first seat of ``among`` at ``seat``'s left (``seat`` itself if none)."""
    nxt = clockwise(state, seat, among)
    return nxt[0] if nxt else seat


def other(state: MkState, seat: int) -> int:
    """The rival in a two-Kombatant fight (the other seat still standing)."""
    if state.seats == 2:
        return 1 - seat
    rest = [s for s in standing(state) if s != seat]
    return rest[0] if rest else seat


def target_of(state: MkState, ex: Exchange) -> int:
    """The seat ``ex`` is aimed at (being asked, for a Brawl Area attack)."""
    if ex.target is not None:
        return ex.target
    return other(state, ex.attacker)


def foe(state: MkState, seat: int) -> int:
    """Whom ``seat``'s kards act on now: the other side of the exchange, else the seat
    it aims at (Brawl), else its one rival."""
    ex = state.exchange
    if ex is not None:
        return target_of(state, ex) if seat == ex.attacker else ex.attacker
    if state.brawl and state.aim is not None and state.aim != seat:
        return state.aim
    return other(state, seat)


def distance(state: MkState, a: int, b: int) -> Distance:
    """Distance between two seats (Advanced rules)."""
    if state.seats == 2:
        return state.distance
    return "h2h" if any(a in g and b in g for g in state.groups) else "ranged"


def leave_group(state: MkState, seat: int) -> None:
    """``seat`` goes to Ranged distance from everyone."""
    state.groups = [g2 for g2 in ([s for s in g if s != seat] for g in state.groups)
                    if len(g2) >= 2]


def close_in(state: MkState, mover: int, to: int) -> None:
    """``mover`` goes to Hand-to-Hand distance with ``to`` (and everyone at H2H with it)."""
    if state.seats == 2:
        state.distance = "h2h"
        return
    leave_group(state, mover)
    for g in state.groups:
        if to in g:
            g.append(mover)
            g.sort()
            return
    state.groups.append(sorted((mover, to)))


def back_off(state: MkState, mover: int) -> None:
    """``mover`` goes (or is knocked) to Ranged distance (from everyone, in a Brawl)."""
    if state.seats == 2:
        state.distance = "ranged"
        return
    leave_group(state, mover)
