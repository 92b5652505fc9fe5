"""Which guilds this bot process looks after: Discord's shard formula, in one place.

Several bot processes may share one PostgreSQL database, each connected to some of the
bot's gateway shards (``shard_ids`` of ``shard_count`` in the config). Discord sends a
guild's events, interactions included, only to the shard ``(guild_id >> 22) %
shard_count``, and direct messages to shard 0. The work nobody clicks for (deadlines,
challenge expiry, the start-up reconcile) must be done by exactly one process too: each
does it only for the guilds of its own shards (:meth:`Shards.owns`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Shards", "owns", "shard_filter", "shard_of"]


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a guild's events to (direct messages: shard 0)."""
    if guild_id is None:
        return 0
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """The shards of one process: ``ids`` out of ``count`` (default: the only one)."""

    count: int = 1
    ids: frozenset[int] = frozenset({0})

    @classmethod
    def of(cls, count: int, ids: list[int]) -> Shards:
        """``ids`` of ``count`` shards; none: every shard (one process runs them all)."""
        return cls(count, frozenset(ids or range(count)))

    @property
    def everything(self) -> bool:
        """Whether this process runs every shard (nothing to filter)."""
        return len(self.ids) == self.count

    def filter(self) -> tuple[int, tuple[int, ...]] | None:
        """The store's shard filter (:func:`db.sql.shard_sql`): None when this process
        runs every shard (nothing to filter)."""
        return None if self.everything else (self.count, tuple(sorted(self.ids)))

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process looks after ``guild_id`` (its timers, its reconcile)."""
        return self.everything or shard_of(guild_id, self.count) in self.ids


def owns(bot: Any, guild_id: int | None) -> bool:
    """Whether ``bot``'s process looks after ``guild_id`` (True for a bot without shards)."""
    shards = getattr(bot, "hajime_shards", None)
    return shards is None or bool(shards.owns(guild_id))


def shard_filter(bot: Any) -> tuple[int, tuple[int, ...]] | None:
    """The store's filter for ``bot``'s shards: its background queries (deadlines,
    expiries, the start-up reconcile) read only the rows of its own guilds, in SQL."""
    shards = getattr(bot, "hajime_shards", None)
    return None if shards is None else shards.filter()
