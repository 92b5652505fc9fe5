"""Row <-> record conversion shared by the SQLite store (private)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any, TypeVar

import orjson
from pydantic import BaseModel

from db.base import ActionLog, ChallengeRecord, EventRecord, LobbyRecord, MatchRecord

R = TypeVar("R", bound=BaseModel)

MATCH_COLUMNS = (
    "id, guild_id, channel_id, thread_id, message_id, game, options, status, seats, state, "
    "version, deadline, reminded, timeouts, rated, created_at, updated_at, board_version, "
    "opening, published_version, table_memory, state_version"
)
"""The ``matches`` columns :func:`match_from_row` expects, in order."""

CHALLENGE_COLUMNS = (
    "id, guild_id, channel_id, message_id, challenger_id, opponent_id, game, options, "
    "status, expires_at, match_id"
)
"""The ``challenges`` columns :func:`challenge_from_row` expects, in order."""

LOBBY_COLUMNS = (
    "id, guild_id, channel_id, message_id, host_id, game, options, seats, players, "
    "invited, status, expires_at, match_id"
)
"""The ``lobbies`` columns :func:`lobby_from_row` expects, in order."""


def dumps(value: Any) -> str:
    """Compact JSON text for a JSON column (orjson: the same text as ``json.dumps`` with
    compact separators and ``ensure_ascii=False``, several times faster; the standard
    module for what orjson refuses, e.g. an integer past 64 bits)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def record_from_row(model: type[R], row: Any, columns: str, *, decode: frozenset[str] = frozenset(),
                    flags: frozenset[str] = frozenset()) -> R:
    """A record of ``model`` from a row selected with ``columns`` (comma-separated): the
    ``decode`` columns (JSON) decoded (a NULL one left to the model's default), the ``flags``
    columns made booleans, the others as stored."""
    fields: dict[str, Any] = {}
    for name in (c.strip() for c in columns.split(",")):
        value = row[name]
        if name in decode:
            if value is None:
                continue
            value = loads(value)
        elif name in flags:
            value = bool(value)
        fields[name] = value
    return model(**fields)


def match_from_row(row: Any) -> MatchRecord:
    """A :class:`MatchRecord` from a row selected with :data:`MATCH_COLUMNS`."""
    return record_from_row(MatchRecord, row, MATCH_COLUMNS,
                           decode=frozenset({"options", "seats", "timeouts", "table_memory"}),
                           flags=frozenset({"reminded", "rated", "opening"}))


def challenge_from_row(row: Any) -> ChallengeRecord:
    """A :class:`ChallengeRecord` from a row selected with :data:`CHALLENGE_COLUMNS`."""
    return record_from_row(ChallengeRecord, row, CHALLENGE_COLUMNS,
                           decode=frozenset({"options"}))


def lobby_from_row(row: Any) -> LobbyRecord:
    """A :class:`LobbyRecord` from a row selected with :data:`LOBBY_COLUMNS`."""
    return record_from_row(LobbyRecord, row, LOBBY_COLUMNS,
                           decode=frozenset({"options", "players", "invited"}))


def event_from_row(row: sqlite3.Row) -> EventRecord:
    """An :class:`EventRecord` from a ``match_events`` row."""
    audience = row["audience"]
    return EventRecord(
        match_id=row["match_id"],
        seq=row["seq"],
        version=row["version"],
        audience=None if audience is None else loads(audience),
        kind=row["kind"],
        data=loads(row["data"]),
    )


def action_from_row(row: sqlite3.Row) -> ActionLog:
    """An :class:`ActionLog` from a ``match_actions`` row."""
    action = row["action"]
    return ActionLog(
        match_id=row["match_id"],
        version=row["version"],
        seat=row["seat"],
        action=None if action is None else loads(action),
        note=row["note"],
    )


def loads(text: str) -> Any:
    """The value of a JSON column (orjson; the standard module for what it refuses, e.g.
    a ``NaN`` an older build may have written)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)
