"""Crash safety in the store: atomic challenge acceptance, openings and board versions."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiosqlite

from db import SqliteStore
from db.migrations import MIGRATIONS, migrate

from .helpers import new_match, play

EVER = 1e12


async def open_challenge(store: SqliteStore) -> int:
    ch = await store.create_challenge(
        guild_id=1, channel_id=5, challenger_id=11, opponent_id=12,
        game="sushido", options={}, expires_at=EVER,
    )  # fmt: skip
    return ch.id


MATCH: dict[str, Any] = dict(guild_id=1, channel_id=5, game="sushido", options={},
                             seats=[11, 12], state="{}", version=0, deadline=100.0)


async def count(store: SqliteStore, table: str) -> int:
    async with store.read_connection() as conn:
        rows = list(await conn.execute_fetchall(f"SELECT COUNT(*) FROM {table}"))
    return int(rows[0][0])


async def test_accepting_creates_the_match_in_the_same_transaction(store: SqliteStore) -> None:
    cid = await open_challenge(store)
    rec = await store.accept_challenge(cid, **MATCH)
    assert rec is not None and rec.opening and rec.board_version is None
    ch = await store.get_challenge(cid)
    assert ch is not None and ch.status == "accepted" and ch.match_id == rec.id
    assert await store.get_match(rec.id) == rec
    # a second answer (double click, the other button, expiry) writes nothing
    assert await store.accept_challenge(cid, **MATCH) is None
    assert not await store.close_challenge(cid, "expired")
    assert await count(store, "matches") == 1
    assert [m.id for m in await store.live_matches(11)] == [rec.id]


async def test_a_closed_challenge_is_never_accepted(store: SqliteStore) -> None:
    cid = await open_challenge(store)
    assert await store.close_challenge(cid, "expired")
    assert await store.accept_challenge(cid, **MATCH) is None
    assert await store.accept_challenge(987654, **MATCH) is None
    assert await count(store, "matches") == 0 and await count(store, "match_seats") == 0


async def test_racing_accepts_make_exactly_one_match(store: SqliteStore) -> None:
    cid = await open_challenge(store)
    results = await asyncio.gather(*(store.accept_challenge(cid, **MATCH) for _ in range(8)))
    assert sum(r is not None for r in results) == 1
    assert await count(store, "matches") == 1


async def test_an_opening_match_has_no_deadline_until_its_board_is_out(
        store: SqliteStore) -> None:
    cid = await open_challenge(store)
    rec = await store.accept_challenge(cid, **MATCH)
    assert rec is not None
    assert await store.due_matches(EVER) == []
    assert [m.id for m in await store.unsettled_matches()] == [rec.id]
    await store.set_match_thread(rec.id, 70)
    await store.set_board_message(rec.id, 71, rec.version)
    await store.finish_opening(rec.id, rec.version, 500.0)
    after = await store.get_match(rec.id)
    assert after is not None and not after.opening
    assert (after.thread_id, after.message_id, after.board_version) == (70, 71, 0)
    assert after.deadline == 500.0
    assert [m.id for m in await store.due_matches(EVER)] == [rec.id]
    assert await store.unsettled_matches() == []


async def test_finish_opening_keeps_the_deadline_of_a_match_that_moved_on(
        store: SqliteStore) -> None:
    cid = await open_challenge(store)
    rec = await store.accept_challenge(cid, **MATCH)
    assert rec is not None
    assert await play(store, rec.id, 0, deadline=321.0)
    await store.finish_opening(rec.id, 0, 999.0)
    after = await store.get_match(rec.id)
    assert after is not None and not after.opening and after.deadline == 321.0


async def test_a_board_behind_its_state_is_unsettled_until_edited(store: SqliteStore) -> None:
    rec = await new_match(store)
    assert await store.unsettled_matches() == []  # no board message yet: nothing to edit
    await store.set_match_thread(rec.id, 8)
    await store.set_board_message(rec.id, 9, 0)
    assert await store.unsettled_matches() == []
    assert await play(store, rec.id, 0)
    assert await play(store, rec.id, 1)
    stale = await store.unsettled_matches()
    assert [(m.id, m.version, m.board_version) for m in stale] == [(rec.id, 2, 0)]
    assert await store.set_board_version(rec.id, 9, 2)
    assert not await store.set_board_version(rec.id, 9, 1)  # an older edit never wins
    assert not await store.set_board_version(rec.id, 10, 2)  # not this match's board
    after = await store.get_match(rec.id)
    assert after is not None and after.board_version == 2
    assert [m.id for m in await store.unsettled_matches()] == [rec.id]  # posts still due
    assert await store.set_published(rec.id, 2, {})
    assert await store.unsettled_matches() == []
    assert await play(store, rec.id, 2, status="finished")  # the final board counts too
    assert [m.id for m in await store.unsettled_matches()] == [rec.id]


async def test_aborted_opening_without_a_board_is_settled(store: SqliteStore) -> None:
    cid = await open_challenge(store)
    rec = await store.accept_challenge(cid, **MATCH)
    assert rec is not None
    assert await play(store, rec.id, 0, status="aborted")
    assert await store.unsettled_matches() == []


async def test_upgrade_from_v1_marks_finished_boards_current(tmp_path: Path) -> None:
    path = str(tmp_path / "v1.db")
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await migrate(conn, MIGRATIONS[:1])
        for mid, status in ((1, "active"), (2, "finished")):
            await conn.execute(
                "INSERT INTO matches (id, channel_id, message_id, game, status, seats, state,"
                " version, created_at, updated_at) VALUES (?, 1, 5, 'sushido', ?, '[1,2]',"
                " '{}', 7, 0, 0)", (mid, status))
    async with SqliteStore(path) as store:
        active, done = await store.get_match(1), await store.get_match(2)
        assert active is not None and done is not None
        assert (active.board_version, active.opening) == (None, False)
        assert done.board_version == 7
        assert [m.id for m in await store.unsettled_matches()] == [1]


async def test_posts_behind_the_state_are_unsettled_until_published(store: SqliteStore) -> None:
    """``published_version`` starts at the new match's version, is written with the
    table's memory, never moves backwards, and the same version may rewrite the memory."""
    rec = await new_match(store)
    assert rec.published_version == rec.version == 0
    await store.set_match_thread(rec.id, 8)
    await store.set_board_message(rec.id, 9, 0)
    assert await store.unsettled_matches() == []
    assert await play(store, rec.id, 0)
    assert await store.set_board_version(rec.id, 9, 1)
    stale = await store.unsettled_matches()
    assert [(m.id, m.version, m.published_version) for m in stale] == [(rec.id, 1, 0)]
    memory = {"recent": ["a line"], "turn": [1, None, 2], "pinged": [1], "pending": {"1": "x"}}
    assert await store.set_published(rec.id, 1, memory)
    assert await store.unsettled_matches() == []
    assert not await store.set_published(rec.id, 0, {})  # an older post never wins
    assert await store.set_published(rec.id, 1, {**memory, "recent": []})
    after = await store.get_match(rec.id)
    assert after is not None and after.published_version == 1
    assert after.table_memory == {**memory, "recent": []}


