"""Nothing half-done after a crash: resumable match openings and board reconciliation.

Two gaps exist between the database and Discord, and both are recorded in the store so
that a restarted bot (a new process, nothing in memory) can close them:

- **Opening a match.** Accepting a challenge and storing its match are one transaction
  (:meth:`db.base.Store.accept_challenge`); the match is marked ``opening``. Then the
  thread is created (its id stored), the board posted (its message id and the version it
  shows stored), the players pinged, and the mark cleared. :meth:`Reconciler.open_board`
  runs these steps, skipping those already recorded, both right after the accept click
  and, for a match a crash left marked, on start. If Discord refuses for good (missing
  permission, deleted channel), the match is aborted unrated and both players are told.
  A kill between creating the thread and storing its id leaves the thread behind: the
  next attempt finds it among the channel's active threads (the bot's own, same name)
  and uses it. A kill between the opening message and clearing the mark repeats the
  message with the same nonce, which Discord answers with the first one. Limits: a
  thread archived meanwhile is not listed (a new one is made; openings older than
  :data:`OPENING_GIVE_UP` are cancelled anyway), and Discord remembers nonces for a few
  minutes only, so a restart later than that repeats that one message.
- **The thread after an action.** The narration, pings and the final message are posted
  from the stored events when ``published_version`` is behind
  (:meth:`cogs.table.Table.publish_missing`, before the board is re-rendered), with
  nonces so that a repeated post is not doubled (:mod:`cogs.table_memory`).
- **The board after an action.** The action's transaction moves ``version``; the board
  edit that follows records ``board_version`` only once Discord accepted it. A board whose
  ``board_version`` is behind is re-rendered from the spectator view of the *latest*
  state (:meth:`Reconciler.show_board`), on start and after any failed board call (then
  retried with a growing delay). Edits of one board are serialized and never go back to
  an older version.

**On start** a pass runs as soon as a guild's GUILD_CREATE has filled the cache, for the
matches of the guilds already there, without waiting for ``on_ready`` (which discord.py
holds back ``guild_ready_timeout`` seconds after the last guild); ``on_ready`` runs
another for the rest. A pass touches only the matches :meth:`db.base.Store.unsettled_matches`
lists (one query on a partial index: openings, boards or posts behind their state, never
the current ones), the most recently played first, :data:`PARALLEL` at a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord.ext import commands
from discord.http import Route, handle_message_parameters

from cogs.clicks_first import clicks_of
from cogs.coalesce import Coalescer
from cogs.global_pace import bucket_wait
from cogs.i18n_discord import match_locale
from cogs.respond import edit_by_token
from cogs.router import StaticView
from cogs.seating import table_text
from cogs.shards import owns
from cogs.table import Table
from db.base import MatchRecord, Store
from engine.games import REGISTRY
from referee import pictures
from referee.ai_seats import humans, mention
from referee.i18n import Refusal, and_list, t
from referee.lobby_text import challenge_text, match_link
from referee.render.registry import renderer_for
from referee.service import Referee

log = logging.getLogger("hajime.reconcile")

RETRY_FIRST = 2.0
"""Seconds before the first retry of a pass that left something unsettled (then doubled)."""
RETRY_MAX = 300.0
"""The longest wait between two retries."""
OPENING_GIVE_UP = 3600.0
"""A match still unopened this long after it was accepted is cancelled, whatever the error."""
PARALLEL = 8
"""Boards re-rendered at once during a pass (each draws a picture and edits a message).
8 rather than 4: a restart's pass waits on Discord's answers more than it computes
(bench/restart_bench.py at load 17-21 with two CPU hogs: the last of 100 stale boards
0.4-0.9 s after ready with 8, 0.4-2.2 s with 4)."""
FLUSH_SECONDS = 5.0
"""At shutdown, the longest the board edits still due are waited for."""
BUCKET_WAIT_MAX = 10.0
"""The longest a board edit waits for its thread's rate-limit bucket before it goes out
anyway (discord.py then waits in its own queue)."""
PICTURES_KEPT = 20_000
"""Board pictures remembered (a 16-byte digest of the key and the attachment's id)."""


def for_good(exc: discord.HTTPException) -> bool:
    """Whether Discord's refusal will not change by retrying (permissions, deleted things)."""
    return isinstance(exc, discord.Forbidden | discord.NotFound)


class _Kept:
    """An attachment the board message already has, kept by an edit (its id only)."""

    def __init__(self, attachment_id: int) -> None:
        self.id = attachment_id

    def to_dict(self) -> dict[str, Any]:
        """The edit's reference to it, as Discord wants it."""
        return {"id": self.id}


class Reconciler(commands.Cog):
    """Finishes interrupted openings and brings stale public boards up to date."""

    def __init__(self, bot: commands.Bot, store: Store, referee: Referee) -> None:
        self.bot = bot
        self.store = store
        self.referee = referee
        self._locks: dict[int, asyncio.Lock] = {}
        self._opening_now: set[int] = set()
        """Matches being opened by an accept click in this process (not to be resumed)."""
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.passes = 0
        """Reconcile passes completed (tests wait on it)."""
        self.settled = False
        """Whether the last pass left nothing to do."""
        self.boards: Coalescer[int, bool | tuple[int, int]] = Coalescer(
            self._send_board, False, self._board_ready)
        """The table's board edits: several pending edits of one board collapse into one,
        drawn from the latest state (:meth:`want_board`)."""
        self._where: dict[int, tuple[int, int]] = {}
        """Per match with an edit due, its thread and board message (for :meth:`_board_ready`)."""
        self._early: set[asyncio.Future[Any]] = set()
        """Pictures being drawn ahead of their board's edit (:meth:`_draw_early`)."""
        self._known: dict[int, tuple[MatchRecord, Any]] = {}
        """Per match with an edit due, the latest record (and state) the table read."""
        self._pictures: dict[int, tuple[int, bytes, int]] = {}
        """Live match -> (board message, its picture's key, the attachment's id): an edit
        that leaves the picture unchanged keeps it, neither drawn nor uploaded again."""

    # ------------------------------------------------------------------ lifecycle
    async def cog_load(self) -> None:
        """Start the background loop (it waits until the bot is connected)."""
        self._task = asyncio.create_task(self._loop(), name="hajime-reconcile")

    async def cog_unload(self) -> None:
        """Send the board edits still due (a few seconds at most), stop the loop."""
        await self.boards.close(timeout=FLUSH_SECONDS)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """On (re)connection: settle whatever a previous process left half-done."""
        self.kick()

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        """A guild's cache is filled (on start, before ``on_ready``): settle its matches
        now, not seconds later once every guild has arrived."""
        self.kick()

    def here(self, rec: MatchRecord) -> bool:
        """Whether a pass can settle ``rec`` now: once ready, always; before, only when its
        guild is in the cache (its language, its channel and threads are known)."""
        return self.bot.is_ready() or rec.guild_id is None \
            or self.bot.get_guild(rec.guild_id) is not None

    def kick(self) -> None:
        """Run a reconcile pass as soon as possible."""
        self._wake.set()

    def lock(self, match_id: int) -> asyncio.Lock:
        """The lock serializing one match's opening and board edits."""
        return self._locks.setdefault(match_id, asyncio.Lock())

    @property
    def table(self) -> Table:
        """The table cog (renders boards, pings)."""
        cog = self.bot.get_cog("Table")
        assert isinstance(cog, Table)
        return cog

    async def _loop(self) -> None:
        # the first kick is on_guild_available or on_ready (or a failed board call)
        delay: float | None = None
        while True:
            if delay is None:
                await self._wake.wait()
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), delay)
            self._wake.clear()
            try:
                self.settled = await self.reconcile()
            except Exception:
                log.exception("reconcile pass failed")
                self.settled = False
            self.passes += 1
            delay = None if self.settled else min(RETRY_MAX, 2 * (delay or RETRY_FIRST / 2))

    # ------------------------------------------------------------------ one pass
    async def reconcile(self) -> bool:
        """Open every match left opening and re-render every stale board (of the guilds on
        this process's shards); True if all done."""
        gate = asyncio.Semaphore(PARALLEL)

        async def settle(rec: MatchRecord) -> bool:
            async with gate:
                if rec.opening and rec.status == "active":
                    return await self.resume_opening(rec.id)
                if rec.opening:  # it ended before its opening was finished (a crash between
                    # the board and the pings, then played or timed out): nothing left to
                    # open, and the mark would keep it unsettled for ever
                    await self.store.finish_opening(rec.id, rec.version, None)
                told = await self.table.publish_missing(rec.id)  # folds lines, shows the board
                return await self.show_board(rec.id) and told

        mine = [r for r in await self.store.unsettled_matches() if owns(self.bot, r.guild_id)]
        todo = [r for r in mine if self.here(r)]  # the most recently played first
        if todo:
            log.info("reconciling %d match(es)", len(todo))
        done = await asyncio.gather(*(settle(r) for r in todo), return_exceptions=True)
        for rec, ok in zip(todo, done, strict=True):
            if isinstance(ok, BaseException):
                log.error("could not settle match %s", rec.id, exc_info=ok)
        return len(todo) == len(mine) and all(ok is True for ok in done)

    # ------------------------------------------------------------------ boards
    def want_board(self, rec: MatchRecord, state: Any = None
                   ) -> asyncio.Future[bool | tuple[int, int]]:
        """Have the board of ``rec``'s match show its latest state soon, unrecorded (the
        table records it with the step's posts); the future is :meth:`show_board`'s answer.

        Several wants of one board collapse into one edit drawn from the state latest when
        it goes out (:class:`cogs.coalesce.Coalescer`); an edit that would go through the
        bot's token first waits until the thread's rate-limit bucket has room
        (:meth:`_board_ready`), so no request is refused and the wait draws the newest
        state, not one queued seconds ago."""
        if rec.thread_id is not None and rec.message_id is not None:
            self._where[rec.id] = (rec.thread_id, rec.message_id)
        self._known[rec.id] = (rec, state)
        if state is not None and state.version == rec.version:
            self._draw_early(rec, state)
        return self.boards.want(rec.id)

    def _draw_early(self, rec: MatchRecord, state: Any) -> None:
        """Begin drawing the board's new picture while its edit waits its turn (the edit
        joins the drawing, :func:`referee.pictures.drawn`); nothing when the board keeps
        the picture it shows."""
        renderer = renderer_for(rec.game)
        view = self.table.public_view(rec, state)
        loc = self.table.public_locale(rec)
        key = pictures.key_of(renderer, view, loc)
        shown = self._pictures.get(rec.id)
        if shown is not None and shown[0] == rec.message_id and shown[1] == key:
            return
        task = asyncio.ensure_future(pictures.drawn(renderer, view, loc))
        self._early.add(task)
        task.add_done_callback(self._drawn_early)

    def _drawn_early(self, task: asyncio.Future[Any]) -> None:
        self._early.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.info("drawing a board's picture early failed: %r", task.exception())

    async def _send_board(self, match_id: int) -> bool | tuple[int, int]:
        self._where.pop(match_id, None)
        return await self.show_board(match_id, force=True, record=False,
                                     known=self._known.pop(match_id, None))

    async def _board_ready(self, match_id: int) -> None:
        """Until the edit can go out: after the clicks waiting for their answer (at most
        ``board_wait_ms``, :meth:`cogs.clicks_first.ClicksFirst.quiet`); then, without a
        429, at once through the click that owns the board, else once the thread's bucket
        (``X-RateLimit-Remaining``/``-Reset`` as discord.py read them) has room; a click
        claiming the board meanwhile ends the wait."""
        clicks = clicks_of(self.bot)
        if clicks is not None:
            await clicks.quiet()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + BUCKET_WAIT_MAX
        while (where := self._where.get(match_id)) is not None:
            if self.table.board_hook_for(match_id, where[1]) is not None:
                return
            wait = bucket_wait(self.bot.http, Route(
                "PATCH", "/channels/{channel_id}/messages/{message_id}",
                channel_id=where[0], message_id=where[1]))
            left = deadline - loop.time()
            if wait <= 0 or left <= 0:
                return
            await asyncio.sleep(min(wait, left, 0.25))

    async def show_board(self, match_id: int, force: bool = False,
                         known: tuple[MatchRecord, Any] | None = None,
                         record: bool = True) -> bool | tuple[int, int]:
        """Make the public board show the match's latest state; False to retry later.

        Rendered from the spectator view only. A deleted board message is posted anew.
        ``force`` redraws a board already at the latest version (the table folded new
        lines into it after a pass drew that version). ``known`` is the match's record
        just read by the caller and its state when at hand (None: loaded from the
        record): it spares a read of the database when nothing else holds this match's
        board lock (else the record is read again, as a pass may have drawn a newer one).
        With ``record`` False an edit is not recorded here: the board message's id and
        the version it now shows are returned, for the caller to record along with its
        posts (:meth:`db.base.Store.set_shown`); a crash before that record only redraws
        the board on start.
        """
        lock = self.lock(match_id)
        if lock.locked():
            known = None
        async with lock:
            rec = known[0] if known is not None else await self.store.get_match(match_id)
            current = rec is not None and rec.board_version is not None \
                and rec.board_version >= rec.version
            if (rec is None or rec.opening or rec.message_id is None or rec.thread_id is None
                    or (current and not force)):
                return True
            state = known[1] if known is not None and known[1] is not None \
                and known[1].version == rec.version \
                else await self.referee.cached_state(rec, self.referee.game(rec.game))
            shown = self._pictures.get(rec.id)
            payload, key = await self.table.drawn_board(
                rec, state, None if shown is None or shown[0] != rec.message_id
                else (shown[1], _Kept(shown[2])))
            data: Any = None
            if self.table.board_hook(rec) is not None:
                data = await self._edit_through_click(rec, payload)
                if data is None:  # refused: the payload's files are spent, draw it again
                    payload, key = await self.table.drawn_board(rec, state)
            where = self.bot.get_partial_messageable(rec.thread_id)
            try:  # the HTTP call of PartialMessage.edit, without parsing the edited message
                if data is None:
                    with handle_message_parameters(**payload) as params:
                        data = await self.bot.http.edit_message(where.id, rec.message_id,
                                                                params=params)
            except discord.NotFound:
                return await self._repost(rec, state)
            except discord.HTTPException as exc:
                log.warning("could not edit the board of match %s (HTTP %s); will retry",
                            rec.id, exc.status)
                self.kick()
                return False
            self._keep_picture(rec, key, data)
            if not record:
                return rec.message_id, rec.version
            await self.store.set_board_version(rec.id, rec.message_id, rec.version)
            return True

    async def _edit_through_click(self, rec: MatchRecord, payload: dict[str, Any]) -> Any:
        """Edit the board through the click that owns it (:meth:`Table.claim_board`), an
        interaction endpoint outside the bot's global rate limit; the edited message's
        JSON, or None when no click owns it or Discord refused (the bot edits it then)."""
        token = self.table.board_hook(rec)
        if token is None:
            return None
        try:
            return await edit_by_token(self.bot, token, **payload)
        except discord.HTTPException as exc:  # expired, or the message is gone
            log.info("could not edit the board of match %s through its click (HTTP %s)",
                     rec.id, exc.status)
            self.table.drop_board_hook(rec.id, token)
            return None

    def _keep_picture(self, rec: MatchRecord, key: bytes | None,
                      data: dict[str, Any]) -> None:
        """Remember the picture a live board message shows (its key, attachment id)."""
        attachments = data.get("attachments") or []
        if key is None or rec.status != "active" or rec.message_id is None \
                or len(attachments) != 1:
            self._pictures.pop(rec.id, None)
            return
        self._pictures[rec.id] = (rec.message_id, key, int(attachments[0]["id"]))
        if len(self._pictures) > PICTURES_KEPT:  # bounded, whatever becomes of the matches
            del self._pictures[next(iter(self._pictures))]

    async def _repost(self, rec: MatchRecord, state: Any) -> bool:
        """The board message is gone: post a new one in the thread (or the channel)."""
        for where_id in dict.fromkeys([rec.thread_id or rec.channel_id, rec.channel_id]):
            payload, _ = await self.table.drawn_board(rec, state)
            files = payload.pop("attachments", None)
            try:
                message = await self.bot.get_partial_messageable(where_id).send(
                    **payload, files=files or discord.utils.MISSING)
            except discord.HTTPException as exc:
                log.warning("could not post a new board for match %s in %s (HTTP %s)",
                            rec.id, where_id, exc.status)
                continue
            if where_id != rec.thread_id:
                await self.store.set_match_thread(rec.id, where_id)
            await self.store.set_board_message(rec.id, message.id, rec.version)
            return True
        return False

    def locale(self, rec: MatchRecord) -> str:
        """The language of a match's public messages (:func:`cogs.i18n_discord.match_locale`)."""
        return match_locale(self.bot.get_guild(rec.guild_id)
                            if rec.guild_id is not None else None, list(rec.seats))

    # ------------------------------------------------------------------ openings
    async def open_board(self, match_id: int,
                         channel: discord.abc.Messageable | None = None) -> MatchRecord:
        """Finish opening a match: thread, board, pings, then clear the opening mark.

        Each step is recorded as soon as Discord accepted it, so a crash anywhere resumes
        at the next step. ``channel`` is where the challenge was accepted (None: look the
        match's channel up). Raises :class:`discord.HTTPException` when Discord refuses
        the thread's channel or the board; a refused thread puts the board in the
        channel, a refused ping is only logged.
        """
        async with self.lock(match_id):
            rec = await self.store.get_match(match_id)
            if rec is None:
                raise Refusal("lobby.match_gone")
            if not rec.opening or rec.status != "active":
                return rec
            game = self.referee.game(rec.game)
            state = await self.referee.cached_state(rec, game)
            if rec.thread_id is None:
                thread_id = await self._make_thread(rec, channel)
                await self.store.set_match_thread(rec.id, thread_id)
                rec = rec.model_copy(update={"thread_id": thread_id})
            assert rec.thread_id is not None
            if rec.message_id is None:
                payload, key = await self.table.drawn_board(rec, state)
                files = payload.pop("attachments", None)  # a new message takes files=
                message = await self.bot.get_partial_messageable(rec.thread_id).send(
                    **payload, files=files or discord.utils.MISSING)
                self._keep_picture(rec.model_copy(update={"message_id": message.id}), key,
                                   {"attachments": [{"id": a.id} for a in
                                                    message.attachments]})
                await self.store.set_board_message(rec.id, message.id, rec.version)
                rec = rec.model_copy(update={"message_id": message.id,
                                             "board_version": rec.version})
            try:
                await self.table.announce_opening(rec, state)
            except discord.HTTPException as exc:
                log.warning("could not ping the players of match %s (HTTP %s)", rec.id,
                            exc.status)
            deadline = self.referee.clock() + await self.referee.turn_seconds_for(rec.guild_id)
            await self.store.finish_opening(rec.id, rec.version, deadline)
            return rec.model_copy(update={"opening": False, "deadline": deadline})

    async def _make_thread(self, rec: MatchRecord,
                           channel: discord.abc.Messageable | None) -> int:
        """The match's thread (or, without the right to create one, the channel itself)."""
        where: Any = channel
        if where is None:
            where = self.bot.get_channel(rec.channel_id)
            if where is None:
                where = await self.bot.fetch_channel(rec.channel_id)
        if isinstance(where, discord.TextChannel):
            title = f"{self.referee.game(rec.game).name} #{rec.id}"
            mine = self.bot.user.id if self.bot.user is not None else None
            for old in where.threads:  # made by a process killed before storing its id
                if old.name == title[:100] and old.owner_id == mine:
                    return old.id
            try:
                thread = await where.create_thread(
                    name=title[:100], type=discord.ChannelType.public_thread,
                    auto_archive_duration=1440)
                return thread.id
            except discord.HTTPException:
                log.warning("no thread for match %s; posting in the channel", rec.id)
        return int(getattr(where, "id", rec.channel_id))

    async def open_now(self, match_id: int,
                       channel: discord.abc.Messageable | None) -> MatchRecord:
        """Open a just-accepted match; if Discord refuses the board, cancel it (unrated)."""
        self._opening_now.add(match_id)
        try:
            return await self.open_board(match_id, channel)
        except discord.HTTPException as exc:
            log.warning("could not open match %s (HTTP %s); cancelled", match_id, exc.status)
            await self.referee.abort(match_id, "no_board")
            raise Refusal("reconcile.no_board") from exc
        except BaseException:
            # anything else (a dropped connection, a cancelled handler) leaves the match
            # marked opening: a pass resumes it now, not at the next restart
            self.kick()
            raise
        finally:
            self._opening_now.discard(match_id)

    async def resume_opening(self, match_id: int) -> bool:
        """Finish an opening a previous process left undone; False to retry later.

        A refusal for good (or an opening older than :data:`OPENING_GIVE_UP`) cancels the
        match, unrated, and both players are told.
        """
        if match_id in self._opening_now:
            return True  # an accept click of this process is opening it right now
        try:
            rec = await self.open_board(match_id)
        except discord.HTTPException as exc:
            rec0 = await self.store.get_match(match_id)
            if rec0 is None:
                return True
            old = self.referee.clock() - rec0.created_at > OPENING_GIVE_UP
            if not (for_good(exc) or old):
                log.warning("could not open match %s yet (HTTP %s); will retry",
                            match_id, exc.status)
                return False
            log.warning("could not open match %s (HTTP %s); cancelled", match_id, exc.status)
            await self.referee.abort(match_id, "no_board")
            await self._tell_cancelled(rec0)
            loc = self.locale(rec0)
            await self._update_challenge(rec0, t(loc, "reconcile.could_not_start",
                                                 reason=t(loc, "reconcile.no_board")))
            return True
        if rec.status == "active":
            loc = self.locale(rec)
            await self._update_challenge(rec, t(loc, "lobby.accepted", link=match_link(rec)),
                                         t(loc, "seating.started", link=match_link(rec)))
        return True

    async def _update_challenge(self, rec: MatchRecord, status: str,
                                table_status: str | None = None) -> None:
        """Show the outcome on the challenge (or table) message (its buttons go);
        ``table_status`` is the wording for a table, when it differs."""
        ch = await self.store.challenge_of_match(rec.id)
        if ch is None:
            await self._update_table(rec, table_status or status)
            return
        if ch.message_id is None:
            return
        try:
            await self.bot.get_partial_messageable(ch.channel_id).get_partial_message(
                ch.message_id).edit(content=challenge_text(ch, status, self.locale(rec)),
                                    view=StaticView())
        except discord.HTTPException as exc:
            log.info("could not update challenge %s (HTTP %s)", ch.id, exc.status)

    async def _update_table(self, rec: MatchRecord, status: str) -> None:
        """Show the outcome on the message of the N-seat table that opened ``rec``."""
        lobby = await self.store.lobby_of_match(rec.id)
        if lobby is None or lobby.message_id is None:
            return
        try:
            await self.bot.get_partial_messageable(lobby.channel_id).get_partial_message(
                lobby.message_id).edit(content=table_text(lobby, status, self.locale(rec)),
                                       view=StaticView())
        except discord.HTTPException as exc:
            log.info("could not update table %s (HTTP %s)", lobby.id, exc.status)

    async def _tell_cancelled(self, rec: MatchRecord) -> None:
        """Tell both players their match was cancelled: in its channel, else by DM."""
        game = REGISTRY[rec.game].name if rec.game in REGISTRY else rec.game
        loc = self.locale(rec)
        who = and_list(loc, [mention(u, loc) for u in rec.seats])
        text = t(loc, "reconcile.cancelled", who=who, game=game, id=rec.id)
        mentions = discord.AllowedMentions(users=True)
        try:
            await self.bot.get_partial_messageable(rec.channel_id).send(
                text, allowed_mentions=mentions)
            return
        except discord.HTTPException:
            log.info("could not tell match %s's players in its channel; sending DMs", rec.id)
        for uid in dict.fromkeys(humans(rec.seats)):  # an AI seat has no inbox
            try:
                user = self.bot.get_user(uid) or await self.bot.fetch_user(uid)
                await user.send(text, allowed_mentions=mentions)
            except discord.HTTPException as exc:
                log.info("could not DM player %s (HTTP %s)", uid, exc.status)
