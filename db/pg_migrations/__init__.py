"""Versioned schema migrations for the PostgreSQL store, applied when it opens.

Same versions and names as :data:`db.migrations.MIGRATIONS` (the SQLite list; a test
keeps the two in step): migration ``n`` brings either database to the same logical schema,
written in each dialect's own types (``BIGINT`` ids for Discord snowflakes,
``DOUBLE PRECISION`` times, identity columns, a ``STORED`` generated ``ordinal``).

Each pending migration runs in its own transaction, which first takes a transaction-level
advisory lock and re-reads the version, so processes starting together against one
database apply every migration exactly once; PostgreSQL's DDL is transactional, so a
failing migration leaves the database at the previous version.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import asyncpg

from db.migrations import Migration, check_numbering

__all__ = ["MIGRATIONS", "MIGRATION_LOCK", "current_version", "migrate"]

MIGRATION_LOCK = 0x68616A696D65
"""The ``pg_advisory_xact_lock`` key held while migrating (``'hajime'`` in hex)."""

_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    BIGINT PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at DOUBLE PRECISION NOT NULL
)
"""


async def current_version(conn: asyncpg.Connection) -> int:
    """The highest applied migration version (0 for an empty database)."""
    if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))


async def migrate(conn: asyncpg.Connection, migrations: Sequence[Migration] | None = None) -> int:
    """Apply the pending ``migrations`` (default :data:`MIGRATIONS`); return the version.

    Re-running on an up-to-date database changes nothing; a database newer than the code
    raises :class:`RuntimeError`.
    """
    todo = MIGRATIONS if migrations is None else migrations
    check_numbering(todo)
    latest = len(todo)
    while True:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await conn.execute(_VERSION_TABLE)
            version = await current_version(conn)
            if version > latest:
                raise RuntimeError(f"database schema is at version {version}, code knows {latest}")
            if version == latest:
                return version
            step = todo[version]
            await conn.execute(step.script)
            await conn.execute(
                "INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)",
                step.version,
                step.name,
                time.time(),
            )


def _load() -> list[Migration]:
    from db.pg_migrations import (
        v001_initial,
        v002_boards,
        v003_publishing,
        v004_lobbies,
        v005_decks,
        v006_tournaments,
        v007_snapshots,
        v008_player_locales,
        v009_action_versions,
        v010_guild_matches,
        v011_lean_actions,
    )

    return [v001_initial.MIGRATION, v002_boards.MIGRATION, v003_publishing.MIGRATION,
            v004_lobbies.MIGRATION, v005_decks.MIGRATION, v006_tournaments.MIGRATION,
            v007_snapshots.MIGRATION, v008_player_locales.MIGRATION,
            v009_action_versions.MIGRATION, v010_guild_matches.MIGRATION,
            v011_lean_actions.MIGRATION]


MIGRATIONS: list[Migration] = _load()
"""Every PostgreSQL migration, in version order."""
