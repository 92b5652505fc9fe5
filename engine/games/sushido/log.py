"""The match log: the last public events of a match, one line each, kept in the state.

A line is ``kind: key=value, ...`` with each value as ``str`` shows it (public twins drop
their ``twin_of``). It is written on every action, so the card descriptions that most
events carry (:func:`effects.card_info`) are shown from a table built once instead of
``repr`` each time: the text is exactly ``repr``'s.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.games.sushido.effects import card_infos
from engine.games.sushido.model import SushidoState

LOG_SIZE = 12
"""Lines kept in ``state.log``."""
UNLOGGED = frozenset(("draw", "turn_start", "reveal_commit"))
"""Public events the match log leaves out."""

_ITEMS: list[tuple[tuple[str, Any], ...]] = []
"""Each card's description as its items in order, by card id."""
_REPRS: list[str] = []
"""``repr`` of each card's description, by card id."""


def _dict_text(d: dict[str, Any]) -> str:
    """``repr(d)``, from the table when ``d`` is a card's description."""
    cid = d.get("id")
    if type(cid) is int:
        if not _ITEMS:
            _ITEMS.extend(tuple(c.items()) for c in card_infos())
            _REPRS.extend(repr(c) for c in card_infos())
        # the exact items in the same order (an int id: not a bool equal to it)
        if 0 <= cid < len(_ITEMS) and tuple(d.items()) == _ITEMS[cid]:
            return _REPRS[cid]
    return repr(d)


def _list_text(v: list[Any]) -> str:
    """``repr(v)``, card descriptions shown from the table (also in nested lists)."""
    parts = []
    for x in v:
        t = type(x)
        parts.append(_dict_text(x) if t is dict else _list_text(x) if t is list else repr(x))
    return f"[{', '.join(parts)}]"


def line(e: Event) -> str:
    """The log line of a public event."""
    parts = []
    for k, v in e.data.items():
        if k == "twin_of":
            continue
        t = type(v)
        if t is dict:
            parts.append(f"{k}={_dict_text(v)}")
        elif t is list and v and type(v[0]) in (dict, list):
            parts.append(f"{k}={_list_text(v)}")
        else:
            parts.append(f"{k}={v}")
    return f"{e.kind}: {', '.join(parts)}" if parts else e.kind


def log_events(state: SushidoState, ev: list[Event]) -> None:
    """Add an action's public events to the log (only the last :data:`LOG_SIZE` lines are
    kept: the older ones are never formatted)."""
    logged = [e for e in ev if e.audience is None and e.kind not in UNLOGGED]
    log = state.log
    log.extend([line(e) for e in logged[-LOG_SIZE:]])
    del log[:-LOG_SIZE]
