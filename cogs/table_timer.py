"""The table's turn timers: half-time reminders, then the engine's timeout default.

Mixed into :class:`cogs.table.Table` (split out of it at the seam between the live
table and its clock).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands, tasks

from cogs.practice import is_ai
from cogs.shards import shard_filter
from cogs.table_memory import HAND_SECONDS, SavedHand
from db.base import MatchRecord, Store
from referee.i18n import and_list, t
from referee.service import Applied, Referee, pending_seats

log = logging.getLogger("hajime.table")


def humans(rec: MatchRecord, seats: Any) -> list[int]:
    """The seats among ``seats`` held by people (the AI is never pinged)."""
    return [s for s in seats if not is_ai(rec, s)]


class TableTimer:
    """Due matches' reminders and timeouts, and the expiry of remembered hands.

    Mixed into :class:`cogs.table.Table`, which owns the attributes declared here.
    """

    bot: commands.Bot
    store: Store
    referee: Referee
    hands: dict[tuple[int, int], tuple[float, discord.Interaction[Any], int | None]]
    hand_tokens: dict[int, dict[int, SavedHand]]
    board_hooks: dict[int, tuple[float, int, str]]

    public_locale: Callable[[MatchRecord], str]
    """The language of a match's public messages (:meth:`cogs.table.Table.public_locale`)."""
    if TYPE_CHECKING:
        async def publish(self, applied: Applied) -> None:
            """Post a step (:meth:`cogs.table_news.TableNews.publish`)."""

    def forget_old_hands(self) -> None:
        """Drop the private messages Discord no longer lets us edit: an idle match keeps
        no interaction in memory."""
        old = time.monotonic() - HAND_SECONDS
        for key in [k for k, (at, *_) in self.hands.items() if at < old]:
            del self.hands[key]
        for match_id in [m for m, (at, *_) in self.board_hooks.items() if at < old]:
            del self.board_hooks[match_id]
        old_wall = time.time() - HAND_SECONDS
        for match_id in list(self.hand_tokens):
            tokens = self.hand_tokens[match_id]
            for seat in [s for s, (at, *_) in tokens.items() if at < old_wall]:
                del tokens[seat]
            if not tokens:
                del self.hand_tokens[match_id]

    @tasks.loop(seconds=5.0)
    async def timer(self) -> None:
        """Half-time reminders, then the engine's timeout default, for due matches only
        (of the guilds on this process's shards: another process times the others)."""
        now = time.time()
        self.forget_old_hands()
        try:
            due = await self.store.due_matches(now, shard_filter(self.bot))
        except Exception:  # an escaped exception would stop the loop for good
            log.exception("timer could not read due matches")
            return
        expired: list[Applied] = []
        for rec in due:  # every expiry first (deadlines missed while down apply at once)
            if rec.deadline is None:
                continue
            try:
                if now >= rec.deadline:
                    applied = await self.referee.expire(rec.id, rec.version)
                    if applied is not None:
                        expired.append(applied)
                elif not rec.reminded:
                    await self.remind(rec)
            except Exception:
                log.exception("timer failed for match %s", rec.id)
        for applied in expired:
            try:
                await self.publish(applied)
            except Exception:
                log.exception("could not publish the timeout of match %s", applied.match.id)

    @timer.before_loop
    async def _before_timer(self) -> None:
        await self.bot.wait_until_ready()

    async def remind(self, rec: MatchRecord) -> None:
        """The half-time reminder to seats that still have to decide (no buttons)."""
        await self.store.mark_reminded(rec.id, rec.version)
        game = self.referee.game(rec.game)
        state = await self.referee.cached_state(rec, game)
        seats = humans(rec, sorted(pending_seats(game, state)))
        if not seats or rec.thread_id is None or rec.deadline is None:
            return
        loc = self.public_locale(rec)
        who = and_list(loc, [f"<@{rec.seats[s]}>" for s in seats])
        where = self.bot.get_partial_messageable(rec.thread_id)
        await where.send(t(loc, "table.remind", who=who, when=f"<t:{int(rec.deadline)}:R>"),
                         allowed_mentions=discord.AllowedMentions(
                             users=[discord.Object(id=rec.seats[s]) for s in seats]))
