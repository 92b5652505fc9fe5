"""The table's news: a step's public lines, pings and messages, the opening and the result.

Mixed into :class:`cogs.table.Table` (split out of it at the seam between the live table,
which answers clicks and draws boards and hands, and what the thread is told after each
step). The text helpers here are shared by both.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from cogs import ids
from cogs.clicks_first import clicks_of
from cogs.practice import ai_name
from cogs.router import StaticView
from cogs.table_memory import TableMemory, nonce, unpublished_step
from cogs.table_ping import ping_text, send_lines
from cogs.table_timer import humans
from db.base import MatchRecord, Store
from engine.core import BaseState, Event, for_viewer
from referee.fairness import fairness_of
from referee.i18n import DEFAULT, and_list, t
from referee.render.base import left_line
from referee.render.registry import renderer_for
from referee.service import Applied, Referee, pending_seats

log = logging.getLogger("hajime.table")

RECENT_CHARS = 1000
"""Room for the board's "So far this turn" field (Discord allows 1024 per field)."""


def names_of(rec: MatchRecord, loc: str = DEFAULT) -> list[str]:
    """Mentions per seat: they render as names in embeds without pinging anyone (an AI
    seat is named "Hajime (AI, hard)", in the language ``loc``)."""
    return [ai_name(rec, seat, loc) or f"<@{uid}>" for seat, uid in enumerate(rec.seats)]


def fit_lines(lines: list[str], limit: int = RECENT_CHARS) -> str:
    """The last lines that fit in ``limit`` characters (older ones are dropped)."""
    out: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit:
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(reversed(out))


def timeout_line(seats: list[int], names: list[str], loc: str = DEFAULT) -> str:
    """One line for timed-out decisions, however many defaults they played."""
    who = and_list(loc, [names[s] for s in seats if 0 <= s < len(names)])
    return t(loc, "table.timeout", who=who)



def fair_start(rec: MatchRecord, loc: str) -> str:
    """The opening's line with the hash of the shuffle seed (none for an older match)."""
    fair = fairness_of(rec)
    return "\n" + t(loc, "table.fair_start", hash=fair["seed_hash"]) if fair else ""


def fair_end(rec: MatchRecord, state: BaseState, loc: str) -> str:
    """The final message's reveal of the salt and the seed, and how to check them."""
    fair = fairness_of(rec)
    if fair is None:
        return ""
    seed = getattr(getattr(state, "rng", None), "seed", None)
    shown = format(seed, "x") if isinstance(seed, int) else seed
    return "\n" + t(loc, "table.fair_end", salt=fair["salt"], seed=shown, id=rec.id)

@dataclass
class _Turn:
    """A step being published: what :meth:`Table._begin` decided, for :meth:`Table._finish`."""

    applied: Applied
    post: list[str]
    """Lines to post as one message (a turning point), the timeout line first."""
    timed_out: list[int]
    recent: list[str]
    """The board's "So far this turn" after this step (recorded with its posts)."""
    board: asyncio.Future[bool | tuple[int, int]]
    """The board's edit (:meth:`Table.want_board`)."""
    previous: asyncio.Future[bool] | None
    """The previous step's news (True: out), which this step's waits for."""
    mine: asyncio.Future[bool]


