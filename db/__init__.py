"""Persistence: the :class:`Store` contract, its SQLite implementation and a factory.

Typical start-up::

    store = await open_store(config.database)   # "sqlite:///data/hajime.db" or a path
    ...
    await store.close()
"""

from __future__ import annotations

from typing import Any

from db.base import (
    ActionLog,
    ChallengeRecord,
    EventRecord,
    MatchRecord,
    ResultRow,
    Store,
)
from db.sqlite import ResultsHook, SqliteStore, Synchronous

__all__ = [
    "ActionLog",
    "ChallengeRecord",
    "EventRecord",
    "MatchRecord",
    "ResultRow",
    "ResultsHook",
    "SqliteStore",
    "Store",
    "Synchronous",
    "open_store",
    "sqlite_path",
    "store_from_url",
]


def sqlite_path(url_or_path: str) -> str:
    """The file path of a ``sqlite:`` URL, or the argument itself when it is a bare path.

    Like SQLAlchemy: ``sqlite:///data/h.db`` is relative, ``sqlite:////srv/h.db`` is
    absolute, ``sqlite://`` or ``sqlite:///:memory:`` is in memory. Any other scheme
    (``postgresql://`` ...) raises :class:`ValueError`: only SQLite is implemented.
    """
    if "://" not in url_or_path:
        return url_or_path
    scheme, _, rest = url_or_path.partition("://")
    if scheme.lower() != "sqlite":
        raise ValueError(f"unsupported database URL scheme {scheme!r} (only sqlite)")
    if rest in ("", "/"):
        return ":memory:"
    if not rest.startswith("/"):
        raise ValueError(f"expected sqlite:///path, got {url_or_path!r}")
    path = rest[1:].split("?", 1)[0]
    return path or ":memory:"


def store_from_url(url_or_path: str, **options: Any) -> SqliteStore:
    """An unopened store for ``url_or_path``; ``options`` go to :class:`SqliteStore`."""
    return SqliteStore(sqlite_path(url_or_path), **options)


async def open_store(url_or_path: str, **options: Any) -> SqliteStore:
    """An opened (connected and migrated) store for ``url_or_path``.

    ``options`` go to :class:`SqliteStore` (``synchronous``, ``busy_timeout_ms``,
    ``on_results``, ``clock``).
    """
    store = store_from_url(url_or_path, **options)
    await store.open()
    return store
