"""bot.py: configuration, clear failures without tracebacks, structured logs."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import pathlib
import signal
import socket
import sys

import pytest

import bot
from cogs.config import ConfigError, Settings, load_settings
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import fake_discord

__all__ = ["fake_discord"]


def test_missing_token_is_a_clear_error(monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: pathlib.Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert bot.main([]) == 2
    err = capsys.readouterr().err
    assert "No Discord token" in err and "Traceback" not in err
    assert "bash scripts/run.sh --sandbox" in err  # the way to play without a token


def test_config_file_errors_are_explained(tmp_path: pathlib.Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert bot.main(["--config", str(tmp_path / "nope.toml")]) == 2
    assert "does not exist" in capsys.readouterr().err
    bad = tmp_path / "bad.toml"
    bad.write_text("turn_seconds = -5\n")
    assert bot.main(["--config", str(bad)]) == 2
    assert "turn_seconds" in capsys.readouterr().err
    bad.write_text("nonsense = [\n")
    assert bot.main(["--config", str(bad)]) == 2
    assert "not valid TOML" in capsys.readouterr().err


def test_environment_overrides_the_file(tmp_path: pathlib.Path) -> None:
    cfg = tmp_path / "c.toml"
    cfg.write_text('token = "from-file"\nturn_seconds = 120\n')
    s = load_settings(cfg, env={"DISCORD_TOKEN": "from-env", "HAJIME_DATABASE": "x.db"})
    assert (s.token, s.turn_seconds, s.database) == ("from-env", 120, "x.db")
    with pytest.raises(ConfigError):
        load_settings(tmp_path / "missing.toml", env={})


def test_example_config_documents_every_setting() -> None:
    text = (pathlib.Path(__file__).parents[1] / "config.example.toml").read_text()
    for key in Settings.model_fields:
        assert f"\n{key} = " in text, key
    example = load_settings(pathlib.Path(__file__).parents[1] / "config.example.toml", env={})
    assert example == Settings()


async def test_rejected_token_exits_with_a_message(fake_discord: FakeDiscord,
                                                   tmp_path: pathlib.Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    fake_discord.rejected_tokens.add("bad")
    settings = Settings(token="bad", database=str(tmp_path / "h.sqlite3"))
    assert await bot.run(settings) == 3
    err = capsys.readouterr().err
    assert "rejected the token" in err and "Traceback" not in err


def test_the_event_loop_is_uvloop_unless_asked_not_to() -> None:
    import uvloop

    assert bot.loop_factory({}) is uvloop.new_event_loop
    assert bot.loop_factory({"HAJIME_EVENT_LOOP": "uvloop"}) is uvloop.new_event_loop
    assert bot.loop_factory({"HAJIME_EVENT_LOOP": "asyncio"}) is None
    with asyncio.Runner(loop_factory=bot.loop_factory({})) as runner:
        assert isinstance(runner.get_loop(), uvloop.Loop)
        assert runner.run(asyncio.sleep(0, "ran")) == "ran"


def test_json_logs_are_one_object_per_line() -> None:
    record = logging.LogRecord("hajime", logging.INFO, __file__, 1, "hello %s", ("you",), None)
    line = bot.JsonFormatter().format(record)
    assert json.loads(line)["msg"] == "hello you"


# ------------------------------------------------------------- the real bot.py process
ROOT = pathlib.Path(__file__).parents[1]
VOICE_WARNINGS = ("PyNaCl", "davey", "audioop", "voice will NOT")


async def _spawn(tmp: pathlib.Path, api: str, gateway: str | None = None,
                 guild: int | None = None) -> asyncio.subprocess.Process:
    """``bot.py`` in its own process, with every warning shown (``-W default``)."""
    cfg = tmp / "config.toml"
    guilds = f"dev_guilds = [{guild}]\n" if guild else ""
    cfg.write_text(f'database = "{tmp / "h.sqlite3"}"\n{guilds}log_level = "INFO"\n')
    env = {**os.environ, "DISCORD_TOKEN": "t0ken", "HAJIME_DISCORD_API": api}
    env.pop("PYTHONWARNINGS", None)
    if gateway:
        env["HAJIME_DISCORD_GATEWAY"] = gateway
    return await asyncio.create_subprocess_exec(
        sys.executable, "-W", "default", str(ROOT / "bot.py"), "--config", str(cfg),
        env=env, cwd=tmp, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)


def _messages(stderr: str) -> list[str]:
    """The ``msg`` of each JSON log line (other lines as they are)."""
    out = []
    for line in stderr.splitlines():
        try:
            out.append(str(json.loads(line)["msg"]))
        except (ValueError, KeyError, TypeError):
            out.append(line)
    return out


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_signal_stops_the_real_bot_cleanly(fake_discord: FakeDiscord,
                                                   tmp_path: pathlib.Path,
                                                   sig: signal.Signals) -> None:
    """docker stop (SIGTERM) or Ctrl-C: one log line, exit 0; and a quiet start."""
    proc = await _spawn(tmp_path, fake_discord.api_base, str(fake_discord.gateway_url),
                        fake_discord.guild_id)
    try:
        await fake_discord.wait_for(lambda: fake_discord.command_syncs > 0
                                    and fake_discord.connected, timeout=60,
                                    what="bot.py to log in and sync")
        proc.send_signal(sig)
        _, err = await asyncio.wait_for(proc.communicate(), 30)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    lines = _messages(err.decode())
    assert proc.returncode == 0, lines
    assert [m for m in lines if "shutting down" in m] == [f"received {sig.name}; shutting down"]
    assert not [m for m in lines if any(w in m for w in VOICE_WARNINGS)], lines
    assert "Traceback" not in err.decode()
    assert any("commands synced" in m for m in lines), lines  # it ran before the signal
    await fake_discord.wait_for(lambda: not fake_discord.connected, timeout=10,
                                what="the bot to disconnect")


async def test_an_unreachable_discord_is_one_clear_line(tmp_path: pathlib.Path) -> None:
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = await _spawn(tmp_path, f"http://127.0.0.1:{port}/api/v10")
    _, err = await asyncio.wait_for(proc.communicate(), 60)
    text = err.decode()
    assert proc.returncode not in (0, None)
    assert "Traceback" not in text and "Unclosed" not in text
    lines = [m for m in _messages(text) if m.strip()]
    errors = [json.loads(x) for x in text.splitlines() if '"ERROR"' in x]
    assert len(errors) == 1 and errors[0]["msg"] == lines[-1]
    assert lines[-1].startswith(f"Cannot reach Discord at http://127.0.0.1:{port}/api/v10 (")
    assert not [m for m in lines if any(w in m for w in VOICE_WARNINGS)], lines


async def test_the_rate_limit_sweep_runs_at_most_once_a_minute(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py scans every bucket when a new one appears past 256; throttled, the scan
    runs once per minute however many new channels the board edits reach."""
    import discord

    http = discord.http.HTTPClient(asyncio.get_running_loop())
    scans = []
    real = http._try_clear_expired_ratelimits

    def counted() -> None:
        scans.append(len(http._buckets))
        real()

    http._try_clear_expired_ratelimits = counted  # type: ignore[method-assign]
    clock = [1000.0]
    monkeypatch.setattr(bot.time, "monotonic", lambda: clock[0])
    bot.throttle_ratelimit_sweep(http, every=60.0)
    for i in range(1000):  # a thousand threads' first board edit
        http.get_ratelimit(f"PATCH /channels/{{channel_id}}/messages/{{message_id}}:{i}")
    assert scans == [1]
    clock[0] += 61
    http.get_ratelimit("PATCH /channels/{channel_id}/messages/{message_id}:new")
    assert len(scans) == 2 and len(http._buckets) == 1001  # none idle for 300 s yet


async def test_every_close_waits_for_the_whole_close() -> None:
    """A signal's close and ``async with``'s exit run one close, and each returns only
    once the store is closed and the picture processes are stopped (the bot's run used
    to end after discord.py's part alone, and Python cancelled the rest)."""
    from referee import pictures

    class SlowStore:
        closes = 0

        async def close(self) -> None:
            await asyncio.sleep(0.05)
            SlowStore.closes += 1

    the_bot = bot.make_bot(Settings(token="x"), SlowStore())  # type: ignore[arg-type]
    pictures.use_processes(1)
    signalled = asyncio.create_task(the_bot.close())
    await asyncio.sleep(0)
    await the_bot.__aexit__(None, None, None)
    assert SlowStore.closes == 1 and pictures._pool is None
    await signalled
    await the_bot.close()
    assert SlowStore.closes == 1
