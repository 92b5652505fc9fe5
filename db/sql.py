"""The SQL connection contract shared by the SQLite and PostgreSQL stores.

The store methods, the ratings hook (:mod:`db.ratings`) and the ladder queries
(:mod:`db.ladder_queries`) are written once, in the SQL both dialects agree on, with
``?`` placeholders, against :class:`Connection`: the subset of ``aiosqlite.Connection``
they use. ``aiosqlite.Connection`` satisfies it as is; :class:`db.postgres.PgConnection`
adapts an asyncpg connection to it (placeholders, ``INSERT OR IGNORE``, ``lastrowid``:
the dialect differences live in :func:`db.postgres.translate`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Iterable
from typing import Any, Protocol

__all__ = ["Connection", "Cursor", "ShardFilter", "shard_sql"]

ShardFilter = tuple[int, tuple[int, ...]]
"""The shards a bot process looks after: (shard count, its shard ids)."""


def shard_sql(shards: ShardFilter | None, column: str = "guild_id") -> tuple[str, tuple[int, ...]]:
    """An ``AND ...`` clause keeping the rows of ``shards``' guilds, and its parameters
    (nothing when ``shards`` is None: every guild). Discord's formula, in SQL both dialects
    speak: a guild is on shard ``(guild_id >> 22) % shard_count``; no guild (a direct
    message) is on shard 0 (:func:`cogs.shards.shard_of` is the same formula in Python)."""
    if shards is None:
        return "", ()
    count, ids = shards
    marks = ", ".join("?" for _ in ids) or "NULL"
    return (f" AND (CASE WHEN {column} IS NULL THEN 0 ELSE ({column} >> 22) % ? END)"
            f" IN ({marks})", (count, *ids))


class Cursor(Protocol):
    """What a statement reports back."""

    @property
    def rowcount(self) -> int:
        """Rows inserted, updated or deleted by the statement."""
        ...

    @property
    def lastrowid(self) -> int | None:
        """The ``id`` of the row an ``INSERT`` created."""
        ...


class Connection(Protocol):
    """A connection inside one of the store's transactions (or its read connection)."""

    @property
    def in_transaction(self) -> bool:
        """Whether a transaction is open on the connection."""
        ...

    def execute(self, sql: str, parameters: Iterable[Any] | None = None) -> Awaitable[Cursor]:
        """Run one statement."""
        ...

    def executemany(self, sql: str, parameters: Iterable[Iterable[Any]]) -> Awaitable[Any]:
        """Run one statement once per parameter tuple."""
        ...

    def execute_fetchall(
        self, sql: str, parameters: Iterable[Any] | None = None
    ) -> Awaitable[Iterable[Any]]:
        """Run one query and return its rows (indexable by position and by name)."""
        ...
