"""Fixtures for the store tests: every store test runs on SQLite and on PostgreSQL.

``backend`` is parametrized (``sqlite``, ``postgresql``); ``db_url`` is a fresh database
of that backend for one test (a file path, or a new database on the session's PostgreSQL
server created from a migrated template); ``store`` is an opened store on it. Tests that
are about SQLite itself (pragmas, its migration runner) use ``db_path`` instead.

The PostgreSQL server is started once per session from the machine's binaries
(:mod:`tests.pg_server`); where there are none, the PostgreSQL variants are skipped with
the reason, and the SQLite ones still run.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Awaitable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import pytest

from db import SqliteStore, store_from_url
from db.postgres import PostgresStore
from tests.clock import Clock
from tests.pg_server import PgServer, find_bindir

T = TypeVar("T")

TEMPLATE = "hajime_template"
"""A migrated database every PostgreSQL test database is copied from."""
NO_SERVER = (
    "PostgreSQL tests skipped: no initdb/pg_ctl found (PATH, /usr/lib/postgresql/*/bin or"
    " $HAJIME_PG_BINDIR); install the PostgreSQL server binaries to run them"
)
_names = itertools.count(1)


def run_sync(coro: Awaitable[T]) -> T:
    """Run ``coro`` to completion on a private event loop (safe inside a running test)."""

    async def main() -> T:
        return await coro

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main()).result()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer | None]:
    """The session's PostgreSQL server (None where no binaries exist)."""
    bindir = find_bindir()
    if bindir is None:
        yield None
        return
    server = PgServer(bindir)
    try:
        server.start()

        async def template() -> None:
            conn = await asyncpg.connect(server.dsn())
            try:
                await conn.execute(f"CREATE DATABASE {TEMPLATE}")
            finally:
                await conn.close()
            async with PostgresStore(server.dsn(TEMPLATE)):
                pass

        run_sync(template())
        yield server
    finally:
        server.stop()


def new_pg_database(server: PgServer, template: str = TEMPLATE) -> str:
    """A fresh database copied from ``template`` (``template0``: empty); its name."""
    name = f"test_{next(_names)}"

    async def create() -> None:
        conn = await asyncpg.connect(server.dsn())
        try:
            await conn.execute(f"CREATE DATABASE {name} TEMPLATE {template} STRATEGY FILE_COPY")
        finally:
            await conn.close()

    run_sync(create())
    return name


def drop_pg_database(server: PgServer, name: str) -> None:
    """Drop a test database (and any connection a failed test left open)."""

    async def drop() -> None:
        conn = await asyncpg.connect(server.dsn())
        try:
            await conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await conn.close()

    run_sync(drop())


@pytest.fixture
def pg(pg_server: PgServer | None) -> PgServer:
    """The PostgreSQL server, or skip the test where there is none."""
    if pg_server is None:
        pytest.skip(NO_SERVER)
    return pg_server


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
    name = new_pg_database(server)
    yield server.dsn(name)
    drop_pg_database(server, name)


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
