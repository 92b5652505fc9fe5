"""The ladder: /leaderboard, /profile, /history, /replay, /privacy and /ladder reset.

Ratings are written by :func:`db.ratings.on_results` inside the store transaction that
ends a match; this cog only reads them (and resets a server's ladder). Paging buttons
are routed by :class:`cogs.router.Router` (kinds ``lb``, ``hi``, ``rp``, ``lr``) and are
answered with an UPDATE_MESSAGE of the clicked message; every refusal is ephemeral.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Coroutine
from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from cogs import ids
from cogs.ladder_render import (
    PAGE_SIZE,
    game_name,
    history_embed,
    history_view,
    leaderboard_embed,
    leaderboard_view,
    pager,
    profile_embed,
)
from cogs.ladder_replay import Resim, build_replay, replay_embed, resimulate
from cogs.router import Router, StaticView, answer
from db import ladder_queries as Q
from db.ratings import GLOBAL
from db.sqlite import SqliteStore
from engine.core import EngineError, IllegalAction, NotYourDecision
from engine.games import REGISTRY

log = logging.getLogger("hajime.ladder")

GAME_CHOICES = [app_commands.Choice(name=g.name, value=gid) for gid, g in REGISTRY.items()]
RESIM_CACHE = 32
"""Re-simulated replays kept (a finished match never changes; paging reuses them)."""
SCOPE_CHOICES = [app_commands.Choice(name="This server", value="server"),
                 app_commands.Choice(name="Global", value="global")]
NO_PINGS = discord.AllowedMentions.none()


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user holds Manage Server in this guild (as Discord resolved it)."""
    perms = getattr(interaction, "permissions", None)
    return interaction.guild_id is not None and perms is not None and bool(perms.manage_guild)


def check_game(game: str | None) -> None:
    """Refuse an unknown game id."""
    if game is not None and game not in REGISTRY:
        raise IllegalAction("I don't know that game.")


