"""Inline commits against everything else on the connection: the WAL checkpoint, reads
from other tasks, cancelled callers, a busy aiosqlite thread.

The root cause these tests pin down (the crash test's "cannot commit transaction - SQL
statements in progress"): ``PRAGMA wal_checkpoint`` is a *writing* statement that returns
one row; a cursor stepped to that row and not read to the end keeps it in progress, and
SQLite refuses any COMMIT on that connection while a writing statement is in progress.
``write_transaction`` ran the checkpoint with ``await conn.execute(...)``: aiosqlite's
worker thread keeps the last call's return value (that cursor) in a local variable until
its next call returns, so the statement stayed in progress while the thread sat idle, and
the next action, inline on the loop, failed at COMMIT.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from typing import Any

import pytest

from db import SqliteStore, sqlite_core

from .helpers import new_match, play


@pytest.fixture
async def lite(db_path: str) -> Any:
    async with SqliteStore(db_path, inline=True) as store:
        yield store


def test_sqlite_refuses_a_commit_while_a_checkpoint_cursor_is_unread(tmp_path: Any) -> None:
    """The mechanism, on plain ``sqlite3``: an unread checkpoint cursor blocks COMMIT; an
    unread SELECT does not; a checkpoint read to the end does not."""
    raw = sqlite3.connect(str(tmp_path / "x.db"), isolation_level=None)
    raw.execute("PRAGMA journal_mode = WAL").fetchall()
    raw.execute("CREATE TABLE t (x)")
    raw.executemany("INSERT INTO t VALUES (?)", [(1,), (2,)])

    def commit_one() -> None:
        raw.execute("BEGIN IMMEDIATE")
        raw.execute("INSERT INTO t VALUES (3)")
        try:
            raw.execute("COMMIT")
        except sqlite3.OperationalError:
            raw.rollback()
            raise

    select = raw.execute("SELECT x FROM t")  # one row read, more to come
    commit_one()
    select.close()
    held = raw.execute("PRAGMA wal_checkpoint(PASSIVE)")
    with pytest.raises(sqlite3.OperationalError, match="SQL statements in progress"):
        commit_one()
    held.fetchall()
    commit_one()
    raw.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    commit_one()
    raw.close()


async def test_an_action_after_a_checkpointing_write_transaction_commits(
        lite: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The crash test's failure, made deterministic: the write transaction that reaches
    :data:`CHECKPOINT_EVERY` checkpoints on aiosqlite's thread; the next action runs
    inline (the thread is idle) and must commit."""
    monkeypatch.setattr(sqlite_core, "CHECKPOINT_EVERY", 2)
    m = await new_match(lite)  # write transaction: 1 commit since the last checkpoint
    await lite.set_match_message(m.id, 7, 8)  # 2: checkpoints on the thread
    assert lite._since_checkpoint == 0
    assert lite._queued == lite._finished  # idle: the next action is inline
    assert await play(lite, m.id, 0, n_events=2)
    assert await play(lite, m.id, 1, n_events=2)  # and the next one (the hop checkpoints)
    got = await lite.get_match(m.id)
    assert got is not None and got.version == 2 and got.message_id == 8


