"""Fixtures for the store tests: a fresh file-backed SqliteStore per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from db import SqliteStore
from tests.clock import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "data" / "hajime.db")


@pytest.fixture
async def store(db_path: str, clock: Clock) -> AsyncIterator[SqliteStore]:
    s = SqliteStore(db_path, clock=clock)
    await s.open()
    yield s
    await s.close()
