"""What the two cogs that offer matches share: ``/challenge`` (:mod:`cogs.lobby`) and the
N-seat tables (:mod:`cogs.seating`). Both keep open offers that expire, refuse a player
at the live-match limit, and speak their public messages in the server's language."""

from __future__ import annotations

from typing import Any

from discord.ext import commands, tasks

from cogs.i18n_discord import server_locale
from db.base import Store
from referee.i18n import Refusal
from referee.service import Referee


class Offers:
    """The shared half of :class:`cogs.lobby.Lobby` and :class:`cogs.seating.Seating`
    (each defines its own ``expirer`` loop and buttons)."""

    expirer: tasks.Loop[Any]

    def __init__(self, bot: commands.Bot, store: Store, referee: Referee, *,
                 expiry_seconds: float = 600, max_live: int = 5,
                 tick_seconds: float = 5.0) -> None:
        self.bot = bot
        self.store = store
        self.referee = referee
        self.expiry_seconds = expiry_seconds
        self.max_live = max_live
        self.expirer.change_interval(seconds=tick_seconds)

    async def cog_unload(self) -> None:
        """Stop the expiry loop."""
        self.expirer.cancel()

    def locale(self, guild_id: int | None) -> str:
        """The language of a server's public messages."""
        return server_locale(self.bot.get_guild(guild_id) if guild_id is not None else None)

    async def check_room(self, user_id: int, who: str | None = None) -> None:
        """Refuse a player at the live-match limit (``who`` None: the one asking)."""
        live = await self.referee.live_matches(user_id)
        if len(live) >= self.max_live:
            if who is None:
                raise Refusal("lobby.you_at_limit", count=len(live), limit=self.max_live)
            raise Refusal("lobby.they_at_limit", who=who, count=len(live),
                          limit=self.max_live)
