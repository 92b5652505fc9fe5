"""Tables for N seats: ``/host``, ``/challenge`` with several opponents, N-seat rematches.

A table is a public message with buttons. An *open* table (``/host game seats``) has
**Join**, **Leave**, **Start** and **Cancel**: anyone may sit down until it is full (then
it starts by itself); the host starts it once the game's minimum is seated, or cancels
it. An *invitation* table (``/challenge`` with several opponents, or a rematch of an
N-seat match) has **Accept** and **Decline**: only the invited may accept, and it starts
when all of them have; one decline (or the host's) cancels it. Both expire after the
challenge expiry, their message edited to say so. Seats are taken in join order, the
host first (a rematch rotates the old order so that the next player starts).

Every refusal (a bot, a duplicate, someone at the live-match limit or already seated, the
wrong person pressing Start or Cancel, a full, finished or expired table, a double
click) is an ephemeral answer that changes nothing: seating is a compare-and-set in the
store (:mod:`db.sqlite_lobbies`), so a table survives a restart and never starts twice.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from cogs import ids
from cogs.ai_seats import (
    AI_KEY,
    LEVELS,
    ai_levels,
    humans,
    is_virtual,
    lobby_ai_id,
    match_seats,
    next_lobby_ai,
)
from cogs.autocomplete import matching
from cogs.i18n import L, Refusal, and_list, locale_of, reason, t
from cogs.offers import Offers
from cogs.option_words import options_text
from cogs.router import Router, StaticView, answer, check_message
from cogs.shards import shard_filter
from db.base import LobbyRecord, MatchRecord
from engine.core import EngineError
from engine.games import REGISTRY

log = logging.getLogger("hajime.seating")

ORDER = "_order"
"""Table option: the user ids in seat order (a rematch keeps the seats, rotated)."""


def seat_order(lobby: LobbyRecord) -> list[int]:
    """The players in the match's seat order: join order, or a rematch's order."""
    order = [u for u in lobby.options.get(ORDER, []) if u in lobby.players]
    return order + [u for u in lobby.players if u not in order]


def game_options(lobby: LobbyRecord) -> dict[str, Any]:
    """The game's own options of a table (without the table's private keys)."""
    return {k: v for k, v in lobby.options.items() if not k.startswith("_")}


def parse_option_text(game_id: str, text: str | None) -> dict[str, Any]:
    """``key=value, key=value`` validated by the game's options model (refused clearly)."""
    raw: dict[str, Any] = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise Refusal("seating.bad_options", text=part.strip())
        raw[key.strip()] = value.strip()
    options: dict[str, Any] = REGISTRY[game_id].parse_options(raw).model_dump(mode="json")
    return options


def seat_name(user_id: int, loc: str = "en-US") -> str:
    """A seated player's mention, or an AI seat's name ("Hajime (AI, normal)")."""
    if not is_virtual(user_id):
        return f"<@{user_id}>"
    from cogs.ai_seats import BOT_NAME, lobby_ai_level

    level = lobby_ai_level(user_id)
    return t(loc, "practice.ai_name", bot=BOT_NAME[0], level=t(loc, f"practice.level.{level}"))


def takes_ai(lobby: LobbyRecord) -> bool:
    """Whether the host may seat AIs at this table: an open table (not an invitation)
    of a game for more than two players."""
    return not lobby.invited and REGISTRY[lobby.game].max_seats > 2


def seated_options(lobby: LobbyRecord) -> dict[str, Any]:
    """A table's game options as the match will play them at its number of seats (the
    game may force some: a Mortal Kombat Brawl plays the Infinity Rule)."""
    game = REGISTRY[lobby.game]
    options = game_options(lobby)
    try:
        played = game.seated_options(game.parse_options(options), lobby.seats)
    except EngineError:
        return options
    return {k: v for k, v in played.model_dump(mode="json").items() if k in options}