class TableNews(TableMemory):
    """What a match's thread is told: each step's news in order, the opening, the result.

    Mixed into :class:`cogs.table.Table`, which owns the attributes declared here.
    """

    store: Store
    referee: Referee
    hands: dict[tuple[int, int], tuple[float, discord.Interaction[Any], int | None]]
    board_hooks: dict[int, tuple[float, int, str]]
    _planned: dict[int, int]
    _news_tail: dict[int, asyncio.Future[bool]]

    public_view: Callable[[MatchRecord, BaseState], Any]
    """The spectator view of a step (:meth:`cogs.table.Table.public_view`)."""
    public_locale: Callable[[MatchRecord], str]
    """The language of a match's public messages (:meth:`cogs.table.Table.public_locale`)."""
    want_board: Callable[..., asyncio.Future[bool | tuple[int, int]]]
    """Have the board show a state soon (:meth:`cogs.table.Table.want_board`)."""
    refresh_hands: Callable[[MatchRecord, BaseState, list[int]], Awaitable[None]]
    """Refresh the open hands of seats (:meth:`cogs.table.Table.refresh_hands`)."""

    async def announce_opening(self, rec: MatchRecord, state: BaseState) -> None:
        """One opening message telling every seat, alike, to press **Act** (or **Show
        hand**) on the board: nobody gets a private head start."""
        game = self.referee.game(rec.game)
        if rec.thread_id is None:
            return
        pending = pending_seats(game, state)
        turn = renderer_for(rec.game).turn_key(self.public_view(rec, state))
        self.pinged[rec.id] = (turn, set(pending))
        loc = self.public_locale(rec)
        names = names_of(rec, loc)
        renderer = renderer_for(rec.game)
        # Only the people are addressed (the AI plays on its own); "stays secret" only
        # where it is true: several seats choosing at once.
        people = humans(rec, sorted(pending))
        who = and_list(loc, [names[s] for s in people])
        prompts = game.prompts(state)
        asks = sorted({renderer.prompt_text(prompts[s], loc=loc) for s in people})
        key = "table.opening_secret" if len(pending) > 1 else "table.opening"
        if not people:
            key, who = "table.opening_ai", and_list(loc, [names[s] for s in sorted(pending)])
        self.loaded.add(rec.id)
        await self.bot.get_partial_messageable(rec.thread_id).send(
            nonce=nonce(rec.id, "opening"),
            content=t(loc, key, who=who, asks=" ".join(asks)) + fair_start(rec, loc),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(id=rec.seats[s]) for s in humans(rec, pending)]))
        self.told[rec.id] = dict(pending)
        await self.store.set_published(rec.id, rec.version, self.memory(rec.id).dump())
        self.bot.dispatch("hajime_step", rec.id)

    async def publish(self, applied: Applied) -> None:
        """Post a step unless it is out already: its board at once, its messages after
        the clicks waiting for their answer (:meth:`_begin`, then :meth:`_finish`).

        Steps are posted in order, one at a time per match: when an earlier step's posts
        are still missing (a crash, a failed call, a step posted out of order), every
        unposted step is posted at once from the database (:meth:`publish_missing`).
        """
        rec = applied.match
        if rec.thread_id is None or rec.message_id is None:
            return
        async with self.publish_lock(rec.id):
            stored = await self.store.get_match(rec.id)
            done = None if stored is None else self._told(stored)
            if stored is None or (done is not None and done >= rec.version):
                return
            self.recall(stored)
            base = applied.base_version
            if done is not None and base is not None and done < base:
                await self.news_settled(rec.id)  # then every unposted step, from the database
                stored = await self.store.get_match(rec.id)
                done = None if stored is None else self._told(stored)
                if stored is None or (done is not None and done >= rec.version):
                    return
                self.recall(stored)
                step = await unpublished_step(self.store, self.referee, stored)
                if step is None:
                    return
                applied = step
            turn = self._begin(applied, stored)
        await self._finish(turn)

    def _told(self, stored: MatchRecord) -> int | None:
        """The last version whose news is out or on its way (None: the opening's is not)."""
        done, planned = stored.published_version, self._planned.get(stored.id)
        return planned if done is None else done if planned is None else max(done, planned)

    def news(self) -> contextlib.AbstractAsyncContextManager[None]:
        """A step's news: after the clicks waiting for their answer, in one of a few lanes
        (:mod:`cogs.clicks_first`)."""
        clicks = clicks_of(self.bot)
        return contextlib.nullcontext() if clicks is None else clicks.news()

    async def news_settled(self, match_id: int) -> None:
        """Wait until the news of every step begun is out (or failed)."""
        tail = self._news_tail.get(match_id)
        if tail is not None:
            await asyncio.wait([tail])

    async def publish_missing(self, match_id: int) -> bool:
        """Post what a match's thread was never told (after a restart); False to retry.

        The steps committed after ``published_version`` are rebuilt from the database
        (:func:`cogs.table_memory.unpublished_step`) and posted as one step.
        """
        async with self.publish_lock(match_id):
            await self.news_settled(match_id)
            rec = await self.store.get_match(match_id)
            if rec is None or rec.opening or rec.thread_id is None or rec.message_id is None:
                return True
            step = await unpublished_step(self.store, self.referee, rec)
            if step is None:
                return True
            self.recall(rec)
            turn = self._begin(step, rec)
        try:
            await self._finish(turn)
        except discord.HTTPException as exc:
            log.warning("could not post the news of match %s (HTTP %s); will retry",
                        match_id, exc.status)
            return False
        return True

    def _begin(self, applied: Applied, stored: MatchRecord) -> _Turn:
        """A step's first half, in order under the match's publish lock: its public lines
        folded into the board's "So far this turn" (or gathered for a message at a turning
        point) and the board's edit wanted at once (:meth:`want_board`), not behind the
        clicks: the board is current a round trip after the click."""
        rec = applied.match
        renderer = renderer_for(rec.game)
        loc = self.public_locale(rec)
        names = names_of(rec, loc)
        public_events = for_viewer(applied.events, None)
        timed_out = [e.data["seat"] for e in public_events if e.kind == "timeout"
                     and isinstance(e.data.get("seat"), int)]
        lines: list[str] = []
        run: list[Event] = []  # narrated together: a renderer may link events (sources)
        for e in public_events:  # a seat leaving is one line of ours, in any game
            if e.kind == "seat_left":
                lines.extend(renderer.narrate(run, names, loc) if run else [])
                lines.append(left_line(e.data, names, loc))
                run = []
            elif e.kind != "timeout":
                run.append(e)
        lines.extend(renderer.narrate(run, names, loc) if run else [])
        if applied.sealed is not None and applied.seat is not None:  # before its reveal
            lines.insert(0, t(loc, "table.sealed", who=names[applied.seat],
                              digest=applied.sealed))
        turning = applied.outcome is not None or any(
            e.kind == "seat_left" or renderer.turning_point(e) for e in public_events)
        recent = self.recent.setdefault(rec.id, [])
        recent[:] = renderer.fold(recent, lines, public_events, names, loc)
        post: list[str] = []
        if turning:
            post, recent[:] = list(recent), []
        if timed_out:  # one line, however many lines the default's play folded in
            post.insert(0, timeout_line(sorted(set(timed_out)), names, loc))
        self._planned[rec.id] = rec.version
        board = self.want_board(stored, applied.state)
        previous = self._news_tail.get(rec.id)
        mine: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._news_tail[rec.id] = mine
        return _Turn(applied, post, sorted(set(timed_out)), list(recent), board, previous,
                     mine)

    async def _finish(self, turn: _Turn) -> None:
        """A step's second half, after the earlier steps' and the clicks waiting for their
        answer (:meth:`news`): pings, open hands, messages (:meth:`_tell`), then the record
        of the posts and the board's edit (one write).

        The step's public narration is folded into the board ("So far this turn") unless
        one of its events is a turning point for the game's renderer (a reveal's result,
        a round or match end): then everything since the last message is posted as one
        message, which also pings whoever now has a new decision. Otherwise a seat with a
        new decision gets a short ping line of its own. A seat is pinged at most once per
        turn (the renderer's :meth:`turn_key`); every seat with a new decision also sees it
        in its open private hand, refreshed in place. Timeouts are one line, whatever the
        referee's default played. When an earlier step's news failed, this one is left to
        the reconciler's pass, which posts every unposted step at once.
        """
        applied = turn.applied
        rec = applied.match
        try:
            if turn.previous is not None:
                await asyncio.wait([turn.previous])
                if not turn.previous.result():
                    self._abandon(rec.id)
                    turn.mine.set_result(False)
                    return
            async with self.news():
                await self._tell(turn)
            shown = await turn.board
            if applied.outcome is None:
                self.told[rec.id] = dict(applied.pending_after)
                memory = self.memory(rec.id, recent=turn.recent).dump()
                if isinstance(shown, tuple):  # the board's edit and the posts, one write
                    await self.store.set_shown(rec.id, rec.version, memory, *shown)
                else:
                    await self.store.set_published(rec.id, rec.version, memory)
                self.bot.dispatch("hajime_step", rec.id)  # e.g. an AI seat's turn to move
            else:
                if isinstance(shown, tuple):
                    await self.store.set_shown(rec.id, rec.version, {}, *shown)
                else:
                    await self.store.set_published(rec.id, rec.version, {})
                self.forget(rec.id)
                self._planned.pop(rec.id, None)
                self.bot.dispatch("hajime_match_over", rec.id)  # e.g. a tournament's pairing
            turn.mine.set_result(True)
        except BaseException:
            self._abandon(rec.id)
            raise
        finally:
            if not turn.mine.done():
                turn.mine.set_result(False)
            if self._news_tail.get(rec.id) is turn.mine:
                del self._news_tail[rec.id]

    def _abandon(self, match_id: int) -> None:
        """A step's news failed (or an earlier one's did): forget what this process folded
        in (the database still holds the memory of the last posts) and let the reconciler's
        pass post every unposted step again (retried with a growing delay)."""
        self.forget(match_id)
        self._planned.pop(match_id, None)
        reconciler: Any = self.bot.get_cog("Reconciler")
        if reconciler is not None:
            reconciler.kick()

    async def _tell(self, turn: _Turn) -> None:
        """:meth:`_finish`'s posts."""
        applied = turn.applied
        rec = applied.match
        assert rec.thread_id is not None
        renderer = renderer_for(rec.game)
        loc = self.public_locale(rec)
        names = names_of(rec, loc)
        post = turn.post
        where = self.bot.get_partial_messageable(rec.thread_id)
        if applied.outcome is not None:
            self.recent.pop(rec.id, None)
            self.pinged.pop(rec.id, None)
            for seat in range(len(rec.seats)):
                self.hands.pop((rec.id, seat), None)
            self.board_hooks.pop(rec.id, None)  # a finished board is edited no more
            await self.announce_result(rec, applied, post)
            return
        game = self.referee.game(rec.game)
        public = self.public_view(rec, applied.state)
        key = renderer.turn_key(public)
        if self.pinged.get(rec.id, (None, set()))[0] != key:
            self.pinged[rec.id] = (key, set())
        pinged = self.pinged[rec.id][1]
        fresh = self.new_decisions(applied)
        targets = [s for s in humans(rec, fresh) if s not in pinged]
        if targets or post:  # the renderer's heads-up for seats asked later this turn
            ahead = humans(rec, renderer.ping_ahead(public))
            targets += [s for s in ahead if s not in pinged and s not in targets]
        pinged.update(targets)
        # timed-out seats too: their open hand must not keep the controls of a decision
        # the referee already played for them
        await self.refresh_hands(rec, applied.state, sorted({*fresh, *turn.timed_out}))
        ping = self.ping_text(game.asked(applied.state), targets, names, loc, renderer)
        users = [discord.Object(id=rec.seats[s]) for s in targets]
        if post:
            await self.send_lines(where, [*post, ping] if ping else post, users,
                                  key=(rec.id, rec.version))
        elif ping:
            await where.send(ping, allowed_mentions=discord.AllowedMentions(users=users),
                             nonce=nonce(rec.id, rec.version, "ping"))

    @staticmethod
    def new_decisions(applied: Applied) -> list[int]:
        """Seats with a new decision after a step, except the actor (who sees it in place)."""
        before = applied.pending_before if applied.seat is not None else {}
        return sorted(s for s, kind in applied.pending_after.items()
                      if s != applied.seat and before.get(s) != kind)

    ping_text = staticmethod(ping_text)
    """The ping for a step's new decisions (:func:`cogs.table_ping.ping_text`)."""

    async def announce_result(self, rec: MatchRecord, applied: Applied,
                              lines: list[str] | None = None) -> None:
        """The final message: the last narration, the result in players' names and the
        game's words (the renderer's :meth:`result_line`), and a Rematch button (a tournament
        pairing's says the result counts for the event instead)."""
        assert applied.outcome is not None
        where = self.bot.get_partial_messageable(rec.thread_id or rec.channel_id)
        view_model = self.public_view(rec, applied.state)
        loc = self.public_locale(rec)
        result = renderer_for(rec.game).result_line(applied.outcome, view_model,
                                                    names_of(rec, loc), loc=loc)
        view = StaticView()
        end = t(loc, "table.match_over", result=result) + fair_end(rec, applied.state, loc)
        if await self.store.tournament_of_match(rec.id) is None:
            view.add_item(discord.ui.Button(label=t(loc, "table.rematch"), emoji="🔁",
                                            style=discord.ButtonStyle.primary,
                                            custom_id=ids.make("rm", rec.id)))
        else:  # a tournament pairing: the event goes on, no casual rematch
            end += "\n" + t(loc, "table.tournament_result")
        body = fit_lines(lines or [], 1800 - len(result))
        text = f"{body}\n{end}" if body else end
        await where.send(text, view=view, allowed_mentions=discord.AllowedMentions.none(),
                         nonce=nonce(rec.id, applied.match.version, "result"))

    send_lines = staticmethod(send_lines)
    """Narration split under Discord's limit (:func:`cogs.table_ping.send_lines`)."""
