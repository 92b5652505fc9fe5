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
from cogs.autocomplete import matching, user_name
from cogs.i18n_discord import L, game_choices, locale_of
from cogs.offers import Offers
from cogs.router import Router, StaticView, answer, check_message
from cogs.saved_decks import (
    PRECON,
    DeckRefusal,
    deck_games,
    deck_picker,
    looks_like_code,
    name_choices,
    opponent_deck_options,
    saved,
)
from cogs.seating import Seating
from cogs.shards import shard_filter
from cogs.table import Table
from db.base import ChallengeRecord, MatchRecord
from engine.core import EngineError
from engine.games import REGISTRY
from referee.ai_seats import is_virtual
from referee.i18n import DEFAULT, Refusal, and_list, reason, t
from referee.lobby_text import MATCHES_SHOWN, challenge_text, live_match_line, match_link

log = logging.getLogger("hajime.lobby")

DUEL_CHOICES = [app_commands.Choice(name=L(f"choice.duel.{duel}"), value=duel)
                for duel in ("iaijutsu", "entrainement", "rencontre")]
"""Sushido's duels: their names are names, explained in the player's language."""
BOUT_CHOICES = [app_commands.Choice(name=L(f"choice.bouts.{n}"), value=n) for n in (1, 3)]
LEVEL_CHOICES = [app_commands.Choice(name=L(f"choice.level.{lv}"), value=lv)
                 for lv in ("starter", "basic", "advanced")]
"""Mortal Kombat's rule levels."""


MAX_TURN_MINUTES = 7 * 24 * 60
"""The longest turn timer a server may set (7 days)."""

OPTION_GAMES = {"duel": "sushido", "bouts": "world_of_fighters", "level": "mortal_kombat",
                "deck": "mortal_kombat"}
"""Which game each /challenge option belongs to (an option for another game is refused)."""


ROUNDS_GAMES = ("epic_battles",)
"""Games whose ``rounds`` option the /challenge ``bouts`` choice sets (one, or best of 3)."""


def check_options(game_id: str, given: dict[str, Any]) -> dict[str, Any]:
    """The options given for ``game_id``; an option of another game is refused, clearly."""
    fields = REGISTRY[game_id].options_model.model_fields
    if game_id in ROUNDS_GAMES and given.get("bouts") is not None:  # same choice, its word
        given = {**{k: v for k, v in given.items() if k != "bouts"},
                 "rounds": given["bouts"]}
    for key, value in given.items():
        if value is not None and key not in fields:
            raise Refusal("lobby.option_other", option=key,
                          owner=REGISTRY[OPTION_GAMES[key]].name, game=REGISTRY[game_id].name)
    return {k: v for k, v in given.items() if v is not None}


def built_deck_options(game_id: str, code: str, level: str | None) -> dict[str, Any]:
    """The match options of a challenger's built deck (its code; the opponent picks freely
    and plays a precon of the same size), refused unless legal at ``level`` now; the
    engine validates it again when the match starts."""
    from referee.decks import builders, deck_of, problems

    if game_id not in builders():
        owner = " / ".join(REGISTRY[g].name for g in builders())
        raise Refusal("lobby.option_other", option="deck", owner=owner,
                      game=REGISTRY[game_id].name)
    deck = deck_of(game_id, code)
    broken = problems(game_id, deck, level)
    if broken:
        raise DeckRefusal("lobby.deck_illegal", broken)
    sized = "deck_size" in REGISTRY[game_id].options_model.model_fields
    return {"decks": [code.strip(), ""], **({"deck_size": deck.size} if sized else {})}


FIRST = "_first"
"""Challenge option naming the user who takes seat 1 (rematches: the other player starts)."""


def challenge_buttons(challenge_id: int, loc: str = DEFAULT) -> StaticView:
    """Accept and Decline."""
    view = StaticView()
    view.add_item(discord.ui.Button(label=t(loc, "lobby.accept"),
                                    style=discord.ButtonStyle.success,
                                    custom_id=ids.make("ch", challenge_id, "accept")))
    view.add_item(discord.ui.Button(label=t(loc, "lobby.decline"),
                                    style=discord.ButtonStyle.danger,
                                    custom_id=ids.make("ch", challenge_id, "decline")))
    return view


