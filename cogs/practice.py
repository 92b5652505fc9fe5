"""Practice against the AI: ``/practice game [level]`` (or challenging the bot itself).

A practice match is an ordinary stored match, **unrated**, whose second seat is the bot's
own user. The AI plays that seat through the same path as a human: the referee's
:meth:`~referee.service.Referee.act` (same checks, version guard, one transaction), then the
table's publishing. It is given the seat's view only (:func:`engine.ai.decide`), and it
thinks in a worker thread (``run_in_executor``) so the bot keeps answering meanwhile.

The AI moves as soon as it is prompted: after every published step (the table
dispatches ``hajime_step``), right after the opening, and on start: a sweep of the bot's
live matches (every few seconds, and at once on ``on_ready``) finds any decision it still
owes, so a restart never leaves it stuck. It is never pinged and never timed out (the
referee skips it, :attr:`referee.service.Referee.untimed`). The board names it "Hajime (AI,
hard)"; the level is kept with the match (its options, :data:`referee.ai_seats.AI_KEY`), so
it survives a restart. Matches stored before that kept it in a guild setting
``practice:<match id>``: it is still read, and deleted once the match is over.

The same cog plays the AI seats a host added at a ``/host`` table (:mod:`cogs.seating`):
every seat listed in a match's AI seats, whatever its user id.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs.i18n_discord import L, game_choices, locale_of
from cogs.router import answer
from cogs.shards import owns
from db.base import MatchRecord, Store
from engine.ai import LEVELS, Agent, make
from engine.ai.agent import decide_within
from engine.ai.budget import CAP_SECONDS, DEFAULT_SECONDS, wall_clock
from engine.core import EngineError, StaleAction
from engine.games import REGISTRY
from referee.ai_seats import BOT_NAME, MATCH_AI_IDS, ai_levels, is_virtual
from referee.i18n import DEFAULT, Refusal, reason, t
from referee.service import Referee

log = logging.getLogger("hajime.practice")

LEVEL_CHOICES = [app_commands.Choice(name=L(f"practice.level.{lv}"), value=lv)
                 for lv in LEVELS]
DEFAULT_LEVEL = "normal"
COMPAT_LEVELS: dict[int, dict[int, str]] = {}
"""AI seats of practice matches stored before the level was kept with the match (read
from their guild setting once)."""


def seat_levels(rec: MatchRecord) -> dict[int, str]:
    """The AI seats of a match and their levels (none: a match between people)."""
    return ai_levels(rec.options) or COMPAT_LEVELS.get(rec.id, {})


def ai_name(rec: MatchRecord, seat: int, loc: str = DEFAULT) -> str | None:
    """The name of an AI seat on the board ("Hajime (AI, hard)"), or None for a person."""
    level = seat_levels(rec).get(seat)
    if level is None:
        if 0 <= seat < len(rec.seats) and is_virtual(rec.seats[seat]):
            return t(loc, "practice.ai_plain", bot=BOT_NAME[0])
        return None
    return t(loc, "practice.ai_name", bot=BOT_NAME[0], level=t(loc, f"practice.level.{level}"))


def is_ai(rec: MatchRecord, seat: int) -> bool:
    """Whether ``seat`` is played by the AI (never pinged, never timed out)."""
    return seat in seat_levels(rec) or is_virtual(rec.seats[seat])


def level_key(match_id: int) -> str:
    """The guild setting that held a practice match's level before it was kept with the
    match (read for older matches, then deleted)."""
    return f"practice:{match_id}"


class Practice(commands.Cog):
    """Opens practice matches and plays the AI seats (practice and /host tables)."""

    def __init__(self, bot: commands.Bot, store: Store, referee: Referee,
                 tick_seconds: float = 5.0, expert_seconds: float = DEFAULT_SECONDS) -> None:
        self.bot = bot
        self.expert_budget = wall_clock(time.perf_counter, expert_seconds)
        """The expert level's budget: ``ai_expert_seconds`` of wall clock per move."""
        self.store = store
        self.referee = referee
        self.agents: dict[tuple[int, int], Agent] = {}
        """Per (match, seat), the AI's agent (it may remember what it did, like a player)."""
        self.levels: dict[int, dict[int, str]] = {}
        """Per live match the AI sits in, its seats and their levels."""
        self.running: dict[int, asyncio.Task[None]] = {}
        self.again: set[int] = set()
        self.moves = 0
        """AI decisions applied (tests wait on it)."""
        self.sweeper.change_interval(seconds=tick_seconds)

    async def cog_load(self) -> None:
        """Start the sweep of live practice matches."""
        self.sweeper.start()

    async def cog_unload(self) -> None:
        """Stop the sweep and the AI's pending moves."""
        self.sweeper.cancel()
        for task in self.running.values():
            task.cancel()

    @property
    def ai_user(self) -> int:
        """The bot's own user id (the AI's seat in practice matches)."""
        user = self.bot.user
        if user is None:
            raise Refusal("practice.not_ready")
        self.referee.untimed.add(user.id)
        BOT_NAME[0] = user.display_name
        return user.id

    @property
    def busy(self) -> bool:
        """Whether an AI move is being computed or applied now."""
        return any(not task.done() for task in self.running.values())

    # ----------------------------------------------------------------- /practice
    @app_commands.command(name=L("cmd.practice.name"),
                          description=L("cmd.practice.description"))
    @app_commands.rename(game=L("cmd.practice.opt.game.name"),
                         level=L("cmd.practice.opt.level.name"))
    @app_commands.describe(game=L("cmd.practice.opt.game.description"),
                           level=L("cmd.practice.opt.level.description"))
    @app_commands.choices(game=game_choices(), level=LEVEL_CHOICES)
    @app_commands.guild_only()
    async def practice(self, interaction: discord.Interaction[Any], game: str,
                       level: str = DEFAULT_LEVEL) -> None:
        """Open an unrated match against the AI at ``level``."""
        try:
            await self.start(interaction, game, level, {})
        except EngineError as exc:
            await answer(interaction, reason(exc, locale_of(interaction)))

    async def rematch(self, interaction: discord.Interaction[Any], old: MatchRecord) -> None:
        """The Rematch button of a practice match: a new one, same game, options, level,
        in the channel of the old one."""
        levels = await self.levels_of(old)
        level = next(iter(levels.values()), DEFAULT_LEVEL)
        await self.start(interaction, old.game, level, dict(old.options),
                         channel_id=old.channel_id)

    async def start(self, interaction: discord.Interaction[Any], game: str, level: str,
                    options: dict[str, Any], channel_id: int | None = None) -> MatchRecord:
        """Open, post and start a practice match for the user of ``interaction`` (in
        ``channel_id``, by default where the command was used).

        Refusals (unknown game or level, the live-match limit) raise :class:`Refusal`
        before anything is stored.
        """
        if game not in REGISTRY:
            raise Refusal("lobby.unknown_game")
        if level not in LEVELS:
            raise Refusal("practice.unknown_level", levels=", ".join(LEVELS))
        if REGISTRY[game].min_seats > 2:
            raise Refusal("practice.two_seats")
        ai = self.ai_user
        lobby: Any = self.bot.get_cog("Lobby")
        if lobby is not None:
            await lobby.check_room(interaction.user.id)
        opts = REGISTRY[game].parse_options(options).model_dump(mode="json")
        # A challenge to the bot, accepted at once: the match is stored "opening" in the
        # same transaction, so a crash before its board is posted is finished on start.
        here = channel_id if channel_id is not None else interaction.channel_id or 0
        ch = await self.store.create_challenge(
            guild_id=interaction.guild_id, channel_id=here,
            challenger_id=interaction.user.id, opponent_id=ai, game=game, options=opts,
            expires_at=time.time() + 60)
        rec, state = await self.referee.open_match(
            guild_id=interaction.guild_id, channel_id=here,
            game_id=game, options=opts, seats=[interaction.user.id, ai], rated=False,
            challenge_id=ch.id, ai={1: level})
        self.levels[rec.id] = {1: level}
        loc = locale_of(interaction)
        await interaction.response.send_message(
            t(loc, "practice.opening", game=REGISTRY[game].name,
              level=t(loc, f"practice.level.{level}")), ephemeral=True)
        channel = interaction.channel
        where: discord.abc.Messageable | None = (
            channel if channel_id is None and isinstance(channel, discord.abc.Messageable)
            else None)  # None: the reconciler looks the match's channel up
        table: Any = self.bot.get_cog("Table")
        opened: MatchRecord = await table.post_board(rec, state, where)
        self.kick(opened.id)
        return opened

    def adopt(self, rec: MatchRecord) -> None:
        """Play the AI seats of a match that just started (a /host table with AIs)."""
        levels = ai_levels(rec.options)
        if levels and rec.status == "active":
            self.levels[rec.id] = levels
            self.kick(rec.id)

    async def levels_of(self, rec: MatchRecord) -> dict[int, str]:
        """A match's AI seats and levels, from the match (or, for a practice match stored
        before they were kept there, from its guild setting, deleted once it is over)."""
        levels = ai_levels(rec.options)
        if not levels and self.bot.user is not None and self.ai_user in rec.seats:
            key = level_key(rec.id)
            level = await self.store.guild_setting(rec.guild_id or 0, key, DEFAULT_LEVEL)
            levels = {rec.seats.index(self.ai_user):
                      level if level in LEVELS else DEFAULT_LEVEL}
            COMPAT_LEVELS[rec.id] = levels
            if rec.status != "active":
                await self.store.delete_guild_setting(rec.guild_id or 0, key)
        if rec.status == "active" and levels:
            self.levels[rec.id] = levels
        return levels

    # ----------------------------------------------------------------- the AI's turn
    @commands.Cog.listener()
    async def on_hajime_step(self, match_id: int) -> None:
        """A step of some match was published: play the AI's decision, if it has one."""
        if match_id in self.levels:
            self.kick(match_id)

    @commands.Cog.listener()
    async def on_hajime_match_over(self, match_id: int) -> None:
        """A match ended (e.g. the last person forfeited, with no AI turn to follow):
        forget its AI seats now rather than on the AI's next look."""
        if match_id in self.levels or any(k[0] == match_id for k in self.agents):
            rec = await self.store.get_match(match_id)
            if rec is not None:
                await self.forget(rec)

    def kick(self, match_id: int) -> None:
        """Make sure the AI looks at ``match_id`` soon (at most one task per match)."""
        task = self.running.get(match_id)
        if task is not None and not task.done():
            self.again.add(match_id)
            return
        self.running[match_id] = asyncio.create_task(self.play(match_id),
                                                     name=f"hajime-ai-{match_id}")

    async def play(self, match_id: int) -> None:
        """Play every decision the AI owes in ``match_id``, one at a time."""
        try:
            for _ in range(500):
                self.again.discard(match_id)
                moved = await self.move(match_id)
                if not moved and match_id not in self.again:
                    return
        except Exception:
            log.exception("the AI could not play match %s", match_id)
        finally:
            self.running.pop(match_id, None)

    async def move(self, match_id: int) -> bool:
        """One AI decision (of its first seat that owes one), if any; False when there
        was nothing to do."""
        rec, game, state = await self.referee.load(match_id)
        if rec.status != "active":  # over (a forfeit, a timeout): nothing more to play
            await self.forget(rec)
            return False
        if rec.opening or rec.message_id is None:
            return False
        levels = self.levels.get(match_id) or await self.levels_of(rec)
        prompts = game.prompts(state)
        owed = [s for s in sorted(levels)
                if s not in state.left and (p := prompts.get(s)) is not None
                and not p.committed]
        if not owed:
            return False
        seat = owed[0]
        agent = self.agents.get((match_id, seat))
        if agent is None:
            agent = self.agents[(match_id, seat)] = make(rec.game, levels[seat],
                                                         self.expert_budget)
        rng = random.Random(hash((match_id, seat, state.version)))
        loop = asyncio.get_running_loop()
        cap = None if levels[seat] == "expert" else CAP_SECONDS  # expert: its own budget
        action = await loop.run_in_executor(None, decide_within, game, state, seat, agent,
                                            rng, cap, time.perf_counter)
        if action is None:
            return False
        try:
            applied = await self.referee.act(match_id, rec.seats[seat], action.aid,
                                             state.version, seat=seat)
        except StaleAction:
            return True  # the board moved meanwhile: look again
        self.moves += 1
        table: Any = self.bot.get_cog("Table")
        await table.publish(applied)
        if applied.outcome is not None:
            await self.forget(applied.match)
        return True

    async def forget(self, rec: MatchRecord) -> None:
        """Drop a finished match's agents (its AI names stay for the final board), and
        the guild setting of an older practice match."""
        for key in [k for k in self.agents if k[0] == rec.id]:
            self.agents.pop(key, None)
        self.levels.pop(rec.id, None)
        if rec.id in COMPAT_LEVELS:
            await self.store.delete_guild_setting(rec.guild_id or 0, level_key(rec.id))

    # ----------------------------------------------------------------- the sweep
    @tasks.loop(seconds=5.0)
    async def sweeper(self) -> None:
        """Find live matches waiting for the AI (after a restart, a lost task)."""
        try:
            await self.sweep()
        except Exception:  # an escaped exception would stop the loop for good
            log.exception("the practice sweep failed")

    async def sweep(self) -> None:
        """Kick the AI of every live match it sits in (practice and /host tables)."""
        if self.bot.user is None:
            return
        seen: set[int] = set()
        for uid in (self.ai_user, *MATCH_AI_IDS):
            for rec in await self.store.live_matches(uid):
                if rec.id in seen or not owns(self.bot, rec.guild_id):
                    continue  # (another process runs the other shards' guilds)
                seen.add(rec.id)
                if rec.id not in self.levels:
                    await self.levels_of(rec)
                if rec.id in self.levels and rec.id not in self.running:
                    self.kick(rec.id)

    @sweeper.before_loop
    async def _before_sweep(self) -> None:
        await self.bot.wait_until_ready()
