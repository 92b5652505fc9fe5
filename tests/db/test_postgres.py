"""PostgreSQL only: URL choice, the SQL translator, migrations, races across processes.

The store contract itself is covered by every other store test, which runs on both
backends (see ``conftest.py``); these are what only PostgreSQL has: a pool per process,
READ COMMITTED transactions racing for real, its own migration runner and schema.
"""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import asyncpg
import pytest

import db
from db import ResultRow, SqliteStore
from db import ratings as R
from db.migrations import MIGRATIONS as SQLITE_MIGRATIONS
from db.migrations import Migration
from db.pg_migrations import MIGRATIONS, current_version, migrate
from db.postgres import PostgresStore, translate
from tests.pg_server import PgServer

from .helpers import new_match, play


@pytest.fixture
async def empty_db(pg: PgServer) -> Any:
    """A fresh database with no schema at all (copied from ``template0``)."""
    name = pg.new_database("template0")
    yield pg.dsn(name)
    pg.drop_database(name)


# ------------------------------------------------------------------ choosing it
def test_postgres_urls_choose_the_postgres_store() -> None:
    for url in ("postgresql://u@h/d", "postgres://u:p@h:5432/d", "PostgreSQL://h/d"):
        store = db.store_from_url(url, on_results=R.on_results, max_connections=3)
        assert isinstance(store, PostgresStore) and store.dsn == url
        assert store.max_connections == 3
    assert type(db.store_from_url("sqlite:///x.db")) is SqliteStore
    assert type(db.store_from_url("data/x.db")) is SqliteStore
    with pytest.raises(ValueError, match="mysql"):
        db.store_from_url("mysql://h/d")


async def test_open_store_on_postgres(pg: PgServer) -> None:
    name = pg.new_database()
    store = await db.open_store(pg.dsn(name))
    try:
        assert isinstance(store, PostgresStore)
        m = await new_match(store)
        assert await store.get_match(m.id) == m
    finally:
        await store.close()
        pg.drop_database(name)


async def test_connections_given_back_are_kept_for_the_next_call(pg: PgServer) -> None:
    """A connection given back after a call that ended well is kept (the next call takes
    it without asking the pool); one whose call failed goes back to the pool; more calls
    at once than connections all complete; closing gives the kept ones back and waits for
    a call under way (no hang)."""
    name = pg.new_database()
    store = PostgresStore(pg.dsn(name), max_connections=2)
    await store.open()
    try:
        m = await new_match(store)
        await store.get_match(m.id)
        kept = list(store._idle)
        assert len(kept) == 1
        assert await play(store, m.id, 0) and store._idle == kept  # the same connection
        with pytest.raises(asyncpg.PostgresError):
            await store._fetch("SELECT no_such_column FROM matches")
        assert store._idle == []  # the failed call's connection went back to the pool
        got = await asyncio.gather(*(store.get_match(m.id) for _ in range(6)))
        assert all(r is not None and r.version == 1 for r in got)
        assert 1 <= len(store._idle) <= 2
        async with store.write_transaction() as conn:
            assert conn.in_transaction
        assert not any(raw.is_in_transaction() for raw in store._idle)
        running = asyncio.create_task(store._fetch("SELECT pg_sleep(0.3)"))
        await asyncio.sleep(0.05)  # a call under way when the store closes
    finally:
        await asyncio.wait_for(store.close(), 10)  # waits for it, as the pool did
        pg.drop_database(name)
    assert store._idle == [] and running.done() and running.exception() is None


async def test_unreachable_server_is_a_clear_error(pg: PgServer) -> None:
    store = PostgresStore(pg.dsn("no_such_database"))
    with pytest.raises(asyncpg.InvalidCatalogNameError):
        await store.open()
    with pytest.raises(RuntimeError, match="not open"):
        await store.get_match(1)


# ------------------------------------------------------------------ translator
def test_translate_placeholders_and_dialect() -> None:
    assert translate("SELECT ? , ? FROM t WHERE a = '?' AND b = ?") == (
        "SELECT $1 , $2 FROM t WHERE a = '?' AND b = $3", False)
    assert translate("SELECT ?1, ?2 WHERE x = ?1")[0] == "SELECT $1, $2 WHERE x = $1"
    assert translate("INSERT OR IGNORE INTO p (id, at) VALUES (?, ?)") == (
        "INSERT INTO p (id, at) VALUES ($1, $2) ON CONFLICT DO NOTHING", False)
    assert translate("INSERT INTO matches (a) VALUES (?)") == (
        "INSERT INTO matches (a) VALUES ($1) RETURNING id", True)
    assert translate("INSERT INTO match_seats (a) VALUES (?)")[1] is False
    assert translate("UPDATE matches SET a = ? WHERE id = ? RETURNING id")[1] is False
    assert translate("BEGIN")[0] == "BEGIN ISOLATION LEVEL REPEATABLE READ"


