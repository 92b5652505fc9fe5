"""The rest of the store: queries, challenges, settings, pragmas, restart, factory."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import db
from db import ResultRow, SqliteStore
from tests.clock import Clock

from .helpers import new_match, play


async def test_live_matches_for_a_user_newest_first(store: SqliteStore) -> None:
    a = await new_match(store, [1, 2])
    b = await new_match(store, [3, 1])
    c = await new_match(store, [1, 4])
    await new_match(store, [2, 3])
    assert await play(store, c.id, 0, status="aborted")
    assert [m.id for m in await store.live_matches(1)] == [b.id, a.id]
    assert [m.id for m in await store.live_matches(4)] == []
    assert await store.live_matches(999) == []
    self_play = await new_match(store, [5, 5])
    assert [m.id for m in await store.live_matches(5)] == [self_play.id]


async def test_guild_matches_lists_a_servers_live_matches_newest_first(
        store: SqliteStore) -> None:
    a = await new_match(store, [1, 2], guild_id=10)
    b = await new_match(store, [3, 4], guild_id=10)
    elsewhere = await new_match(store, [1, 5], guild_id=11)
    done = await new_match(store, [6, 7], guild_id=10)
    await new_match(store, [8, 9], guild_id=None)  # a DM match belongs to no server
    assert await play(store, done.id, 0, status="finished")
    assert [m.id for m in await store.guild_matches(10, 20)] == [b.id, a.id]
    assert [m.id for m in await store.guild_matches(10, 1)] == [b.id]  # capped
    assert [m.id for m in await store.guild_matches(11, 20)] == [elsewhere.id]
    assert await store.guild_matches(12, 20) == []


EVER = 1e12
"""A time past every deadline: due_matches then lists every timed active match."""


async def test_due_matches_soonest_first(store: SqliteStore) -> None:
    late = await new_match(store, deadline=300.0)
    await new_match(store, deadline=None)
    soon = await new_match(store, deadline=100.0)
    done = await new_match(store, deadline=50.0)
    assert await play(store, done.id, 0, status="finished", deadline=50.0)
    assert [m.id for m in await store.due_matches(EVER)] == [soon.id, late.id]
    assert await play(store, soon.id, 0, deadline=None)
    assert [m.id for m in await store.due_matches(EVER)] == [late.id]


async def test_challenge_lifecycle(store: SqliteStore) -> None:
    ch = await store.create_challenge(
        guild_id=None, channel_id=5, challenger_id=1, opponent_id=2,
        game="wof", options={"deck": "a"}, expires_at=123.0,
    )  # fmt: skip
    other = await store.create_challenge(
        guild_id=9, channel_id=5, challenger_id=3, opponent_id=4,
        game="wof", options={}, expires_at=124.0,
    )  # fmt: skip
    assert await store.get_challenge(ch.id) == ch
    assert ch.status == "open" and ch.options == {"deck": "a"} and ch.guild_id is None
    assert [c.id for c in await store.open_challenges()] == [ch.id, other.id]
    await store.set_challenge_message(ch.id, 77)
    m = await new_match(store)
    assert await store.close_challenge(ch.id, "accepted", match_id=m.id)
    assert not await store.close_challenge(ch.id, "declined")
    got = await store.get_challenge(ch.id)
    assert got is not None
    assert (got.status, got.match_id, got.message_id) == ("accepted", m.id, 77)
    assert [c.id for c in await store.open_challenges()] == [other.id]
    assert await store.close_challenge(other.id, "expired")
    assert await store.open_challenges() == []
    assert await store.get_challenge(999) is None
    with pytest.raises(ValueError):
        await store.close_challenge(ch.id, "open")


async def test_guild_settings(store: SqliteStore) -> None:
    assert await store.guild_setting(1, "turn_seconds", 300) == 300
    await store.set_guild_setting(1, "turn_seconds", 120)
    await store.set_guild_setting(1, "games", ["sushido", "wof"])
    await store.set_guild_setting(2, "turn_seconds", None)
    assert await store.guild_setting(1, "turn_seconds", 300) == 120
    assert await store.guild_setting(1, "games", []) == ["sushido", "wof"]
    assert await store.guild_setting(2, "turn_seconds", 300) is None
    await store.set_guild_setting(1, "turn_seconds", 60)
    assert await store.guild_setting(1, "turn_seconds", 300) == 60
    await store.delete_guild_setting(1, "turn_seconds")
    await store.delete_guild_setting(1, "never-set")  # nothing to delete: no error
    assert await store.guild_setting(1, "turn_seconds", 300) == 300
    assert await store.guild_setting(1, "games", []) == ["sushido", "wof"]


async def test_everything_survives_a_restart(make_store: Any, clock: Clock) -> None:
    store = make_store(clock=clock)
    await store.open()
    m = await new_match(store, deadline=500.0)
    assert await play(store, m.id, 0, interaction_id=42, deadline=600.0)
    await store.mark_reminded(m.id, 1)
    ch = await store.create_challenge(
        guild_id=1, channel_id=2, challenger_id=3, opponent_id=4,
        game="g", options={}, expires_at=9.0,
    )  # fmt: skip
    await store.set_guild_setting(1, "k", {"a": 1})
    match_before = await store.get_match(m.id)
    events_before, log_before = await store.events(m.id), await store.action_log(m.id)
    await store.close()
    await store.close()  # idempotent

    async with make_store(clock=clock) as again:
        assert await again.get_match(m.id) == match_before
        assert await again.events(m.id) == events_before
        assert await again.action_log(m.id) == log_before
        assert await again.interaction_seen(42)
        assert [c.id for c in await again.open_challenges()] == [ch.id]
        assert [x.id for x in await again.due_matches(EVER)] == [m.id]
        assert [x.id for x in await again.live_matches(101)] == [m.id]
        assert await again.guild_setting(1, "k", None) == {"a": 1}
        assert not await play(again, m.id, 0)
        assert await play(again, m.id, 1)


async def test_pragmas_wal_foreign_keys_synchronous(db_path: str) -> None:
    for level, code in (("NORMAL", 1), ("FULL", 2)):
        store = SqliteStore(db_path, synchronous=level, busy_timeout_ms=1234)
        async with store, store.read_connection() as conn:
            got = {}
            for name in ("journal_mode", "foreign_keys", "synchronous", "busy_timeout"):
                rows = list(await conn.execute_fetchall(f"PRAGMA {name}"))
                got[name] = rows[0][0]
            assert got == {
                "journal_mode": "wal",
                "foreign_keys": 1,
                "synchronous": code,
                "busy_timeout": 1234,
            }
            with pytest.raises(sqlite3.IntegrityError):
                await conn.execute("INSERT INTO match_seats VALUES (999, 0, 1)")
    with pytest.raises(ValueError):
        SqliteStore(db_path, synchronous="OFF")  # type: ignore[arg-type]


async def test_parent_directory_is_created(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "c.db"
    async with SqliteStore(str(path)):
        pass
    assert path.is_file()


async def test_closed_store_refuses_work(make_store: Any) -> None:
    store = make_store()
    with pytest.raises(RuntimeError, match="not open"):
        await store.get_match(1)


async def test_write_transaction_rolls_back_on_error(store: SqliteStore) -> None:
    with pytest.raises(KeyError):
        async with store.write_transaction() as conn:
            await conn.execute("INSERT INTO player_prefs (user_id) VALUES (1)")
            raise KeyError
    async with store.read_connection() as conn:
        assert list(await conn.execute_fetchall("SELECT * FROM player_prefs")) == []
        assert not conn.in_transaction


def test_sqlite_path() -> None:
    assert db.sqlite_path("data/h.db") == "data/h.db"
    assert db.sqlite_path("sqlite:///data/h.db") == "data/h.db"
    assert db.sqlite_path("sqlite:////srv/h.db") == "/srv/h.db"
    assert db.sqlite_path("sqlite://") == ":memory:"
    assert db.sqlite_path("sqlite:///:memory:") == ":memory:"
    with pytest.raises(ValueError):
        db.sqlite_path("postgresql://x/y")


async def test_open_store(tmp_path: Path) -> None:
    store = await db.open_store(f"sqlite:///{tmp_path}/x/h.db", synchronous="FULL")
    try:
        assert isinstance(store, SqliteStore) and store.synchronous == "FULL"
        m = await new_match(store)
        assert await store.get_match(m.id) == m
    finally:
        await store.close()
    assert (tmp_path / "x" / "h.db").is_file()
    mem = await db.open_store(":memory:")
    try:
        assert await new_match(mem)
    finally:
        await mem.close()


async def test_cancelled_write_leaves_no_open_transaction(store: SqliteStore) -> None:
    m = await new_match(store)

    async def slow_hook(*_: object) -> None:
        await asyncio.sleep(10)

    store._results_hook = slow_hook
    rows = [ResultRow(seat=0, user_id=101, rank=1), ResultRow(seat=1, user_id=102, rank=2)]
    task = asyncio.create_task(play(store, m.id, 0, results=rows))
    await asyncio.sleep(0.05)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    got = await store.get_match(m.id)
    assert got is not None and got.version == 0 and got.status == "active"
    store._results_hook = None
    assert await play(store, m.id, 0)
