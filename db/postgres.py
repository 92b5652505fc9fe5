"""The PostgreSQL store: :class:`PostgresStore`, the store's SQL over an asyncpg pool.

Chosen by a ``postgresql://`` (or ``postgres://``) ``database`` URL, see
:func:`db.store_from_url`. Several processes may share one database without ever
applying an action twice; several *bot* processes also need their timers split (each
would otherwise send every reminder, and race for every timeout, which one of them wins).

Shared SQL. The store methods (:class:`db.sqlite.SqliteStore`), the ratings hook and the
ladder queries are written once, in the SQL both dialects agree on, against
:class:`db.sql.Connection`. This module swaps the connection layer underneath: a pool
instead of one locked connection, and :class:`PgConnection`, which runs that SQL on
asyncpg after :func:`translate` (the one place for the dialects' differences in statement
text). The schema differences live in :mod:`db.pg_migrations`. One statement is this
store's own: :data:`COMMIT_SQL`, a plain action in one round trip (the hot path).

Concurrency. Every store method is one transaction on a connection of its own (READ
COMMITTED). :meth:`~db.sqlite.SqliteStore.commit_action` starts with
``UPDATE matches ... WHERE id = ? AND version = expected``: that locks the match row until
the transaction ends, and a concurrent action on the same match waits for it, re-checks
the version and finds it stale (``False``, nothing written), whether it runs in this
process or another. Every read-then-write of the shared SQL is guarded the same way by
the row its first ``UPDATE`` locks; the one read-modify-write across matches, the ratings
of the players of a finished match, is serialized by :meth:`PostgresStore.on_results`
with per-player advisory locks.
"""

from __future__ import annotations

import functools
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import asyncpg

from db import _rows
from db.base import ActionLog, MatchRecord, ResultRow, Store
from db.pg_migrations import migrate
from db.sql import Connection
from db.sqlite import PROCESSED_TTL, PRUNE_EVERY, ResultsHook, SqliteStore, _Conflict

__all__ = ["PgConnection", "PgCursor", "PostgresStore", "translate"]

T = TypeVar("T")

ID_TABLES = frozenset({"matches", "challenges", "match_actions", "lobbies", "tournaments"})
"""Tables whose ``id`` an ``INSERT`` reports as ``lastrowid`` (SQLite's rowid)."""

_INSERT_INTO = re.compile(r"\s*INSERT\s+(OR\s+IGNORE\s+)?INTO\s+(\w+)", re.IGNORECASE)
_COUNT_TAIL = re.compile(r"(\d+)$")


@functools.lru_cache(maxsize=1024)
def translate(sql: str) -> tuple[str, bool]:
    """SQLite-flavoured shared SQL as PostgreSQL: ``(text, returns_id)``.

    - ``?`` placeholders become ``$1, $2, ...`` in order, ``?N`` becomes ``$N`` (quoted
      literals are left alone);
    - ``INSERT OR IGNORE INTO ...`` becomes ``INSERT INTO ... ON CONFLICT DO NOTHING``;
    - an ``INSERT`` into one of :data:`ID_TABLES` without ``RETURNING`` gets
      ``RETURNING id`` (``returns_id`` is then True), which provides ``lastrowid``;
    - a bare ``BEGIN`` (a read snapshot, as the ladder queries open) is
      ``REPEATABLE READ``: SQLite's read transaction sees one snapshot throughout,
      PostgreSQL's default READ COMMITTED would not.
    """
    if sql.strip().upper() == "BEGIN":
        return "BEGIN ISOLATION LEVEL REPEATABLE READ", False
    out: list[str] = []
    n = 0
    i = 0
    quoted = False
    while i < len(sql):
        ch = sql[i]
        if ch == "'":
            quoted = not quoted
        elif ch == "?" and not quoted:
            j = i + 1
            while j < len(sql) and sql[j].isdigit():
                j += 1
            if j > i + 1:
                out.append("$" + sql[i + 1 : j])
            else:
                n += 1
                out.append(f"${n}")
            i = j
            continue
        out.append(ch)
        i += 1
    text = "".join(out)
    returns_id = False
    m = _INSERT_INTO.match(text)
    if m:
        if m.group(1):
            text = f"INSERT INTO {m.group(2)}{text[m.end():]} ON CONFLICT DO NOTHING"
        if m.group(2).lower() in ID_TABLES and "RETURNING" not in text.upper():
            text += " RETURNING id"
            returns_id = True
    return text, returns_id


