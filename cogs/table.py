"""The table: the public board, the ephemeral hand, actions, reveals and turn timers.

Public messages are rendered only from the spectator view (``game.view(state, None)``)
and public events; a seat's hand is rendered from that seat's view, ephemerally. What the
thread is told after each step is :mod:`cogs.table_news`; the clock, :mod:`cogs.table_timer`.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from collections import OrderedDict
from typing import Any

import discord
from discord.ext import commands

from cogs import ids
from cogs.controls import board_buttons, button
from cogs.embeds import STYLES, to_discord
from cogs.i18n_discord import locale_of, match_locale
from cogs.respond import defer_update, edit_original, followup, reply
from cogs.router import Router, StaticView
from cogs.table_hand import Hands
from cogs.table_memory import HAND_SECONDS, SavedHand
from cogs.table_news import TableNews, fit_lines, names_of
from cogs.table_timer import TableTimer
from db.base import MatchRecord, Store
from engine.core import JOIN, BaseState, Game, for_viewer
from referee import pictures
from referee.i18n import DEFAULT, Refusal, t
from referee.render.base import BoardContext
from referee.render.registry import renderer_for
from referee.service import Referee

log = logging.getLogger("hajime.table")

PUBLIC_VIEWS_KEPT = 64
"""Spectator views kept by (match, version): the steps being published right now."""
BOARD_HOOK_SECONDS = HAND_SECONDS
"""How long the board is edited through the click that owns it (Discord's interaction
token lasts 15 minutes)."""
BOARD_HOOK_RENEW = 10 * 60
"""A click on the board claims it again once its owner is this old (seconds): a busy
match never falls back to the bot token's edits."""


