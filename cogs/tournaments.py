"""/tournament: events of any game, paired round by round, each pairing a normal match.

``/tournament create`` posts a sign-up message with **Join**, **Leave**, **Start** (the
organiser) and **Cancel** (the organiser). Once started, that message shows the
standings, edited in place as results land; each round's pairings are posted when the
round is paired, and each pairing is opened as an ordinary match (its thread, timers,
forfeits and ratings as usual: :meth:`cogs.referee.Referee.open_match` with ``pairing``).
At the end the final standings and a bracket picture are posted.

Advancing is one idempotent step (:meth:`Tournaments.advance`): it records the results
of finished matches, decides byes and pairings with a dropped player, pairs the next
round in the same transaction as the round's last result (:mod:`db.sqlite_tournaments`)
and opens the matches not opened yet. It runs when a match ends, after an organiser
tool, and on a sweep (also right after a restart), so nothing is lost in between.

Organiser tools: ``drop`` (a player may also drop themselves: their live match is
forfeited, and they are paired no more), ``repair`` (re-opens the current round's
pairings whose match was cancelled by the bot, e.g. no board could be posted), and
``cancel`` (matches already under way go on as ordinary matches). Every refusal is an
ephemeral answer that changes nothing; the rules of pairing are the engine's
(:mod:`engine.tournament`).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs import ids
from cogs.decks import code_of, listing
from cogs.i18n import L, Refusal, locale_of, reason, t
from cogs.referee import Referee
from cogs.router import Router, StaticView, answer, check_message
from cogs.shards import shard_filter
from cogs.tournament_flow import TournamentFlow, auto_results, result_of
from cogs.tournament_sealed import LEVEL, check_deck, has_sealed, pool_of
from cogs.tournament_text import (
    event_of,
    signup_text,
    title,
)
from db.base import (
    EntrantRecord,
    Store,
    TournamentRecord,
)
from db.ratings import GLOBAL
from engine.core import EngineError
from engine.core.decks import Deck
from engine.games import REGISTRY
from engine.tournament import FORMATS, next_round

__all__ = ["Tournaments", "auto_results", "result_of", "seed_order"]

log = logging.getLogger("hajime.tournaments")


def seed_order(entrants: list[EntrantRecord], rating: dict[int, float]) -> list[int]:
    """Seeds, best first: by rating (unrated players after the rated), then sign-up."""
    return [e.user_id for e in sorted(
        entrants, key=lambda e: (-rating.get(e.user_id, float("-inf")), e.position))]


class Tournaments(TournamentFlow, commands.Cog):
    """Tournaments: sign-up, rounds, standings, organiser tools."""

    def __init__(self, bot: commands.Bot, store: Store, referee: Referee, *,
                 sweep_seconds: float = 30.0) -> None:
        self.bot = bot
        self.store = store
        self.referee = referee
        self._locks: dict[int, asyncio.Lock] = {}
        self.sweeper.change_interval(seconds=sweep_seconds)

    async def cog_load(self) -> None:
        """Register the sign-up buttons and start the sweep (it runs at once)."""
        Router.install(self.bot, {"tn": self.on_button})
        self.sweeper.start()

    async def cog_unload(self) -> None:
        """Stop the sweep."""
        self.sweeper.cancel()

    # ------------------------------------------------------------------ commands
    group = app_commands.Group(name=L("cmd.tournament.name"),
                               description=L("cmd.tournament.description"), guild_only=True)

    @group.command(name=L("cmd.tournament.create.name"),
                   description=L("cmd.tournament.create.description"))
    @app_commands.rename(game=L("cmd.tournament.opt.game.name"),
                         format=L("cmd.tournament.opt.format.name"),
                         rounds=L("cmd.tournament.opt.rounds.name"),
                         matches=L("cmd.tournament.opt.matches.name"),
                         level=L("cmd.tournament.opt.level.name"),
                         sealed=L("cmd.tournament.opt.sealed.name"))
    @app_commands.describe(game=L("cmd.tournament.opt.game.description"),
                           format=L("cmd.tournament.opt.format.description"),
                           rounds=L("cmd.tournament.opt.rounds.description"),
                           matches=L("cmd.tournament.opt.matches.description"),
                           level=L("cmd.tournament.opt.level.description"),
                           sealed=L("cmd.tournament.opt.sealed.description"))
    @app_commands.choices(format=[app_commands.Choice(name=L(f"tournament.format.{f}"),
                                                      value=f) for f in FORMATS])
    async def create(self, interaction: discord.Interaction[Any], game: str, format: str,
                     rounds: app_commands.Range[int, 1, 15] | None = None,
                     matches: app_commands.Range[int, 1, 9] | None = None,
                     level: str | None = None, sealed: bool | None = None) -> None:
        """Open a tournament for sign-up."""
        loc = locale_of(interaction)
        try:
            options = self.check_create(game, format, rounds, matches, level, bool(sealed))
        except EngineError as exc:
            await answer(interaction, reason(exc, loc))
            return
        tour = await self.store.create_tournament(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0,
            organiser_id=interaction.user.id, game=game, format=format, options=options)
        public = self.locale(interaction.guild_id)
        await interaction.response.send_message(
            signup_text(tour, [], public), view=self.signup_buttons(tour, public),
            allowed_mentions=discord.AllowedMentions.none())
        message = await interaction.original_response()
        await self.store.set_tournament_message(tour.id, message.id)

    @staticmethod
    def check_create(game: str, format: str, rounds: int | None, matches: int | None,
                     level: str | None, sealed: bool = False) -> dict[str, Any]:
        """The event's options, or a refusal naming what is wrong."""
        found = REGISTRY.get(game)
        if found is None:
            raise Refusal("lobby.unknown_game")
        if not found.min_seats <= 2 <= found.max_seats:
            raise Refusal("tournament.not_two", game=found.name)
        if format not in FORMATS:
            raise Refusal("tournament.bad_format")
        if rounds is not None and format != "swiss":
            raise Refusal("tournament.rounds_swiss_only")
        if matches is not None and format != "series":
            raise Refusal("tournament.matches_series_only")
        options: dict[str, Any] = {}
        if rounds is not None:
            options["rounds"] = rounds
        if format == "series":
            options["matches"] = matches or 3
        if level is not None:
            try:
                found.parse_options({"level": level})
            except (EngineError, ValueError) as exc:
                raise Refusal("tournament.bad_level", game=found.name) from exc
            options["level"] = level
        if sealed:
            if not has_sealed(game):
                raise Refusal("tournament.no_sealed", game=found.name)
            if options.setdefault("level", LEVEL) != LEVEL:
                raise Refusal("tournament.sealed_basic")
            options["sealed"] = True
        return options

    @create.autocomplete("game")
    async def _game_autocomplete(self, interaction: discord.Interaction[Any],
                                 current: str) -> list[app_commands.Choice[str]]:
        seating: Any = self.bot.get_cog("Seating")
        found: list[app_commands.Choice[str]] = await seating.game_autocomplete(
            interaction, current)
        return found

    async def _tournament_choices(self, interaction: discord.Interaction[Any],
                                  current: str) -> list[app_commands.Choice[int]]:
        loc = locale_of(interaction)
        live = [x for x in await self.store.live_tournaments()
                if x.guild_id == interaction.guild_id]
        out = [app_commands.Choice(name=title(x, loc)[:100], value=x.id) for x in live]
        return [c for c in out if current.strip().lower() in c.name.lower()][:25]

    @group.command(name=L("cmd.tournament.drop.name"),
                   description=L("cmd.tournament.drop.description"))
    @app_commands.rename(tournament=L("cmd.tournament.opt.tournament.name"),
                         player=L("cmd.tournament.opt.player.name"))
    @app_commands.describe(tournament=L("cmd.tournament.opt.tournament.description"),
                           player=L("cmd.tournament.opt.player.description"))
    async def drop(self, interaction: discord.Interaction[Any], tournament: int,
                   player: discord.User) -> None:
        """Drop a player: their live match is forfeited, they are paired no more."""
        loc = locale_of(interaction)
        try:
            tour = await self.running(tournament, interaction.guild_id)
            if interaction.user.id not in (tour.organiser_id, player.id):
                raise Refusal("tournament.only_organiser", who=f"<@{tour.organiser_id}>")
            entrants = {e.user_id: e for e in await self.store.entrants(tour.id)}
            if player.id not in entrants:
                raise Refusal("tournament.not_entered", who=player.mention)
            if entrants[player.id].dropped or not await self.store.drop_entrant(
                    tour.id, player.id):
                raise Refusal("tournament.already_dropped", who=player.mention)
        except EngineError as exc:
            await answer(interaction, reason(exc, loc))
            return
        await interaction.response.send_message(
            t(self.locale(tour.guild_id), "tournament.dropped", who=player.mention,
              title=title(tour, self.locale(tour.guild_id))),
            allowed_mentions=discord.AllowedMentions.none())
        for p in await self.store.pairings(tour.id):
            if (p.round == tour.round and p.status == "pending" and p.match_id is not None
                    and player.id in (p.a_id, p.b_id)):
                rec = await self.store.get_match(p.match_id)
                if rec is not None and rec.status == "active":
                    try:
                        applied = await self.referee.forfeit(rec.id, player.id)
                    except EngineError:
                        continue  # the match ended meanwhile
                    table: Any = self.bot.get_cog("Table")
                    await table.publish(applied)
        await self.advance(tour.id)

    @group.command(name=L("cmd.tournament.repair.name"),
                   description=L("cmd.tournament.repair.description"))
    @app_commands.rename(tournament=L("cmd.tournament.opt.tournament.name"))
    @app_commands.describe(tournament=L("cmd.tournament.opt.tournament.description"))
    async def repair(self, interaction: discord.Interaction[Any], tournament: int) -> None:
        """Re-open the current round's pairings whose match was cancelled by the bot."""
        loc = locale_of(interaction)
        try:
            tour = await self.running(tournament, interaction.guild_id)
            self.check_organiser(tour, interaction.user.id)
            fixed = 0
            for p in await self.store.pairings(tour.id):
                if p.round != tour.round or p.status != "pending" or p.match_id is None:
                    continue
                rec = await self.store.get_match(p.match_id)
                if (rec is None or rec.status == "aborted") and await self.store.reopen_pairing(
                        tour.id, p.round, p.slot, p.match_id):
                    fixed += 1
            if not fixed:
                raise Refusal("tournament.nothing_to_repair")
        except EngineError as exc:
            await answer(interaction, reason(exc, loc))
            return
        await interaction.response.send_message(t(loc, "tournament.repaired", count=fixed),
                                                ephemeral=True)
        await self.advance(tour.id)

    @group.command(name=L("cmd.tournament.cancel.name"),
                   description=L("cmd.tournament.cancel.description"))
    @app_commands.rename(tournament=L("cmd.tournament.opt.tournament.name"))
    @app_commands.describe(tournament=L("cmd.tournament.opt.tournament.description"))
    async def cancel(self, interaction: discord.Interaction[Any], tournament: int) -> None:
        """Cancel an event (matches under way go on as ordinary matches)."""
        loc = locale_of(interaction)
        try:
            tour = await self.store.get_tournament(tournament)
            if tour is None or tour.guild_id != interaction.guild_id:
                raise Refusal("tournament.gone")
            self.check_organiser(tour, interaction.user.id)
            if not await self.store.cancel_tournament(tour.id):
                raise Refusal(f"tournament.closed.{tour.status}")
        except EngineError as exc:
            await answer(interaction, reason(exc, loc))
            return
        await interaction.response.send_message(t(loc, "tournament.cancelled_ok"),
                                                ephemeral=True)
        await self.show(tour.id)

    @group.command(name=L("cmd.tournament.pool.name"),
                   description=L("cmd.tournament.pool.description"))
    @app_commands.rename(tournament=L("cmd.tournament.opt.tournament.name"))
    @app_commands.describe(tournament=L("cmd.tournament.opt.tournament.description"))
    async def pool(self, interaction: discord.Interaction[Any], tournament: int) -> None:
        """Your Sealed pool of a running sealed event (only you see it)."""
        loc = locale_of(interaction)
        try:
            tour, seed, deck = await self.my_pool(tournament, interaction)
        except EngineError as exc:
            await answer(interaction, reason(exc, loc))
            return
        pool, default = pool_of(tour.game, seed)
        embed = discord.Embed(title=t(loc, "tournament.pool_title", title=title(tour, loc)),
                              description=listing(tour.game, Deck.of(pool))[:4000],
                              color=0x5865F2)
        shown = deck or code_of(tour.game, default)
        embed.add_field(name=t(loc, "tournament.pool_deck"), value=f"`{shown}`"[:1024],
                        inline=False)
        embed.set_footer(text=t(loc, "tournament.pool_help", seed=seed))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @group.command(name=L("cmd.tournament.deck.name"),
                   description=L("cmd.tournament.deck.description"))
    @app_commands.rename(tournament=L("cmd.tournament.opt.tournament.name"),
                         code=L("cmd.tournament.opt.code.name"))
    @app_commands.describe(tournament=L("cmd.tournament.opt.tournament.description"),
                           code=L("cmd.tournament.opt.code.description"))
    async def deck(self, interaction: discord.Interaction[Any], tournament: int,
                   code: str) -> None:
        """Register the deck you built from your Sealed pool (checked against it)."""
        loc = locale_of(interaction)
        try:
            tour, seed, _ = await self.my_pool(tournament, interaction)
            checked = check_deck(tour.game, seed, code)
            if not await self.store.set_entrant_deck(tour.id, interaction.user.id, checked):
                raise Refusal("tournament.changed")
        except EngineError as exc:
            await answer(interaction, reason(exc, loc))
            return
        await interaction.response.send_message(t(loc, "tournament.deck_ok"), ephemeral=True)

    async def my_pool(self, tournament_id: int, interaction: discord.Interaction[Any]
                      ) -> tuple[TournamentRecord, int, str | None]:
        """A running sealed event, the asker's pool seed and registered deck; else refused."""
        tour = await self.running(tournament_id, interaction.guild_id)
        user_id = interaction.user.id
        if not tour.options.get("sealed"):
            raise Refusal("tournament.not_sealed")
        mine = [e for e in await self.store.entrants(tour.id) if e.user_id == user_id]
        if not mine or mine[0].pool is None:
            raise Refusal("tournament.not_entered_you")
        if mine[0].dropped:
            raise Refusal("tournament.already_dropped", who=f"<@{user_id}>")
        return tour, mine[0].pool, mine[0].deck

    @drop.autocomplete("tournament")
    @repair.autocomplete("tournament")
    @cancel.autocomplete("tournament")
    @pool.autocomplete("tournament")
    @deck.autocomplete("tournament")
    async def _tournament_autocomplete(self, interaction: discord.Interaction[Any],
                                       current: str) -> list[app_commands.Choice[int]]:
        return await self._tournament_choices(interaction, current)

    async def running(self, tournament_id: int, guild_id: int | None) -> TournamentRecord:
        """A running event of this server, or a refusal."""
        tour = await self.store.get_tournament(tournament_id)
        if tour is None or tour.guild_id != guild_id:
            raise Refusal("tournament.gone")
        if tour.status != "running":
            raise Refusal(f"tournament.closed.{tour.status}")
        return tour

    @staticmethod
    def check_organiser(tour: TournamentRecord, user_id: int) -> None:
        """Refuse anyone but the organiser."""
        if user_id != tour.organiser_id:
            raise Refusal("tournament.only_organiser", who=f"<@{tour.organiser_id}>")

    # ------------------------------------------------------------------ sign-up
    @staticmethod
    def signup_buttons(tour: TournamentRecord, loc: str) -> StaticView:
        """Join, Leave, Start, Cancel."""
        view = StaticView()
        for what, style in (("join", discord.ButtonStyle.success),
                            ("leave", discord.ButtonStyle.secondary),
                            ("start", discord.ButtonStyle.primary),
                            ("cancel", discord.ButtonStyle.danger)):
            view.add_item(discord.ui.Button(label=t(loc, f"tournament.button.{what}"),
                                            style=style,
                                            custom_id=ids.make("tn", tour.id, what)))
        return view

    async def on_button(self, interaction: discord.Interaction[Any],
                        cid: ids.CustomId) -> None:
        """A sign-up button (``hj:tn:<event>:<what>``)."""
        what = cid.text(1)
        if what not in ("join", "leave", "start", "cancel"):
            raise ids.BadCustomId("bad tournament button")
        tour = await self.store.get_tournament(cid.num(0))
        if tour is None:
            raise Refusal("tournament.gone")
        check_message(interaction, tour.message_id)
        if tour.status != "signup":
            raise Refusal(f"tournament.closed.{tour.status}")
        user = interaction.user.id
        public = self.locale(tour.guild_id)
        if what == "join":
            if interaction.user.bot:
                raise Refusal("lobby.no_bots")
            if not await self.store.enter_tournament(tour.id, user):
                raise Refusal("tournament.already_entered")
        elif what == "leave":
            if not await self.store.leave_tournament(tour.id, user):
                raise Refusal("tournament.not_entered_you")
        elif what == "cancel":
            self.check_organiser(tour, user)
            if not await self.store.cancel_tournament(tour.id):
                raise Refusal("tournament.changed")
            entrants = await self.store.entrants(tour.id)
            await interaction.response.edit_message(
                content=signup_text(tour, entrants, public, t(public, "tournament.cancelled")),
                view=StaticView())
            return
        else:
            self.check_organiser(tour, user)
            await self.start(interaction, tour, public)
            return
        entrants = await self.store.entrants(tour.id)
        await interaction.response.edit_message(content=signup_text(tour, entrants, public),
                                                view=self.signup_buttons(tour, public))

    async def start(self, interaction: discord.Interaction[Any], tour: TournamentRecord,
                    public: str) -> None:
        """Seed (rating, then sign-up), pair round 1 and open its matches."""
        entrants = await self.store.entrants(tour.id)
        if len(entrants) < 2:
            raise Refusal("tournament.too_few")
        users = [e.user_id for e in entrants]
        scope = str(tour.guild_id) if tour.guild_id is not None else GLOBAL
        rating = await self.store.ratings_of(scope, tour.game, users)
        seeds = seed_order(entrants, rating)
        seeded = [e.model_copy(update={"seed": seeds.index(e.user_id) + 1}) for e in entrants]
        first = next_round(event_of(tour, seeded, []))
        assert first is not None  # two players or more
        pools = ({u: self.referee.new_seed() % 1_000_000 for u in seeds}
                 if tour.options.get("sealed") else {})
        if not await self.store.start_tournament(
                tour.id, seeds, pools, [(p.a, p.b) for p in first],
                auto_results(1, first, set())):
            raise Refusal("tournament.changed")
        await interaction.response.edit_message(
            content=t(public, "tournament.started", title=title(tour, public)),
            view=StaticView())
        await self.advance(tour.id)

    # ------------------------------------------------------------------ advancing
    @commands.Cog.listener()
    async def on_hajime_match_over(self, match_id: int) -> None:
        """A match ended: if it plays a pairing, move its event on."""
        tid = await self.store.tournament_of_match(match_id)
        if tid is not None:
            await self.advance(tid)

    @tasks.loop(seconds=30.0)
    async def sweeper(self) -> None:
        """Move every running event on (at start-up: whatever happened while down)."""
        try:
            live = [x for x in await self.store.live_tournaments(shard_filter(self.bot))
                    if x.status in ("running", "closing")]
        except Exception:  # an escaped exception would stop the loop for good
            log.exception("could not read the tournaments")
            return
        for tour in live:
            try:
                await self.advance(tour.id)
            except Exception:
                log.exception("could not move tournament %s on", tour.id)

    @sweeper.before_loop
    async def _before_sweeper(self) -> None:
        await self.bot.wait_until_ready()

