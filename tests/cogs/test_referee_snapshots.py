"""Cold matches as cheap as warm ones (issue 33): a state dropped from the referee's cache
well past its snapshot is written as the new snapshot, so that the next decision on that
match replays almost nothing; a clean shutdown writes every cached match's snapshot; the
action log's tail after a snapshot is read by version (migration 9's index)."""

from __future__ import annotations

import asyncio
import pathlib
import random
from collections.abc import AsyncIterator

import pytest

from cogs.referee import Referee
from db import SqliteStore

SEATS = [11, 22]


@pytest.fixture
async def store(tmp_path: pathlib.Path) -> AsyncIterator[SqliteStore]:
    s = SqliteStore(str(tmp_path / "h.sqlite3"))
    await s.open()
    yield s
    await s.close()


async def _play(ref: Referee, match_id: int, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        rec, game, state = await ref.load(match_id)
        if rec.status != "active":
            return
        seat = min(s for s, p in game.prompts(state).items() if not p.committed)
        await ref.act(match_id, rec.seats[seat], rng.choice(game.legal(state, seat)).aid,
                      state.version)


async def test_a_match_dropped_from_the_cache_gets_a_fresh_snapshot(store: SqliteStore) -> None:
    ref = Referee(store, snapshot_every=16)
    ref.cache_size = 1
    rng = random.Random(3)
    first, _ = await ref.open_match(guild_id=1, channel_id=2, game_id="sushido", options={},
                                    seats=SEATS, seed=1)
    await _play(ref, first.id, 6, rng)
    stale = await store.get_match(first.id)
    assert stale is not None and stale.version - stale.snapshot_version >= ref.snapshot_lag
    await ref.open_match(guild_id=1, channel_id=2, game_id="sushido", options={},
                         seats=SEATS, seed=2)  # the first drops out of the cache
    await asyncio.sleep(0)
    while ref._flushing is not None:
        await asyncio.sleep(0.01)
    fresh = await store.get_match(first.id)
    assert fresh is not None and fresh.snapshot_version == fresh.version == stale.version
    assert await store.action_log(first.id, after=fresh.snapshot_version) == []
    # the state read back from the new snapshot plays on exactly like the old one
    _, game, state = await Referee(store).load(first.id)
    assert game.dump(state) == fresh.state


async def test_a_snapshot_is_never_written_over_a_newer_match(store: SqliteStore) -> None:
    ref = Referee(store)
    rec, state = await ref.open_match(guild_id=1, channel_id=2, game_id="sushido", options={},
                                      seats=SEATS, seed=1)
    await _play(ref, rec.id, 3, random.Random(1))
    game = ref.game("sushido")
    assert not await store.save_snapshot(rec.id, state.version, game.dump(state))
    after = await store.get_match(rec.id)
    assert after is not None and after.version == state.version + 3


async def test_a_clean_shutdown_writes_every_cached_snapshot(store: SqliteStore) -> None:
    ref = Referee(store, snapshot_every=16)
    rng = random.Random(5)
    ids = []
    for seed in range(3):
        rec, _ = await ref.open_match(guild_id=1, channel_id=2, game_id="sushido",
                                      options={}, seats=SEATS, seed=seed)
        await _play(ref, rec.id, 5, rng)
        ids.append(rec.id)
    assert await ref.flush_snapshots(everything=True) == 3
    for mid in ids:
        rec = await store.get_match(mid)
        assert rec is not None and rec.snapshot_version == rec.version


async def test_the_log_tail_is_read_by_version(store: SqliteStore) -> None:
    async with store.read_connection() as conn:
        plan = await conn.execute_fetchall(
            "EXPLAIN QUERY PLAN SELECT match_id, version, seat, action, note FROM match_actions"
            " WHERE match_id = ? AND version > ? ORDER BY id", (1, 5))
    assert any("match_actions_version" in str(row[-1]) for row in plan), plan