class Ladder(commands.Cog):
    """Leaderboards, profiles, match history, replays and ladder privacy/reset."""

    def __init__(self, bot: commands.Bot, store: SqliteStore) -> None:
        self.bot = bot
        self.store = store
        self._resims: OrderedDict[tuple[int, int, str], Resim] = OrderedDict()

    async def cog_load(self) -> None:
        """Register the paging and confirmation buttons with the router."""
        Router.install(self.bot, {
            "lb": self.on_leaderboard_page,
            "hi": self.on_history_page,
            "rp": self.on_replay_page,
            "lr": self.on_reset_button,
        })

    async def cog_app_command_error(self, interaction: discord.Interaction[Any],
                                    error: app_commands.AppCommandError) -> None:
        """An unexpected failure still gets an answer (the command tree logs it)."""
        await answer(interaction, "Something went wrong on my side; nothing was changed.")

    @staticmethod
    async def reply(interaction: discord.Interaction[Any],
                    payload: Coroutine[Any, Any, dict[str, Any]], *, ephemeral: bool) -> None:
        """Send the awaited ``payload``; an engine refusal is answered ephemerally instead."""
        try:
            body = await payload
        except EngineError as exc:
            await answer(interaction, exc.reason)
            return
        await interaction.response.send_message(ephemeral=ephemeral, **body)

    # ---------------------------------------------------------------- leaderboard
    def scope_of(self, interaction: discord.Interaction[Any], code: str) -> tuple[str, str]:
        """``(scope, where)`` for ``s`` (this server) or ``g`` (global)."""
        if code == "g":
            return GLOBAL, "Global"
        if code != "s":
            raise ids.BadCustomId("bad scope")
        if interaction.guild_id is None:
            raise IllegalAction("Server leaderboards live in servers; try scope: global.")
        guild = interaction.guild
        return str(interaction.guild_id), guild.name if guild is not None else "This server"

    async def leaderboard_payload(self, interaction: discord.Interaction[Any], code: str,
                                  game: str, page: int) -> dict[str, Any]:
        """Embed and pager of one leaderboard page (clamped to the last page)."""
        check_game(game)
        scope, where = self.scope_of(interaction, code)
        board = await Q.leaderboard_page(self.store, scope, game, page * PAGE_SIZE, PAGE_SIZE)
        if board.rows == [] and board.total and page > 0:
            last = (board.total - 1) // PAGE_SIZE
            board = await Q.leaderboard_page(self.store, scope, game, last * PAGE_SIZE,
                                             PAGE_SIZE)
        return {"embed": leaderboard_embed(board, where), "view": leaderboard_view(board, code),
                "allowed_mentions": NO_PINGS}

    @app_commands.command(name="leaderboard", description="The best players of a game.")
    @app_commands.describe(game="Which game", scope="This server (default) or global")
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPE_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str,
                          scope: str = "server") -> None:
        """Post page 1 of the leaderboard; anyone may page with the buttons."""
        code = "s" if scope == "server" and interaction.guild_id is not None else "g"
        await self.reply(interaction, self.leaderboard_payload(interaction, code, game, 0),
                         ephemeral=False)

    async def on_leaderboard_page(self, interaction: discord.Interaction[Any],
                                  cid: ids.CustomId) -> None:
        """Prev/Next on a leaderboard: edit the same message."""
        payload = await self.leaderboard_payload(interaction, cid.text(0), cid.text(1),
                                                 cid.page(2))
        await interaction.response.edit_message(**payload)

    # ------------------------------------------------------------------- profile
    @app_commands.command(name="profile", description="Ratings, record and last matches.")
    @app_commands.describe(user="Whose profile (default: yours)")
    async def profile(self, interaction: discord.Interaction[Any],
                      user: discord.User | None = None) -> None:
        """Rating and rank per game, W/L/D, streak, favourite fighter, last matches."""
        who = user or interaction.user
        guild_id = interaction.guild_id
        scope = GLOBAL if guild_id is None else str(guild_id)
        where = "Discord (global)" if guild_id is None else (
            interaction.guild.name if interaction.guild is not None else "this server")
        games = []
        for game in await Q.rated_games(self.store, scope, who.id):
            prof = await Q.game_profile(self.store, scope, game, who.id)
            if prof is None:
                continue
            world = prof if scope == GLOBAL else await Q.game_profile(
                self.store, GLOBAL, game, who.id)
            games.append((game, prof, world))
        recent = await Q.history_page(self.store, who.id, guild_id=guild_id, limit=5)
        hidden = await Q.get_hidden(self.store, who.id)
        embed = profile_embed(who.id, who.display_name, where, games, recent.matches, hidden)
        await interaction.response.send_message(embed=embed, allowed_mentions=NO_PINGS)

    # ------------------------------------------------------------------- history
    async def history_payload(self, interaction: discord.Interaction[Any], user_id: int,
                              game: str | None, page: int) -> dict[str, Any]:
        """Embed and pager of one history page (this server's matches inside a server)."""
        check_game(game)
        hist = await Q.history_page(self.store, user_id, game=game,
                                    guild_id=interaction.guild_id,
                                    offset=page * PAGE_SIZE, limit=PAGE_SIZE)
        if not hist.matches and hist.total and page > 0:
            last = (hist.total - 1) // PAGE_SIZE
            hist = await Q.history_page(self.store, user_id, game=game,
                                        guild_id=interaction.guild_id,
                                        offset=last * PAGE_SIZE, limit=PAGE_SIZE)
        return {"embed": history_embed(hist, user_id, game),
                "view": history_view(hist, user_id, game), "allowed_mentions": NO_PINGS}

    @app_commands.command(name="history", description="Finished matches, newest first.")
    @app_commands.describe(user="Whose matches (default: yours)", game="Only this game")
    @app_commands.choices(game=GAME_CHOICES)
    async def history(self, interaction: discord.Interaction[Any],
                      user: discord.User | None = None, game: str | None = None) -> None:
        """A paged list of finished matches (ephemeral: the asker pages privately)."""
        who = user or interaction.user
        await self.reply(interaction, self.history_payload(interaction, who.id, game, 0),
                         ephemeral=True)

    async def on_history_page(self, interaction: discord.Interaction[Any],
                              cid: ids.CustomId) -> None:
        """Prev/Next on a history list."""
        game = cid.text(1)
        payload = await self.history_payload(interaction, cid.num(0),
                                             None if game == "_all" else game, cid.page(2))
        await interaction.response.edit_message(**payload)

    # -------------------------------------------------------------------- replay
    async def replay_payload(self, interaction: discord.Interaction[Any], match_id: int,
                             page: int) -> dict[str, Any]:
        """One page of a finished match's replay; refuses live, unknown or foreign matches."""
        rec = await self.store.get_match(match_id)
        if rec is None:
            raise IllegalAction(f"There is no match #{match_id}.")
        if rec.status == "active":
            raise IllegalAction(f"Match #{match_id} is still being played; its replay opens "
                                "when it ends (hands and commits stay secret until then).")
        if (rec.guild_id is not None and rec.guild_id != interaction.guild_id
                and interaction.user.id not in rec.seats):
            raise IllegalAction(f"Match #{match_id} was played on another server.")
        events = await self.store.events(match_id)
        logs = await self.store.action_log(match_id)
        summary = await Q.match_summary(self.store, match_id)
        if summary is not None and not summary.seats:
            summary = None
        key = (rec.id, len(logs), rec.state)
        resim = self._resims.get(key)
        if resim is None:  # a long match takes tens of ms: off the event loop, then cached
            resim = await asyncio.to_thread(resimulate, rec, logs)
            self._resims[key] = resim
            while len(self._resims) > RESIM_CACHE:
                self._resims.popitem(last=False)
        self._resims.move_to_end(key)
        replay = build_replay(rec, summary, events, logs, resim)
        page = max(0, min(page, len(replay.pages) - 1))
        return {"embed": replay_embed(replay, page),
                "view": pager("rp", [match_id], page, len(replay.pages)),
                "allowed_mentions": NO_PINGS}

    @app_commands.command(name="replay", description="Watch a finished match, secrets revealed.")
    @app_commands.describe(match_id="The match number (see /history)")
    async def replay(self, interaction: discord.Interaction[Any],
                     match_id: app_commands.Range[int, 1]) -> None:
        """The whole match turn by turn, ephemeral and paged."""
        await self.reply(interaction, self.replay_payload(interaction, match_id, 0),
                         ephemeral=True)

    async def on_replay_page(self, interaction: discord.Interaction[Any],
                             cid: ids.CustomId) -> None:
        """Prev/Next in a replay."""
        payload = await self.replay_payload(interaction, cid.num(0), cid.num(1))
        await interaction.response.edit_message(**payload)

    # ------------------------------------------------------------------- privacy
    privacy = app_commands.Group(name="privacy", description="Your privacy settings.")

    @privacy.command(name="leaderboard", description="Show or hide yourself on leaderboards.")
    @app_commands.describe(mode="show or hide")
    async def privacy_leaderboard(self, interaction: discord.Interaction[Any],
                                  mode: Literal["show", "hide"]) -> None:
        """Opt out of (or back into) every leaderboard; ratings keep being computed."""
        await Q.set_hidden(self.store, interaction.user.id, mode == "hide")
        text = ("You are now hidden from every leaderboard (your rating is still kept)."
                if mode == "hide" else "You are listed on leaderboards again.")
        await answer(interaction, text)

    # --------------------------------------------------------------------- reset
    ladder = app_commands.Group(name="ladder", description="Server ladder administration.",
                                guild_only=True,
                                default_permissions=discord.Permissions(manage_guild=True))

    @ladder.command(name="reset", description="Erase this server's ratings for a game.")
    @app_commands.describe(game="Which game's ladder to reset")
    @app_commands.choices(game=GAME_CHOICES)
    async def ladder_reset(self, interaction: discord.Interaction[Any], game: str) -> None:
        """Ask the admin to confirm with a button (only they may press it)."""
        await self.reply(interaction, self.reset_prompt(interaction, game), ephemeral=False)

    async def reset_prompt(self, interaction: discord.Interaction[Any],
                           game: str) -> dict[str, Any]:
        """The confirmation message of ``/ladder reset`` (refused without Manage Server)."""
        check_game(game)
        if not can_manage(interaction):
            raise NotYourDecision("You need the Manage Server permission for this.")
        board = await Q.leaderboard_page(self.store, str(interaction.guild_id), game, 0, 1)
        view = StaticView()
        view.add_item(discord.ui.Button(
            label="Yes, reset", style=discord.ButtonStyle.danger,
            custom_id=ids.make("lr", game, interaction.user.id, "yes")))
        view.add_item(discord.ui.Button(
            label="Cancel", custom_id=ids.make("lr", game, interaction.user.id, "no")))
        return {"content": f"⚠️ <@{interaction.user.id}> asks to reset this server's "
                           f"**{game_name(game)}** ladder ({board.total} listed players). "
                           "Ratings restart from scratch; match history stays. Confirm?",
                "view": view, "allowed_mentions": NO_PINGS}

    async def on_reset_button(self, interaction: discord.Interaction[Any],
                              cid: ids.CustomId) -> None:
        """The confirmation click: only the admin who asked, still holding Manage Server."""
        game, admin, what = cid.text(0), cid.num(1), cid.text(2)
        if what not in ("yes", "no"):
            raise ids.BadCustomId("bad answer")
        check_game(game)
        if interaction.user.id != admin:
            raise NotYourDecision(f"Only <@{admin}> can confirm this reset.")
        if what == "no":
            await interaction.response.edit_message(content="Ladder reset cancelled.",
                                                    view=StaticView())
            return
        if not can_manage(interaction) or interaction.guild_id is None:
            raise NotYourDecision("You need the Manage Server permission for this.")
        deleted = await Q.reset_ladder(self.store, interaction.guild_id, game)
        log.info("ladder reset guild=%s game=%s by=%s rows=%d", interaction.guild_id, game,
                 admin, deleted)
        await interaction.response.edit_message(
            content=f"♻️ <@{admin}> reset this server's **{game_name(game)}** ladder "
                    f"({deleted} ratings erased).", view=StaticView(),
            allowed_mentions=NO_PINGS)


async def setup(bot: commands.Bot) -> None:
    """discord.py extension entry point: needs ``bot.store`` (a SqliteStore)."""
    store = getattr(bot, "store", None)
    if not isinstance(store, SqliteStore):
        raise RuntimeError("the ladder needs bot.store to be a SqliteStore")
    await bot.add_cog(Ladder(bot, store))
