"""The table: the public board, the ephemeral hand, actions, reveals and turn timers.

Public messages are rendered only from the spectator view (``game.view(state, None)``)
and public events; a seat's hand is rendered from that seat's view, ephemerally.
"""

from __future__ import annotations

import asyncio
import io
import logging
import time
from typing import Any

import discord
from discord.ext import commands, tasks

from cogs import ids
from cogs.referee import Applied, Referee, pending_seats
from cogs.render.base import BoardContext, Choice, Group
from cogs.render.registry import renderer_for
from cogs.router import Router, StaticView
from db.base import MatchRecord, Store
from engine.core import BaseState, Game, MatchOver, NotYourDecision, for_viewer

log = logging.getLogger("hajime.table")

MAX_ROWS = 5


def names_of(rec: MatchRecord) -> list[str]:
    """Mentions per seat: they render as names in embeds without pinging anyone."""
    return [f"<@{uid}>" for uid in rec.seats]


def board_buttons(match_id: int) -> StaticView:
    """The board's persistent buttons: Show hand and Act."""
    view = StaticView()
    view.add_item(discord.ui.Button(label="Show hand", emoji="🂠",
                                    custom_id=ids.make("hand", match_id)))
    view.add_item(discord.ui.Button(label="Act", style=discord.ButtonStyle.primary,
                                    emoji="⚔️", custom_id=ids.make("act", match_id)))
    return view


def control_rows(match_id: int, version: int, seat: int,
                 groups: list[Group]) -> list[list[discord.ui.Item[Any]]]:
    """Every legal action as rows: a row of buttons per small group, selects of 25."""
    rows: list[list[discord.ui.Item[Any]]] = []
    select_no = 0
    for group in groups:
        if not group.select and len(group.choices) <= 5:
            rows.append([discord.ui.Button(
                label=c.label[:80], emoji=c.emoji, style=c.style, disabled=c.disabled,
                custom_id=ids.make("a", match_id, version, seat, c.aid))
                for c in group.choices])
            continue
        for start in range(0, len(group.choices), 25):
            options = [discord.SelectOption(label=c.label[:100], value=c.aid, emoji=c.emoji)
                       for c in group.choices[start:start + 25]]
            rows.append([discord.ui.Select(
                placeholder=group.title[:150], options=options,
                custom_id=ids.make("s", match_id, version, seat, select_no))])
            select_no += 1
    return rows


