"""The lobby: /challenge with Accept/Decline, /forfeit, /matches, /settings.

Refusals (yourself, a bot, someone at the live-match limit, someone else's button, an
expired or already answered challenge) are ephemeral and change nothing.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs import ids
from cogs.referee import Referee
from cogs.router import Router, StaticView, answer
from cogs.table import Table
from db.base import ChallengeRecord, MatchRecord, Store
from engine.core import EngineError, IllegalAction, MatchOver, NotYourDecision
from engine.games import REGISTRY

log = logging.getLogger("hajime.lobby")

GAME_CHOICES = [app_commands.Choice(name=g.name, value=gid) for gid, g in REGISTRY.items()]
DUEL_CHOICES = [
    app_commands.Choice(name="Iaijutsu (1 round)", value="iaijutsu"),
    app_commands.Choice(name="Entraînement (first to 2 rounds)", value="entrainement"),
    app_commands.Choice(name="Rencontre (first to 3 rounds)", value="rencontre"),
]
BOUT_CHOICES = [
    app_commands.Choice(name="One bout", value=1),
    app_commands.Choice(name="Best of three", value=3),
]


MAX_TURN_MINUTES = 7 * 24 * 60
"""The longest turn timer a server may set (7 days)."""

FIRST = "_first"
"""Challenge option naming the user who takes seat 1 (rematches: the other player starts)."""


def match_link(rec: MatchRecord) -> str:
    """A jump link to a match's board (or its channel)."""
    guild = rec.guild_id if rec.guild_id is not None else "@me"
    if rec.thread_id and rec.message_id:
        return f"https://discord.com/channels/{guild}/{rec.thread_id}/{rec.message_id}"
    return f"https://discord.com/channels/{guild}/{rec.channel_id}"


def challenge_text(ch: ChallengeRecord, status: str | None = None) -> str:
    """The public text of a challenge message."""
    game = REGISTRY[ch.game].name
    opts = ", ".join(f"{k}: {v}" for k, v in ch.options.items() if k != FIRST)
    head = f"⚔️ <@{ch.challenger_id}> challenges <@{ch.opponent_id}> to **{game}**"
    head += f" ({opts})" if opts else ""
    if status is None:
        return f"{head}.\nThis challenge expires <t:{int(ch.expires_at)}:R>."
    return f"{head}.\n{status}"


def challenge_buttons(challenge_id: int) -> StaticView:
    """Accept and Decline."""
    view = StaticView()
    view.add_item(discord.ui.Button(label="Accept", style=discord.ButtonStyle.success,
                                    custom_id=ids.make("ch", challenge_id, "accept")))
    view.add_item(discord.ui.Button(label="Decline", style=discord.ButtonStyle.danger,
                                    custom_id=ids.make("ch", challenge_id, "decline")))
    return view


