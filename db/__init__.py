"""Persistence: the :class:`Store` contract, its SQLite and PostgreSQL stores, a factory.

Typical start-up::

    store = await open_store(config.database)   # "sqlite:///data/hajime.db", a path,
                                                # or "postgresql://user@host/hajime"
    ...
    await store.close()
"""

from __future__ import annotations

from typing import Any

from db.base import (
    ActionLog,
    ChallengeRecord,
    EventRecord,
    LobbyRecord,
    MatchRecord,
    ResultRow,
    SavedDeck,
    Store,
)
from db.sqlite import ResultsHook, SqliteStore, Synchronous

__all__ = [
    "ActionLog",
    "ChallengeRecord",
    "EventRecord",
    "LobbyRecord",
    "MatchRecord",
    "ResultRow",
    "ResultsHook",
    "SavedDeck",
    "SqliteStore",
    "Store",
    "Synchronous",
    "is_postgres_url",
    "open_store",
    "sqlite_path",
    "store_from_url",
]


def sqlite_path(url_or_path: str) -> str:
    """The file path of a ``sqlite:`` URL, or the argument itself when it is a bare path.

    Like SQLAlchemy: ``sqlite:///data/h.db`` is relative, ``sqlite:////srv/h.db`` is
    absolute, ``sqlite://`` or ``sqlite:///:memory:`` is in memory. Any other scheme
    (``postgresql://`` is :class:`db.postgres.PostgresStore`'s) raises :class:`ValueError`.
    """
    if "://" not in url_or_path:
        return url_or_path
    scheme, _, rest = url_or_path.partition("://")
    if scheme.lower() != "sqlite":
        raise ValueError(f"{scheme!r} is not a sqlite URL scheme")
    if rest in ("", "/"):
        return ":memory:"
    if not rest.startswith("/"):
        raise ValueError(f"expected sqlite:///path, got {url_or_path!r}")
    path = rest[1:].split("?", 1)[0]
    return path or ":memory:"


POSTGRES_SCHEMES = ("postgresql", "postgres")
"""URL schemes that select :class:`db.postgres.PostgresStore`."""


def is_postgres_url(url_or_path: str) -> bool:
    """True for a ``postgresql://`` or ``postgres://`` URL."""
    scheme, sep, _ = url_or_path.partition("://")
    return bool(sep) and scheme.lower() in POSTGRES_SCHEMES


def store_from_url(url_or_path: str, **options: Any) -> SqliteStore:
    """An unopened store for ``url_or_path``.

    ``postgresql://`` and ``postgres://`` URLs give a :class:`db.postgres.PostgresStore`
    (``options``: ``on_results``, ``clock``, ``min_connections``, ``max_connections``);
    anything else is SQLite (:func:`sqlite_path`), ``options`` going to
    :class:`SqliteStore`. Any other scheme raises :class:`ValueError`.
    """
    if is_postgres_url(url_or_path):
        from db.postgres import PostgresStore

        return PostgresStore(url_or_path, **options)
    if "://" in url_or_path and url_or_path.partition("://")[0].lower() != "sqlite":
        scheme = url_or_path.partition("://")[0]
        raise ValueError(f"unsupported database URL scheme {scheme!r} (sqlite or postgresql)")
    return SqliteStore(sqlite_path(url_or_path), **options)


async def open_store(url_or_path: str, **options: Any) -> SqliteStore:
    """An opened (connected and migrated) store for ``url_or_path``.

    ``options`` go to the store (see :func:`store_from_url`; for SQLite ``synchronous``,
    ``busy_timeout_ms``, ``on_results``, ``clock``).
    """
    store = store_from_url(url_or_path, **options)
    await store.open()
    return store
