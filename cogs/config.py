"""The bot's settings: ``config.toml`` (every key documented in ``config.example.toml``)."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from cogs.clicks_first import LANES, WAIT_CAP


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
    snapshot_every: int = Field(16, ge=1)
    max_live_matches: int = Field(5, ge=1)
    timer_tick_seconds: float = Field(5.0, gt=0)
    picture_processes: int = Field(0, ge=0, le=8)
    news_wait_ms: float = Field(WAIT_CAP * 1000, ge=0, le=5000)
    news_lanes: int = Field(LANES, ge=1, le=64)
    lean_http: bool = False
    ai_expert_seconds: float = Field(2.0, gt=0, le=30)
    log_level: str = "INFO"
    log_format: str = Field("json", pattern="^(json|text)$")
    shard_count: int = Field(1, ge=1, le=4096)
    shard_ids: list[int] = []

    @model_validator(mode="after")
    def _shards_exist(self) -> Settings:
        """Every shard id is one of the ``shard_count`` shards, each once."""
        ids = self.shard_ids
        if len(set(ids)) != len(ids) or not all(0 <= i < self.shard_count for i in ids):
            raise ValueError(f"shard_ids {ids} must be distinct numbers from 0 to "
                             f"{self.shard_count - 1} (shard_count is {self.shard_count})")
        return self


def load_settings(path: str | Path | None = None, env: dict[str, str] | None = None) -> Settings:
    """Read ``path`` (default ``config.toml`` if it exists), then the environment's overrides
    (``DISCORD_TOKEN``, ``HAJIME_DATABASE``, ``HAJIME_SHARD_COUNT``, ``HAJIME_SHARD_IDS``)."""
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
    if env.get("HAJIME_SHARD_COUNT"):
        data["shard_count"] = env["HAJIME_SHARD_COUNT"]
    if env.get("HAJIME_SHARD_IDS"):  # "0" or "0,1"
        data["shard_ids"] = [i.strip() for i in env["HAJIME_SHARD_IDS"].split(",") if i.strip()]
    try:
        return Settings.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "shard_ids"
        raise ConfigError(f"{file}: setting '{where}': {err['msg']}") from exc
