"""The connection under :class:`db.sqlite.SqliteStore`: pragmas, lock and transactions.

Concurrency model. There is one connection, and a connection has one transaction state,
so every operation takes ``self._lock`` (an :class:`asyncio.Lock`) for its whole
transaction; reads take it too, otherwise a read interleaved with an open write on the
same connection would see that write's uncommitted rows. Writes start with
``BEGIN IMMEDIATE`` so the write lock on the file is taken up front (no deadlock-prone
lock upgrade if another process shares the file); ``busy_timeout`` makes a second process
wait instead of failing at once. The connection is in autocommit mode
(``isolation_level=None``): the only transactions are the ones written here.

Inline commits. With ``synchronous = NORMAL`` a WAL commit writes to the OS cache and
never waits for the disk, so :meth:`SqliteDatabase.run_transaction` (one action) runs on
the event loop's own thread when nothing is queued or running on aiosqlite's thread: no
thread hop (two context switches and a future, more than the transaction itself on a
busy machine). It never waits on the loop: the write lock is asked with no busy timeout
and, if another process holds it, the same transaction takes the usual hop (which waits).
The WAL is checkpointed on aiosqlite's thread, never on the loop (``wal_autocheckpoint``
is off on this connection; after every :data:`CHECKPOINT_EVERY` commits, the next
transaction takes the hop and checkpoints there, or a :meth:`write_transaction` does).

No statement is left in progress. SQLite refuses a COMMIT while a *writing* statement is
in progress on the connection ("cannot commit transaction - SQL statements in
progress"), and ``PRAGMA wal_checkpoint`` is one that returns a row: a cursor stepped to
that row and not read to the end keeps it in progress. aiosqlite's worker thread keeps
the return value of its last call in a local variable until its next call has run, so a
checkpoint run as ``await conn.execute(...)`` stayed in progress, held by an idle thread,
and the next action's COMMIT (inline, or on the thread) failed: the crash test's failure.
The checkpoint is therefore :func:`_checkpoint`, which reads its row and returns nothing;
every statement the store runs on the thread is read to the end inside the call.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, Self, TypeVar

import aiosqlite

from db.migrations import migrate
from db.sql import Connection

__all__ = ["SqliteDatabase", "Synchronous"]

T = TypeVar("T")

Synchronous = Literal["NORMAL", "FULL"]
"""The ``PRAGMA synchronous`` levels the store accepts."""

CHECKPOINT_EVERY = 256
"""Inline commits between two passive WAL checkpoints (run on aiosqlite's thread)."""

LOG = logging.getLogger(__name__)


def _commit(raw: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
    """Run ``fn`` inside the transaction just begun on ``raw`` and commit it; roll back
    and re-raise on any error."""
    try:
        out = fn(raw)
        raw.execute("COMMIT")
    except BaseException:
        if raw.in_transaction:
            raw.rollback()
        raise
    return out


def _checkpoint(raw: sqlite3.Connection) -> None:
    """A passive WAL checkpoint, its result row read (the statement is finished, not left
    in progress), returning nothing for aiosqlite's thread to hold. It runs after a
    COMMIT: if it cannot run now (``SQLITE_LOCKED`` while a read is in progress on the
    connection) that commit still stands; the WAL is checkpointed next time."""
    try:
        raw.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    except sqlite3.OperationalError as exc:
        LOG.warning("passive WAL checkpoint skipped: %s", exc)


class _Busy(Exception):
    """Another connection holds the write lock: take the hop, which waits for it."""


class SqliteDatabase:
    """One configured aiosqlite connection with its lock; the base of ``SqliteStore``.

    See :class:`db.sqlite.SqliteStore` for the meaning of the arguments.
    """

    def __init__(
        self,
        path: str,
        *,
        synchronous: Synchronous = "NORMAL",
        busy_timeout_ms: int = 5_000,
        clock: Callable[[], float] = time.time,
        inline: bool = True,
    ) -> None:
        if synchronous not in ("NORMAL", "FULL"):
            raise ValueError(f"synchronous must be 'NORMAL' or 'FULL', not {synchronous!r}")
        self.path = path
        self.synchronous: Synchronous = synchronous
        self.busy_timeout_ms = busy_timeout_ms
        self._clock = clock
        self._conn: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()
        self.inline_commits = inline and synchronous == "NORMAL"
        """Run :meth:`run_transaction` (and :meth:`_fetch_hot`) on the loop when
        aiosqlite's thread is idle (see the module's docstring); never with ``FULL``,
        whose commit waits for the disk. On by default (``inline=False`` keeps every
        statement on aiosqlite's thread). It was off for a while: the crash test caught
        an inline COMMIT failing with "cannot commit transaction - SQL statements in
        progress", a checkpoint cursor left in progress (see the module's docstring;
        ``tests/db/test_sqlite_inline.py``)."""
        self._queued = 0
        """Calls queued to aiosqlite's thread (counted on the loop's thread)."""
        self._finished = 0
        """Calls that thread has finished (counted on that thread)."""
        self._since_checkpoint = 0

    # ------------------------------------------------------------------ lifecycle
    async def open(self) -> None:
        """Connect, set the pragmas (WAL, synchronous, foreign keys, busy timeout), migrate."""
        if self._conn is not None:
            return
        if self.path != ":memory:" and not self.path.startswith("file:"):
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        # check_same_thread off: inline commits use the connection from the loop's thread,
        # only while aiosqlite's thread is idle and under the store lock (one at a time)
        conn = await aiosqlite.connect(self.path, isolation_level=None,
                                       check_same_thread=False)
        self._track(conn)
        try:
            conn.row_factory = aiosqlite.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            mode = next(iter(await conn.execute_fetchall("PRAGMA journal_mode = WAL")))[0]
            if mode not in ("wal", "memory"):
                raise RuntimeError(f"could not switch {self.path!r} to WAL (got {mode!r})")
            await conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            await conn.execute("PRAGMA foreign_keys = ON")
            rows = list(await conn.execute_fetchall("PRAGMA foreign_keys"))
            if not rows or rows[0][0] != 1:
                raise RuntimeError("this SQLite build cannot enforce foreign keys")
            await migrate(conn)
            if self.inline_commits:
                await conn.execute("PRAGMA wal_autocheckpoint = 0")
        except BaseException:
            await conn.close()
            raise
        self._conn = conn

    async def close(self) -> None:
        """Close the connection (idempotent); waits for a running transaction to end."""
        if self._conn is None:
            return
        async with self._lock:
            conn, self._conn = self._conn, None
            if conn is not None:
                try:
                    await conn.execute("PRAGMA optimize")
                finally:
                    await conn.close()

    async def __aenter__(self) -> Self:
        await self.open()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    def _track(self, conn: aiosqlite.Connection) -> None:
        """Count what is queued to and finished by ``conn``'s thread (its ``_execute``,
        through which every aiosqlite call goes): equal counts mean the thread is idle."""
        queue = conn._execute

        async def tracked(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            def counted() -> Any:
                try:
                    return fn(*args, **kwargs)
                finally:
                    self._finished += 1  # only this thread writes it

            self._queued += 1
            return await queue(counted)  # type: ignore[no-untyped-call]

        conn._execute = tracked  # type: ignore[method-assign]

    # --------------------------------------------------------------- transactions
    def _require(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise RuntimeError("the store is not open (await store.open() first)")
        return self._conn

    @asynccontextmanager
    async def write_transaction(self) -> AsyncIterator[Connection]:
        """``async with store.write_transaction() as conn``: one ``BEGIN IMMEDIATE`` ... ``COMMIT``.

        For extensions (the ladder) that need their own writes; rolled back when the block
        raises. Do not call other store methods inside the block (the lock is not reentrant).
        """
        async with self._lock:
            conn = self._require()
            try:
                await conn.execute("BEGIN IMMEDIATE")
                yield conn
                await conn.execute("COMMIT")
                if self.inline_commits:  # no autocheckpoint: count these commits too
                    self._since_checkpoint += 1
                    if self._since_checkpoint >= CHECKPOINT_EVERY:
                        self._since_checkpoint = 0
                        await conn._execute(_checkpoint, conn._conn)  # type: ignore[no-untyped-call]
            except BaseException:
                # Queued after whatever was cancelled or failed (aiosqlite runs calls in
                # order), and a no-op when no transaction is open (BEGIN or COMMIT failed or
                # the COMMIT went through): the connection never stays inside a transaction.
                await conn.rollback()
                raise

    @asynccontextmanager
    async def read_connection(self) -> AsyncIterator[Connection]:
        """``async with store.read_connection() as conn``: the connection, for reads only.

        Holds the store lock so no write transaction is half-done while you read. Wrap
        several statements in ``BEGIN``/``COMMIT`` yourself if they must see one snapshot.
        When the block raises (or is cancelled, say while its ``BEGIN`` was still queued:
        aiosqlite's thread runs it anyway), a rollback is queued after whatever it left on
        the thread, so no transaction stays open on the connection after the lock is
        released (the next ``BEGIN IMMEDIATE`` would fail "within a transaction").
        """
        async with self._lock:
            conn = self._require()
            try:
                yield conn
            except BaseException:
                await conn.rollback()  # a no-op when no transaction is open
                raise

    async def run_transaction(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``BEGIN IMMEDIATE``, ``fn(connection)``, ``COMMIT``: one hop to aiosqlite's thread.

        ``fn`` is plain (not async) code using the ``sqlite3`` connection; it runs on the
        connection's own thread, under the store lock. When it raises, the transaction is
        rolled back and the exception propagates. A caller cancelled meanwhile does not
        interrupt it: the transaction still commits or rolls back as a whole, and
        aiosqlite runs the next statement only after it.

        It queues ``fn`` with aiosqlite's ``_execute`` (its thread's work queue; the
        version range in ``pyproject.toml`` is the one checked, and
        ``tests/db/test_sqlite_hop.py`` fails if the hop stops being one).
        """
        async with self._lock:
            conn = self._require()
            raw = conn._conn
            if self.inline_commits and self._queued == self._finished \
                    and self._since_checkpoint < CHECKPOINT_EVERY and not raw.in_transaction:
                try:
                    out = self._inline(raw, fn)
                except _Busy:
                    pass
                else:
                    self._since_checkpoint += 1
                    return out
            checkpoint = self.inline_commits and self._since_checkpoint >= CHECKPOINT_EVERY
            self._since_checkpoint = 0

            def transaction() -> T:
                raw.execute("BEGIN IMMEDIATE")
                out = _commit(raw, fn)
                if checkpoint:
                    _checkpoint(raw)
                return out

            result: T = await conn._execute(transaction)  # type: ignore[no-untyped-call]
            return result

    def _inline(self, raw: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
        """:meth:`run_transaction`'s transaction on the loop's thread; :class:`_Busy`
        (nothing done) when another connection holds the write lock."""
        raw.execute("PRAGMA busy_timeout = 0")
        try:
            raw.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            if raw.in_transaction:  # pragma: no cover - BEGIN failed: none is open
                raw.rollback()
            raise _Busy from exc
        finally:
            raw.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
        return _commit(raw, fn)

    async def _fetch(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        async with self.read_connection() as conn:
            return list(await conn.execute_fetchall(sql, params))

    async def _fetch_hot(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        """:meth:`_fetch` for the small indexed reads of every click (a match by id, an
        interaction id): on the loop's thread when aiosqlite's thread is idle, since a
        WAL read never waits for a writer and the hop costs more than the read."""
        async with self._lock:
            conn = self._require()
            if self.inline_commits and self._queued == self._finished:
                return conn._conn.execute(sql, params).fetchall()
            return list(await conn.execute_fetchall(sql, params))

    async def _write(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        """One statement in its own transaction (:meth:`run_transaction`: inline or one
        hop, not three); the number of rows it changed."""

        def statement(raw: sqlite3.Connection) -> int:
            return raw.execute(sql, params).rowcount

        return await self.run_transaction(statement)
