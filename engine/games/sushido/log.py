"""The match log: the last public events of a match, one line each, kept in the state.

A line is ``kind: key=value, ...`` with each value as ``str`` shows it (public twins drop
their ``twin_of``). It is written on every action, so the card descriptions that most
events carry (:func:`effects.card_info`) are shown from a table built once instead of
``repr`` each time: the text is exactly ``repr``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event
from engine.games.sushido.effects import card_infos
from engine.games.sushido.model import SushidoState

LOG_SIZE = 12
"""Lines kept in ``state.log``."""
UNLOGGED = frozenset(("draw", "turn_start", "reveal_commit"))
"""Public events the match log leaves out."""

_INFOS: list[dict[str, Any]] = []
"""Each card's description, by card id (:func:`effects.card_infos`, shared)."""
_REPRS: list[str] = []
"""``repr`` of each card's description, by card id."""


def _dict_text(d: dict[str, Any]) -> str:
    """``repr(d)``, from the table when ``d`` is a card's description."""
    cid = d.get("id")
    if type(cid) is int:
        if not _INFOS:
            _INFOS.extend(card_infos())
            _REPRS.extend(repr(c) for c in card_infos())
        # the exact items in the same order (an int id: not a bool equal to it): equal
        # dicts with the same keys in the same order (compared in C, no item tuples)
        if 0 <= cid < len(_INFOS) and d == _INFOS[cid] and tuple(d) == _KEYS:
            return _REPRS[cid]
    return repr(d)


_KEYS = ("id", "type", "symbol")
"""The keys of a card's description, in order (:func:`effects.card_info`)."""


def _list_text(v: list[Any]) -> str:
    """``repr(v)``, card descriptions shown from the table (also in nested lists)."""
    parts = []
    for x in v:
        t = type(x)
        parts.append(_dict_text(x) if t is dict else _list_text(x) if t is list else repr(x))
    return f"[{', '.join(parts)}]"


def _top(v: Any) -> Any:
    """A value to format as ``str`` shows it: a card's description, or a list holding
    some, as its text from the table; anything else as it is."""
    t = type(v)
    if t is dict:
        return _dict_text(v)
    if t is list and v and type(v[0]) in (dict, list):
        return _list_text(v)
    return v


_FORMATS: dict[tuple[str, ...], Callable[[dict[str, Any]], str] | None] = {}
"""The line of each kind of event with these keys in this order, as one f-string."""


def _format(kind: str, data: dict[str, Any]) -> Callable[[dict[str, Any]], str] | None:
    """The function that writes the lines of events like this one: one f-string of the
    values by key (``twin_of`` left out; the values that were a dict or a list go
    through :func:`_top`; any other value of any type is shown as ``str`` shows it).

    Event kinds and keys are identifiers written in the engine (anything else is
    formatted item by item: ``None``)."""
    if not kind.isidentifier() or not all(k.isidentifier() for k in data):
        return None
    parts = []
    for k, v in data.items():
        if k != "twin_of":
            value = f"_top(d[{k!r}])" if type(v) in (dict, list) else f"d[{k!r}]"
            parts.append(f"{k}={{{value}}}")
    body = f'f"{kind}: {", ".join(parts)}"' if parts else repr(kind)
    made: Callable[[dict[str, Any]], str] = eval(f"lambda d: {body}", {"_top": _top})
    return made


_NEW: Any = object()
"""Not in :data:`_FORMATS` yet."""


def line(e: Event) -> str:
    """The log line of a public event: ``kind: key=value, ...``, each value as ``str``
    shows it (the format of each kind and keys is built once: :data:`_FORMATS`)."""
    fields = e.__dict__
    return _line(fields["kind"], fields["data"])


def _line(kind: str, data: dict[str, Any]) -> str:
    """:func:`line` of an event's kind and data (read from its fields once)."""
    key = (kind, *data)
    write = _FORMATS.get(key, _NEW)
    if write is _NEW:
        if len(_FORMATS) >= 4096:  # event kinds are a closed set: this never happens
            _FORMATS.clear()
        write = _FORMATS[key] = _format(kind, data)
    if write is None:
        items = ", ".join([f"{k}={_top(v)}" for k, v in data.items() if k != "twin_of"])
        return f"{kind}: {items}" if items else kind
    text: str = write(data)
    return text


def log_events(state: SushidoState, ev: list[Event]) -> None:
    """Add an action's public events to the log (only the last :data:`LOG_SIZE` lines are
    kept: the older ones are never formatted). Each event's fields are read from its
    ``__dict__`` (an attribute of a pydantic model goes through its ``__getattr__`` hook:
    one read per event instead of four)."""
    logged = []
    for e in ev:
        fields = e.__dict__
        if fields["audience"] is None and fields["kind"] not in UNLOGGED:
            logged.append(fields)
    if len(logged) > LOG_SIZE:
        del logged[:-LOG_SIZE]
    log = state.log
    for f in logged:  # _line, with its usual case (a known format) inlined
        kind, data = f["kind"], f["data"]
        write = _FORMATS.get((kind, *data))
        log.append(write(data) if write is not None else _line(kind, data))
    del log[:-LOG_SIZE]