async def test_an_action_through_the_hop_after_a_checkpoint_commits(
        lite: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same on the thread: the held cursor was not an inline-only hazard (the thread
    keeps it while it runs the next call), so the hop path must commit too."""
    monkeypatch.setattr(sqlite_core, "CHECKPOINT_EVERY", 2)
    m = await new_match(lite)
    await lite.set_match_message(m.id, 7, 8)  # checkpoints on the thread
    lite.inline_commits = False
    assert await play(lite, m.id, 0, n_events=2)
    assert [e.seq for e in await lite.events(m.id)] == [1, 2]


@pytest.mark.parametrize("seed", range(6))
async def test_concurrent_clicks_reads_checkpoints_and_cancellations(
        lite: SqliteStore, monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """The crash test's load on one store: several matches clicked concurrently, the
    reads of every click (inline or on the thread), write transactions (a board message,
    a guild setting, a new match), a checkpoint every few commits, callers cancelled
    mid-read and mid-action. Every action either commits whole or loses its race; none
    fails, and each match ends at the version its log says."""
    monkeypatch.setattr(sqlite_core, "CHECKPOINT_EVERY", 3)
    rng = random.Random(seed)
    matches = [(await new_match(lite)).id for _ in range(4)]
    errors: list[BaseException] = []

    async def clicker(match_id: int, n: int) -> None:
        for _ in range(n):
            got = await lite.get_match(match_id)
            assert got is not None
            await lite.interaction_seen(rng.randrange(1 << 30))
            await play(lite, match_id, got.version, n_events=rng.randrange(4),
                       interaction_id=rng.randrange(1 << 40))  # fmt: skip
            await asyncio.sleep(0)

    async def side(n: int) -> None:
        for i in range(n):
            pick = rng.randrange(5)
            if pick == 0:
                await lite.set_match_message(rng.choice(matches), i, i)
            elif pick == 1:
                await lite.set_guild_setting(10, "k", i)
            elif pick == 2:
                await lite.events(rng.choice(matches))  # a read on the thread
            elif pick == 3:
                await lite.live_matches(101)
            else:
                await new_match(lite)
            await asyncio.sleep(0)

    async def canceller(n: int) -> None:
        for _ in range(n):
            match_id = rng.choice(matches)
            read = rng.choice([lite.events, lite.action_log, lite.get_match])
            task = asyncio.create_task(read(match_id))  # type: ignore[operator]
            for _ in range(rng.randrange(3)):
                await asyncio.sleep(0)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def guarded(coro: Any) -> None:
        try:
            await coro
        except Exception as exc:  # collected: every failure is reported, not the first
            errors.append(exc)

    await asyncio.gather(
        *(guarded(clicker(m, 40)) for m in matches),
        guarded(side(60)), guarded(canceller(40)),
    )  # fmt: skip
    assert errors == []
    for m in matches:
        got = await lite.get_match(m)
        log = await lite.action_log(m)
        assert got is not None and [a.version for a in log] == list(range(1, got.version + 1))
        assert got.version > 0


@pytest.mark.parametrize("inline", [True, False])
async def test_a_snapshot_read_cancelled_at_its_begin_leaves_no_transaction_open(
        lite: SqliteStore, inline: bool) -> None:
    """A ladder read (one ``BEGIN`` ... ``COMMIT`` snapshot) cancelled while its BEGIN is
    queued: the BEGIN still runs on aiosqlite's thread, and its snapshot must still be
    closed, or the next action's ``BEGIN IMMEDIATE`` fails ("within a transaction")."""
    from db import ladder_queries

    m = await new_match(lite)
    lite.inline_commits = inline
    for v in range(6):
        task = asyncio.create_task(ladder_queries.match_summary(lite, m.id))
        for _ in range(v % 3):
            await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        assert await play(lite, m.id, v)
    assert not lite._require()._conn.in_transaction


async def test_a_checkpoint_that_cannot_run_does_not_fail_the_committed_write(
        lite: SqliteStore, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """A read left in progress on the connection makes the checkpoint fail ("database
    table is locked"): the write before it is committed and reported so, on both paths."""
    monkeypatch.setattr(sqlite_core, "CHECKPOINT_EVERY", 1)
    m = await new_match(lite)
    raw = lite._require()._conn
    reading = raw.execute("SELECT id FROM matches")  # a row read, the statement in progress
    await lite.set_guild_setting(10, "k", 1)  # write transaction, then its checkpoint
    assert await play(lite, m.id, 0)  # the hop (checkpoint due), then its checkpoint
    reading.close()
    assert await lite.guild_setting(10, "k", None) == 1
    got = await lite.get_match(m.id)
    assert got is not None and got.version == 1
    assert "checkpoint skipped" in caplog.text


async def test_a_log_tail_is_read_inline_and_the_whole_log_on_the_thread(
        lite: SqliteStore) -> None:
    """A cold click reads the actions after the snapshot (a few rows, by index) on the
    loop's thread when aiosqlite's is idle, as it reads the match; the whole log (for a
    replay of a match from its start, any length) still goes to the thread."""
    m = await new_match(lite)
    for v in range(3):
        assert await play(lite, m.id, v, n_events=1)
    queued = lite._queued
    tail = await lite.action_log(m.id, after=1)
    assert [a.version for a in tail] == [2, 3] and lite._queued == queued
    whole = await lite.action_log(m.id)
    assert [a.version for a in whole] == [1, 2, 3] and lite._queued == queued + 1
