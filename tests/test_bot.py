"""bot.py: configuration, clear failures without tracebacks, structured logs."""

from __future__ import annotations

import json
import logging
import pathlib

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


def test_json_logs_are_one_object_per_line() -> None:
    record = logging.LogRecord("hajime", logging.INFO, __file__, 1, "hello %s", ("you",), None)
    line = bot.JsonFormatter().format(record)
    assert json.loads(line)["msg"] == "hello you"
