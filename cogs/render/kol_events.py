"""Kingdom of Loathing narration: one event, one line in players' names and the game's words.

Public events go to the thread (kills and loot, purchases, rollovers, the March and its
scores, eliminations, leavers); a seat's private events (what it drew) only to its hand.
"""

from __future__ import annotations

from typing import Any

from cogs.i18n import DEFAULT, and_list, t
from cogs.render import kol_text as kt
from engine.core import Event


def _who(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def _name(value: Any) -> str:
    """A card id or a list of card ids, named."""
    if isinstance(value, list):
        return ", ".join(_name(v) for v in value) or "—"
    return kt.card_name(str(value)) if value is not None else "—"


def event_line(event: Event, names: list[str], loc: str = DEFAULT) -> str | None:
    """One event as a line, or ``None`` for events the board already shows."""
    d = event.data
    k = event.kind
    w = _who(names, d.get("seat"))
    if "twin_of" in d:  # the public twin of a private event: no card named
        return t(loc, "kol.line.drew_some", who=w, count=d.get("count", 0)) if (
            k == "drew") else None
    if k == "killed":
        loc_name = kt.location_name(int(d.get("location", -1)))
        return t(loc, "kol.line.killed", who=w, monster=kt.monster_name(d.get("card", "")),
                 place=loc_name, score=d.get("score", 0), power=d.get("power", 0),
                 item=_name(d.get("card")), meat=d.get("meat", 0))
    if k in LINES:
        args = {key: (_name(v) if key in CARD_KEYS else v) for key, v in d.items()
                if key != "seat"}
        if "seats" in d:
            args["seats"] = and_list(loc, [_who(names, s) for s in d["seats"]])
        for key in ("winner", "announcer", "by"):
            if key in d:
                args[key] = _who(names, d[key])
        return t(loc, f"kol.line.{k}", who=w, **args)
    return None


LINES: frozenset[str] = frozenset()
"""Event kinds with a catalogued line (``kol.line.<kind>``)."""
CARD_KEYS = frozenset({"card", "cards", "item", "skill", "loot", "stat", "to", "from"})
"""Event data keys holding card ids (named in the line)."""