async def test_a_ladder_snapshot_does_not_see_later_commits(
        two: tuple[PostgresStore, ...]) -> None:
    """What the ladder's BEGIN ... COMMIT reads is one snapshot, as on SQLite."""
    a, b = two
    await b.set_guild_setting(1, "k", 1)
    async with a.read_connection() as conn:
        await conn.execute("BEGIN")
        first = list(await conn.execute_fetchall("SELECT COUNT(*) FROM guild_settings"))
        await b.set_guild_setting(2, "k", 1)
        again = list(await conn.execute_fetchall("SELECT COUNT(*) FROM guild_settings"))
        await conn.execute("COMMIT")
        after = list(await conn.execute_fetchall("SELECT COUNT(*) FROM guild_settings"))
    assert (first[0][0], again[0][0], after[0][0]) == (1, 1, 2)


# ------------------------------------------------------------------ migrations
async def columns_pg(dsn: str) -> dict[str, set[str]]:
    conn = await asyncpg.connect(dsn)
    try:
        rows = await conn.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = 'public'")
    finally:
        await conn.close()
    out: dict[str, set[str]] = {}
    for r in rows:
        out.setdefault(r["table_name"], set()).add(r["column_name"])
    return out


def test_migrations_match_the_sqlite_ones() -> None:
    assert [(m.version, m.name) for m in MIGRATIONS] == [
        (m.version, m.name) for m in SQLITE_MIGRATIONS]


async def test_same_tables_and_columns_as_sqlite(empty_db: str, db_path: str) -> None:
    async with PostgresStore(empty_db), SqliteStore(db_path):
        pass
    pg_cols = await columns_pg(empty_db)
    with sqlite3.connect(db_path) as conn:
        names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        lite = {n: {c[1] for c in conn.execute(f"PRAGMA table_xinfo({n})")} for n in names}
    pg_cols["ratings"].discard("rowid")  # SQLite's is implicit
    assert pg_cols == lite


async def test_every_action_writes_no_foreign_key_and_one_log_index(empty_db: str,
                                                                     db_path: str) -> None:
    """Migration 11: the rows an action writes (events, log row, processed interaction)
    check no foreign key on PostgreSQL (the store guarantees their match); a match's seats
    and results keep theirs; the action log keeps only its index by version, on both."""
    async with PostgresStore(empty_db), SqliteStore(db_path):
        pass
    conn = await asyncpg.connect(empty_db)
    try:
        fks = {r[0] for r in await conn.fetch(
            "SELECT conrelid::regclass::text FROM pg_constraint WHERE contype = 'f'"
            " AND confrelid = 'matches'::regclass")}
        indexes = {r[0] for r in await conn.fetch(
            "SELECT indexname FROM pg_indexes WHERE tablename = 'match_actions'")}
    finally:
        await conn.close()
    assert not fks & {"match_events", "match_actions", "processed_interactions"}
    assert {"match_seats", "match_results"} <= fks
    with sqlite3.connect(db_path) as lite:
        lite_indexes = {r[0] for r in lite.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'match_actions'"
            " AND name NOT LIKE 'sqlite_%'")}
    assert indexes - {"match_actions_pkey"} == lite_indexes == {"match_actions_version"}


async def test_empty_database_is_migrated_once(empty_db: str) -> None:
    async with PostgresStore(empty_db):
        pass
    async with PostgresStore(empty_db):
        pass
    conn = await asyncpg.connect(empty_db)
    try:
        rows = await conn.fetch("SELECT version, name FROM schema_version ORDER BY version")
        assert [tuple(r) for r in rows] == [(m.version, m.name) for m in MIGRATIONS]
        indexes = {r[0] for r in await conn.fetch("SELECT indexname FROM pg_indexes")}
        assert {"match_seats_user", "matches_due", "ratings_board", "matches_unsettled",
                "matches_guild_live"} <= indexes
    finally:
        await conn.close()


async def test_processes_starting_together_migrate_once(empty_db: str) -> None:
    stores = [PostgresStore(empty_db) for _ in range(4)]
    await asyncio.gather(*(s.open() for s in stores))
    try:
        conn = await asyncpg.connect(empty_db)
        try:
            assert await current_version(conn) == len(MIGRATIONS)
            assert await conn.fetchval("SELECT COUNT(*) FROM schema_version") == len(MIGRATIONS)
        finally:
            await conn.close()
    finally:
        await asyncio.gather(*(s.close() for s in stores))