class Lobby(commands.Cog):
    """Challenges and match housekeeping."""

    def __init__(self, bot: commands.Bot, store: Store, referee: Referee, *,
                 expiry_seconds: float = 600, max_live: int = 5,
                 tick_seconds: float = 5.0) -> None:
        self.bot = bot
        self.store = store
        self.referee = referee
        self.expiry_seconds = expiry_seconds
        self.max_live = max_live
        self.expirer.change_interval(seconds=tick_seconds)

    async def cog_load(self) -> None:
        """Register our buttons and start the expiry loop."""
        Router.install(self.bot, {
            "ch": self.on_challenge_button,
            "ff": self.on_forfeit_button,
            "rm": self.on_rematch_button,
        })
        self.expirer.start()

    async def cog_unload(self) -> None:
        """Stop the expiry loop."""
        self.expirer.cancel()

    @property
    def table(self) -> Table:
        """The table cog (boards and publishing)."""
        cog = self.bot.get_cog("Table")
        assert isinstance(cog, Table)
        return cog

    async def check_room(self, user_id: int, who: str) -> None:
        """Refuse when a player is at the live-match limit."""
        live = await self.store.live_matches(user_id)
        if len(live) >= self.max_live:
            raise IllegalAction(f"{who} already {'have' if who == 'You' else 'has'} "
                                f"{len(live)} live matches (the limit is {self.max_live}).")

    async def check_no_open_challenge(self, a: int, b: int) -> None:
        """Refuse a second open challenge between the same two players."""
        now = time.time()
        for ch in await self.store.open_challenges():
            if {ch.challenger_id, ch.opponent_id} == {a, b} and ch.expires_at > now:
                raise IllegalAction("There is already an open challenge between you two; "
                                    "answer that one first.")

    # --------------------------------------------------------------- /challenge
    @app_commands.command(name="challenge", description="Challenge someone to a match.")
    @app_commands.describe(opponent="Who you challenge", game="Which game",
                           duel="Sushido: the duel type", bouts="World of Fighters: bouts")
    @app_commands.choices(game=GAME_CHOICES, duel=DUEL_CHOICES)
    @app_commands.choices(bouts=BOUT_CHOICES)
    @app_commands.guild_only()
    async def challenge(self, interaction: discord.Interaction[Any], opponent: discord.User,
                        game: str, duel: str | None = None, bouts: int | None = None) -> None:
        """Post a challenge with Accept/Decline buttons only the opponent can press."""
        try:
            if game not in REGISTRY:
                raise IllegalAction("I don't know that game.")
            if opponent.id == interaction.user.id:
                raise IllegalAction("You can't challenge yourself.")
            if opponent.bot:
                raise IllegalAction("Bots don't play (yet). Challenge a person.")
            await self.check_room(interaction.user.id, "You")
            await self.check_room(opponent.id, opponent.mention)
            await self.check_no_open_challenge(interaction.user.id, opponent.id)
            engine_game = REGISTRY[game]
            fields = engine_game.options_model.model_fields
            raw = {k: v for k, v in {"duel": duel, "bouts": bouts}.items()
                   if v is not None and k in fields}
            options = engine_game.parse_options(raw).model_dump(mode="json")
        except EngineError as exc:
            await answer(interaction, exc.reason)
            return
        ch = await self.store.create_challenge(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0,
            challenger_id=interaction.user.id, opponent_id=opponent.id, game=game,
            options=options, expires_at=time.time() + self.expiry_seconds)
        await interaction.response.send_message(
            challenge_text(ch), view=challenge_buttons(ch.id),
            allowed_mentions=discord.AllowedMentions(users=[opponent]))
        message = await interaction.original_response()
        await self.store.set_challenge_message(ch.id, message.id)

    async def on_challenge_button(self, interaction: discord.Interaction[Any],
                                  cid: ids.CustomId) -> None:
        """Accept or Decline (only the opponent; the challenger may withdraw)."""
        what = cid.text(1)
        if what not in ("accept", "decline"):
            raise ids.BadCustomId("bad answer")
        ch = await self.store.get_challenge(cid.num(0))
        if ch is None:
            raise IllegalAction("That challenge no longer exists.")
        user = interaction.user.id
        withdraw = user == ch.challenger_id and what == "decline"
        if user != ch.opponent_id and not withdraw:
            raise NotYourDecision(f"Only <@{ch.opponent_id}> can answer this challenge.")
        if ch.status != "open":
            raise IllegalAction(f"This challenge was already {ch.status}.")
        if time.time() >= ch.expires_at:
            await self.expire(ch)
            raise IllegalAction("This challenge has expired.")
        if what == "decline":
            status = "cancelled" if withdraw else "declined"
            if not await self.store.close_challenge(ch.id, status):
                raise IllegalAction("This challenge was already answered.")
            note = "Withdrawn by the challenger." if withdraw else "Declined."
            await interaction.response.edit_message(content=challenge_text(ch, note),
                                                    view=StaticView())
            return
        await self.check_room(ch.challenger_id, f"<@{ch.challenger_id}>")
        await self.check_room(ch.opponent_id, "You")
        options = dict(ch.options)
        first = options.pop(FIRST, ch.challenger_id)
        seats = [ch.challenger_id, ch.opponent_id]
        if first == ch.opponent_id:
            seats.reverse()
        rec, state = await self.referee.open_match(  # accepts the challenge, same transaction
            guild_id=ch.guild_id, channel_id=ch.channel_id, game_id=ch.game,
            options=options, seats=seats, challenge_id=ch.id)
        await interaction.response.defer()
        channel = interaction.channel
        where: discord.abc.Messageable = (
            channel if isinstance(channel, discord.abc.Messageable)
            else self.bot.get_partial_messageable(ch.channel_id))
        try:
            rec = await self.table.post_board(rec, state, where)
        except EngineError as exc:
            await interaction.edit_original_response(
                content=challenge_text(ch, f"Could not start: {exc.reason}"), view=StaticView())
            raise
        await interaction.edit_original_response(
            content=challenge_text(ch, f"Accepted! The match is on: {match_link(rec)}"),
            view=StaticView())
        seat = rec.seats.index(user)
        await interaction.followup.send(
            ephemeral=True, **self.table.hand_payload(rec, state, seat, with_controls=True))

    async def expire(self, ch: ChallengeRecord) -> None:
        """Close an expired challenge and say so on its message."""
        if not await self.store.close_challenge(ch.id, "expired"):
            return
        if ch.message_id is None:
            return
        where = self.bot.get_partial_messageable(ch.channel_id)
        try:
            await where.get_partial_message(ch.message_id).edit(
                content=challenge_text(ch, "Expired without an answer."), view=StaticView())
        except discord.HTTPException:
            log.info("could not edit expired challenge %s", ch.id)

    @tasks.loop(seconds=5.0)
    async def expirer(self) -> None:
        """Expire open challenges past their time (also those from before a restart)."""
        now = time.time()
        for ch in await self.store.open_challenges():
            if now >= ch.expires_at:
                await self.expire(ch)

    @expirer.before_loop
    async def _before_expirer(self) -> None:
        await self.bot.wait_until_ready()

    # --------------------------------------------------------------- rematch
    async def on_rematch_button(self, interaction: discord.Interaction[Any],
                                cid: ids.CustomId) -> None:
        """Offer the same game and options again; the other player starts; both accept."""
        old = await self.store.get_match(cid.num(0))
        if old is None:
            raise IllegalAction("That match no longer exists.")
        user = interaction.user.id
        if user not in old.seats:
            raise NotYourDecision("Only the players of that match can ask for a rematch.")
        if old.status == "active":
            raise IllegalAction("That match is still going.")
        if len(old.seats) != 2:
            raise IllegalAction("Rematches are for two-player matches; use /challenge.")
        rival = old.seats[1] if old.seats[0] == user else old.seats[0]
        await self.check_room(user, "You")
        await self.check_room(rival, f"<@{rival}>")
        await self.check_no_open_challenge(user, rival)
        options = {**old.options, FIRST: old.seats[1]}
        ch = await self.store.create_challenge(
            guild_id=old.guild_id, channel_id=old.channel_id, challenger_id=user,
            opponent_id=rival, game=old.game, options=options,
            expires_at=time.time() + self.expiry_seconds)
        where = self.bot.get_partial_messageable(old.channel_id)
        message = await where.send(
            "🔁 Rematch! " + challenge_text(ch) + f"\n<@{old.seats[1]}> starts this time.",
            view=challenge_buttons(ch.id),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=rival)]))
        await self.store.set_challenge_message(ch.id, message.id)
        await answer(interaction, f"Rematch offered to <@{rival}>; it's in <#{old.channel_id}>.")

    # --------------------------------------------------------------- /forfeit
    async def pick_match(self, interaction: discord.Interaction[Any],
                         match_id: int | None) -> MatchRecord:
        """The match a command is about: given, the current thread's, or the only live one."""
        live = await self.store.live_matches(interaction.user.id)
        if match_id is not None:
            rec = await self.store.get_match(match_id)
            if rec is None:
                raise IllegalAction(f"There is no match #{match_id}.")
            if interaction.user.id not in rec.seats:
                raise NotYourDecision("You are not playing in that match.")
            if rec.status != "active":
                raise MatchOver("That match is over.")
            return rec
        here = [m for m in live if m.thread_id == interaction.channel_id]
        if here:
            return here[0]
        if len(live) == 1:
            return live[0]
        if not live:
            raise IllegalAction("You have no live match.")
        raise IllegalAction("You have several live matches; say which with `match_id` "
                            "(see /matches).")

    @app_commands.command(name="forfeit", description="Concede one of your live matches.")
    @app_commands.describe(match_id="The match number (see /matches)")
    async def forfeit(self, interaction: discord.Interaction[Any],
                      match_id: app_commands.Range[int, 1] | None = None) -> None:
        """Ask for confirmation, then concede."""
        try:
            rec = await self.pick_match(interaction, match_id)
        except EngineError as exc:
            await answer(interaction, exc.reason)
            return
        view = StaticView()
        view.add_item(discord.ui.Button(label=f"Yes, forfeit match #{rec.id}",
                                        style=discord.ButtonStyle.danger,
                                        custom_id=ids.make("ff", rec.id)))
        await interaction.response.send_message(
            f"Forfeit {REGISTRY[rec.game].name} match #{rec.id}? Your rival wins.",
            view=view, ephemeral=True)

    async def on_forfeit_button(self, interaction: discord.Interaction[Any],
                                cid: ids.CustomId) -> None:
        """The confirmation click: concede and publish."""
        applied = await self.referee.forfeit(cid.num(0), interaction.user.id)
        await interaction.response.edit_message(
            content=f"You forfeited match #{applied.match.id}.", view=StaticView())
        await self.table.publish(applied)

    # --------------------------------------------------------------- /matches
    @app_commands.command(name="matches", description="Your live matches, with links.")
    async def matches(self, interaction: discord.Interaction[Any]) -> None:
        """List the caller's live matches and whose decision each one waits for."""
        live = await self.store.live_matches(interaction.user.id)
        if not live:
            await answer(interaction, "You have no live match. Start one with /challenge.")
            return
        lines = []
        for rec in live[:20]:
            game = REGISTRY[rec.game]
            state = game.load(rec.state)
            seat = rec.seats.index(interaction.user.id)
            prompt = game.prompts(state).get(seat)
            waiting = ("**your move**" if prompt is not None and not prompt.committed
                       else "waiting for your rival")
            rivals = ", ".join(f"<@{u}>" for u in rec.seats if u != interaction.user.id)
            lines.append(f"#{rec.id} {game.name} vs {rivals}: {waiting} · "
                         f"[board]({match_link(rec)})")
        await interaction.response.send_message("\n".join(lines), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    # --------------------------------------------------------------- /settings
    settings = app_commands.Group(name="settings", description="Server settings for Hajime.",
                                  guild_only=True,
                                  default_permissions=discord.Permissions(manage_guild=True))

    @settings.command(name="turn_timer", description="Minutes each player has per decision.")
    @app_commands.describe(minutes="1 minute to 7 days (10080 minutes)")
    async def turn_timer(self, interaction: discord.Interaction[Any],
                         minutes: app_commands.Range[int, 1, MAX_TURN_MINUTES]) -> None:
        """Set the per-decision timer for this server's new decisions (1 minute to 7 days)."""
        if not 1 <= minutes <= MAX_TURN_MINUTES:  # Discord checks it too; never trust it
            await answer(interaction, "The turn timer is 1 minute to 7 days "
                                      f"({MAX_TURN_MINUTES} minutes).")
            return
        if interaction.guild_id is None:
            await answer(interaction, "This setting belongs to a server.")
            return
        perms = getattr(interaction, "permissions", None)
        if perms is None or not perms.manage_guild:
            await answer(interaction, "You need the Manage Server permission for this.")
            return
        await self.referee.set_turn_seconds(interaction.guild_id, minutes * 60)
        await answer(interaction, f"Each decision now has {minutes} minute(s) on this server.")
