"""The bot's settings: ``config.toml`` (every key documented in ``config.example.toml``)."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError


class ConfigError(Exception):
    """A configuration problem, explained for a human."""


class Settings(BaseModel):
    """Every setting, with its default."""

    model_config = ConfigDict(extra="forbid")

    token: str = ""
    database: str = "./data/hajime.sqlite3"
    dev_guilds: list[int] = []
    challenge_expiry_seconds: float = Field(600, gt=0)
    turn_seconds: float = Field(300, gt=0)
    max_consecutive_timeouts: int = Field(3, ge=1)
    max_live_matches: int = Field(5, ge=1)
    timer_tick_seconds: float = Field(5.0, gt=0)
    picture_processes: int = Field(0, ge=0, le=8)
    log_level: str = "INFO"
    log_format: str = Field("json", pattern="^(json|text)$")


def load_settings(path: str | Path | None = None, env: dict[str, str] | None = None) -> Settings:
    """Read ``path`` (default ``config.toml`` if it exists) and apply ``DISCORD_TOKEN``."""
    env = dict(os.environ) if env is None else env
    data: dict[str, object] = {}
    file = Path(path) if path else Path("config.toml")
    if path and not file.exists():
        raise ConfigError(f"Configuration file {file} does not exist.")
    if file.exists():
        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{file} is not valid TOML: {exc}") from exc
    if env.get("DISCORD_TOKEN"):
        data["token"] = env["DISCORD_TOKEN"]
    if env.get("HAJIME_DATABASE"):
        data["database"] = env["HAJIME_DATABASE"]
    try:
        return Settings.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise ConfigError(f"{file}: setting '{where}': {err['msg']}") from exc
