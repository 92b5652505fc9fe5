"""The real bot's heartbeat (:mod:`cogs.health`): written once ready, gone once closed."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from cogs import health
from tests.e2e.harness import bot_running
from tests.fakediscord import FakeDiscord


async def test_the_real_bot_beats_once_ready_and_not_after_closing(
        fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "beat"
    monkeypatch.setenv(health.ENV, str(path))
    async with bot_running(fake_discord, tmp_path / "h.sqlite3") as bot:
        await bot.wait_until_ready()
        deadline = time.monotonic() + 10
        while not health.fresh(path):
            assert time.monotonic() < deadline, "no heartbeat from a ready bot"
            await asyncio.sleep(0.05)
        assert health.main(["--file", str(path)]) == 0
    assert not path.exists() and health.main(["--file", str(path)]) == 1
