"""One thread hop per action: the whole ``commit_action`` transaction in one call.

aiosqlite runs every statement on its own thread and each ``await`` is a round trip
through the event loop (about 30 us here); the general path of
:meth:`db.sqlite.SqliteStore.commit_action` makes five (BEGIN, UPDATE, events, log,
COMMIT). :func:`commit_in_one_hop` is the same transaction as one plain function that
:meth:`db.sqlite_core.SqliteDatabase.run_transaction` runs on that thread: the JSON
encoding, the version-guarded UPDATE, the interaction id, the events in one batched
``executemany`` with their ``seq`` numbers computed once, the log row, the prune. It is
used for every action that does not end the match (those run the async results hook
inside their transaction and take the general path). With ``synchronous`` NORMAL it
usually runs inline on the event loop instead, with no hop at all (see
:mod:`db.sqlite_core`).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from db import _rows
from db.base import ActionLog

__all__ = ["SNAPSHOT_SET", "Conflict", "PendingAction", "commit_in_one_hop"]

SNAPSHOT_SET = ("state = COALESCE(?, state), state_version ="
                " CASE WHEN CAST(? AS TEXT) IS NULL THEN COALESCE(state_version, ?) END")
"""The snapshot columns of the action's UPDATE, bound to (state, state, expected version):
a new snapshot clears ``state_version``; None keeps the stored one and its version."""


class Conflict(Exception):
    """The version was stale or the interaction was already processed: roll back."""


@dataclass(frozen=True, slots=True)
class PendingAction:
    """Everything :func:`commit_in_one_hop` writes (see ``SqliteStore.commit_action``)."""

    match_id: int
    expected_version: int
    state: str | None
    """The new snapshot, or None to keep the stored one (see :data:`SNAPSHOT_SET`)."""
    version: int
    events: list[tuple[list[int] | None, str, dict[str, Any]]]
    log: ActionLog | None
    deadline: float | None
    timeouts: list[int]
    status: str
    interaction_id: int | None
    now: float
    prune_before: float | None
    """Delete processed interactions older than this (None: no prune this time)."""


def commit_in_one_hop(conn: sqlite3.Connection, a: PendingAction) -> None:
    """Write ``a`` inside the caller's open transaction; raise :class:`Conflict` if stale."""
    cur = conn.execute(
        f"UPDATE matches SET {SNAPSHOT_SET}, version = ?, deadline = ?, reminded = 0,"
        " timeouts = ?, status = ?, updated_at = ? WHERE id = ? AND version = ?",
        (a.state, a.state, a.expected_version, a.version, a.deadline, _rows.dumps(a.timeouts),
         a.status, a.now, a.match_id, a.expected_version),
    )  # fmt: skip
    if cur.rowcount != 1:
        raise Conflict
    if a.interaction_id is not None:
        cur = conn.execute(
            "INSERT OR IGNORE INTO processed_interactions (id, match_id, at) VALUES (?, ?, ?)",
            (a.interaction_id, a.match_id, a.now),
        )
        if cur.rowcount != 1:
            raise Conflict
    if a.events:
        last = conn.execute(
            "SELECT COALESCE(MAX(seq), 0) FROM match_events WHERE match_id = ?", (a.match_id,)
        ).fetchone()[0]
        conn.executemany(
            "INSERT INTO match_events (match_id, seq, version, audience, kind, data)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                (a.match_id, last + i, a.version, None if aud is None else _rows.dumps(aud),
                 kind, _rows.dumps(data))
                for i, (aud, kind, data) in enumerate(a.events, start=1)
            ],
        )  # fmt: skip
    if a.log is not None:
        conn.execute(
            "INSERT INTO match_actions (match_id, version, seat, action, note)"
            " VALUES (?, ?, ?, ?, ?)",
            (a.match_id, a.log.version, a.log.seat,
             None if a.log.action is None else _rows.dumps(a.log.action), a.log.note),
        )  # fmt: skip
    if a.prune_before is not None:
        conn.execute("DELETE FROM processed_interactions WHERE at < ?", (a.prune_before,))