COMMIT_SQL = """
WITH upd AS (
    UPDATE matches SET state = COALESCE($1, state),
        state_version = CASE WHEN $1::text IS NULL THEN COALESCE(state_version, $8) END,
        version = $2, deadline = $3, reminded = 0, timeouts = $4, status = $5, updated_at = $6
    WHERE id = $7 AND version = $8 RETURNING id
), seen AS (
    INSERT INTO processed_interactions (id, match_id, at)
    SELECT $9::bigint, id, $6 FROM upd WHERE $9::bigint IS NOT NULL
    ON CONFLICT DO NOTHING RETURNING id
), ok AS (
    SELECT id FROM upd WHERE $9::bigint IS NULL OR EXISTS (SELECT 1 FROM seen)
), base AS (
    SELECT COALESCE(MAX(seq), 0) AS last FROM match_events WHERE match_id = $7
), ev AS (
    INSERT INTO match_events (match_id, seq, version, audience, kind, data)
    SELECT $7, base.last + e.ord, $2, e.aud, e.kind, e.data
    FROM ok, base,
        unnest($10::text[], $11::text[], $12::text[]) WITH ORDINALITY AS e(aud, kind, data, ord)
), lg AS (
    INSERT INTO match_actions (match_id, version, seat, action, note)
    SELECT $7, $14, $15, $16, $17 FROM ok WHERE $13::boolean
)
SELECT EXISTS (SELECT 1 FROM ok)
"""
"""One action that does not end the match, as one statement: the version-guarded UPDATE
(which locks the row), the interaction id, the events (``seq`` continuing the match's)
and the log row. False when the version was stale or the interaction already processed:
the caller then rolls the transaction back, so nothing is written.

The CTEs share the statement's snapshot, so ``base`` (the last ``seq``) is read before the
UPDATE waits for a concurrent action on the row. That is sound because only the action
that produced ``expected_version`` can commit while we wait, and a caller knows that
version only after it committed, i.e. before our snapshot; a caller guessing a version
ahead of what it read would get a primary-key error, never a gap or a duplicate."""


COMMIT_ONE_SQL = COMMIT_SQL.replace(
    "    WHERE id = $7 AND version = $8 RETURNING id",
    "    WHERE id = $7 AND version = $8 AND ($9::bigint IS NULL OR NOT EXISTS (\n"
    "        SELECT 1 FROM processed_interactions WHERE id = $9::bigint)) RETURNING id")
""":data:`COMMIT_SQL` in one round trip: without ``BEGIN``/``COMMIT`` around it (one
statement is one transaction of its own), so it must never write part of an action. The
UPDATE itself refuses an interaction already processed, which :data:`COMMIT_SQL` left to
the rollback: when the UPDATE matched nothing, no CTE writes anything. A duplicate of an
interaction still being processed waits on the match row's lock and then finds the
version moved on. The ``seen`` insert cannot then conflict (an interaction belongs to one
match, whose row lock orders them), so ``ok`` is ``upd``."""
assert "WHERE id = $7 AND version = $8 AND ($9" in COMMIT_ONE_SQL


async def _nothing_to_reset(conn: Any) -> None:
    """The pool's reset of a connection given back: nothing past what asyncpg always does
    (roll back a transaction left open).

    asyncpg's default reset runs ``SELECT pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *;
    RESET ALL`` on every release: a second round trip for every store call, the one-
    statement commit of an action included (PostgreSQL's action cost 235 us p50 on a local
    socket, its ``SELECT 1`` 21 us; bench/pg_par_bench.py). This store leaves no session
    state to reset: no ``SET`` (settings come with the connection, from the URL), no
    ``LISTEN``, no cursor or session advisory lock (the ratings' locks are
    ``pg_advisory_xact_lock``, released at commit)."""


def _rowcount(status: str) -> int:
    """The row count of a command status (``'UPDATE 1'``, ``'INSERT 0 1'``), else -1."""
    found = _COUNT_TAIL.search(status or "")
    return int(found.group(1)) if found else -1


class PgCursor:
    """The result of :meth:`PgConnection.execute` (see :class:`db.sql.Cursor`)."""

    __slots__ = ("lastrowid", "rowcount")

    def __init__(self, rowcount: int, lastrowid: int | None = None) -> None:
        self.rowcount = rowcount
        self.lastrowid = lastrowid