async def test_upgrade_failure_and_downgrade(empty_db: str) -> None:
    conn = await asyncpg.connect(empty_db)
    try:
        assert await migrate(conn, MIGRATIONS[:1]) == 1
        await conn.execute(
            "INSERT INTO matches (id, channel_id, message_id, game, status, seats, state,"
            " version, created_at, updated_at) VALUES (1, 1, 5, 'g', 'finished', '[1,2]',"
            " '{}', 7, 0, 0), (2, 1, 5, 'g', 'active', '[1,2]', '{}', 3, 0, 0)")
        bad = Migration(3, "broken", "CREATE TABLE half (x BIGINT); SELECT * FROM nowhere;")
        with pytest.raises(asyncpg.UndefinedTableError):
            await migrate(conn, [*MIGRATIONS[:2], bad])
        # v2 went through in its own transaction, the broken v3 left nothing behind
        assert await current_version(conn) == 2
        assert await conn.fetchval("SELECT to_regclass('half')") is None
        assert not conn.is_in_transaction()
        boards = await conn.fetch("SELECT id, board_version FROM matches ORDER BY id")
        assert [tuple(r) for r in boards] == [(1, 7), (2, None)]
        future = Migration(3, "future", "SELECT 1;")
        assert await migrate(conn, [*MIGRATIONS[:2], future]) == 3
        with pytest.raises(RuntimeError, match="schema is at version 3"):
            await migrate(conn, MIGRATIONS[:2])
        with pytest.raises(ValueError, match="expected 2"):
            await migrate(conn, [MIGRATIONS[0], future])
    finally:
        await conn.close()


# ------------------------------------------------------- races across processes
@pytest.fixture
async def two(pg: PgServer) -> Any:
    """Two stores (two pools: two bot processes) on one fresh database."""
    name = pg.new_database()
    a = PostgresStore(pg.dsn(name), on_results=R.on_results)
    b = PostgresStore(pg.dsn(name), on_results=R.on_results)
    await a.open()
    await b.open()
    yield a, b
    await a.close()
    await b.close()
    pg.drop_database(name)


async def test_racing_processes_never_apply_twice(two: tuple[PostgresStore, ...]) -> None:
    a, b = two
    matches = [await new_match(a, [10 + i, 20 + i]) for i in range(4)]

    async def drive(store: PostgresStore, match_id: int) -> int:
        """Keep trying the next action of a match; count the commits this side won."""
        won = 0
        while True:
            cur = await store.get_match(match_id)
            assert cur is not None
            if cur.version >= 12:
                return won
            won += await play(store, match_id, cur.version)

    wins = await asyncio.gather(*(drive(s, m.id) for m in matches for s in (a, b, a, b)))
    assert sum(wins) == 12 * len(matches)
    for m in matches:
        log = await b.action_log(m.id)
        assert [x.version for x in log] == list(range(1, 13))
        events = await a.events(m.id)
        assert [e.seq for e in events] == list(range(1, 25))
        assert [e.version for e in events] == [v for v in range(1, 13) for _ in (0, 1)]


async def test_one_interaction_applies_once_across_processes(
        two: tuple[PostgresStore, ...]) -> None:
    a, b = two
    m1, m2 = await new_match(a), await new_match(b)
    done = await asyncio.gather(play(a, m1.id, 0, interaction_id=5),
                                play(b, m2.id, 0, interaction_id=5))
    assert sorted(done) == [False, True]
    assert await a.interaction_seen(5) and await b.interaction_seen(5)


async def test_simultaneous_endings_keep_every_rating_update(
        two: tuple[PostgresStore, ...]) -> None:
    """One player ends six matches at once in two processes: six games, none lost."""
    a, b = two
    star = 1
    ms = [await new_match(a, [star, 100 + i], guild_id=None) for i in range(6)]
    rows = [[ResultRow(seat=0, user_id=star, rank=1),
             ResultRow(seat=1, user_id=100 + i, rank=2)] for i in range(6)]
    done = await asyncio.gather(*(
        play(a if i % 2 else b, m.id, 0, results=rows[i]) for i, m in enumerate(ms)))
    assert all(done)
    async with a.read_connection() as conn:
        got = await R.load_ratings(conn, R.GLOBAL, "sushido", [star])
    assert got[star].games == 6 and got[star].wins == 6 and got[star].streak == 6