async def test_set_shown_records_the_board_and_the_posts_each_never_backwards(
        store: SqliteStore) -> None:
    """One write for a step's board edit and posts (the table's per-step record): each
    part keeps its own rule, so an older edit or post never wins, a newer part still
    lands when the other is older, and another board message's edit is not counted."""
    rec = await new_match(store)
    await store.set_match_thread(rec.id, 8)
    await store.set_board_message(rec.id, 9, 0)
    assert await play(store, rec.id, 0)
    assert await play(store, rec.id, 1)
    await store.set_shown(rec.id, 2, {"recent": ["x"]}, 9, 2)
    after = await store.get_match(rec.id)
    assert after is not None
    assert (after.board_version, after.published_version) == (2, 2)
    assert after.table_memory == {"recent": ["x"]}
    assert await store.unsettled_matches() == []
    await store.set_shown(rec.id, 1, {"recent": ["old"]}, 9, 1)  # both older: no change
    await store.set_shown(rec.id, 2, {"recent": []}, 10, 3)  # not this match's board
    after = await store.get_match(rec.id)
    assert after is not None
    assert (after.board_version, after.published_version) == (2, 2)
    assert after.table_memory == {"recent": []}  # the same version rewrites the memory
    assert await play(store, rec.id, 2)
    await store.set_shown(rec.id, 1, {"recent": ["old"]}, 9, 3)  # only the board is newer
    after = await store.get_match(rec.id)
    assert after is not None
    assert (after.board_version, after.published_version) == (3, 2)
    assert after.table_memory == {"recent": []}