def table_text(lobby: LobbyRecord, status: str | None = None, loc: str = "en-US") -> str:
    """The public text of a table: who hosts (or invites), the game, who sits, the state."""
    game = REGISTRY[lobby.game]
    opts = options_text(seated_options(lobby), loc)
    host = f"<@{lobby.host_id}>"
    if lobby.invited:
        head = t(loc, "seating.invites", host=host, game=game.name, count=lobby.seats,
                 who=and_list(loc, [f"<@{u}>" for u in lobby.invited]))
    else:
        head = t(loc, "seating.hosts", host=host, game=game.name, count=lobby.seats)
    lines = [head + (f" · {opts}" if opts else "")]
    seated = and_list(loc, [seat_name(u, loc) for u in lobby.players])
    lines.append(t(loc, "seating.seated", n=len(lobby.players), of=lobby.seats, who=seated))
    missing = [u for u in lobby.invited if u not in lobby.players]
    if lobby.invited and missing and status is None:
        lines.append(t(loc, "seating.waiting", who=and_list(loc, [f"<@{u}>" for u in missing])))
    if status is None:
        lines.append(t(loc, "seating.expires", when=f"<t:{int(lobby.expires_at)}:R>"))
    else:
        lines.append(status)
    return "\n".join(lines)


def table_buttons(lobby: LobbyRecord, loc: str = "en-US") -> StaticView:
    """Join/Leave/Start/Cancel for an open table; Accept/Decline for an invitation."""
    view = StaticView()
    if lobby.invited:
        buttons = [("accept", discord.ButtonStyle.success),
                   ("decline", discord.ButtonStyle.danger)]
    else:
        buttons = [("join", discord.ButtonStyle.success),
                   ("leave", discord.ButtonStyle.secondary),
                   ("start", discord.ButtonStyle.primary),
                   ("cancel", discord.ButtonStyle.danger)]
    for what, style in buttons:
        view.add_item(discord.ui.Button(label=t(loc, f"seating.button.{what}"), style=style,
                                        custom_id=ids.make("tb", lobby.id, what)))
    if takes_ai(lobby):  # the host's: one button per level, and one to remove an AI
        for level in LEVELS:
            view.add_item(discord.ui.Button(
                label=t(loc, "seating.button.add_ai", level=t(loc, f"practice.level.{level}")),
                style=discord.ButtonStyle.secondary, row=1,
                custom_id=ids.make("tb", lobby.id, f"ai-{level}")))
        if any(is_virtual(u) for u in lobby.players):
            view.add_item(discord.ui.Button(
                label=t(loc, "seating.button.remove_ai"), style=discord.ButtonStyle.secondary,
                row=1, custom_id=ids.make("tb", lobby.id, "unai")))
    return view