def controls(match_id: int, version: int, seat: int, groups: list[Group],
             page: int = 0) -> StaticView:
    """A seat's legal actions as components, at most 5 rows.

    When they need more rows, they are shown 4 rows a page with Previous/Next buttons
    (``hj:act:<match>:<page>``), so no legal action is ever out of reach.
    """
    rows = control_rows(match_id, version, seat, groups)
    if len(rows) > MAX_ROWS:
        per = MAX_ROWS - 1
        pages = -(-len(rows) // per)
        page = min(max(page, 0), pages - 1)
        rows = rows[page * per:(page + 1) * per]
        rows.append([
            discord.ui.Button(label="◀ Previous", disabled=page == 0,
                              custom_id=ids.make("act", match_id, max(page - 1, 0))),
            discord.ui.Button(label=f"Next ▶ ({page + 1}/{pages})", disabled=page == pages - 1,
                              custom_id=ids.make("act", match_id, min(page + 1, pages - 1))),
        ])
    view = StaticView()
    for number, row in enumerate(rows):
        for item in row:
            item.row = number
            view.add_item(item)
    return view


class Table(commands.Cog):
    """Runs matches in Discord: boards, hands, actions, timers."""

    def __init__(self, bot: commands.Bot, store: Store, referee: Referee,
                 tick_seconds: float = 5.0) -> None:
        self.bot = bot
        self.store = store
        self.referee = referee
        self.timer.change_interval(seconds=tick_seconds)

    async def cog_load(self) -> None:
        """Register our custom_id kinds and start the timer."""
        Router.install(self.bot, {
            "a": self.on_action,
            "s": self.on_select,
            "hand": self.on_hand,
            "act": self.on_act,
        })
        self.timer.start()

    async def cog_unload(self) -> None:
        """Stop the timer."""
        self.timer.cancel()

    # ----------------------------------------------------------------- rendering
    async def drawn_board(self, rec: MatchRecord, state: BaseState) -> dict[str, Any]:
        """:meth:`board_payload`, with the picture drawn in a worker thread.

        Drawing a board with Pillow takes ~20 ms; off the event loop, other players'
        clicks are answered meanwhile.
        """
        renderer = renderer_for(rec.game)
        view = self.referee.game(rec.game).view(state, None)
        png = await asyncio.to_thread(renderer.picture, view)
        return self.board_payload(rec, state, png)

    def board_payload(self, rec: MatchRecord, state: BaseState,
                      png: bytes | None = None) -> dict[str, Any]:
        """Embed, picture and buttons of the public board, from the spectator view only."""
        game = self.referee.game(rec.game)
        renderer = renderer_for(rec.game)
        view = game.view(state, None)
        outcome = game.outcome(state)
        ctx = BoardContext(match_id=rec.id, game_name=game.name, view=view,
                           names=names_of(rec), prompts=game.prompts(state),
                           finished=outcome is not None,
                           summary=outcome.summary if outcome else "")
        embed = renderer.board_embed(ctx)
        payload: dict[str, Any] = {"embed": embed, "view": board_buttons(rec.id)
                                   if outcome is None else StaticView()}
        png = png if png is not None else renderer.picture(view)
        if png is not None:
            embed.set_image(url="attachment://board.png")
            payload["attachments"] = [discord.File(io.BytesIO(png), filename="board.png")]
        return payload

    def hand_payload(self, rec: MatchRecord, state: BaseState, seat: int,
                     with_controls: bool, page: int = 0) -> dict[str, Any]:
        """A seat's private view and, when asked, controls built from its legal actions."""
        game = self.referee.game(rec.game)
        renderer = renderer_for(rec.game)
        prompt = game.prompts(state).get(seat)
        embed = renderer.hand_embed(game.view(state, seat), seat, names_of(rec), prompt)
        view = StaticView()
        if with_controls and prompt is not None and not prompt.committed:
            choices = [(getattr(a, "kind", "action"),
                        Choice(aid=a.aid, label=game.label(state, seat, a)))
                       for a in game.legal(state, seat)]
            view = controls(rec.id, state.version, seat, renderer.groups(choices), page)
        elif prompt is not None and prompt.committed:
            embed.set_footer(text="Committed. Waiting for your rival.")
        elif game.outcome(state) is None:
            embed.set_footer(text="Nothing to decide right now.")
        return {"embed": embed, "view": view}

    # ----------------------------------------------------------------- handlers
    async def _seat(self, interaction: discord.Interaction[Any], match_id: int
                    ) -> tuple[MatchRecord, Game[Any, Any], BaseState, int]:
        rec, game, state = await self.referee.load(match_id)
        seat = self.referee.seat_of(rec, interaction.user.id)
        return rec, game, state, seat

    async def on_hand(self, interaction: discord.Interaction[Any], cid: ids.CustomId) -> None:
        """Show hand: the seat's private view, ephemerally."""
        rec, _, state, seat = await self._seat(interaction, cid.num(0))
        await interaction.response.send_message(
            ephemeral=True, **self.hand_payload(rec, state, seat, with_controls=False))

    async def on_act(self, interaction: discord.Interaction[Any], cid: ids.CustomId) -> None:
        """Act: the seat's private view with its legal actions as controls.

        ``hj:act:<match>:<page>`` (the Previous/Next buttons) updates the message in place.
        """
        rec, game, state, seat = await self._seat(interaction, cid.num(0))
        if rec.status != "active":
            raise MatchOver("This match is over.")
        prompt = game.prompts(state).get(seat)
        if prompt is None:
            raise NotYourDecision("You have nothing to decide right now; I'll ping you.")
        if len(cid.fields) > 1:
            await interaction.response.edit_message(
                **self.hand_payload(rec, state, seat, with_controls=True, page=cid.num(1)))
            return
        await interaction.response.send_message(
            ephemeral=True, **self.hand_payload(rec, state, seat, with_controls=True))

    async def on_action(self, interaction: discord.Interaction[Any], cid: ids.CustomId) -> None:
        """An action button: apply it, update the hand in place, then the board."""
        await self._apply(interaction, cid.num(0), cid.num(1), cid.num(2), cid.text(3))

    async def on_select(self, interaction: discord.Interaction[Any], cid: ids.CustomId) -> None:
        """An action select: the chosen value is the action id."""
        data: dict[str, Any] = dict(interaction.data or {})
        values = data.get("values") or []
        if not isinstance(values, list) or len(values) != 1 or not isinstance(values[0], str):
            raise ids.BadCustomId("no value")
        await self._apply(interaction, cid.num(0), cid.num(1), cid.num(2), values[0])

    async def _apply(self, interaction: discord.Interaction[Any], match_id: int,
                     version: int, seat: int, aid: str) -> None:
        applied = await self.referee.act(match_id, interaction.user.id, aid, version,
                                         interaction.id, seat=seat)
        assert applied.seat is not None
        payload = self.hand_payload(applied.match, applied.state, applied.seat,
                                    with_controls=True)
        mine = for_viewer(applied.events, applied.seat)
        lines = renderer_for(applied.match.game).narrate(
            [e for e in mine if e.audience is not None], names_of(applied.match))
        payload["content"] = "\n".join(lines)[:1900] or None
        await interaction.response.edit_message(**payload)
        await self.publish(applied)

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
        """Edit the public board to the match's latest state, recording what it shows.

        A failed edit is retried by :class:`cogs.reconcile.Reconciler`.
        """
        reconciler: Any = self.bot.get_cog("Reconciler")
        await reconciler.show_board(rec.id)

    async def publish(self, applied: Applied) -> None:
        """After a step: edit the board, narrate public events, ping who must decide."""
        rec = applied.match
        if rec.thread_id is None or rec.message_id is None:
            return
        where = self.bot.get_partial_messageable(rec.thread_id)
        await self.show_board(rec)
        renderer = renderer_for(rec.game)
        lines = renderer.narrate(for_viewer(applied.events, None), names_of(rec))
        if lines:
            await self.send_lines(where, lines)
        if applied.outcome is not None:
            await self.announce_result(rec, applied)
        if applied.outcome is None:
            await self.ping(rec, applied.state, applied.pending_after,
                            applied.pending_before if applied.seat is not None else {},
                            actor=applied.seat)

    async def announce_result(self, rec: MatchRecord, applied: Applied) -> None:
        """The final message: the result, with a Rematch button."""
        assert applied.outcome is not None
        where = self.bot.get_partial_messageable(rec.thread_id or rec.channel_id)
        winners = " and ".join(f"<@{rec.seats[s]}>" for s in applied.outcome.winners)
        head = "🤝 **Draw.**" if applied.outcome.draw else f"🏆 **{winners} wins!**"
        view = StaticView()
        view.add_item(discord.ui.Button(label="Rematch", emoji="🔁",
                                        style=discord.ButtonStyle.primary,
                                        custom_id=ids.make("rm", rec.id)))
        await where.send(f"🏁 Match over. {head} {applied.outcome.summary}".strip(), view=view,
                         allowed_mentions=discord.AllowedMentions(users=True))

    async def send_lines(self, where: discord.abc.Messageable, lines: list[str]) -> None:
        """Send narration, split under Discord's 2000-character limit."""
        chunk = ""
        for line in lines:
            if len(chunk) + len(line) + 1 > 1900:
                await where.send(chunk, allowed_mentions=discord.AllowedMentions.none())
                chunk = ""
            chunk += line[:1900] + "\n"
        if chunk:
            await where.send(chunk, allowed_mentions=discord.AllowedMentions.none())

    async def ping(self, rec: MatchRecord, state: BaseState, pending: dict[int, str],
                   before: dict[int, str], actor: int | None = None) -> None:
        """Mention seats with a new decision to make (the actor sees theirs in place)."""
        game = self.referee.game(rec.game)
        prompts = game.prompts(state)
        targets = sorted(s for s, kind in pending.items()
                         if s != actor and before.get(s) != kind)
        if not targets or rec.thread_id is None:
            return
        text = " ".join(f"<@{rec.seats[s]}>: {prompts[s].text}" for s in targets)
        where = self.bot.get_partial_messageable(rec.thread_id)
        await where.send(f"⏳ {text} Press **Act**.", view=board_buttons(rec.id),
                         allowed_mentions=discord.AllowedMentions(users=True))

    # ----------------------------------------------------------------- timers
    @tasks.loop(seconds=5.0)
    async def timer(self) -> None:
        """Half-time reminders, then the engine's timeout default, for due matches only."""
        now = time.time()
        try:
            due = await self.store.due_matches(now)
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
        """The half-time reminder to seats that still have to decide."""
        await self.store.mark_reminded(rec.id, rec.version)
        game = self.referee.game(rec.game)
        state = game.load(rec.state)
        seats = sorted(pending_seats(game, state))
        if not seats or rec.thread_id is None or rec.deadline is None:
            return
        who = " ".join(f"<@{rec.seats[s]}>" for s in seats)
        where = self.bot.get_partial_messageable(rec.thread_id)
        await where.send(f"⏰ {who}: half your time is gone; the referee decides for you "
                         f"<t:{int(rec.deadline)}:R>.", view=board_buttons(rec.id),
                         allowed_mentions=discord.AllowedMentions(users=True))

