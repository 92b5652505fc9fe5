"""SQLite's action commits: inline on the loop when aiosqlite's thread is idle, else one
trip to that thread; all or nothing either way."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from typing import Any

import pytest

from db import ResultRow, SqliteStore

from .helpers import new_match, play


@pytest.fixture
async def lite(db_path: str) -> Any:
    async with SqliteStore(db_path, inline=True) as store:
        yield store


def count_hops(store: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record every call queued to the store's aiosqlite thread."""
    conn: Any = store._require()
    calls: list[str] = []
    original = conn._execute

    async def spy(fn: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(getattr(fn, "__name__", repr(fn)))
        return await original(fn, *args, **kwargs)

    monkeypatch.setattr(conn, "_execute", spy)
    return calls


async def test_an_action_is_one_hop(lite: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    m = await new_match(lite)
    lite.inline_commits = False  # the hop path (as with synchronous FULL)
    hops = count_hops(lite, monkeypatch)
    assert await play(lite, m.id, 0, n_events=5, interaction_id=3)
    assert len(hops) == 1
    assert not await play(lite, m.id, 0, n_events=5)  # a lost race is one hop too
    assert len(hops) == 2
    rows = [ResultRow(seat=0, user_id=101, rank=1), ResultRow(seat=1, user_id=102, rank=2)]
    assert await play(lite, m.id, 1, results=rows)  # the ending takes the hook's path
    assert len(hops) > 3
    assert [e.seq for e in await lite.events(m.id)] == list(range(1, 8))


async def test_a_failing_transaction_writes_nothing(lite: SqliteStore) -> None:
    m = await new_match(lite)

    def half(conn: sqlite3.Connection) -> None:
        conn.execute("UPDATE matches SET version = 9 WHERE id = ?", (m.id,))
        raise KeyError("boom")

    with pytest.raises(KeyError):
        await lite.run_transaction(half)
    got = await lite.get_match(m.id)
    assert got is not None and got.version == 0
    assert await play(lite, m.id, 0)


async def test_a_cancelled_caller_leaves_a_whole_action(lite: SqliteStore) -> None:
    m = await new_match(lite)
    for v in range(20):
        task = asyncio.create_task(play(lite, m.id, v, n_events=3))
        await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        got = await lite.get_match(m.id)
        assert got is not None
        if got.version == v:  # cancelled before it started: nothing, so commit it now
            assert await play(lite, m.id, v, n_events=3)
    events = await lite.events(m.id)
    assert [e.seq for e in events] == list(range(1, 61))
    assert [a.version for a in await lite.action_log(m.id)] == list(range(1, 21))


async def test_an_action_is_inline_when_the_thread_is_idle(
        lite: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """NORMAL: no hop at all; a lost race too; the WAL checkpoint takes a hop now and then."""
    from db import sqlite_core

    m = await new_match(lite)
    hops = count_hops(lite, monkeypatch)
    assert lite.inline_commits
    assert await play(lite, m.id, 0, n_events=5, interaction_id=3)
    assert not await play(lite, m.id, 0, n_events=5)
    assert not await play(lite, m.id, 1, n_events=1, interaction_id=3)  # seen already
    assert hops == []
    monkeypatch.setattr(sqlite_core, "CHECKPOINT_EVERY", 3)
    for v in range(1, 6):
        assert await play(lite, m.id, v, n_events=2)
    assert hops == ["transaction"]  # the 4th commit after the 3 inline ones: hop + checkpoint
    assert [e.seq for e in await lite.events(m.id)] == list(range(1, 16))
    got = await lite.get_match(m.id)
    assert got is not None and got.version == 6


async def test_full_never_commits_inline(db_path: str) -> None:
    """FULL waits for the disk at every commit: always on aiosqlite's thread."""
    async with SqliteStore(db_path, synchronous="FULL", inline=True) as store:
        assert not store.inline_commits
    async with SqliteStore(db_path) as store:  # the bot's store: inline by default
        assert store.inline_commits
    async with SqliteStore(db_path, inline=False) as store:
        assert not store.inline_commits


async def test_a_busy_thread_or_another_writer_makes_it_hop(
        lite: SqliteStore, db_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Something still queued on aiosqlite's thread (a cancelled caller's work): the action
    hops after it. Another process holding the write lock: the loop never waits for it;
    the action hops and waits there, then commits whole."""
    m = await new_match(lite)
    conn: Any = lite._require()
    busy = asyncio.create_task(conn._execute(time.sleep, 0.2))  # aiosqlite's thread busy
    await asyncio.sleep(0)
    hops = count_hops(lite, monkeypatch)
    assert await play(lite, m.id, 0)
    assert len(hops) == 1
    await busy
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    loop = asyncio.get_running_loop()
    loop.call_later(0.3, other.execute, "COMMIT")  # the loop runs on while it waits
    assert await play(lite, m.id, 1, n_events=3)
    assert len(hops) == 2
    other.close()
    assert [e.seq for e in await lite.events(m.id)] == list(range(1, 6))


async def test_the_reads_and_writes_of_a_click_make_no_hop(
        lite: SqliteStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """A click reads the match and the interaction id and records what was published: on
    the loop when aiosqlite's thread is idle; with FULL, one hop per write (not three)."""
    m = await new_match(lite)
    hops = count_hops(lite, monkeypatch)
    assert not await lite.interaction_seen(7)
    assert await play(lite, m.id, 0, interaction_id=7)
    assert await lite.interaction_seen(7)
    assert await lite.set_published(m.id, 1, {"told": 1})
    assert not await lite.set_published(m.id, 0, {})  # never backwards
    got = await lite.get_match(m.id)
    assert got is not None and got.published_version == 1 and got.version == 1
    assert hops == []
    lite.inline_commits = False
    assert await lite.set_published(m.id, 1, {})
    assert await lite.get_match(m.id) is not None
    assert hops == ["transaction", "_execute_fetchall"]
