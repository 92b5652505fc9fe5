"""Fixtures for the store tests: every store test runs on SQLite and on PostgreSQL.

``backend`` is parametrized (``sqlite``, ``postgresql``); ``db_url`` is a fresh database
of that backend for one test (a file path, or a new database on the session's PostgreSQL
server created from a migrated template); ``store`` is an opened store on it. Tests that
are about SQLite itself (pragmas, its migration runner) use ``db_path`` instead.

The PostgreSQL server is started once per session from the machine's binaries (the
``pg`` fixture of ``tests/conftest.py``); where there are none, the PostgreSQL variants
are skipped with the reason, and the SQLite ones still run.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from db import SqliteStore, store_from_url
from tests.clock import Clock
from tests.pg_server import PgServer


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    """A SQLite database file (for the SQLite-only tests)."""
    return str(tmp_path / "data" / "hajime.db")


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_url(backend: str, db_path: str, request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh, empty-of-rows database of ``backend``: a SQLite path or a PostgreSQL URL."""
    if backend == "sqlite":
        yield db_path
        return
    server: PgServer = request.getfixturevalue("pg")
    name = server.new_database()
    yield server.dsn(name)
    server.drop_database(name)


@pytest.fixture
def store_cls(db_url: str) -> type[SqliteStore]:
    """The store class of the backend (for subclasses in tests)."""
    return type(store_from_url(db_url))


@pytest.fixture
def make_store(db_url: str) -> Any:
    """``make_store(**options)``: an unopened store on the test's database."""
    return lambda **options: store_from_url(db_url, **options)


@pytest.fixture
async def store(make_store: Any, clock: Clock) -> AsyncIterator[SqliteStore]:
    s = make_store(clock=clock)
    await s.open()
    yield s
    await s.close()
