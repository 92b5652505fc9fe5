"""Answers before news: a step's news yields to the clicks still unanswered.

A click's answer (the interaction callback) is what a player waits for, and Discord
drops it after 3 s; the news of a step (the public board's edit, the other seats' open
hands, a ping) can follow a little later without anyone noticing. On one event loop both
queue for the same core: under load a click would wait behind the board edits of a dozen
other matches. :class:`ClicksFirst` counts the clicks received and not yet answered, and
lets a step's news start (:meth:`ClicksFirst.news`) only while there are none, or once it
has waited :attr:`ClicksFirst.cap` seconds (news is never starved).

News that starts runs in one of a few *lanes* (:data:`LANES`): at most that many steps'
news run at once, queued first come, first served. Without lanes, the moment the last
click was answered every held step's news started together, and the next clicks waited
behind all of them; with lanes a click waits behind a few at most, while the queue
drains in the gaps between clicks.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import AsyncIterator

WAIT_CAP = 0.5
"""The longest a step's news waits for the clicks before it (seconds; the bot's
``news_wait_ms`` setting)."""

BOARD_WAIT_CAP = 0.02
"""The longest a board's edit waits for the clicks before it (seconds; the bot's
``board_wait_ms`` setting): the board must be current soon after a click, and its edit
costs the loop little (the other news waits up to :data:`WAIT_CAP`)."""

LANES = 4
"""How many steps' news may run at once (the bot's ``news_lanes`` setting)."""


class ClicksFirst:
    """The clicks waiting for their answer, and the queue of news waiting for none."""

    def __init__(self, cap: float = WAIT_CAP, lanes: int = LANES,
                 board_cap: float = BOARD_WAIT_CAP) -> None:
        self.cap = cap
        self.board_cap = board_cap
        self.lanes = max(1, lanes)
        self.waiting: set[int] = set()
        """Interaction ids received and not answered yet."""
        self.running = 0
        """Steps whose news runs now (at most :attr:`lanes`)."""
        self._queue: collections.deque[tuple[asyncio.Future[None], float]] = (
            collections.deque())
        self._timer: asyncio.TimerHandle | None = None
        self._quiet: list[asyncio.Future[None]] = []
        self.held = 0
        """How many steps' news waited (for logs and benchmarks)."""
        self.overran = 0
        """How many steps' news ran longer than :attr:`cap` and gave their lane back."""

    def arrived(self, interaction_id: int) -> None:
        """A click came in: news waits until it is answered."""
        self.waiting.add(interaction_id)

    def answered(self, interaction_id: int) -> None:
        """A click was answered (or refused, or failed): it no longer holds news back."""
        self.waiting.discard(interaction_id)
        if not self.waiting:
            if self._quiet:
                for future in self._quiet:
                    if not future.done():
                        future.set_result(None)
                self._quiet.clear()
            if self._queue:
                self._pump()

    async def quiet(self) -> None:
        """Wait until no click waits for its answer, at most :attr:`board_cap` seconds: a
        board's edit (a round trip, little CPU) yields to the answers, but only briefly."""
        if not self.waiting or self.board_cap <= 0:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._quiet.append(future)
        await asyncio.wait([future], timeout=self.board_cap)
        if not future.done():  # the cap: forget it (the clicks may never all be answered)
            self._quiet.remove(future)

    @contextlib.asynccontextmanager
    async def news(self) -> AsyncIterator[None]:
        """Run the body as a step's news: once no click waits for its answer (or after
        :attr:`cap` seconds), in one of the :attr:`lanes`.

        A news still running after :attr:`cap` seconds gives its lane back (it waits on
        Discord, a rate limit say, not on the core): one slow channel never holds back
        the news of every other match."""
        await self._enter()
        lane = [True]  # whether this news still holds its lane
        timer = (asyncio.get_running_loop().call_later(self.cap, self._give_back, lane)
                 if self.cap > 0 else None)
        try:
            yield
        finally:
            if timer is not None:
                timer.cancel()
            self._give_back(lane, overran=False)

    def _give_back(self, lane: list[bool], overran: bool = True) -> None:
        if not lane[0]:
            return
        lane[0] = False
        self.running -= 1
        self.overran += overran
        if self._queue:
            self._pump()

    async def _enter(self) -> None:
        if self.cap <= 0 or (not self.waiting and not self._queue
                             and self.running < self.lanes):
            self.running += 1
            return
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.append((future, loop.time()))
        self.held += 1
        self._pump()
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():  # let in, then cancelled
                self.running -= 1
                self._pump()
            raise

    def _pump(self) -> None:
        """Let in the queued news that may start now, first come first; re-arm the timer
        for the first one still held by a click."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        loop = asyncio.get_running_loop()
        now = loop.time()
        while self._queue and self.running < self.lanes:
            future, since = self._queue[0]
            if future.done():  # its task was cancelled while it waited
                self._queue.popleft()
                continue
            if self.waiting and now - since < self.cap:
                self._timer = loop.call_at(since + self.cap, self._pump)
                return
            self._queue.popleft()
            self.running += 1
            future.set_result(None)


def clicks_of(client: object) -> ClicksFirst | None:
    """The bot's :class:`ClicksFirst` (set by its router), if any."""
    clicks = getattr(client, "clicks_first", None)
    return clicks if isinstance(clicks, ClicksFirst) else None
