"""Versioned schema migrations, applied in order when the store opens.

A migration is a :class:`Migration` (version, name, SQL script). The list
:data:`MIGRATIONS` holds them all, version ``1..N`` without gaps; the applied version is
kept in the ``schema_version`` table (one row per applied migration). :func:`migrate`
applies each pending migration in its own ``BEGIN IMMEDIATE`` transaction and re-reads the
version inside it, so two processes opening the same file at once cannot apply a migration
twice, and a failing migration leaves the database at the previous version.

To change the schema, add ``vNNN_<what>.py`` with a ``MIGRATION`` and append it here.
Never edit a migration that has shipped.

The scripts are Python strings rather than ``.sql`` files so that they ship with the
package without packaging configuration.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator, Sequence

import aiosqlite

from db.migration import Migration

__all__ = [
    "MIGRATIONS",
    "Migration",
    "check_numbering",
    "current_version",
    "migrate",
    "split_statements",
]


def split_statements(script: str) -> Iterator[str]:
    """Yield the complete SQL statements of ``script`` (trigger bodies stay whole)."""
    buf = ""
    for line in script.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            stmt = buf.strip()
            buf = ""
            if stmt.rstrip(";").strip():
                yield stmt
    rest = "\n".join(ln for ln in buf.splitlines() if not ln.strip().startswith("--"))
    if rest.strip():
        raise ValueError(f"incomplete SQL statement at the end of the script: {rest.strip()!r}")


_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at REAL NOT NULL
)
"""


async def current_version(conn: aiosqlite.Connection) -> int:
    """The highest applied migration version (0 for an empty database)."""
    await conn.execute(_VERSION_TABLE)
    rows = list(await conn.execute_fetchall("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
    return int(rows[0][0])


def check_numbering(migrations: Sequence[Migration]) -> None:
    """Raise :class:`ValueError` unless the versions run ``1..N`` without gaps."""
    for expected, m in enumerate(migrations, start=1):
        if m.version != expected:
            raise ValueError(f"migration {m.name!r} has version {m.version}, expected {expected}")


async def migrate(conn: aiosqlite.Connection, migrations: Sequence[Migration] | None = None) -> int:
    """Apply the pending ``migrations`` (default :data:`MIGRATIONS`); return the version.

    ``conn`` must be in autocommit mode (``isolation_level=None``) with no open
    transaction. Re-running on an up-to-date database changes nothing. A database newer
    than the code (a downgrade) raises :class:`RuntimeError` rather than guessing.
    """
    todo = MIGRATIONS if migrations is None else migrations
    check_numbering(todo)
    latest = len(todo)
    version = await current_version(conn)
    if version > latest:
        raise RuntimeError(f"database schema is at version {version}, code knows {latest}")
    while version < latest:
        await conn.execute("BEGIN IMMEDIATE")
        try:
            version = await current_version(conn)  # another process may have moved it
            if version >= latest:
                await conn.execute("COMMIT")
                break
            step = todo[version]
            for stmt in split_statements(step.script):
                await conn.execute(stmt)
            await conn.execute(
                "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                (step.version, step.name, time.time()),
            )
            await conn.execute("COMMIT")
        except BaseException:
            await conn.execute("ROLLBACK")
            raise
        version = step.version
    return await current_version(conn)


def _load() -> list[Migration]:
    from db.migrations import (
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
"""Every migration, in version order."""
