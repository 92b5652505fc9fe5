"""The heartbeat file and ``python -m cogs.health`` (the container's health check)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cogs import health

ROOT = Path(__file__).resolve().parents[2]


class Bot:
    """What :func:`cogs.health.connected` reads of a discord.py client."""

    def __init__(self, ready: bool = True, closed: bool = False, ws_open: bool = True,
                 shards: dict[int, Any] | None = None) -> None:
        self.ready, self.closed = ready, closed
        self.ws = None if ws_open is None else type("Ws", (), {"open": ws_open})()
        if shards is not None:
            self.shards = shards

    def is_ready(self) -> bool:
        return self.ready

    def is_closed(self) -> bool:
        return self.closed


class Shard:
    def __init__(self, closed: bool) -> None:
        self.closed = closed

    def is_closed(self) -> bool:
        return self.closed


def test_a_fresh_beat_passes_an_old_or_missing_one_fails(tmp_path: Path) -> None:
    path = tmp_path / "beat"
    assert health.age(path) is None and not health.fresh(path)
    health.beat(path, now=1000.0)
    assert health.age(path, now=1010.0) == pytest.approx(10.0)
    assert health.fresh(path, max_age=45, now=1044.0)
    assert not health.fresh(path, max_age=45, now=1046.0)
    assert not health.fresh(path, max_age=45, now=900.0)  # from the future: a clock set back
    path.write_text("not a time\n")
    assert health.age(path) is None and not health.fresh(path)
    assert [p.name for p in tmp_path.iterdir()] == ["beat"]  # no temporary file left


def test_the_check_reads_the_recorded_time_not_the_modification_time(tmp_path: Path) -> None:
    path = tmp_path / "beat"
    health.beat(path, now=time.time() - 600)
    os.utime(path)  # touched now: still ten minutes old for the check
    assert not health.fresh(path)


def test_the_path_comes_from_the_environment(tmp_path: Path) -> None:
    assert health.heartbeat_path({}) == Path(health.DEFAULT_FILE)
    assert health.heartbeat_path({health.ENV: ""}) == Path(health.DEFAULT_FILE)
    assert health.heartbeat_path({health.ENV: str(tmp_path / "b")}) == tmp_path / "b"


def test_connected_needs_ready_open_and_every_shard_up() -> None:
    assert health.connected(Bot())
    assert not health.connected(Bot(ready=False))
    assert not health.connected(Bot(closed=True))
    assert not health.connected(Bot(ws_open=False))
    assert health.connected(Bot(shards={0: Shard(False), 1: Shard(False)}))
    assert not health.connected(Bot(shards={0: Shard(False), 1: Shard(True)}))


def test_main_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "beat"
    assert health.main(["--file", str(path)]) == 1
    assert "no heartbeat" in capsys.readouterr().out
    health.beat(path)
    assert health.main(["--file", str(path)]) == 0
    assert "healthy" in capsys.readouterr().out
    health.beat(path, now=time.time() - 100)
    assert health.main(["--file", str(path)]) == 1
    assert health.main(["--file", str(path), "--max-age", "120"]) == 0


def test_python_m_cogs_health_uses_the_environment_variable(tmp_path: Path) -> None:
    path = tmp_path / "beat"
    env = {**os.environ, health.ENV: str(path)}

    def check() -> int:
        return subprocess.run([sys.executable, "-m", "cogs.health"], cwd=ROOT, env=env,
                              capture_output=True, timeout=60).returncode

    assert check() == 1
    health.beat(path)
    assert check() == 0


async def test_the_loop_beats_while_connected_and_removes_the_file_when_stopped(
        tmp_path: Path) -> None:
    path = tmp_path / "beat"
    bot = Bot(ready=False)
    task = asyncio.create_task(health.heartbeat(bot, path, every=0.05))
    await asyncio.sleep(0.15)
    assert not path.exists()  # not connected yet: no beat
    bot.ready = True
    await asyncio.sleep(1.2)  # it looks every second (at most) while not connected
    assert health.fresh(path)
    first = health.age(path)
    assert first is not None
    await asyncio.sleep(0.2)
    assert health.fresh(path, max_age=0.15)  # beats again every 0.05 s
    bot.ws.open = False  # type: ignore[union-attr]  # the gateway dropped: beats stop
    await asyncio.sleep(0.2)
    assert not health.fresh(path, max_age=0.1)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert not path.exists()