class PgConnection:
    """An asyncpg connection speaking :class:`db.sql.Connection` (the shared SQL).

    ``raw`` is the asyncpg connection, for PostgreSQL-only statements.
    """

    __slots__ = ("raw",)

    def __init__(self, raw: Any) -> None:
        self.raw = raw

    @property
    def in_transaction(self) -> bool:
        """Whether a transaction is open on the connection."""
        return bool(self.raw.is_in_transaction())

    async def execute(self, sql: str, parameters: Iterable[Any] | None = None) -> PgCursor:
        """Run one statement; ``rowcount`` from its status, ``lastrowid`` for ``INSERT``."""
        text, returns_id = translate(sql)
        args = tuple(parameters or ())
        if returns_id:
            rows = await self.raw.fetch(text, *args)
            return PgCursor(len(rows), int(rows[0][0]) if rows else None)
        return PgCursor(_rowcount(await self.raw.execute(text, *args)))

    async def executemany(self, sql: str, parameters: Iterable[Iterable[Any]]) -> None:
        """Run one statement per parameter tuple (pipelined by asyncpg)."""
        rows = [tuple(p) for p in parameters]
        if rows:
            await self.raw.executemany(translate(sql)[0], rows)

    async def execute_fetchall(
        self, sql: str, parameters: Iterable[Any] | None = None
    ) -> list[Any]:
        """Run one query and return its rows (``asyncpg.Record``: by position or name)."""
        return list(await self.raw.fetch(translate(sql)[0], *tuple(parameters or ())))


