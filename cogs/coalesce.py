"""Several pending edits of one message collapse into one: the latest state wins.

A match's public board is edited after every step. When the edits of one board come
faster than they can go out (a channel's bucket of 5 messages per 5 s, the bot's global
limit, the network), queueing one edit per step only makes the board later and later,
each edit showing a state already gone. :class:`Coalescer` keeps, per key (a match), at
most one send running and a mark that another is due: every want made while a send runs
or waits collapses into that one next send, which renders whatever is latest when it
starts. The order is kept (one send at a time per key, each rendering the latest state,
so a board never goes back to an older version) and the final state is never lost (a want
made after a send started always gets a send of its own; :meth:`Coalescer.flush` waits
for every one at shutdown).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

log = logging.getLogger("hajime.coalesce")

K = TypeVar("K", bound=Hashable)
R = TypeVar("R")


class Coalescer(Generic[K, R]):
    """Per key, one ``send`` at a time; the wants made meanwhile collapse into one more.

    ``send(key)`` renders and sends the key's latest state and returns what it showed
    (the wants it covered get that result); ``ready(key)``, when given, is awaited before
    each send (e.g. until the channel's rate-limit bucket has room): wants made while it
    waits are covered by the send that follows. A send that raises gives its wants
    ``failed`` (and is logged); the next want sends again.
    """

    def __init__(self, send: Callable[[K], Awaitable[R]], failed: R,
                 ready: Callable[[K], Awaitable[None]] | None = None) -> None:
        self._send = send
        self._ready = ready
        self._failed = failed
        self._due: dict[K, list[asyncio.Future[R]]] = {}
        """Keys with a send due, and the wants waiting for it."""
        self._workers: dict[K, asyncio.Task[None]] = {}
        self.sends = 0
        """Sends made (for tests and benchmarks)."""
        self.wants = 0
        """Wants made: ``wants - sends`` were collapsed."""

    def want(self, key: K) -> asyncio.Future[R]:
        """Ask for a send of ``key``'s latest state; the future is its result (the first
        send that starts after this call). Nothing to await: the send runs on its own."""
        self.wants += 1
        future: asyncio.Future[R] = asyncio.get_running_loop().create_future()
        self._due.setdefault(key, []).append(future)
        if key not in self._workers:
            self._workers[key] = asyncio.create_task(self._work(key),
                                                     name=f"hajime-coalesce-{key}")
        return future

    def pending(self) -> int:
        """Keys with a send running or due."""
        return len(self._workers)

    async def _work(self, key: K) -> None:
        waiting: list[asyncio.Future[R]] = []
        try:
            while key in self._due:
                if self._ready is not None:
                    try:
                        await self._ready(key)
                    except Exception:
                        log.exception("waiting to send %s failed; sending now", key)
                waiting = self._due.pop(key)  # wants from here on need another send
                try:
                    self.sends += 1
                    result = await self._send(key)
                except Exception:
                    log.exception("sending %s failed", key)
                    result = self._failed
                _settle(waiting, result)
        finally:  # cancelled (shutdown): nobody will send these
            del self._workers[key]
            _settle(waiting + self._due.pop(key, []), self._failed)

    async def flush(self, timeout: float | None = None) -> bool:
        """Wait until every due send is done (sends wanted meanwhile included); False if
        some were still running after ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while self._workers:
            left = None if deadline is None else deadline - loop.time()
            if left is not None and left <= 0:
                return False
            await asyncio.wait(list(self._workers.values()), timeout=left)
        return True

    async def close(self, timeout: float | None = None) -> None:
        """:meth:`flush`, then cancel what still runs (its wants get ``failed``)."""
        if not await self.flush(timeout):
            workers = list(self._workers.values())
            for task in workers:
                task.cancel()
            await asyncio.gather(*workers, return_exceptions=True)


def _settle(futures: list[asyncio.Future[R]], result: R) -> None:
    for future in futures:
        if not future.done():
            future.set_result(result)
