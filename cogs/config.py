"""The bot's settings: ``config.toml`` (every key documented in ``config.example.toml``)."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from cogs.clicks_first import BOARD_WAIT_CAP, LANES, WAIT_CAP
from cogs.global_pace import PER_SECOND


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
    board_wait_ms: float = Field(BOARD_WAIT_CAP * 1000, ge=0, le=5000)
    lean_http: bool = False
    rest_per_second: int = Field(PER_SECOND, ge=0, le=50)
    """Bot-token REST requests let out per second (Discord's global limit is 50; 0: not
    paced, discord.py then meets the limit through 429s), :mod:`cogs.global_pace`."""
    ai_expert_seconds: float = Field(2.0, gt=0, le=30)
    log_level: str = "INFO"
    log_format: str = Field("json", pattern="^(json|text)$")
    shard_count: int = Field(1, ge=0, le=65536)
    """Shards of the bot in all; 0: as many as Discord recommends (GET /gateway/bot)."""
    shard_ids: list[int] = []
    process_count: int = Field(1, ge=1, le=4096)
    """Bot processes sharing the shards: process ``i`` runs the shards ``s`` with
    ``s % process_count == i`` (:func:`split_shards`), for any number of processes and
    any shard count (Discord's recommendation included). Exclusive with ``shard_ids``."""
    process_index: int = Field(0, ge=0)

    @model_validator(mode="after")
    def _shards_exist(self) -> Settings:
        """Every shard id is one of the ``shard_count`` shards, each once."""
        ids = self.shard_ids
        if self.process_index >= self.process_count:
            raise ValueError(f"process_index {self.process_index} must be below "
                             f"process_count {self.process_count}")
        if ids and (self.process_count > 1 or self.shard_count == 0):
            raise ValueError("shard_ids name the shards of a known shard_count; with "
                             "process_count (or shard_count = 0) leave them out")
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
    if env.get("HAJIME_PROCESS_COUNT"):
        data["process_count"] = env["HAJIME_PROCESS_COUNT"]
    if env.get("HAJIME_PROCESS_INDEX"):
        data["process_index"] = env["HAJIME_PROCESS_INDEX"]
    try:
        return Settings.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "shard_ids"
        raise ConfigError(f"{file}: setting '{where}': {err['msg']}") from exc


def split_shards(settings: Settings, recommended: int | None = None) -> Settings:
    """``settings`` with a known ``shard_count`` (Discord's ``recommended`` count when it is
    0) and this process's ``shard_ids`` (its share of them when ``process_count`` > 1)."""
    count = settings.shard_count or recommended or 1
    ids = list(settings.shard_ids)
    if settings.process_count > 1:
        ids = [s for s in range(count) if s % settings.process_count == settings.process_index]
        if not ids:
            raise ConfigError(f"process {settings.process_index} of {settings.process_count} "
                              f"has no shard: there are only {count}")
    return settings.model_copy(update={"shard_count": count, "shard_ids": ids})
