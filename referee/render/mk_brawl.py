"""Mortal Kombat Brawl (3-6 seats) in Discord: the parts of the board and texts that
differ from two players. Everything reads the spectator :class:`MkView` (or a seat's own
view for its hand), never a state.
"""

from __future__ import annotations

from typing import Any

from referee.i18n import DEFAULT, t

TOKENS = ("🟥", "🟦", "🟩", "🟨", "🟪", "🟧")
"""Seat colours, as on the board picture."""


def shown_kp(kp: int) -> int:
    """KP as players read them: a knocked-out Kombatant shows 0, not the overkill below."""
    return max(kp, 0)


def token(seat: int) -> str:
    """A seat's colour token."""
    return TOKENS[seat % len(TOKENS)]


def is_brawl(v: Any) -> bool:
    """A table of three or more seats (the whole match uses the Brawl board)."""
    return len(v.fighters) > 2


def tagged(v: Any, names: list[str], seat: int) -> str:
    """``🟩 <@carol> (Raiden)``."""
    f = v.fighters[seat]
    return f"{token(seat)} {names[seat]}" + (f" ({f.name})" if f.name else "")


def standing_seats(v: Any) -> list[int]:
    """Seats still fighting this round."""
    return [s for s, f in enumerate(v.fighters) if not f.out and not f.down]


def clockwise_from(v: Any, start: int) -> list[int]:
    """Standing seats in turn order, from ``start``."""
    n = len(v.fighters)
    up = standing_seats(v)
    return [(start + i) % n for i in range(n) if (start + i) % n in up]


def status_lines(v: Any, names: list[str], loc: str = DEFAULT) -> list[str]:
    """Whose action it is and whom they aim at, the turn order, the distance groups."""
    lines: list[str] = []
    if v.brawl and v.phase not in ("pick", "over"):
        aim = v.aim if v.aim is not None else v.initiative
        lines.append(t(loc, "mk.brawl.action", token=token(v.initiative),
                       who=names[v.initiative], target=tagged(v, names, aim)))
        order = " → ".join(
            f"{token(s)} {names[s]}" + (" ✔️" if v.fighters[s].spent else "")
            for s in clockwise_from(v, v.turn_starter))
        lines.append(t(loc, "mk.brawl.order", who=names[v.turn_starter], order=order))
    elif v.phase not in ("pick", "over"):
        lines.append(t(loc, "mk.initiative", token=token(v.initiative),
                       who=names[v.initiative]))
    if v.level == "advanced" and v.phase not in ("pick", "over"):
        if v.groups:
            groups = " | ".join(" + ".join(f"{token(s)} {names[s]}" for s in g)
                                for g in v.groups)
            lines.append(t(loc, "mk.brawl.groups", groups=groups))
        else:
            lines.append(t(loc, "mk.brawl.all_ranged"))
    return lines


def fighter_lines(v: Any, seat: int, loc: str = DEFAULT) -> list[str]:
    """A Kombatant's field: rounds lost and whether it is out, down or has acted."""
    f = v.fighters[seat]
    lines = [t(loc, "mk.brawl.losses", n=f.losses)]
    if f.out:
        lines.append(t(loc, "mk.brawl.out"))
    elif f.down:
        lines.append(t(loc, "mk.brawl.down"))
    elif f.spent and v.brawl:
        lines.append(t(loc, "mk.brawl.spent"))
    return lines


def seat_line(v: Any, seat: int, loc: str = DEFAULT) -> str:
    """One short public line: Kombatant, KP, rounds won and lost, and the state."""
    f = v.fighters[seat]
    line = t(loc, "mk.brawl.seat_line", kombatant=f.name or "?", kp=shown_kp(f.kp), rounds=f.rounds,
             losses=f.losses)
    extra = fighter_lines(v, seat, loc)[1:]
    return " · ".join([line, *extra])


def exchange_lines(v: Any, names: list[str], loc: str = DEFAULT) -> list[str]:
    """Whom the attack on the table is against (or who is being asked, Area attack)."""
    ex = v.exchange
    if ex is None or ex.target is None:
        return []
    if ex.stage:
        stage = t(loc, f"mk.brawl.stage_{ex.stage}")
        return [t(loc, "mk.brawl.asking", token=token(ex.target), who=names[ex.target],
                  stage=stage)]
    return [t(loc, "mk.brawl.target", token=token(ex.target), who=names[ex.target])]


def others_text(v: Any, seat: int) -> str:
    """The other Kombatants still standing and their KP, for a seat's hand."""
    return " · ".join(f"{token(s)} {v.fighters[s].name or '?'} {shown_kp(v.fighters[s].kp)}"
                      for s in standing_seats(v) if s != seat) or "—"


def result_line(outcome: Any, v: Any, names: list[str], loc: str = DEFAULT) -> str:
    """The Brawl's winner (or shared first place) with the round wins."""
    winners = list(outcome.winners)
    won = v.fighters[winners[0]].rounds
    if len(winners) == 1:
        return t(loc, "mk.result.brawl", winner=tagged(v, names, winners[0]), won=won)
    return t(loc, "mk.result.brawl_shared",
             winners=", ".join(tagged(v, names, s) for s in winners), won=won)
