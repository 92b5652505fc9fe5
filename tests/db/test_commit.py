"""commit_action: optimistic versioning, events and log, results, idempotency."""

from __future__ import annotations

import asyncio
from typing import Any

import aiosqlite
import pytest

from db import MatchRecord, ResultRow, SqliteStore
from tests.clock import Clock

from .helpers import new_match, play


async def count(store: SqliteStore, table: str) -> int:
    async with store.read_connection() as conn:
        rows = list(await conn.execute_fetchall(f"SELECT COUNT(*) FROM {table}"))
    return int(rows[0][0])


async def test_create_and_get_match(store: SqliteStore) -> None:
    m = await new_match(store, deadline=123.5)
    got = await store.get_match(m.id)
    assert got == m
    assert got.status == "active" and got.timeouts == [0, 0] and got.options == {"rounds": 3}
    assert await store.get_match(m.id + 1) is None
    await store.set_match_message(m.id, thread_id=7, message_id=8)
    got = await store.get_match(m.id)
    assert got is not None and (got.thread_id, got.message_id) == (7, 8)


async def test_commit_success_updates_the_row(store: SqliteStore, clock: Clock) -> None:
    m = await new_match(store)
    clock.now += 5
    assert await play(store, m.id, 0, deadline=999.0, timeouts=[1, 0])
    got = await store.get_match(m.id)
    assert got is not None
    assert (got.version, got.state, got.deadline, got.timeouts) == (1, '{"turn":1}', 999.0, [1, 0])
    assert got.updated_at == clock.now and got.created_at == clock.now - 5


async def test_stale_version_writes_nothing(store: SqliteStore) -> None:
    m = await new_match(store)
    assert await play(store, m.id, 0)
    before = [await count(store, t) for t in ("match_events", "match_actions")]
    assert not await play(store, m.id, 0, interaction_id=55)
    assert [await count(store, t) for t in ("match_events", "match_actions")] == before
    assert not await store.interaction_seen(55)
    got = await store.get_match(m.id)
    assert got is not None and got.version == 1


async def test_concurrent_commits_same_version_exactly_one_wins(store: SqliteStore) -> None:
    m = await new_match(store)
    outcomes = await asyncio.gather(*(play(store, m.id, 0) for _ in range(5)))
    assert sorted(outcomes) == [False, False, False, False, True]
    assert len(await store.action_log(m.id)) == 1
    assert len(await store.events(m.id)) == 2


async def test_two_processes_same_version_exactly_one_wins(make_store: Any) -> None:
    async with make_store() as a, make_store() as b:
        m = await new_match(a)
        outcomes = await asyncio.gather(*(play(s, m.id, 0) for _ in range(4) for s in (a, b)))
        assert outcomes.count(True) == 1
        assert len(await b.action_log(m.id)) == 1


async def test_events_and_log_keep_their_order(store: SqliteStore) -> None:
    m = await new_match(store)
    other = await new_match(store)
    for v in range(6):
        assert await play(store, m.id, v, n_events=v % 4)
        assert await play(store, other.id, v, n_events=1)
    events = await store.events(m.id)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert [(e.version, e.kind) for e in events] == [
        (v + 1, f"e{v + 1}.{i}") for v in range(6) for i in range(v % 4)
    ]
    assert events[2].audience == [1] and events[0].audience is None
    assert events[0].data == {"i": 0, "v": 2}
    log = await store.action_log(m.id)
    assert [(a.version, a.seat, a.action) for a in log] == [
        (v + 1, v % 2, {"n": v + 1}) for v in range(6)
    ]
    assert [e.seq for e in await store.events(other.id)] == list(range(1, 7))


async def test_log_for_another_match_is_refused(store: SqliteStore) -> None:
    from db import ActionLog

    m = await new_match(store)
    with pytest.raises(ValueError):
        await store.commit_action(
            m.id, expected_version=0, state="{}", version=1, events=[],
            log=ActionLog(match_id=m.id + 1, version=1, seat=0, action=None),
            deadline=None, timeouts=[0, 0],
        )  # fmt: skip


RESULTS = [
    ResultRow(seat=0, user_id=101, rank=1, label="Ryu"),
    ResultRow(seat=1, user_id=102, rank=2, forfeited=True, label="Ken"),
]


async def test_results_are_written_with_the_final_action(store: SqliteStore, clock: Clock) -> None:
    seen: list[tuple[MatchRecord, list[ResultRow], bool]] = []

    async def hook(conn: aiosqlite.Connection, match: MatchRecord, rows: list[ResultRow]) -> None:
        seen.append((match, rows, conn.in_transaction))
        await conn.execute(
            "INSERT INTO ratings (scope, game, user_id, mu, sigma, updated_at)"
            " VALUES ('global', ?, ?, 25, 8, 0)",
            (match.game, rows[0].user_id),
        )

    store._results_hook = hook
    m = await new_match(store, deadline=50.0)
    assert await play(store, m.id, 0, deadline=60.0)
    assert await play(store, m.id, 1, results=RESULTS)
    got = await store.get_match(m.id)
    assert got is not None and got.status == "finished" and got.version == 2
    async with store.read_connection() as conn:
        rows = [
            tuple(r)
            for r in await conn.execute_fetchall(
                "SELECT seat, user_id, rank, forfeited, label, guild_id, game, finished_at"
                " FROM match_results ORDER BY seat"
            )
        ]
    assert rows == [
        (0, 101, 1, 0, "Ryu", 10, "sushido", clock.now),
        (1, 102, 2, 1, "Ken", 10, "sushido", clock.now),
    ]
    assert len(seen) == 1 and seen[0][2] is True
    assert seen[0][0].status == "finished" and seen[0][0].version == 2 and seen[0][1] == RESULTS
    assert await count(store, "ratings") == 1
    assert await store.live_matches(101) == []