class Seating(Offers, commands.Cog):
    """Tables of 2-4 seats waiting to start."""

    async def cog_load(self) -> None:
        """Register the table buttons and start the expiry loop."""
        Router.install(self.bot, {"tb": self.on_table_button})
        self.expirer.start()

    # ------------------------------------------------------------------ checks
    async def check_free(self, user_id: int, who: str | None = None,
                         but: int | None = None) -> None:
        """Refuse a player already seated at another open table (``but``: this one)."""
        now = time.time()
        for other in await self.store.open_lobbies():
            if other.id != but and other.expires_at > now and user_id in other.players:
                if who is None:
                    raise Refusal("seating.you_seated_elsewhere")
                raise Refusal("seating.they_seated_elsewhere", who=who)

    @staticmethod
    def check_seats(game_id: str, seats: int) -> None:
        """Refuse a number of seats the game does not allow."""
        if game_id not in REGISTRY:
            raise Refusal("lobby.unknown_game")
        game = REGISTRY[game_id]
        if not game.min_seats <= seats <= game.max_seats:
            raise Refusal("seating.seats_range", game=game.name, lo=game.min_seats,
                          hi=game.max_seats)

    # ------------------------------------------------------------------ /host
    async def game_autocomplete(self, interaction: discord.Interaction[Any],
                                current: str) -> list[app_commands.Choice[str]]:
        """Games a table can be hosted for, with their numbers of players."""
        loc = locale_of(interaction)
        out = [app_commands.Choice(name=t(loc, "seating.game_choice", game=g.name,
                                          lo=g.min_seats, hi=g.max_seats)[:100], value=gid)
               for gid, g in sorted(REGISTRY.items())]
        return matching(out, current)

    @app_commands.command(name=L("cmd.host.name"), description=L("cmd.host.description"))
    @app_commands.rename(game=L("cmd.host.opt.game.name"), seats=L("cmd.host.opt.seats.name"),
                         options=L("cmd.host.opt.options.name"))
    @app_commands.describe(game=L("cmd.host.opt.game.description"),
                           seats=L("cmd.host.opt.seats.description"),
                           options=L("cmd.host.opt.options.description"))
    @app_commands.guild_only()
    async def host(self, interaction: discord.Interaction[Any], game: str,
                   seats: app_commands.Range[int, 2, 8], options: str | None = None) -> None:
        """Open a table anyone may join; it starts when full or when the host starts it."""
        loc = locale_of(interaction)
        try:
            self.check_seats(game, seats)
            await self.check_room(interaction.user.id)
            await self.check_free(interaction.user.id)
            opts = parse_option_text(game, options)
        except EngineError as exc:
            await answer(interaction, reason(exc, loc))
            return
        await self.open_table(interaction, game, seats, opts, invited=[])

    @host.autocomplete("game")
    async def _host_game(self, interaction: discord.Interaction[Any],
                         current: str) -> list[app_commands.Choice[str]]:
        return await self.game_autocomplete(interaction, current)

    async def invite(self, interaction: discord.Interaction[Any], game: str,
                     opponents: list[discord.User | discord.Member],
                     options: dict[str, Any]) -> None:
        """``/challenge`` with several opponents: an invitation table (refusals as for a
        two-player challenge, each ephemeral and changing nothing)."""
        loc = locale_of(interaction)
        try:
            ids_ = [u.id for u in opponents]
            if interaction.user.id in ids_:
                raise Refusal("lobby.not_yourself")
            if len(set(ids_)) != len(ids_):
                raise Refusal("seating.duplicate")
            if any(u.bot for u in opponents):
                raise Refusal("lobby.no_bots")
            self.check_seats(game, len(opponents) + 1)
            await self.check_room(interaction.user.id)
            await self.check_free(interaction.user.id)
            for user in opponents:
                await self.check_room(user.id, user.mention)
                await self.check_free(user.id, user.mention)
        except EngineError as exc:
            await answer(interaction, reason(exc, loc))
            return
        await self.open_table(interaction, game, len(opponents) + 1, options, invited=ids_)

    async def open_table(self, interaction: discord.Interaction[Any], game: str, seats: int,
                         options: dict[str, Any], invited: list[int]) -> None:
        """Store the table and post its message."""
        lobby = await self.store.create_lobby(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0,
            host_id=interaction.user.id, game=game, options=options, seats=seats,
            invited=invited, expires_at=time.time() + self.expiry_seconds)
        public = self.locale(interaction.guild_id)
        await interaction.response.send_message(
            table_text(lobby, loc=public), view=table_buttons(lobby, public),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(id=u) for u in invited]))
        message = await interaction.original_response()
        await self.store.set_lobby_message(lobby.id, message.id)

    async def rematch(self, old: MatchRecord, user: int) -> LobbyRecord:
        """An invitation table for the same seats as ``old`` (an N-seat match), the
        presser hosting; the seats rotate so that the old second seat starts. Its AI
        seats are seated again at once, at their levels (only the people are invited)."""
        levels = ai_levels(old.options)
        lobby_ids = {uid: lobby_ai_id(n + 1, levels.get(s, "normal"))
                     for n, (s, uid) in enumerate((s, u) for s, u in enumerate(old.seats)
                                                  if is_virtual(u))}
        others = [u for u in humans(old.seats) if u != user]
        for uid in [user, *others]:
            await self.check_room(uid, None if uid == user else f"<@{uid}>")
            await self.check_free(uid, None if uid == user else f"<@{uid}>")
        order = [lobby_ids.get(u, u) for u in [*old.seats[1:], old.seats[0]]]
        options = {k: v for k, v in old.options.items() if k != AI_KEY}
        lobby = await self.store.create_lobby(
            guild_id=old.guild_id, channel_id=old.channel_id, host_id=user, game=old.game,
            options={**options, ORDER: order}, seats=len(old.seats), invited=others,
            expires_at=time.time() + self.expiry_seconds)
        if lobby_ids:
            players = [*lobby.players, *lobby_ids.values()]
            if await self.store.seat_lobby(lobby.id, lobby.players, players):
                lobby.players = players
        where = self.bot.get_partial_messageable(old.channel_id)
        public = self.locale(old.guild_id)
        message = await where.send(
            t(public, "seating.rematch", table=table_text(lobby, loc=public),
              first=seat_name(order[0], public)),
            view=table_buttons(lobby, public),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(id=u) for u in others]))
        await self.store.set_lobby_message(lobby.id, message.id)
        return lobby

    # ------------------------------------------------------------------ buttons
    async def on_table_button(self, interaction: discord.Interaction[Any],
                              cid: ids.CustomId) -> None:
        """Join, Leave, Start, Cancel, Accept or Decline (``hj:tb:<table>:<what>``)."""
        what = cid.text(1)
        if what not in ("join", "leave", "start", "cancel", "accept", "decline", "unai",
                        *(f"ai-{level}" for level in LEVELS)):
            raise ids.BadCustomId("bad table button")
        lobby = await self.store.get_lobby(cid.num(0))
        if lobby is None:
            raise Refusal("seating.gone")
        check_message(interaction, lobby.message_id)
        user = interaction.user.id
        if lobby.status != "open":
            raise Refusal(f"seating.closed.{lobby.status}")
        if time.time() >= lobby.expires_at:
            await self.expire(lobby)
            raise Refusal("seating.closed.expired")
        public = self.locale(lobby.guild_id)
        if what in ("join", "accept"):
            await self.join(interaction, lobby, public)
        elif what.startswith("ai-") or what == "unai":
            await self.seat_ai(interaction, lobby, public, what.removeprefix("ai-"))
        elif what == "leave":
            if user == lobby.host_id:
                raise Refusal("seating.host_leaves")
            if user not in lobby.players:
                raise Refusal("seating.not_seated")
            players = [u for u in lobby.players if u != user]
            if not await self.store.seat_lobby(lobby.id, lobby.players, players):
                raise Refusal("seating.changed")
            lobby.players = players
            await interaction.response.edit_message(content=table_text(lobby, loc=public),
                                                    view=table_buttons(lobby, public))
        elif what in ("cancel", "decline"):
            invited = what == "decline" and user in lobby.invited
            if user != lobby.host_id and not invited:
                raise Refusal("seating.only_host_cancel" if what == "cancel"
                              else "seating.only_invited", host=f"<@{lobby.host_id}>")
            if not await self.store.close_lobby(lobby.id, "cancelled"):
                raise Refusal("seating.changed")
            note = (t(public, "seating.declined", who=f"<@{user}>") if invited
                    else t(public, "seating.cancelled"))
            await interaction.response.edit_message(
                content=table_text(lobby, note, public), view=StaticView())
        else:  # start
            if user != lobby.host_id:
                raise Refusal("seating.only_host_start", host=f"<@{lobby.host_id}>")
            game = REGISTRY[lobby.game]
            if len(lobby.players) < game.min_seats:
                raise Refusal("seating.too_few", game=game.name, lo=game.min_seats)
            await self.start(interaction, lobby, public)

    async def seat_ai(self, interaction: discord.Interaction[Any], lobby: LobbyRecord,
                      public: str, level: str) -> None:
        """The host seats an AI at ``level`` (``unai``: removes the last AI seated).

        The table then plays unrated; it does not start by itself when an AI takes the
        last seat (the host may still remove it, or press Start)."""
        if interaction.user.id != lobby.host_id:
            raise Refusal("seating.only_host_ai", host=f"<@{lobby.host_id}>")
        if not takes_ai(lobby):
            raise Refusal("seating.no_ai_here", game=REGISTRY[lobby.game].name)
        if level == "unai":
            ais = [u for u in lobby.players if is_virtual(u)]
            if not ais:
                raise Refusal("seating.no_ai_seated")
            players = [u for u in lobby.players if u != ais[-1]]
        else:
            if len(lobby.players) >= lobby.seats:
                raise Refusal("seating.full")
            players = [*lobby.players, next_lobby_ai(lobby.players, level)]
        if not await self.store.seat_lobby(lobby.id, lobby.players, players):
            raise Refusal("seating.changed")
        lobby.players = players
        await interaction.response.edit_message(content=table_text(lobby, loc=public),
                                                view=table_buttons(lobby, public))

    async def join(self, interaction: discord.Interaction[Any], lobby: LobbyRecord,
                   public: str) -> None:
        """Take a seat (accept an invitation); a table that fills starts at once."""
        user = interaction.user.id
        if user in lobby.players:
            raise Refusal("seating.already_seated")
        if lobby.invited and user not in lobby.invited:
            raise Refusal("seating.only_invited", host=f"<@{lobby.host_id}>")
        if interaction.user.bot:
            raise Refusal("lobby.no_bots")
        if len(lobby.players) >= lobby.seats:
            raise Refusal("seating.full")
        await self.check_room(user)
        await self.check_free(user, but=lobby.id)
        players = [*lobby.players, user]
        if len(players) == lobby.seats:  # it will start: refuse before seating anyone
            for uid in humans(lobby.players):
                await self.check_room(uid, f"<@{uid}>")
        if not await self.store.seat_lobby(lobby.id, lobby.players, players):
            raise Refusal("seating.changed")
        lobby.players = players
        if len(players) == lobby.seats:
            await self.start(interaction, lobby, public)
            return
        await interaction.response.edit_message(content=table_text(lobby, loc=public),
                                                view=table_buttons(lobby, public))

    async def start(self, interaction: discord.Interaction[Any], lobby: LobbyRecord,
                    public: str) -> None:
        """Start the table's match (one transaction with closing the table), post the
        board in its thread and edit the table message to link it."""
        for uid in humans(lobby.players):
            await self.check_room(uid, None if uid == interaction.user.id else f"<@{uid}>")
        seats, ai = match_seats(seat_order(lobby))
        rec, state = await self.referee.open_match(
            guild_id=lobby.guild_id, channel_id=lobby.channel_id, game_id=lobby.game,
            options=game_options(lobby), seats=seats, lobby=(lobby.id, lobby.players),
            rated=not ai, ai=ai)
        await interaction.response.defer()
        channel = interaction.channel
        where: discord.abc.Messageable = (
            channel if isinstance(channel, discord.abc.Messageable)
            else self.bot.get_partial_messageable(lobby.channel_id))
        table: Any = self.bot.get_cog("Table")
        try:
            rec = await table.post_board(rec, state, where)
        except EngineError as exc:
            await interaction.edit_original_response(
                content=table_text(lobby, t(public, "lobby.could_not_start",
                                            reason=reason(exc, public)), public),
                view=StaticView())
            raise
        practice: Any = self.bot.get_cog("Practice")
        if practice is not None and ai:
            practice.adopt(rec)  # the AI seats play from now on
        from cogs.lobby import match_link  # the lobby imports this module
        await interaction.edit_original_response(
            content=table_text(lobby, t(public, "seating.started", link=match_link(rec)),
                               public),
            view=StaticView())

    # ------------------------------------------------------------------ expiry
    async def expire(self, lobby: LobbyRecord) -> None:
        """Close an expired table and say so on its message."""
        if not await self.store.close_lobby(lobby.id, "expired"):
            return
        if lobby.message_id is None:
            return
        public = self.locale(lobby.guild_id)
        try:
            await self.bot.get_partial_messageable(lobby.channel_id).get_partial_message(
                lobby.message_id).edit(content=table_text(lobby, t(public, "seating.expired"),
                                                          public), view=StaticView())
        except discord.HTTPException:
            log.info("could not edit expired table %s", lobby.id)

    @tasks.loop(seconds=5.0)
    async def expirer(self) -> None:
        """Expire open tables past their time (also those from before a restart)."""
        now = time.time()
        try:
            due = [x for x in await self.store.open_lobbies(shard_filter(self.bot))
                   if now >= x.expires_at]
        except Exception:  # an escaped exception would stop the loop for good
            log.exception("could not read open tables")
            return
        for lobby in due:
            await self.expire(lobby)

    @expirer.before_loop
    async def _before_expirer(self) -> None:
        await self.bot.wait_until_ready()
