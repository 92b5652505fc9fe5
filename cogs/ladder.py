"""The ladder: /leaderboard, /profile, /history, /replay, /privacy and /ladder reset.

Ratings are written by :func:`db.ratings.on_results` inside the store transaction that
ends a match; this cog only reads them (and resets a server's ladder). Paging buttons
are routed by :class:`cogs.router.Router` (kinds ``lb``, ``hi``, ``rp``, ``lr``) and are
answered with an UPDATE_MESSAGE of the clicked message; every refusal is ephemeral.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from collections.abc import Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import ids
from cogs.autocomplete import matching, user_name
from cogs.embeds import to_discord
from cogs.i18n_discord import L, game_choices, locale_of
from cogs.ladder_render import (
    PAGE_SIZE,
    history_embed,
    history_view,
    jump_menu,
    leaderboard_embed,
    leaderboard_view,
    pager,
    profile_embed,
)
from cogs.router import Router, StaticView, answer
from db import ladder_queries as Q
from db.ratings import GLOBAL
from db.sqlite import SqliteStore
from engine.core import EngineError
from engine.games import REGISTRY
from referee import fairness
from referee.i18n import Refusal, game_name, reason, t
from referee.replay import (
    Resim,
    build_replay,
    jump_labels,
    page_picture,
    replay_embed,
    resimulate,
)

log = logging.getLogger("hajime.ladder")

GAME_CHOICES = game_choices()
RESIM_CACHE = 32
"""Re-simulated replays kept (a finished match never changes; paging reuses them)."""
SCOPE_CHOICES = [app_commands.Choice(name=L("choice.scope.server"), value="server"),
                 app_commands.Choice(name=L("choice.scope.global"), value="global")]
MODE_CHOICES = [app_commands.Choice(name=L("choice.mode.show"), value="show"),
                app_commands.Choice(name=L("choice.mode.hide"), value="hide")]
NO_PINGS = discord.AllowedMentions.none()


def can_manage(interaction: discord.Interaction[Any]) -> bool:
    """Whether the user holds Manage Server in this guild (as Discord resolved it)."""
    perms = getattr(interaction, "permissions", None)
    return interaction.guild_id is not None and perms is not None and bool(perms.manage_guild)


def check_game(game: str | None) -> None:
    """Refuse an unknown game id."""
    if game is not None and game not in REGISTRY:
        raise Refusal("ladder.unknown_game")


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
            "rj": self.on_replay_jump,
            "lr": self.on_reset_button,
        })

    async def cog_app_command_error(self, interaction: discord.Interaction[Any],
                                    error: app_commands.AppCommandError) -> None:
        """An unexpected failure still gets an answer (the command tree logs it)."""
        await answer(interaction, t(locale_of(interaction), "router.command_error"))

    @staticmethod
    async def reply(interaction: discord.Interaction[Any],
                    payload: Coroutine[Any, Any, dict[str, Any]], *, ephemeral: bool) -> None:
        """Send the awaited ``payload``; an engine refusal is answered ephemerally instead."""
        try:
            body = await payload
        except EngineError as exc:
            await answer(interaction, reason(exc, locale_of(interaction)))
            return
        await interaction.response.send_message(ephemeral=ephemeral, **body)

    # ---------------------------------------------------------------- leaderboard
    def scope_of(self, interaction: discord.Interaction[Any], code: str) -> tuple[str, str]:
        """``(scope, where)`` for ``s`` (this server) or ``g`` (global)."""
        loc = locale_of(interaction)
        if code == "g":
            return GLOBAL, t(loc, "ladder.global")
        if code != "s":
            raise ids.BadCustomId("bad scope")
        if interaction.guild_id is None:
            raise Refusal("ladder.server_only")
        guild = interaction.guild
        return str(interaction.guild_id), (guild.name if guild is not None
                                           else t(loc, "ladder.this_server"))

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
        loc = locale_of(interaction)
        return {"embed": leaderboard_embed(board, where, loc=loc),
                "view": leaderboard_view(board, code, loc=loc),
                "allowed_mentions": NO_PINGS}

    @app_commands.command(name=L("cmd.leaderboard.name"),
                          description=L("cmd.leaderboard.description"))
    @app_commands.rename(game=L("cmd.leaderboard.opt.game.name"),
                         scope=L("cmd.leaderboard.opt.scope.name"))
    @app_commands.describe(game=L("cmd.leaderboard.opt.game.description"),
                           scope=L("cmd.leaderboard.opt.scope.description"))
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
    @app_commands.command(name=L("cmd.profile.name"), description=L("cmd.profile.description"))
    @app_commands.rename(user=L("cmd.profile.opt.user.name"))
    @app_commands.describe(user=L("cmd.profile.opt.user.description"))
    async def profile(self, interaction: discord.Interaction[Any],
                      user: discord.User | None = None) -> None:
        """Rating and rank per game, W/L/D, streak, favourite fighter, last matches."""
        who = user or interaction.user
        loc = locale_of(interaction)
        guild_id = interaction.guild_id
        scope = GLOBAL if guild_id is None else str(guild_id)
        where = t(loc, "ladder.discord_global") if guild_id is None else (
            interaction.guild.name if interaction.guild is not None
            else t(loc, "ladder.this_server"))
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
        embed = profile_embed(who.id, who.display_name, where, games, recent.matches, hidden,
                              loc=loc)
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
        loc = locale_of(interaction)
        return {"embed": history_embed(hist, user_id, game, loc=loc),
                "view": history_view(hist, user_id, game, loc=loc),
                "allowed_mentions": NO_PINGS}

    @app_commands.command(name=L("cmd.history.name"), description=L("cmd.history.description"))
    @app_commands.rename(user=L("cmd.history.opt.user.name"),
                         game=L("cmd.history.opt.game.name"))
    @app_commands.describe(user=L("cmd.history.opt.user.description"),
                           game=L("cmd.history.opt.game.description"))
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
            raise Refusal("ladder.no_match", id=match_id)
        if rec.status == "active":
            raise Refusal("ladder.still_playing", id=match_id)
        if (rec.guild_id is not None and rec.guild_id != interaction.guild_id
                and interaction.user.id not in rec.seats):
            raise Refusal("ladder.other_server", id=match_id)
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
        loc = locale_of(interaction)
        replay = build_replay(rec, summary, events, logs, resim, loc=loc)
        page = max(0, min(page, len(replay.pages) - 1))
        embed = to_discord(replay_embed(replay, page, loc=loc))
        png = await page_picture(rec, logs, replay.version_of(page), loc)  # this page's only
        files = []
        if png is not None:
            name = f"replay-{match_id}-{page + 1}.png"
            embed.set_image(url=f"attachment://{name}")
            files.append(discord.File(io.BytesIO(png), filename=name))
        view = pager("rp", [match_id], page, len(replay.pages), loc=loc, ends=True)
        jump_menu(view, "rj", [match_id], page, jump_labels(replay, page, loc=loc), loc)
        return {"embed": embed, "files": files, "view": view, "allowed_mentions": NO_PINGS}

    @app_commands.command(name=L("cmd.replay.name"), description=L("cmd.replay.description"))
    @app_commands.rename(match_id=L("cmd.replay.opt.match_id.name"))
    @app_commands.describe(match_id=L("cmd.replay.opt.match_id.description"))
    async def replay(self, interaction: discord.Interaction[Any],
                     match_id: app_commands.Range[int, 1]) -> None:
        """The whole match turn by turn, ephemeral and paged."""
        await self.reply(interaction, self.replay_payload(interaction, match_id, 0),
                         ephemeral=True)

    @app_commands.command(name=L("cmd.verify.name"), description=L("cmd.verify.description"))
    @app_commands.rename(match_id=L("cmd.verify.opt.match_id.name"))
    @app_commands.describe(match_id=L("cmd.verify.opt.match_id.description"))
    async def verify(self, interaction: discord.Interaction[Any],
                     match_id: app_commands.Range[int, 1]) -> None:
        """Re-derive a finished match's sealed choices and shuffles from its log."""
        await self.reply(interaction, self.verify_payload(interaction, match_id),
                         ephemeral=True)

    async def verify_payload(self, interaction: discord.Interaction[Any],
                             match_id: int) -> dict[str, Any]:
        """The verification of a finished match (:func:`referee.fairness.verify`)."""
        rec = await self.store.get_match(match_id)
        if rec is None:
            raise Refusal("ladder.no_match", id=match_id)
        if rec.status == "active":
            raise Refusal("ladder.still_playing", id=match_id)
        logs = await self.store.action_log(match_id)
        found = await asyncio.to_thread(fairness.verify, rec, logs)
        loc = locale_of(interaction)
        names = [f"<@{u}>" for u in rec.seats]
        lines = [t(loc, "verify.seed", seed=format(found.seed, "x"), hash=found.seed_hash)
                 ] if found.seed is not None and found.seed_hash else []
        if found.salt:
            lines.append(t(loc, "verify.salt", salt=found.salt))
        lines += [t(loc, "verify.commitment", version=c.version, who=names[c.seat]
                    if c.seat < len(names) else "?", digest=c.digest)
                  for c in found.commitments]
        lines += [t(loc, "verify.problem", problem=p) for p in found.problems]
        head = t(loc, "verify.ok" if found.ok else "verify.failed", id=match_id,
                 count=len(found.commitments))
        body = "\n".join(lines)
        if len(body) > 3900:
            body = body[:3900].rsplit("\n", 1)[0] + "\n…"
        embed = discord.Embed(title=head, description=body,
                              color=0x2ECC71 if found.ok else 0xE74C3C)
        embed.set_footer(text=t(loc, "verify.footer", id=match_id))
        return {"embed": embed, "allowed_mentions": NO_PINGS}

    @replay.autocomplete("match_id")
    async def _replay_autocomplete(self, interaction: discord.Interaction[Any],
                                   current: str) -> list[app_commands.Choice[int]]:
        """The caller's last finished matches, readably labelled (newest first)."""
        page = await Q.history_page(self.store, interaction.user.id, limit=25)
        out = []
        for m in page.matches:
            mine = m.result_of(interaction.user.id)
            rivals = ", ".join([await user_name(self.bot, interaction.guild, s.user_id)
                                for s in m.seats if s.user_id != interaction.user.id])
            best = min((s.rank for s in m.seats), default=1)
            tie = all(s.rank == best for s in m.seats)
            how = ("draw" if tie else "won" if mine is not None and mine.rank == best
                   else "lost")
            label = f"#{m.match_id} {REGISTRY[m.game].name} vs {rivals} · {how}"
            out.append(app_commands.Choice(name=label[:100], value=m.match_id))
        return matching(out, current)

    async def on_replay_page(self, interaction: discord.Interaction[Any],
                             cid: ids.CustomId) -> None:
        """Prev/Next in a replay."""
        await self.turn_replay_page(interaction, cid.num(0), cid.num(1))

    async def on_replay_jump(self, interaction: discord.Interaction[Any],
                             cid: ids.CustomId) -> None:
        """A page picked in a replay's jump menu (its value: the page, 0-based; a page
        past the end shows the last one)."""
        page = ids.picked(interaction.data, most=1)[0]
        if not page.isascii() or not page.isdigit() or len(page) > 6:
            raise ids.BadCustomId("no page")
        await self.turn_replay_page(interaction, cid.num(0), int(page))

    async def turn_replay_page(self, interaction: discord.Interaction[Any], match_id: int,
                               page: int) -> None:
        """Show another page of a replay in the message clicked."""
        payload = await self.replay_payload(interaction, match_id, page)
        files = payload.pop("files")  # the new page's picture replaces the old one
        await interaction.response.edit_message(**payload, attachments=files)

    # ------------------------------------------------------------------- privacy
    privacy = app_commands.Group(name=L("cmd.privacy.name"),
                                 description=L("cmd.privacy.description"))

    @privacy.command(name=L("cmd.privacy.leaderboard.name"),
                     description=L("cmd.privacy.leaderboard.description"))
    @app_commands.rename(mode=L("cmd.privacy.leaderboard.opt.mode.name"))
    @app_commands.describe(mode=L("cmd.privacy.leaderboard.opt.mode.description"))
    @app_commands.choices(mode=MODE_CHOICES)
    async def privacy_leaderboard(self, interaction: discord.Interaction[Any],
                                  mode: str) -> None:
        """Opt out of (or back into) every leaderboard; ratings keep being computed."""
        loc = locale_of(interaction)
        if mode not in ("show", "hide"):
            await answer(interaction, t(loc, "ladder.bad_mode"))
            return
        await Q.set_hidden(self.store, interaction.user.id, mode == "hide")
        await answer(interaction, t(loc, "ladder.hidden_now" if mode == "hide"
                                    else "ladder.listed_again"))

    # --------------------------------------------------------------------- reset
    ladder = app_commands.Group(name=L("cmd.ladder.name"),
                                description=L("cmd.ladder.description"),
                                guild_only=True,
                                default_permissions=discord.Permissions(manage_guild=True))

    @ladder.command(name=L("cmd.ladder.reset.name"),
                    description=L("cmd.ladder.reset.description"))
    @app_commands.rename(game=L("cmd.ladder.reset.opt.game.name"))
    @app_commands.describe(game=L("cmd.ladder.reset.opt.game.description"))
    @app_commands.choices(game=GAME_CHOICES)
    async def ladder_reset(self, interaction: discord.Interaction[Any], game: str) -> None:
        """Ask the admin to confirm with a button (only they may press it)."""
        await self.reply(interaction, self.reset_prompt(interaction, game), ephemeral=False)

    async def reset_prompt(self, interaction: discord.Interaction[Any],
                           game: str) -> dict[str, Any]:
        """The confirmation message of ``/ladder reset`` (refused without Manage Server)."""
        check_game(game)
        if not can_manage(interaction):
            raise Refusal("ladder.need_manage")
        loc = locale_of(interaction)
        board = await Q.leaderboard_page(self.store, str(interaction.guild_id), game, 0, 1)
        view = StaticView()
        view.add_item(discord.ui.Button(
            label=t(loc, "ladder.reset_yes"), style=discord.ButtonStyle.danger,
            custom_id=ids.make("lr", game, interaction.user.id, "yes")))
        view.add_item(discord.ui.Button(
            label=t(loc, "ladder.reset_cancel"),
            custom_id=ids.make("lr", game, interaction.user.id, "no")))
        return {"content": t(loc, "ladder.reset_ask", admin=f"<@{interaction.user.id}>",
                             game=game_name(game, loc),
                             players=t(loc, "ladder.listed", count=board.total)),
                "view": view, "allowed_mentions": NO_PINGS}

    async def on_reset_button(self, interaction: discord.Interaction[Any],
                              cid: ids.CustomId) -> None:
        """The confirmation click: only the admin who asked, still holding Manage Server."""
        game, admin, what = cid.text(0), cid.num(1), cid.text(2)
        if what not in ("yes", "no"):
            raise ids.BadCustomId("bad answer")
        check_game(game)
        if interaction.user.id != admin:
            raise Refusal("ladder.only_admin", admin=f"<@{admin}>")
        loc = locale_of(interaction)
        if what == "no":
            await interaction.response.edit_message(content=t(loc, "ladder.reset_cancelled"),
                                                    view=StaticView())
            return
        if not can_manage(interaction) or interaction.guild_id is None:
            raise Refusal("ladder.need_manage")
        deleted = await Q.reset_ladder(self.store, interaction.guild_id, game)
        log.info("ladder reset guild=%s game=%s by=%s rows=%d", interaction.guild_id, game,
                 admin, deleted)
        await interaction.response.edit_message(
            content=t(loc, "ladder.reset_done", admin=f"<@{admin}>", game=game_name(game, loc),
                      ratings=t(loc, "ladder.erased", count=deleted)), view=StaticView(),
            allowed_mentions=NO_PINGS)


async def setup(bot: commands.Bot) -> None:
    """discord.py extension entry point: needs ``bot.store`` (a SqliteStore)."""
    store = getattr(bot, "store", None)
    if not isinstance(store, SqliteStore):
        raise RuntimeError("the ladder needs bot.store to be a SqliteStore")
    await bot.add_cog(Ladder(bot, store))