async def test_results_on_a_lost_race_write_nothing(store: SqliteStore) -> None:
    m = await new_match(store)
    assert await play(store, m.id, 0)
    assert not await play(store, m.id, 0, results=RESULTS, status="aborted")
    assert await count(store, "match_results") == 0
    got = await store.get_match(m.id)
    assert got is not None and got.status == "active"


async def test_failing_hook_rolls_back_the_whole_action(
    db_url: str, store_cls: type[SqliteStore]
) -> None:
    class Boom(Exception):
        pass

    class Failing(store_cls):  # type: ignore[valid-type,misc]
        async def on_results(self, conn: Any, match: MatchRecord, results: list[ResultRow]) -> None:
            await conn.execute(
                "INSERT INTO player_prefs (user_id, hide_from_leaderboard) VALUES (1, 1)"
            )
            raise Boom

    async with Failing(db_url) as store:
        m = await new_match(store)
        with pytest.raises(Boom):
            await play(store, m.id, 0, results=RESULTS, interaction_id=9)
        got = await store.get_match(m.id)
        assert got is not None and (got.version, got.status) == (0, "active")
        for table in ("match_results", "match_events", "match_actions", "player_prefs"):
            assert await count(store, table) == 0
        assert not await store.interaction_seen(9)
        assert await play(store, m.id, 0)  # the store is usable afterwards


async def test_interaction_is_processed_once(store: SqliteStore) -> None:
    m = await new_match(store)
    assert not await store.interaction_seen(77)
    assert await play(store, m.id, 0, interaction_id=77)
    assert await store.interaction_seen(77)
    # The same click replayed against the fresh version is still refused.
    assert not await play(store, m.id, 1, interaction_id=77)
    got = await store.get_match(m.id)
    assert got is not None and got.version == 1
    assert len(await store.action_log(m.id)) == 1


async def test_old_interactions_are_pruned(store: SqliteStore, clock: Clock) -> None:
    m = await new_match(store)
    assert await play(store, m.id, 0, interaction_id=1)
    clock.now += 3_600
    assert await play(store, m.id, 1, interaction_id=2)
    clock.now += 86_400 - 3_600 + 1  # 1 is a day and a second old, 2 is not
    assert await play(store, m.id, 2, interaction_id=3)
    assert not await store.interaction_seen(1)
    assert await store.interaction_seen(2) and await store.interaction_seen(3)


async def test_mark_reminded_is_reset_by_the_next_action(store: SqliteStore) -> None:
    m = await new_match(store, deadline=10.0)
    await store.mark_reminded(m.id, version=5)  # stale version: ignored
    got = await store.get_match(m.id)
    assert got is not None and not got.reminded
    await store.mark_reminded(m.id, version=0)
    got = await store.get_match(m.id)
    assert got is not None and got.reminded
    assert await play(store, m.id, 0, deadline=20.0)
    got = await store.get_match(m.id)
    assert got is not None and not got.reminded


async def test_an_action_without_state_keeps_the_snapshot_and_names_its_version(
        store: SqliteStore) -> None:
    """``state=None`` (snapshots every N actions): the version, events and log row are
    written, the stored state stays the last snapshot and ``state_version`` says which;
    the next snapshot clears it. The version guard is the same on both kinds."""
    from db import ActionLog

    m = await new_match(store)
    assert m.state_version is None and m.snapshot_version == 0

    async def act(expected: int, state: str | None, status: str = "active") -> bool:
        v = expected + 1
        return await store.commit_action(
            m.id, expected_version=expected, state=state, version=v,
            events=[(None, "e", {"v": v})],
            log=ActionLog(match_id=m.id, version=v, seat=0, action={"n": v}),
            deadline=None, timeouts=[0, 0], status=status)

    assert await act(0, None) and await act(1, None)
    got = await store.get_match(m.id)
    assert got is not None and (got.version, got.state, got.state_version) == (2, '{"turn":0}', 0)
    assert got.snapshot_version == 0
    assert not await act(1, None)  # stale: nothing written
    assert [a.version for a in await store.action_log(m.id, after=got.snapshot_version)] == [1, 2]
    assert [a.version for a in await store.action_log(m.id, after=1)] == [2]
    assert await act(2, '{"turn":3}')
    got = await store.get_match(m.id)
    assert got is not None
    assert (got.version, got.state, got.state_version) == (3, '{"turn":3}', None)
    assert got.snapshot_version == 3
    assert await act(3, None) and await act(4, '{"turn":5}', status="aborted")
    got = await store.get_match(m.id)
    assert got is not None and (got.state, got.state_version, got.status) == (
        '{"turn":5}', None, "aborted")
    assert len(await store.action_log(m.id)) == 5
    with pytest.raises(ValueError):  # nothing would replay it: refused, nothing written
        await store.commit_action(m.id, expected_version=5, state=None, version=6, events=[],
                                  log=None, deadline=None, timeouts=[0, 0])
