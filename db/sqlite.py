"""The embedded store: :class:`SqliteStore`, one aiosqlite connection to a WAL database.

Every public method is exactly one transaction, run under the store's lock (see
:mod:`db.sqlite_core` for the concurrency model).

Optimistic concurrency. :meth:`SqliteStore.commit_action` updates the match
``WHERE id = ? AND version = expected``; when no row matches, another action won the race
and the whole transaction is rolled back (``False`` is returned, nothing is written).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Awaitable, Callable
from typing import Any

from db import _rows
from db.base import (
    ActionLog,
    ChallengeRecord,
    EventRecord,
    MatchRecord,
    ResultRow,
    Store,
)
from db.sql import Connection, ShardFilter, shard_sql
from db.sqlite_core import Synchronous
from db.sqlite_hop import SNAPSHOT_SET, Conflict, PendingAction, commit_in_one_hop
from db.sqlite_locales import LocaleStore

__all__ = ["ResultsHook", "SqliteStore", "Synchronous"]

ResultsHook = Callable[[Connection, MatchRecord, list[ResultRow]], Awaitable[None]]
"""``hook(conn, match, results)``, awaited inside the transaction that ends a match."""

PROCESSED_TTL = 86_400.0
"""Seconds a processed interaction id is kept (Discord interaction tokens live 15 min)."""
PRUNE_EVERY = 3_600.0
"""At most one prune of ``processed_interactions`` per this many seconds."""


class _Conflict(Exception):
    """Internal: abort the write transaction and report a lost race."""


class SqliteStore(LocaleStore):
    """:class:`db.base.Store` on SQLite through aiosqlite.

    ``SqliteStore(path)`` then ``await store.open()`` (or ``async with SqliteStore(path)``).
    ``path`` is a file path (its parent directory is created on first open) or
    ``":memory:"`` for throw-away tests.

    Durability (``synchronous``): the database runs in WAL mode. With the default
    ``"NORMAL"`` a commit is appended to the WAL without an fsync; the WAL is synced at
    checkpoints. A crash or kill of the *bot process* loses nothing that was committed
    (the WAL is in the OS page cache and is replayed on the next open), and the database
    is never corrupted; a *power loss or OS crash* may roll back the last few commits
    (the database stays consistent, those matches just rewind a few actions). ``"FULL"``
    fsyncs the WAL on every commit: nothing committed is ever lost, at the price of one
    fsync per action (see ``bench/store_bench.py`` for the figures).

    ``busy_timeout_ms`` is how long a write waits for another process's lock.
    ``on_results`` (or overriding :meth:`on_results`) is the ladder's hook; ``clock``
    returns Unix time and is injectable for tests. ``inline`` lets transactions and the
    per-click reads run on the event loop while aiosqlite's thread is idle (on by default
    with NORMAL; see :attr:`db.sqlite_core.SqliteDatabase.inline_commits`).
    """

    one_hop_commits = True
    """Actions that do not end the match commit in one hop (:mod:`db.sqlite_hop`)."""

    def __init__(
        self,
        path: str,
        *,
        synchronous: Synchronous = "NORMAL",
        busy_timeout_ms: int = 5_000,
        on_results: ResultsHook | None = None,
        clock: Callable[[], float] = time.time,
        inline: bool = True,
    ) -> None:
        super().__init__(
            path, synchronous=synchronous, busy_timeout_ms=busy_timeout_ms, clock=clock,
            inline=inline,
        )
        self._results_hook = on_results
        self._last_prune = 0.0

    # ---------------------------------------------------------------- the hook
    async def on_results(
        self, conn: Connection, match: MatchRecord, results: list[ResultRow]
    ) -> None:
        """Called inside :meth:`commit_action`'s transaction when a match ends.

        ``match`` is the row as just written (final state, status, version); ``results``
        are already inserted into ``match_results``. Use ``conn`` (never another store
        method: the store lock is held) to update ``ratings`` and friends, which then
        commit or roll back together with the final action. Raising aborts the action:
        nothing is written and the exception propagates to the caller.

        The default awaits the ``on_results`` callable given to the constructor, if any.
        Subclasses may override it instead.
        """
        if self._results_hook is not None:
            await self._results_hook(conn, match, results)

    # ------------------------------------------------------------------ challenges
    async def create_challenge(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        game: str,
        options: dict[str, Any],
        expires_at: float,
    ) -> ChallengeRecord:
        """Store a new open challenge."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO challenges (guild_id, channel_id, challenger_id, opponent_id,"
                " game, options, status, expires_at, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?)",
                (
                    guild_id,
                    channel_id,
                    challenger_id,
                    opponent_id,
                    game,
                    _rows.dumps(options),
                    expires_at,
                    self._clock(),
                ),
            )
            new_id = cur.lastrowid
        assert new_id is not None
        return ChallengeRecord(
            id=new_id,
            guild_id=guild_id,
            channel_id=channel_id,
            challenger_id=challenger_id,
            opponent_id=opponent_id,
            game=game,
            options=options,
            expires_at=expires_at,
        )

    async def get_challenge(self, challenge_id: int) -> ChallengeRecord | None:
        """A challenge by id."""
        rows = await self._fetch(
            f"SELECT {_rows.CHALLENGE_COLUMNS} FROM challenges WHERE id = ?", (challenge_id,)
        )
        return _rows.challenge_from_row(rows[0]) if rows else None

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """Remember the message that carries the Accept/Decline buttons."""
        async with self.write_transaction() as conn:
            await conn.execute(
                "UPDATE challenges SET message_id = ? WHERE id = ?", (message_id, challenge_id)
            )

    async def close_challenge(
        self, challenge_id: int, status: str, match_id: int | None = None
    ) -> bool:
        """Move an open challenge to ``status``; False if it was no longer open."""
        if status == "open":
            raise ValueError("close_challenge needs a closing status, not 'open'")
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "UPDATE challenges SET status = ?, match_id = COALESCE(?, match_id)"
                " WHERE id = ? AND status = 'open'",
                (status, match_id, challenge_id),
            )
            return cur.rowcount == 1

    async def open_challenges(self, shards: ShardFilter | None = None) -> list[ChallengeRecord]:
        """Every open challenge, oldest first (to expire them after a restart)."""
        where, params = shard_sql(shards)
        rows = await self._fetch(
            f"SELECT {_rows.CHALLENGE_COLUMNS} FROM challenges WHERE status = 'open'{where}"
            " ORDER BY id", params)
        return [_rows.challenge_from_row(r) for r in rows]

    # --------------------------------------------------------------------- matches
    async def create_match(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seats: list[int],
        state: str,
        version: int,
        deadline: float | None,
        rated: bool = True,
    ) -> MatchRecord:
        """Store a new active match (and its seats, for :meth:`live_matches`)."""
        async with self.write_transaction() as conn:
            return await self._insert_match(
                conn,
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                options=options,
                seats=seats,
                state=state,
                version=version,
                deadline=deadline,
                rated=rated,
                opening=False,
            )

    async def get_match(self, match_id: int) -> MatchRecord | None:
        """A match by id."""
        rows = await self._fetch_hot(
            f"SELECT {_rows.MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,)
        )
        return _rows.match_from_row(rows[0]) if rows else None

    async def set_match_message(self, match_id: int, thread_id: int, message_id: int) -> None:
        """Remember the match thread and its public board message."""
        async with self.write_transaction() as conn:
            await conn.execute(
                "UPDATE matches SET thread_id = ?, message_id = ? WHERE id = ?",
                (thread_id, message_id, match_id),
            )

    async def commit_action(
        self,
        match_id: int,
        *,
        expected_version: int,
        state: str | None,
        version: int,
        events: list[tuple[list[int] | None, str, dict[str, Any]]],
        log: ActionLog | None,
        deadline: float | None,
        timeouts: list[int],
        status: str = "active",
        results: list[ResultRow] | None = None,
        interaction_id: int | None = None,
    ) -> bool:
        """Write one applied action atomically; False when it lost a race.

        In one ``BEGIN IMMEDIATE`` transaction: the snapshot (or, with ``state`` None,
        the old one kept and its version noted in ``state_version``), version, deadline (clearing
        ``reminded``), timeouts and status, guarded by ``version = expected_version``; the
        events (``seq`` continues the match's sequence); the action log row; the results
        with ``status`` (``"finished"`` if ``results`` are given with ``"active"``) and the
        :meth:`on_results` hook; the processed ``interaction_id``.

        Returns False, writing nothing, when ``expected_version`` is stale *or* when
        ``interaction_id`` was already processed (the click was handled already).

        An action without ``results`` is written in one call (:mod:`db.sqlite_hop`, when
        :attr:`one_hop_commits`): inline on the loop when aiosqlite's thread is idle and
        ``synchronous`` is NORMAL, else one hop to that thread; the one that ends the match
        runs the async hook inside its transaction, statement by statement.
        """
        if log is not None and log.match_id != match_id:
            raise ValueError(f"log is for match {log.match_id}, not {match_id}")
        if state is None and log is None:  # the log row is what replays it
            raise ValueError("an action that keeps the old snapshot needs its log row")
        if results and status == "active":
            status = "finished"
        now = self._clock()
        prune = now - self._last_prune >= PRUNE_EVERY
        if not results and self.one_hop_commits:
            pending = PendingAction(
                match_id, expected_version, state, version, events, log, deadline, timeouts,
                status, interaction_id, now, now - PROCESSED_TTL if prune else None,
            )  # fmt: skip
            try:
                await self.run_transaction(functools.partial(commit_in_one_hop, a=pending))
            except Conflict:
                return False
            if prune:
                self._last_prune = now
            return True
        try:
            async with self.write_transaction() as conn:
                rows = list(
                    await conn.execute_fetchall(
                        f"UPDATE matches SET {SNAPSHOT_SET}, version = ?, deadline = ?,"
                        " reminded = 0, timeouts = ?, status = ?, updated_at = ?"
                        " WHERE id = ? AND version = ?"
                        f" RETURNING {_rows.MATCH_COLUMNS if results else 'id'}",
                        (
                            state,
                            state,
                            expected_version,
                            version,
                            deadline,
                            _rows.dumps(timeouts),
                            status,
                            now,
                            match_id,
                            expected_version,
                        ),
                    )
                )
                if not rows:
                    raise _Conflict
                if interaction_id is not None:
                    cur = await conn.execute(
                        "INSERT OR IGNORE INTO processed_interactions (id, match_id, at)"
                        " VALUES (?, ?, ?)",
                        (interaction_id, match_id, now),
                    )
                    if cur.rowcount != 1:
                        raise _Conflict
                if events:
                    await conn.executemany(
                        "INSERT INTO match_events (match_id, seq, version, audience, kind, data)"
                        " SELECT ?1, COALESCE(MAX(seq), 0) + 1, ?2, ?3, ?4, ?5"
                        " FROM match_events WHERE match_id = ?1",
                        [
                            (
                                match_id,
                                version,
                                None if aud is None else _rows.dumps(aud),
                                kind,
                                _rows.dumps(data),
                            )
                            for aud, kind, data in events
                        ],
                    )
                if log is not None:
                    await conn.execute(
                        "INSERT INTO match_actions (match_id, version, seat, action, note)"
                        " VALUES (?, ?, ?, ?, ?)",
                        (
                            match_id,
                            log.version,
                            log.seat,
                            None if log.action is None else _rows.dumps(log.action),
                            log.note,
                        ),
                    )
                if results:
                    match = _rows.match_from_row(rows[0])
                    await conn.executemany(
                        "INSERT INTO match_results (match_id, seat, user_id, rank, forfeited,"
                        " label, guild_id, game, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        [
                            (
                                match_id,
                                r.seat,
                                r.user_id,
                                r.rank,
                                int(r.forfeited),
                                r.label,
                                match.guild_id,
                                match.game,
                                now,
                            )
                            for r in results
                        ],
                    )
                    await self.on_results(conn, match, list(results))
                if prune:
                    await conn.execute(
                        "DELETE FROM processed_interactions WHERE at < ?", (now - PROCESSED_TTL,)
                    )
        except _Conflict:
            return False
        if prune:
            self._last_prune = now
        return True

    async def mark_reminded(self, match_id: int, version: int) -> None:
        """Note that the half-time reminder for ``version``'s deadline was sent."""
        await self._write(
            "UPDATE matches SET reminded = 1 WHERE id = ? AND version = ?", (match_id, version)
        )

    async def save_snapshot(self, match_id: int, version: int, state: str) -> bool:
        """Write ``state`` as the snapshot of a live match still at ``version`` whose stored
        snapshot is older; False (nothing written) when it moved on, ended, or is current."""
        changed = await self._write(
            "UPDATE matches SET state = ?, state_version = NULL WHERE id = ? AND version = ?"
            " AND status = 'active' AND state_version IS NOT NULL", (state, match_id, version))
        return changed > 0

    async def interaction_seen(self, interaction_id: int) -> bool:
        """True if this Discord interaction was already processed (kept for a day)."""
        rows = await self._fetch_hot(
            "SELECT 1 FROM processed_interactions WHERE id = ?", (interaction_id,)
        )
        return bool(rows)

    async def live_matches(self, user_id: int) -> list[MatchRecord]:
        """Active matches in which the user holds a seat, newest first."""
        rows = await self._fetch(
            f"SELECT {_rows.MATCH_COLUMNS} FROM matches WHERE status = 'active' AND id IN"
            " (SELECT match_id FROM match_seats WHERE user_id = ?) ORDER BY id DESC",
            (user_id,),
        )
        return [_rows.match_from_row(r) for r in rows]

    async def guild_matches(self, guild_id: int, limit: int) -> list[MatchRecord]:
        """This server's active matches (anyone's), newest first, at most ``limit``
        (index ``matches_guild_live``, migration v010)."""
        rows = await self._fetch(
            f"SELECT {_rows.MATCH_COLUMNS} FROM matches WHERE guild_id = ?"
            " AND status = 'active' ORDER BY id DESC LIMIT ?",
            (guild_id, limit),
        )
        return [_rows.match_from_row(r) for r in rows]

    async def due_matches(self, now: float, shards: ShardFilter | None = None
                          ) -> list[MatchRecord]:
        """Active matches past their deadline, or past half of it and not yet reminded.

        Matches still opening (no board yet) are left out: their first deadline starts when
        the board is posted.

        Half-time is the midpoint of the last update and the deadline (the referee sets
        the deadline when it writes the match), so no per-guild setting is needed here.
        """
        where, params = shard_sql(shards)
        rows = await self._fetch(
            f"SELECT {_rows.MATCH_COLUMNS} FROM matches"
            " WHERE status = 'active' AND deadline IS NOT NULL AND opening = 0"
            " AND (deadline <= ? OR (reminded = 0 AND (updated_at + deadline) / 2 <= ?))"
            f"{where} ORDER BY deadline, id",
            (now, now, *params),
        )
        return [_rows.match_from_row(r) for r in rows]

    async def events(self, match_id: int) -> list[EventRecord]:
        """Every stored event of a match, in order."""
        rows = await self._fetch(
            "SELECT match_id, seq, version, audience, kind, data FROM match_events"
            " WHERE match_id = ? ORDER BY seq",
            (match_id,),
        )
        return [_rows.event_from_row(r) for r in rows]

    async def action_log(self, match_id: int, after: int | None = None) -> list[ActionLog]:
        """Every applied action of a match, in order (for replays); with ``after``, only
        those that produced a later version (the tail after a snapshot: at most
        ``snapshot_every`` rows read by index, on a cold click's path, so read as the
        click's other small reads are, :meth:`_fetch_hot`)."""
        fetch = self._fetch if after is None else self._fetch_hot
        rows = await fetch(
            "SELECT match_id, version, seat, action, note FROM match_actions"
            " WHERE match_id = ? AND version > ? ORDER BY id",
            (match_id, -1 if after is None else after),
        )
        return [_rows.action_from_row(r) for r in rows]

    # -------------------------------------------------------------- guild settings
    async def guild_setting(self, guild_id: int, key: str, default: Any) -> Any:
        """A per-guild setting (e.g. ``turn_seconds``), or ``default``."""
        rows = await self._fetch(
            "SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key)
        )
        return _rows.loads(rows[0][0]) if rows else default

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        """Set a per-guild setting (any JSON-serialisable value)."""
        async with self.write_transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
                (guild_id, key, _rows.dumps(value)),
            )

    async def delete_guild_setting(self, guild_id: int, key: str) -> None:
        """Remove a per-guild setting (nothing happens when there is none)."""
        async with self.write_transaction() as conn:
            await conn.execute(
                "DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))


def _conforms(store: SqliteStore) -> Store:
    """Static check (mypy) that :class:`SqliteStore` satisfies the :class:`Store` protocol."""
    return store
