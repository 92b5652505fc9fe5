"""Migrations: empty database, idempotent re-open, upgrade from an older version."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from db import SqliteStore
from db.migrations import MIGRATIONS, Migration, current_version, migrate, split_statements

EXPECTED_TABLES = {
    "challenges",
    "matches",
    "match_seats",
    "match_events",
    "match_actions",
    "match_results",
    "processed_interactions",
    "guild_settings",
    "ratings",
    "player_prefs",
    "schema_version",
}


def tables(path: str) -> set[str]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {r[0] for r in rows}


def versions(path: str) -> list[tuple[int, str, float]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT version, name, applied_at FROM schema_version").fetchall()


async def test_migrations_are_numbered_from_one() -> None:
    assert [m.version for m in MIGRATIONS] == list(range(1, len(MIGRATIONS) + 1))


async def test_empty_database_gets_every_table_and_index(db_path: str) -> None:
    async with SqliteStore(db_path):
        pass
    assert tables(db_path) >= EXPECTED_TABLES
    assert [v[0] for v in versions(db_path)] == [m.version for m in MIGRATIONS]
    with sqlite3.connect(db_path) as conn:
        indexes = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='index'")}
        plan = " ".join(
            str(r)
            for r in conn.execute(
                "EXPLAIN QUERY PLAN SELECT * FROM ratings WHERE scope = 'global' AND game = 'x'"
                " ORDER BY ordinal DESC LIMIT 10"
            )
        )
    assert {"match_seats_user", "matches_due", "ratings_board", "matches_guild_live"} <= indexes
    assert "ratings_board" in plan and "TEMP B-TREE" not in plan
    with sqlite3.connect(db_path) as conn:
        guild = " ".join(str(r) for r in conn.execute(
            "EXPLAIN QUERY PLAN SELECT * FROM matches WHERE guild_id = 1"
            " AND status = 'active' ORDER BY id DESC LIMIT 20"))
    assert "matches_guild_live" in guild and "TEMP B-TREE" not in guild  # /matches


async def test_reopen_is_a_no_op(db_path: str) -> None:
    async with SqliteStore(db_path):
        pass
    before = versions(db_path)
    async with SqliteStore(db_path):
        pass
    assert versions(db_path) == before


async def test_database_at_version_n_upgrades(tmp_path: Path) -> None:
    path = str(tmp_path / "old.db")
    extra = Migration(
        2,
        "add nickname",
        """
        ALTER TABLE player_prefs ADD COLUMN nickname TEXT NOT NULL DEFAULT '';
        CREATE TRIGGER prefs_touch AFTER INSERT ON player_prefs BEGIN
            UPDATE player_prefs SET nickname = 'new' WHERE user_id = NEW.user_id;
        END;
        """,
    )
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, MIGRATIONS[:1]) == 1
        await conn.execute("INSERT INTO player_prefs (user_id) VALUES (7)")
        assert await migrate(conn, [*MIGRATIONS[:1], extra]) == 2
        assert await migrate(conn, [*MIGRATIONS[:1], extra]) == 2
        await conn.execute("INSERT INTO player_prefs (user_id) VALUES (8)")
        rows = list(await conn.execute_fetchall("SELECT user_id, nickname FROM player_prefs"))
    assert [tuple(r) for r in rows] == [(7, ""), (8, "new")]


async def test_failed_migration_leaves_previous_version(tmp_path: Path) -> None:
    path = str(tmp_path / "bad.db")
    bad = Migration(2, "broken", "CREATE TABLE half (x INTEGER);\nSELECT * FROM no_such_table;")
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await migrate(conn, MIGRATIONS[:1])
        with pytest.raises(sqlite3.OperationalError):
            await migrate(conn, [*MIGRATIONS[:1], bad])
        assert await current_version(conn) == 1
        assert not conn.in_transaction
    assert "half" not in tables(path)


async def test_newer_database_than_code_is_refused(tmp_path: Path) -> None:
    path = str(tmp_path / "new.db")
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await migrate(conn, [*MIGRATIONS, Migration(len(MIGRATIONS) + 1, "future", "SELECT 1;")])
        with pytest.raises(RuntimeError, match="schema is at version"):
            await migrate(conn)


async def test_gaps_in_numbering_are_rejected(tmp_path: Path) -> None:
    async with aiosqlite.connect(str(tmp_path / "g.db"), isolation_level=None) as conn:
        with pytest.raises(ValueError, match="expected 2"):
            await migrate(conn, [*MIGRATIONS[:1], Migration(3, "skip", "SELECT 1;")])


def test_split_statements_keeps_triggers_whole() -> None:
    script = """
    CREATE TABLE a (x);
    CREATE TRIGGER t AFTER INSERT ON a BEGIN SELECT 1; SELECT 2; END;
    -- a comment
    """
    stmts = list(split_statements(script))
    assert len(stmts) == 2 and stmts[1].endswith("END;")
    with pytest.raises(ValueError, match="incomplete"):
        list(split_statements("CREATE TABLE b (x)"))
