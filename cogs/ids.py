"""The custom_id grammar of every component the bot sends.

``hj:<kind>:<field>:<field>...``, at most 100 characters. Every id is parsed here, by
one function, so a malformed or foreign id gets a clear answer instead of silence.

- ``hj:a:<match>:<version>:<seat>:<action id>``  an action button
- ``hj:s:<match>:<version>:<seat>:<n>``   an action select (the value is the action id)
- ``hj:hand:<match>`` / ``hj:act:<match>``  the board's persistent buttons
- ``hj:i:<match>:<version>:<action id>``  an interrupt on the board (e.g. Super Combo)
- ``hj:ch:<challenge>:accept|decline``    a challenge's answer buttons
- other kinds are registered by cogs (ladder paging, rematch, confirmations)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

PREFIX = "hj"
MAX_LEN = 100
MAX_INT = 2**63 - 1
"""The largest number a field may hold: SQLite's INTEGER range (bigger ones never match)."""
MAX_PAGE = 100_000
"""Page numbers beyond this are read as this (an offset of ``page * size`` must fit 64 bits)."""
PRIVATE_KINDS = frozenset({"a", "s", "ff", "hi", "rp", "rj"})
"""Kinds only ever sent in ephemeral messages (a seat's controls, confirmations, private
paging); ``act`` with a page field is one too. See :func:`is_private`."""
_FIELD = re.compile(r"^[A-Za-z0-9._\-+=]{1,48}$")


class BadCustomId(ValueError):
    """A custom_id that is not one of ours or does not parse."""


@dataclass(frozen=True)
class CustomId:
    """A parsed custom_id: its kind and its fields."""

    kind: str
    fields: tuple[str, ...]

    def num(self, i: int) -> int:
        """Field ``i`` as a non-negative integer, or :class:`BadCustomId`."""
        try:
            value = self.fields[i]
        except IndexError:
            raise BadCustomId("missing field") from None
        if not (value.isascii() and value.isdigit()) or len(value) > 19 or int(value) > MAX_INT:
            raise BadCustomId("not a number")
        return int(value)

    def page(self, i: int) -> int:
        """Field ``i`` as a page number (at most :data:`MAX_PAGE`)."""
        return min(self.num(i), MAX_PAGE)

    def text(self, i: int) -> str:
        """Field ``i`` as text, or :class:`BadCustomId`."""
        try:
            return self.fields[i]
        except IndexError:
            raise BadCustomId("missing field") from None


def make(kind: str, *fields: object) -> str:
    """Build a custom_id; raises ``ValueError`` if it would be invalid."""
    parts = [PREFIX, kind, *(str(f) for f in fields)]
    for p in parts[1:]:
        if not _FIELD.match(p):
            raise ValueError(f"bad custom_id field {p!r}")
    out = ":".join(parts)
    if len(out) > MAX_LEN:
        raise ValueError("custom_id too long")
    return out


def parse(custom_id: str) -> CustomId:
    """Parse one of our custom_ids; raises :class:`BadCustomId` otherwise."""
    if len(custom_id) > MAX_LEN:
        raise BadCustomId("too long")
    parts = custom_id.split(":")
    if len(parts) < 2 or parts[0] != PREFIX:
        raise BadCustomId("not ours")
    for p in parts[1:]:
        if not _FIELD.match(p):
            raise BadCustomId("bad field")
    return CustomId(parts[1], tuple(parts[2:]))


MESSAGE_IDS = "hajime_message_custom_ids"
"""Key, in a component interaction's ``data``, of the custom_ids the clicked message
carries (noted by :func:`cogs.guard.slim` before the message's components are dropped):
the router honours a control only on its own kind of message (:func:`at_home`)."""

FAMILIES: dict[str, str] = {"hand": "table", "act": "table", "i": "table", "a": "table",
                            "s": "table"}
"""Kinds that live on the same messages: a match's board and a seat's hand share the
``table`` family (Act, Show hand, interrupts, action buttons and menus). Every other kind
is a family of its own (a leaderboard page, a history page, a replay page, a challenge, a
table, a tournament, a rematch, a confirmation). See :func:`at_home`."""


def family(kind: str) -> str:
    """The family of a kind (:data:`FAMILIES`; else the kind itself)."""
    return FAMILIES.get(kind, kind)


def at_home(cid: CustomId, custom_ids: list[str]) -> bool:
    """Whether ``cid`` belongs on a message carrying ``custom_ids``: that message has a
    control of the same family. A control forged onto another kind of message (a
    leaderboard page button sent from a match board) is not honoured, so it can never
    turn that message into something else."""
    want = family(cid.kind)
    ours = False
    for raw in custom_ids:
        parts = raw.split(":", 2)
        if len(parts) >= 2 and parts[0] == PREFIX:
            if family(parts[1]) == want:
                return True
            ours = True
    return not ours and want in BARE_OK


BARE_OK = frozenset({"table", "ff", "ch", "tb", "tn"})
"""Families still honoured on a message that carries none of our controls any more (a
finished board, a hand or a confirmation already answered): their handlers answer in their
own words ("This match is over", "That board has changed") and never turn a public message
into anything else (the seat's controls and confirmations are private; Act and Show hand
answer in a new private message). A challenge's, a table's or a tournament's buttons
are honoured on a bare message only if it is the one stored for them (their handlers
check it: :func:`cogs.router.check_message`), so an answered challenge still says so."""


def picked(data: Any, most: int = 25) -> list[str]:
    """A select's chosen values from its interaction's ``data``: 1 to ``most`` non-empty
    strings, else :class:`BadCustomId` (a forged or damaged payload)."""
    values = dict(data or {}).get("values") or []
    if (not isinstance(values, list) or not values or len(values) > most
            or not all(isinstance(v, str) and v for v in values)):
        raise BadCustomId("no value")
    return values


def is_private(cid: CustomId) -> bool:
    """Whether this control exists only on ephemeral messages (never on a public one)."""
    return cid.kind in PRIVATE_KINDS or (cid.kind == "act" and len(cid.fields) > 1)