class PostgresStore(SqliteStore):
    """:class:`db.base.Store` on PostgreSQL through an asyncpg connection pool.

    ``PostgresStore("postgresql://user:password@host:5432/hajime")`` then
    ``await store.open()`` (or ``async with``): connects and applies pending migrations
    (:mod:`db.pg_migrations`). ``min_connections``/``max_connections`` size the pool;
    ``on_results`` and ``clock`` are as for :class:`db.sqlite.SqliteStore`, whose methods
    (and their SQL) this class inherits. Durability is the server's
    (``synchronous_commit``, on by default: a committed action survives a crash).
    """

    one_hop_commits = False
    """SQLite's one-hop form does not apply (see :meth:`commit_action` for this one's)."""

    def __init__(
        self,
        dsn: str,
        *,
        min_connections: int = 1,
        max_connections: int = 10,
        on_results: ResultsHook | None = None,
        clock: Any = time.time,
    ) -> None:
        super().__init__(dsn, on_results=on_results, clock=clock)
        self.dsn = dsn
        self.min_connections = min_connections
        self.max_connections = max_connections
        self._pool: Any = None
        self._idle: list[Any] = []
        """Connections given back by this store and kept out of the pool (see
        :meth:`_take`)."""
        self._waiting = 0
        """Calls of :meth:`_take` waiting for the pool (a connection given back then goes
        to the pool, which hands it to one of them)."""
        self._closing: Any = None
        """The pool being closed (:meth:`close`), which calls still running give their
        connections back to."""

    # ------------------------------------------------------------------ lifecycle
    async def open(self) -> None:
        """Create the pool and apply pending migrations."""
        if self._pool is not None:
            return
        pool = await asyncpg.create_pool(
            self.dsn, min_size=self.min_connections, max_size=self.max_connections,
            reset=_nothing_to_reset,
        )
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        self._pool = pool

    async def close(self) -> None:
        """Close the pool (idempotent); waits for running transactions to end."""
        pool, self._pool = self._pool, None
        idle, self._idle = self._idle, []
        if pool is not None:
            self._closing = pool  # calls still running give their connections to it
            try:
                for raw in idle:
                    await pool.release(raw)
                await pool.close()
            finally:
                self._closing = None

    async def _take(self) -> Any:
        """A connection: the last one given back (:meth:`_give`), else the pool's.

        asyncpg's ``acquire``/``release`` pair costs about 20 us of Python per call (a
        ``SELECT 1`` through the pool 43 us p50, on one connection 23 us), on every store
        call of every click; this store keeps the connections it is given back in a list
        instead, so the pool is asked only when they are all in use. The pool still owns
        them (its size bounds them) and gets each back when it is closed, broken, or left
        in a transaction."""
        idle = self._idle
        if idle:
            return idle.pop()
        pool = self._require_pool()
        self._waiting += 1
        try:
            return await pool.acquire()
        finally:
            self._waiting -= 1

    async def _give(self, raw: Any, failed: bool = False) -> None:
        """Give back a connection of :meth:`_take`: kept for the next call when its call
        ended normally and it is healthy and outside any transaction; else (an error, a
        cancelled query) released to the pool, which rolls back, waits for a cancelled
        query or drops the connection, as it would have; also while other calls wait for
        the pool (they would wait for ever for a connection kept here)."""
        pool = self._pool
        if pool is None:  # closing (or closed) meanwhile
            if self._closing is not None:
                await self._closing.release(raw)
            else:
                raw.terminate()
        elif failed or self._waiting or raw.is_closed() or raw.is_in_transaction():
            await pool.release(raw)
        else:
            self._idle.append(raw)


    @asynccontextmanager
    async def _held(self) -> AsyncIterator[Any]:
        """A connection of :meth:`_take` for the block, given back after it
        (:meth:`_give`; as failed when the block raises)."""
        raw = await self._take()
        try:
            yield raw
        except BaseException:
            await self._give(raw, failed=True)
            raise
        await self._give(raw)

    # --------------------------------------------------------------- transactions
    def _require_pool(self) -> Any:
        if self._pool is None:
            raise RuntimeError("the store is not open (await store.open() first)")
        return self._pool

    @asynccontextmanager
    async def write_transaction(self) -> AsyncIterator[Connection]:
        """``async with store.write_transaction() as conn``: one transaction on a pooled
        connection, committed at the end of the block, rolled back when it raises."""
        async with self._held() as raw, raw.transaction():
            yield PgConnection(raw)

    @asynccontextmanager
    async def read_connection(self) -> AsyncIterator[Connection]:
        """``async with store.read_connection() as conn``: a pooled connection for reads.

        Outside a transaction each statement sees the latest commits; wrap several in
        ``BEGIN``/``COMMIT`` if they must see one snapshot.
        """
        async with self._held() as raw:
            yield PgConnection(raw)

    async def _fetch(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        async with self._held() as raw:
            return list(await raw.fetch(translate(sql)[0], *params))

    async def _fetch_hot(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        return await self._fetch(sql, params)

    async def _write(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        """One statement in its own transaction; the number of rows it changed."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(sql, params)
            return int(cur.rowcount)

    async def run_transaction(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Not on PostgreSQL: ``fn`` is ``sqlite3`` code (use :meth:`write_transaction`)."""
        raise TypeError("run_transaction runs sqlite3 code; use write_transaction here")

    # ------------------------------------------------------------------ actions
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
        """:meth:`db.sqlite.SqliteStore.commit_action`, in one round trip when it can.

        An action that does not end the match is one statement (:data:`COMMIT_ONE_SQL`,
        its own transaction); when the processed interactions are pruned too, the same
        statement and the prune run between ``BEGIN`` and ``COMMIT``; the ending one runs
        the results hook and takes the shared path.
        """
        if results:
            return await super().commit_action(
                match_id, expected_version=expected_version, state=state, version=version,
                events=events, log=log, deadline=deadline, timeouts=timeouts, status=status,
                results=results, interaction_id=interaction_id,
            )  # fmt: skip
        if log is not None and log.match_id != match_id:
            raise ValueError(f"log is for match {log.match_id}, not {match_id}")
        if state is None and log is None:  # the log row is what replays it
            raise ValueError("an action that keeps the old snapshot needs its log row")
        now = self._clock()
        prune = now - self._last_prune >= PRUNE_EVERY
        auds = [None if aud is None else _rows.dumps(aud) for aud, _, _ in events]
        args = (
            state, version, deadline, _rows.dumps(timeouts), status, now, match_id,
            expected_version, interaction_id, auds, [k for _, k, _ in events],
            [_rows.dumps(d) for _, _, d in events], log is not None,
            None if log is None else log.version, None if log is None else log.seat,
            None if log is None or log.action is None else _rows.dumps(log.action),
            "" if log is None else log.note,
        )  # fmt: skip
        if not prune:  # the usual case: one statement, one round trip
            async with self._held() as raw:
                return bool(await raw.fetchval(COMMIT_ONE_SQL, *args))
        try:
            async with self.write_transaction() as conn:
                raw = conn.raw  # type: ignore[attr-defined]
                if not await raw.fetchval(COMMIT_SQL, *args):
                    raise _Conflict
                if prune:
                    await raw.execute(
                        "DELETE FROM processed_interactions WHERE at < $1", now - PROCESSED_TTL
                    )
        except _Conflict:
            return False
        if prune:
            self._last_prune = now
        return True

    # ---------------------------------------------------------------- the hook
    async def on_results(
        self, conn: Connection, match: MatchRecord, results: list[ResultRow]
    ) -> None:
        """Lock the players' ratings (advisory locks, in id order), then run the hook.

        Two matches sharing a player may end at the same moment in two transactions (or
        processes); without the lock both would read the player's old rating and the
        second write would lose the first update. Locks are released at commit.
        """
        if isinstance(conn, PgConnection):
            for user in sorted({r.user_id for r in results}):
                await conn.raw.execute("SELECT pg_advisory_xact_lock($1::bigint)", user)
        await super().on_results(conn, match, results)


def _conforms(store: PostgresStore) -> Store:
    """Static check (mypy) that :class:`PostgresStore` satisfies the :class:`Store` protocol."""
    return store