class Table(TableTimer, TableNews, commands.Cog):
    """Runs matches in Discord: boards, hands, actions, timers."""

    def __init__(self, bot: commands.Bot, store: Store, referee: Referee,
                 tick_seconds: float = 5.0) -> None:
        self.bot = bot
        self.store = store
        self.referee = referee
        self.timer.change_interval(seconds=tick_seconds)
        self.recent: dict[int, list[str]] = {}
        """Per match, public lines since the last thread message (shown on the board)."""
        self.pinged: dict[int, tuple[Any, set[int]]] = {}
        """Per match, the turn (renderer's :meth:`turn_key`) and the seats pinged in it."""
        self.hands: dict[tuple[int, int], tuple[float, discord.Interaction[Any], int | None]] = {}
        """Per (match, seat), the last interaction that showed that seat its hand (and the
        hand's message id when it is a follow-up): when a new decision comes without a
        ping, that private message is refreshed in place."""
        self.board_hooks: dict[int, tuple[float, int, str]] = {}
        """Per match, the click that owns its board (:meth:`claim_board`): when it was
        claimed (``time.monotonic()``), the board message's id and the click's token."""
        self.told: dict[int, dict[int, str]] = {}
        """Per match, the seats deciding (and what) when the thread was last told."""
        self.loaded: set[int] = set()
        """Matches whose memory above was loaded from (or written to) the database; the
        dictionaries are a cache of ``matches.table_memory`` (:mod:`cogs.table_memory`)."""
        self.hand_tokens: dict[int, dict[int, SavedHand]] = {}
        """Per match and seat, the Unix time and token of the open hand (stored with the
        memory: a restarted bot refreshes the hand through them)."""
        self._publishing: dict[int, asyncio.Lock] = {}
        self._planned: dict[int, int] = {}
        """Per match, the last version whose news is begun in this process (its record
        may not be written yet)."""
        self._news_tail: dict[int, asyncio.Future[bool]] = {}
        """Per match, the news of the last step begun (True once out): the next waits."""
        self._public_views: OrderedDict[tuple[int, int], Any] = OrderedDict()
        self.hands_built = Hands()
        """The last private hands built (:class:`cogs.table_hand.Hands`)."""

    async def cog_load(self) -> None:
        """Register our custom_id kinds and start the timer."""
        Router.install(self.bot, {
            "a": self.on_action,
            "s": self.on_select,
            "hand": self.on_hand,
            "act": self.on_act,
            "i": self.on_interrupt,
        })
        self.timer.start()

    async def cog_unload(self) -> None:
        """Stop the timer."""
        self.timer.cancel()

    # ----------------------------------------------------------------- rendering
    def public_view(self, rec: MatchRecord, state: BaseState) -> Any:
        """The spectator view of ``state``: built once per match and version (a step's
        board, picture, pings and result all read it; the few last are kept)."""
        key = (rec.id, state.version)
        view = self._public_views.get(key)
        if view is None:
            view = self._public_views[key] = self.referee.game(rec.game).viewed(state, None)
            if len(self._public_views) > PUBLIC_VIEWS_KEPT:
                self._public_views.popitem(last=False)
        return view

    def public_locale(self, rec: MatchRecord) -> str:
        """The language of a match's public messages: its server's, or its players' when
        the server chose none and they all share one (see the README)."""
        guild = self.bot.get_guild(rec.guild_id) if rec.guild_id is not None else None
        return match_locale(guild, list(rec.seats))

    async def drawn_board(self, rec: MatchRecord, state: BaseState,
                          shown: tuple[bytes, Any] | None = None
                          ) -> tuple[dict[str, Any], bytes | None]:
        """:meth:`board_payload`, the picture drawn off the event loop (~20 ms of Pillow),
        and its key (:func:`referee.pictures.key_of`; None: no picture). ``shown``: (key,
        attachment) of the board message's picture; the same key keeps it (no drawing,
        no upload)."""
        renderer = renderer_for(rec.game)
        view = self.public_view(rec, state)
        loc = self.public_locale(rec)
        key = pictures.key_of(renderer, view, loc)
        if shown is not None and shown[0] == key:
            return self.board_payload(rec, state, kept=shown[1]), key
        png = await pictures.drawn(renderer, view, loc)  # kept per picture
        return self.board_payload(rec, state, png), key if png is not None else None

    def board_payload(self, rec: MatchRecord, state: BaseState,
                      png: bytes | None = None, kept: Any = None) -> dict[str, Any]:
        """Embed, picture and buttons of the public board, from the spectator view only
        (``kept``: the board message's attachment to keep as its picture, not redrawn)."""
        game = self.referee.game(rec.game)
        renderer = renderer_for(rec.game)
        view = self.public_view(rec, state)
        outcome = game.outcome(state)
        loc = self.public_locale(rec)
        names = names_of(rec, loc)
        ctx = BoardContext(match_id=rec.id, game_name=game.name, view=view,
                           names=names, prompts=game.asked(state),
                           finished=outcome is not None,
                           summary=renderer.result_line(outcome, view, names, loc=loc)
                           if outcome else "",
                           locale=loc, left=tuple(state.left))
        embed = to_discord(renderer.board_embed(ctx))
        self.recall(rec)
        recent = self.recent.get(rec.id)
        if recent and outcome is None:
            embed.add_field(name=t(loc, "table.so_far"), value=fit_lines(recent),
                            inline=False)
        buttons: StaticView = StaticView()
        if outcome is None:  # interrupts anyone may see are usable (e.g. a full gauge)
            buttons = board_buttons(rec.id, loc, [
                button(c.label[:80], ids.make("i", rec.id, state.version, c.aid), c.emoji,
                       STYLES[c.style]) for c in renderer.board_controls(view, loc=loc)[:5]])
        payload: dict[str, Any] = {"embed": embed, "view": buttons}
        if kept is None and png is None:
            png = pictures.picture(renderer, view, loc)
        if kept is not None or png is not None:
            embed.set_image(url="attachment://board.png")
            payload["attachments"] = [kept if kept is not None else discord.File(
                io.BytesIO(png or b""), filename="board.png")]
        return payload

    def hand_payload(self, rec: MatchRecord, state: BaseState, seat: int,
                     with_controls: bool, page: int = 0,
                     loc: str = DEFAULT) -> dict[str, Any]:
        """A seat's private view and, when asked, controls built from its legal actions,
        in the seat's language ``loc`` (:func:`cogs.table_hand.build_hand`; the same hand
        asked again at the same version is served from :attr:`hands_built`). The dict is
        the caller's; its embed and view are shared and must not be changed."""
        return self.hands_built.payload(
            self.referee.game(rec.game), renderer_for(rec.game), rec.id, state, seat,
            names_of(rec, loc), with_controls, page, loc)

    # ----------------------------------------------------------------- handlers
    async def _seat(self, interaction: discord.Interaction[Any], match_id: int
                    ) -> tuple[MatchRecord, Game[Any, Any], BaseState, int]:
        rec, game, state = await self.referee.load(match_id)
        seat = self.referee.seat_of(rec, interaction.user.id)
        return rec, game, state, seat

    async def on_hand(self, interaction: discord.Interaction[Any], cid: ids.CustomId) -> None:
        """Show hand: the seat's private view, ephemerally."""
        rec, _, state, seat = await self._seat(interaction, cid.num(0))
        await self.show_private(interaction, rec, seat, self.hand_payload(
            rec, state, seat, with_controls=False, loc=locale_of(interaction)))

    async def on_act(self, interaction: discord.Interaction[Any], cid: ids.CustomId) -> None:
        """Act: the seat's private view with its legal actions as controls.

        ``hj:act:<match>:<page>`` (the Previous/Next buttons) updates the message in place.
        """
        rec, game, state, seat = await self._seat(interaction, cid.num(0))
        if rec.status != "active":
            raise Refusal("reason.match_over")
        if seat in state.left:
            raise Refusal("reason.left_match")
        prompt = game.asked(state).get(seat)
        if prompt is None and not game.interrupts(state, seat):
            raise Refusal("table.nothing_to_decide")
        loc = locale_of(interaction)
        if len(cid.fields) > 1:
            await reply(interaction, update=True, **self.hand_payload(
                rec, state, seat, with_controls=True, page=cid.num(1), loc=loc))
            self.remember_hand(rec.id, seat, interaction)
        else:
            await self.show_private(interaction, rec, seat, self.hand_payload(
                rec, state, seat, with_controls=True, loc=loc))

    async def show_private(self, interaction: discord.Interaction[Any], rec: MatchRecord,
                           seat: int, payload: dict[str, Any]) -> None:
        """Answer a click on the board (Act, Show hand) with the seat's private hand.

        Usually the hand is the click's answer. When the board has no owner (or an old
        one), the click claims it instead (:meth:`claim_board`): it is answered as a
        deferred update of the board, and the hand follows as an ephemeral follow-up."""
        if not self.wants_board(rec, interaction):
            await reply(interaction, ephemeral=True, **payload)
            self.remember_hand(rec.id, seat, interaction)
            return
        await defer_update(interaction)
        self.claim_board(rec, interaction)
        message_id = await followup(interaction, ephemeral=True, **payload)
        self.remember_hand(rec.id, seat, interaction, message_id)

    def wants_board(self, rec: MatchRecord, interaction: discord.Interaction[Any]) -> bool:
        """Whether this click, on the match's public board, should claim it."""
        message = interaction.message
        if message is None or rec.message_id is None or message.id != rec.message_id \
                or message.flags.ephemeral:
            return False
        got = self.board_hooks.get(rec.id)
        return got is None or got[1] != rec.message_id \
            or time.monotonic() - got[0] > BOARD_HOOK_RENEW

    def claim_board(self, rec: MatchRecord, interaction: discord.Interaction[Any]) -> None:
        """The board is this click's original response now (a deferred update of it): for
        :data:`BOARD_HOOK_SECONDS` the board is edited through the click's token, an
        interaction endpoint outside Discord's global limit of 50 requests a second per
        bot (at 200 clicks a second the board edits alone are about 100 a second)."""
        assert rec.message_id is not None
        self.board_hooks[rec.id] = (time.monotonic(), rec.message_id, interaction.token)

    def board_hook(self, rec: MatchRecord) -> str | None:
        """The token of the click that owns the match's board, while it may edit it."""
        return None if rec.message_id is None else self.board_hook_for(rec.id, rec.message_id)

    def board_hook_for(self, match_id: int, message_id: int) -> str | None:
        """:meth:`board_hook` of a match whose board is ``message_id``."""
        got = self.board_hooks.get(match_id)
        if got is None or got[1] != message_id \
                or time.monotonic() - got[0] > BOARD_HOOK_SECONDS:
            return None
        return got[2]

    def drop_board_hook(self, match_id: int, token: str) -> None:
        """Discord refused an edit through this token: edit with the bot's own again."""
        got = self.board_hooks.get(match_id)
        if got is not None and got[2] == token:
            del self.board_hooks[match_id]

    async def on_action(self, interaction: discord.Interaction[Any], cid: ids.CustomId) -> None:
        """An action button: apply it, update the hand in place, then the board."""
        await self._apply(interaction, cid.num(0), cid.num(1), cid.num(2), cid.text(3))

    async def on_interrupt(self, interaction: discord.Interaction[Any],
                           cid: ids.CustomId) -> None:
        """A board button for an interrupt (``hj:i:<match>:<version>:<aid>``): whoever
        presses it plays it if the engine allows (else an ephemeral refusal, nothing
        changes); the answer and the new hand are ephemeral, the board is updated."""
        applied = await self.referee.act(cid.num(0), interaction.user.id, cid.text(2),
                                         cid.num(1), interaction.id)
        assert applied.seat is not None
        loc = locale_of(interaction)
        payload = self.hand_payload(applied.match, applied.state, applied.seat,
                                    with_controls=True, loc=loc)
        lines = renderer_for(applied.match.game).narrate(
            for_viewer(applied.events, applied.seat), names_of(applied.match, loc), loc)
        payload["content"] = "\n".join(lines)[:1900] or None
        await reply(interaction, ephemeral=True, **payload)
        await self.publish(applied)

    async def on_select(self, interaction: discord.Interaction[Any], cid: ids.CustomId) -> None:
        """An action select: the chosen value is the action id; the values picked at once
        in a multi-select are one action, their ids joined (``engine.core.JOIN``)."""
        values = ids.picked(interaction.data)
        await self._apply(interaction, cid.num(0), cid.num(1), cid.num(2), JOIN.join(values))

    async def _apply(self, interaction: discord.Interaction[Any], match_id: int,
                     version: int, seat: int, aid: str) -> None:
        applied = await self.referee.act(match_id, interaction.user.id, aid, version,
                                         interaction.id, seat=seat)
        assert applied.seat is not None
        loc = locale_of(interaction)
        payload = self.hand_payload(applied.match, applied.state, applied.seat,
                                    with_controls=True, loc=loc)
        mine = for_viewer(applied.events, applied.seat)
        lines = renderer_for(applied.match.game).narrate(
            [e for e in mine if e.audience is not None], names_of(applied.match, loc), loc)
        payload["content"] = "\n".join(lines)[:1900] or None
        await reply(interaction, update=True, **payload)
        self.remember_hand(match_id, applied.seat, interaction)
        await self.publish(applied)

    def remember_hand(self, match_id: int, seat: int,
                      interaction: discord.Interaction[Any],
                      message_id: int | None = None) -> None:
        """Keep the interaction whose private message shows ``seat`` its hand
        (``message_id``: the hand is that follow-up of it, not its original response)."""
        self.hands[(match_id, seat)] = (time.monotonic(), interaction, message_id)
        self.hand_tokens.setdefault(match_id, {})[seat] = (
            (time.time(), interaction.token) if message_id is None
            else (time.time(), interaction.token, message_id))

    async def refresh_hands(self, rec: MatchRecord, state: BaseState,
                            seats: list[int]) -> None:
        """Show seats their new decision in their open private hand, in place.

        Discord lets the bot edit an interaction's answer for 15 minutes; older hands are
        left alone (the board's Act button always works).
        """
        for seat in seats:
            got = self.hands.get((rec.id, seat))
            if got is None or time.monotonic() - got[0] > HAND_SECONDS:
                await self.refresh_saved_hand(rec, state, seat)
                continue
            try:
                await edit_original(got[1], message_id=got[2], **self.hand_payload(
                    rec, state, seat, with_controls=True, loc=locale_of(got[1])))
            except discord.HTTPException:
                self.hands.pop((rec.id, seat), None)

    # ----------------------------------------------------------------- publishing
    async def post_board(self, rec: MatchRecord, state: BaseState,
                         channel: discord.abc.Messageable) -> MatchRecord:
        """Open the match's thread (when the channel allows one) and post the board.

        Without the right to create threads the board goes in the channel itself; if the
        bot cannot post there either, the match is aborted (nothing is rated) and the
        players are told why. Every step is recorded, so a crash midway is finished on
        start (:class:`cogs.reconcile.Reconciler`).
        """
        reconciler: Any = self.bot.get_cog("Reconciler")
        opened: MatchRecord = await reconciler.open_now(rec.id, channel)
        return opened

    async def show_board(self, rec: MatchRecord) -> None:
        """Edit the public board to the match's latest state now, and record it (a failed
        edit is retried by :class:`cogs.reconcile.Reconciler`)."""
        reconciler: Any = self.bot.get_cog("Reconciler")
        await reconciler.show_board(rec.id, force=True)

    def want_board(self, rec: MatchRecord, state: BaseState | None = None
                   ) -> asyncio.Future[bool | tuple[int, int]]:
        """Have the public board show the match's latest state now, not recorded: the
        future is the edit's (message id, version) for the step's record (:meth:`_finish`;
        False: it failed and :class:`cogs.reconcile.Reconciler` retries it). ``rec``: the
        record just read (and ``state``, if it is its), so the match is not read again.
        Several wants of one board collapse into one edit
        (:meth:`cogs.reconcile.Reconciler.want_board`)."""
        reconciler: Any = self.bot.get_cog("Reconciler")
        future: asyncio.Future[bool | tuple[int, int]] = reconciler.want_board(rec, state)
        return future
