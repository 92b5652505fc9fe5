"""Row <-> record conversion shared by the SQLite store (private)."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from db.base import ActionLog, ChallengeRecord, EventRecord, MatchRecord

MATCH_COLUMNS = (
    "id, guild_id, channel_id, thread_id, message_id, game, options, status, seats, state, "
    "version, deadline, reminded, timeouts, rated, created_at, updated_at, board_version, "
    "opening, published_version, table_memory"
)
"""The ``matches`` columns :func:`match_from_row` expects, in order."""

CHALLENGE_COLUMNS = (
    "id, guild_id, channel_id, message_id, challenger_id, opponent_id, game, options, "
    "status, expires_at, match_id"
)
"""The ``challenges`` columns :func:`challenge_from_row` expects, in order."""


def dumps(value: Any) -> str:
    """Compact JSON text for a JSON column."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def match_from_row(row: sqlite3.Row) -> MatchRecord:
    """A :class:`MatchRecord` from a row selected with :data:`MATCH_COLUMNS`."""
    return MatchRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        message_id=row["message_id"],
        game=row["game"],
        options=json.loads(row["options"]),
        status=row["status"],
        seats=json.loads(row["seats"]),
        state=row["state"],
        version=row["version"],
        deadline=row["deadline"],
        reminded=bool(row["reminded"]),
        timeouts=json.loads(row["timeouts"]),
        rated=bool(row["rated"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        board_version=row["board_version"],
        opening=bool(row["opening"]),
        published_version=row["published_version"],
        table_memory=json.loads(row["table_memory"] or "{}"),
    )


def challenge_from_row(row: sqlite3.Row) -> ChallengeRecord:
    """A :class:`ChallengeRecord` from a row selected with :data:`CHALLENGE_COLUMNS`."""
    return ChallengeRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        challenger_id=row["challenger_id"],
        opponent_id=row["opponent_id"],
        game=row["game"],
        options=json.loads(row["options"]),
        status=row["status"],
        expires_at=row["expires_at"],
        match_id=row["match_id"],
    )


def event_from_row(row: sqlite3.Row) -> EventRecord:
    """An :class:`EventRecord` from a ``match_events`` row."""
    audience = row["audience"]
    return EventRecord(
        match_id=row["match_id"],
        seq=row["seq"],
        version=row["version"],
        audience=None if audience is None else json.loads(audience),
        kind=row["kind"],
        data=json.loads(row["data"]),
    )


def action_from_row(row: sqlite3.Row) -> ActionLog:
    """An :class:`ActionLog` from a ``match_actions`` row."""
    action = row["action"]
    return ActionLog(
        match_id=row["match_id"],
        version=row["version"],
        seat=row["seat"],
        action=None if action is None else json.loads(action),
        note=row["note"],
    )


def loads(text: str) -> Any:
    """The value of a JSON column."""
    return json.loads(text)