class Lobby(Offers, commands.Cog):
    """Challenges and match housekeeping."""

    async def cog_load(self) -> None:
        """Register our buttons and start the expiry loop."""
        Router.install(self.bot, {
            "ch": self.on_challenge_button,
            "ff": self.on_forfeit_button,
            "rm": self.on_rematch_button,
        })
        self.expirer.start()

    @property
    def table(self) -> Table:
        """The table cog (boards and publishing)."""
        cog = self.bot.get_cog("Table")
        assert isinstance(cog, Table)
        return cog

    @property
    def seating(self) -> Seating:
        """The N-seat tables cog."""
        cog = self.bot.get_cog("Seating")
        assert isinstance(cog, Seating)
        return cog

    async def check_no_open_challenge(self, a: int, b: int) -> None:
        """Refuse a second open challenge between the same two players."""
        now = time.time()
        for ch in await self.store.open_challenges():
            if {ch.challenger_id, ch.opponent_id} == {a, b} and ch.expires_at > now:
                raise Refusal("lobby.open_challenge")

    # --------------------------------------------------------------- /challenge
    @app_commands.command(name=L("cmd.challenge.name"),
                          description=L("cmd.challenge.description"))
    @app_commands.rename(opponent=L("cmd.challenge.opt.opponent.name"),
                         game=L("cmd.challenge.opt.game.name"),
                         duel=L("cmd.challenge.opt.duel.name"),
                         bouts=L("cmd.challenge.opt.bouts.name"),
                         level=L("cmd.challenge.opt.level.name"),
                         deck=L("cmd.challenge.opt.deck.name"),
                         opponent2=L("cmd.challenge.opt.opponent2.name"),
                         opponent3=L("cmd.challenge.opt.opponent3.name"))
    @app_commands.describe(opponent=L("cmd.challenge.opt.opponent.description"),
                           game=L("cmd.challenge.opt.game.description"),
                           duel=L("cmd.challenge.opt.duel.description"),
                           bouts=L("cmd.challenge.opt.bouts.description"),
                           level=L("cmd.challenge.opt.level.description"),
                           deck=L("cmd.challenge.opt.deck.description"),
                           opponent2=L("cmd.challenge.opt.opponent2.description"),
                           opponent3=L("cmd.challenge.opt.opponent3.description"))
    @app_commands.choices(game=game_choices(), duel=DUEL_CHOICES)
    @app_commands.choices(bouts=BOUT_CHOICES)
    @app_commands.choices(level=LEVEL_CHOICES)
    @app_commands.guild_only()
    async def challenge(self, interaction: discord.Interaction[Any], opponent: discord.User,
                        game: str, duel: str | None = None, bouts: int | None = None,
                        level: str | None = None, deck: str | None = None,
                        opponent2: discord.User | None = None,
                        opponent3: discord.User | None = None) -> None:
        """Post a challenge with Accept/Decline buttons only the opponent can press.

        With ``opponent2`` (and ``opponent3``), for a game of three or more players, an
        invitation table instead (:meth:`cogs.seating.Seating.invite`)."""
        loc = locale_of(interaction)
        extra = [u for u in (opponent2, opponent3) if u is not None]
        if extra:
            try:
                if game not in REGISTRY:
                    raise Refusal("lobby.unknown_game")
                if REGISTRY[game].max_seats <= 2:
                    raise Refusal("seating.opponents_two", game=REGISTRY[game].name)
                raw = check_options(game, {"duel": duel, "bouts": bouts})
                options = REGISTRY[game].parse_options(raw).model_dump(mode="json")
            except EngineError as exc:
                await answer(interaction, reason(exc, loc))
                return
            await self.seating.invite(interaction, game, [opponent, *extra], options)
            return
        try:
            if game not in REGISTRY:
                raise Refusal("lobby.unknown_game")
            if REGISTRY[game].min_seats > 2:  # name more opponents, or /host a table
                Seating.check_seats(game, 2)
            if opponent.id == interaction.user.id:
                raise Refusal("lobby.not_yourself")
            practice: Any = self.bot.get_cog("Practice")
            if self.bot.user is not None and opponent.id == self.bot.user.id \
                    and practice is not None:  # challenging Hajime itself: practice
                raw = check_options(game, {"duel": duel, "bouts": bouts})
                await practice.start(interaction, game, "normal", raw)
                return
            if opponent.bot:
                raise Refusal("lobby.no_bots")
            await self.check_room(interaction.user.id)
            await self.check_room(opponent.id, opponent.mention)
            await self.check_no_open_challenge(interaction.user.id, opponent.id)
            raw = check_options(game, {"duel": duel, "bouts": bouts, "level": level})
            if deck is not None:
                if game in deck_games() and not looks_like_code(game, deck):
                    deck = (await saved(self.store, interaction.user.id, game, deck)).code
                raw.update(built_deck_options(game, deck, level))
            options = REGISTRY[game].parse_options(raw).model_dump(mode="json")
        except EngineError as exc:
            await answer(interaction, reason(exc, loc))
            return
        ch = await self.store.create_challenge(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0,
            challenger_id=interaction.user.id, opponent_id=opponent.id, game=game,
            options=options, expires_at=time.time() + self.expiry_seconds)
        public = self.locale(interaction.guild_id)
        await interaction.response.send_message(
            challenge_text(ch, loc=public), view=challenge_buttons(ch.id, public),
            allowed_mentions=discord.AllowedMentions(users=[opponent]))
        message = await interaction.original_response()
        await self.store.set_challenge_message(ch.id, message.id)

    async def on_challenge_button(self, interaction: discord.Interaction[Any],
                                  cid: ids.CustomId) -> None:
        """Accept or Decline (only the opponent; the challenger may withdraw)."""
        what = cid.text(1)
        if what not in ("accept", "decline", "deck"):
            raise ids.BadCustomId("bad answer")
        ch = await self.store.get_challenge(cid.num(0))
        if ch is None:
            raise Refusal("lobby.challenge_gone")
        if what != "deck":  # the deck menu lives on the opponent's private message
            check_message(interaction, ch.message_id)
        user = interaction.user.id
        withdraw = user == ch.challenger_id and what == "decline"
        if user != ch.opponent_id and not withdraw:
            raise Refusal("lobby.only_opponent", who=f"<@{ch.opponent_id}>")
        if ch.status != "open":
            key = f"lobby.already.{ch.status}"
            raise Refusal(key if t(DEFAULT, key) != key else "lobby.challenge_answered")
        if time.time() >= ch.expires_at:
            await self.expire(ch)
            raise Refusal("lobby.challenge_expired")
        public = self.locale(ch.guild_id)
        if what == "decline":
            status = "cancelled" if withdraw else "declined"
            if not await self.store.close_challenge(ch.id, status):
                raise Refusal("lobby.challenge_answered")
            note = t(public, "lobby.withdrawn" if withdraw else "lobby.declined")
            await interaction.response.edit_message(
                content=challenge_text(ch, note, public), view=StaticView())
            return
        await self.check_room(ch.challenger_id, f"<@{ch.challenger_id}>")
        await self.check_room(ch.opponent_id)
        options = dict(ch.options)
        if what == "deck":  # the opponent picked a deck of theirs (or the precon)
            data: dict[str, Any] = dict(interaction.data or {})
            values = data.get("values") or []
            if not values:
                raise ids.BadCustomId("no deck picked")
            if str(values[0]) != PRECON:
                options.update(await opponent_deck_options(self.store, ch, str(values[0])))
        elif ch.game in deck_games() and await self.store.user_decks(ch.opponent_id, ch.game):
            loc = locale_of(interaction)  # ask which deck first; the match waits for it
            await interaction.response.send_message(
                t(loc, "lobby.pick_deck"), view=await deck_picker(self.store, ch, loc),
                ephemeral=True)
            return
        first = options.pop(FIRST, ch.challenger_id)
        seats = [ch.challenger_id, ch.opponent_id]
        if first == ch.opponent_id:
            seats.reverse()
            if options.get("decks"):  # each deck code stays with its player
                options["decks"] = list(reversed(options["decks"]))
        rec, state = await self.referee.open_match(  # accepts the challenge, same transaction
            guild_id=ch.guild_id, channel_id=ch.channel_id, game_id=ch.game,
            options=options, seats=seats, challenge_id=ch.id)
        await interaction.response.defer()
        channel = interaction.channel
        where: discord.abc.Messageable = (
            channel if isinstance(channel, discord.abc.Messageable)
            else self.bot.get_partial_messageable(ch.channel_id))

        async def say(note: str) -> None:  # on the challenge message
            text = challenge_text(ch, note, public)
            if what != "deck":
                await interaction.edit_original_response(content=text, view=StaticView())
                return
            await interaction.edit_original_response(content=note, view=StaticView())
            if ch.message_id is not None:  # the picker was ephemeral: edit the challenge
                await self.bot.get_partial_messageable(ch.channel_id).get_partial_message(
                    ch.message_id).edit(content=text, view=StaticView())
        try:
            rec = await self.table.post_board(rec, state, where)
        except EngineError as exc:
            await say(t(public, "lobby.could_not_start", reason=reason(exc, public)))
            raise
        await say(t(public, "lobby.accepted", link=match_link(rec)))
        # no private hand for the accepter: the board's opening message asks both alike

    async def expire(self, ch: ChallengeRecord) -> None:
        """Close an expired challenge and say so on its message."""
        if not await self.store.close_challenge(ch.id, "expired"):
            return
        if ch.message_id is None:
            return
        where = self.bot.get_partial_messageable(ch.channel_id)
        try:
            public = self.locale(ch.guild_id)
            await where.get_partial_message(ch.message_id).edit(
                content=challenge_text(ch, t(public, "lobby.expired"), public),
                view=StaticView())
        except discord.HTTPException:
            log.info("could not edit expired challenge %s", ch.id)

    @tasks.loop(seconds=5.0)
    async def expirer(self) -> None:
        """Expire open challenges past their time (also those from before a restart), in
        the guilds on this process's shards."""
        now = time.time()
        for ch in await self.store.open_challenges(shard_filter(self.bot)):
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
            raise Refusal("lobby.match_gone")
        user = interaction.user.id
        if user not in old.seats:
            raise Refusal("lobby.rematch_players")
        if old.status == "active":
            raise Refusal("lobby.match_going")
        practice: Any = self.bot.get_cog("Practice")
        if practice is not None and self.bot.user is not None \
                and self.bot.user.id in old.seats:  # a practice match: a new one at once
            await practice.rematch(interaction, old)
            return
        if len(old.seats) != 2 or any(is_virtual(u) for u in old.seats):
            # the same seats at an invitation table (AI seats seated again at once)
            await self.seating.rematch(old, user)
            await answer(interaction, t(locale_of(interaction), "lobby.rematch_offered",
                                        who=and_list(locale_of(interaction), [
                                            f"<@{u}>" for u in old.seats if u != user]),
                                        where=f"<#{old.channel_id}>"))
            return
        rival = old.seats[1] if old.seats[0] == user else old.seats[0]
        await self.check_room(user)
        await self.check_room(rival, f"<@{rival}>")
        await self.check_no_open_challenge(user, rival)
        options = {**old.options, FIRST: old.seats[1]}
        ch = await self.store.create_challenge(
            guild_id=old.guild_id, channel_id=old.channel_id, challenger_id=user,
            opponent_id=rival, game=old.game, options=options,
            expires_at=time.time() + self.expiry_seconds)
        where = self.bot.get_partial_messageable(old.channel_id)
        public = self.locale(old.guild_id)
        message = await where.send(
            t(public, "lobby.rematch", challenge=challenge_text(ch, loc=public),
              first=f"<@{old.seats[1]}>"),
            view=challenge_buttons(ch.id, public),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=rival)]))
        await self.store.set_challenge_message(ch.id, message.id)
        await answer(interaction, t(locale_of(interaction), "lobby.rematch_offered",
                                    who=f"<@{rival}>", where=f"<#{old.channel_id}>"))

    # --------------------------------------------------------------- /forfeit
    async def pick_match(self, interaction: discord.Interaction[Any],
                         match_id: int | None) -> MatchRecord:
        """The match a command is about: given, the current thread's, or the only live one."""
        live = await self.referee.live_matches(interaction.user.id)
        if match_id is not None:
            rec = await self.store.get_match(match_id)
            if rec is None:
                raise Refusal("lobby.no_match", id=match_id)
            if interaction.user.id not in rec.seats:
                raise Refusal("lobby.not_in_match")
            if rec.status != "active":
                raise Refusal("lobby.that_match_over")
            _, _, state = await self.referee.load(rec.id)
            if all(s in state.left for s, u in enumerate(rec.seats)
                   if u == interaction.user.id):
                raise Refusal("reason.already_left")
            return rec
        here = [m for m in live if m.thread_id == interaction.channel_id]
        if here:
            return here[0]
        if len(live) == 1:
            return live[0]
        if not live:
            raise Refusal("lobby.no_live")
        raise Refusal("lobby.several_live")

    async def playing(self, rec: MatchRecord) -> int:
        """How many seats of a live match are still playing (N-seat matches: leavers out)."""
        _, _, state = await self.referee.load(rec.id)
        return len(state.in_play())

    async def live_choices(self, interaction: discord.Interaction[Any],
                           current: str) -> list[app_commands.Choice[int]]:
        """Autocomplete for ``match_id``: the caller's live matches, readably labelled."""
        out = []
        loc = locale_of(interaction)
        for rec in await self.referee.live_matches(interaction.user.id):
            game = REGISTRY[rec.game]
            rivals = ", ".join([await user_name(self.bot, interaction.guild, u)
                                for u in rec.seats if u != interaction.user.id])
            seat = rec.seats.index(interaction.user.id)
            prompt = game.prompts(await self.referee.cached_state(rec, game)).get(seat)
            turn = t(loc, "lobby.your_move" if prompt is not None and not prompt.committed
                     else "lobby.waiting")
            label = t(loc, "lobby.live_choice", id=rec.id, game=game.name, rivals=rivals,
                      turn=turn)
            out.append(app_commands.Choice(name=label[:100], value=rec.id))
        return matching(out, current)

    @app_commands.command(name=L("cmd.forfeit.name"), description=L("cmd.forfeit.description"))
    @app_commands.rename(match_id=L("cmd.forfeit.opt.match_id.name"))
    @app_commands.describe(match_id=L("cmd.forfeit.opt.match_id.description"))
    async def forfeit(self, interaction: discord.Interaction[Any],
                      match_id: app_commands.Range[int, 1] | None = None) -> None:
        """Ask for confirmation, then concede."""
        loc = locale_of(interaction)
        try:
            rec = await self.pick_match(interaction, match_id)
        except EngineError as exc:
            await answer(interaction, reason(exc, loc))
            return
        view = StaticView()
        view.add_item(discord.ui.Button(label=t(loc, "lobby.forfeit_button", id=rec.id),
                                        style=discord.ButtonStyle.danger,
                                        custom_id=ids.make("ff", rec.id)))
        await interaction.response.send_message(
            t(loc, "lobby.forfeit_ask_leave" if await self.playing(rec) > 2
              else "lobby.forfeit_ask", game=REGISTRY[rec.game].name, id=rec.id),
            view=view, ephemeral=True)

    async def on_forfeit_button(self, interaction: discord.Interaction[Any],
                                cid: ids.CustomId) -> None:
        """The confirmation click: concede and publish."""
        applied = await self.referee.forfeit(cid.num(0), interaction.user.id)
        await interaction.response.edit_message(
            content=t(locale_of(interaction), "lobby.forfeited", id=applied.match.id),
            view=StaticView())
        await self.table.publish(applied)

    # --------------------------------------------------------------- /matches
    @challenge.autocomplete("deck")
    async def _deck_autocomplete(self, interaction: discord.Interaction[Any],
                                 current: str) -> list[app_commands.Choice[str]]:
        """The challenger's saved decks of the chosen game (a code may be pasted too)."""
        game = str(getattr(interaction.namespace, "game", "") or "")
        if game not in deck_games():
            return []
        mine = await self.store.user_decks(interaction.user.id, game)
        return [app_commands.Choice(name=label, value=value)
                for label, value in name_choices(mine, current)]

    @forfeit.autocomplete("match_id")
    async def _forfeit_autocomplete(self, interaction: discord.Interaction[Any],
                                    current: str) -> list[app_commands.Choice[int]]:
        return await self.live_choices(interaction, current)

    @app_commands.command(name=L("cmd.matches.name"), description=L("cmd.matches.description"))
    async def matches(self, interaction: discord.Interaction[Any]) -> None:
        """This server's live matches, anyone's (the caller's first, starred), each with its
        players, whose move it is and a link to its thread; ephemeral, at most
        :data:`MATCHES_SHOWN`. In a DM: the caller's own live matches."""
        loc = locale_of(interaction)
        me, guild = interaction.user.id, interaction.guild_id
        mine = await self.referee.live_matches(me)
        if guild is not None:
            mine = [m for m in mine if m.guild_id == guild]
            server = await self.store.guild_matches(guild, MATCHES_SHOWN + 1)
        else:
            server = []
        listed = {m.id for m in mine}
        shown = [*mine, *(m for m in server if m.id not in listed)]
        if not shown:
            await answer(interaction, t(loc, "lobby.no_live_start" if guild is None
                                        else "lobby.matches_none"))
            return
        lines = []
        for rec in shown[:MATCHES_SHOWN]:
            game = REGISTRY[rec.game]
            state = await self.referee.cached_state(rec, game)
            waiting = [s for s, p in game.prompts(state).items()
                       if not p.committed and s not in state.left]
            lines.append(live_match_line(rec, waiting, state.left, me, loc))
        footer = t(loc, "lobby.matches_footer")
        if len(shown) > MATCHES_SHOWN:
            footer += " · " + t(loc, "lobby.matches_more", count=MATCHES_SHOWN)
        embed = discord.Embed(title=t(loc, "lobby.matches_title" if guild is not None
                                      else "lobby.matches_title_mine"),
                              description="\n\n".join(lines)[:4096], color=0x5865F2)
        embed.set_footer(text=footer)
        await interaction.response.send_message(embed=embed, ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    # --------------------------------------------------------------- /settings
    settings = app_commands.Group(name=L("cmd.settings.name"),
                                  description=L("cmd.settings.description"),
                                  guild_only=True,
                                  default_permissions=discord.Permissions(manage_guild=True))

    @settings.command(name=L("cmd.settings.turn_timer.name"),
                      description=L("cmd.settings.turn_timer.description"))
    @app_commands.rename(minutes=L("cmd.settings.turn_timer.opt.minutes.name"))
    @app_commands.describe(minutes=L("cmd.settings.turn_timer.opt.minutes.description"))
    async def turn_timer(self, interaction: discord.Interaction[Any],
                         minutes: app_commands.Range[int, 1, MAX_TURN_MINUTES]) -> None:
        """Set the per-decision timer for this server's new decisions (1 minute to 7 days)."""
        loc = locale_of(interaction)
        if not 1 <= minutes <= MAX_TURN_MINUTES:  # Discord checks it too; never trust it
            await answer(interaction, t(loc, "lobby.timer_range", max=MAX_TURN_MINUTES))
            return
        if interaction.guild_id is None:
            await answer(interaction, t(loc, "lobby.server_setting"))
            return
        perms = getattr(interaction, "permissions", None)
        if perms is None or not perms.manage_guild:
            await answer(interaction, t(loc, "lobby.need_manage"))
            return
        await self.referee.set_turn_seconds(interaction.guild_id, minutes * 60)
        await answer(interaction, t(loc, "lobby.timer_set", count=minutes))
