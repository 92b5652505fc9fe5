"""Discord's global rate limit, kept by the bot instead of learnt from 429s.

Discord holds every bot token to 50 requests per second across all routes (interaction
callbacks and the interaction's webhook are exempt). discord.py waits on a route's bucket
before it is empty (it reads ``X-RateLimit-Remaining``), but it meets the global limit
only once refused: a burst (twenty matches opening at once, a restart's reconcile pass)
drew 429s, then every waiting request retried together at the end of the window and was
refused again, until discord.py gave up after five tries (an opening cancelled).

:class:`GlobalPace` spaces the bot-token requests so that no window of
:attr:`GlobalPace.per` seconds holds more than :attr:`GlobalPace.limit` of them: each
request reserves the first slot at least ``per`` after the ``limit``-th slot before it
(a sliding window, so a server counting in fixed windows that start anywhere sees no
more either). :func:`install` wraps discord.py's HTTP session with it; a request to an
interaction endpoint goes straight through.
"""

from __future__ import annotations

import asyncio
import collections
import re
from typing import Any

PER_SECOND = 40
"""Bot-token requests let out per second. Discord allows 50: the rest is a margin for
the jitter between the bot's sending and Discord's counting (a loop that stalls on either
side bunches requests sent a second apart into one window). At 200 clicks a second the
bot needs about 20 (messages and pings; the boards go through their clicks)."""

_EXEMPT = re.compile(r"/interactions/\d+/[^/]+/callback|/webhooks/\d+/[^/?]+")


def exempt(url: str) -> bool:
    """Whether a request goes to an interaction endpoint (the callback or the interaction's
    webhook), which the global limit does not bind."""
    return _EXEMPT.search(url) is not None


class GlobalPace:
    """At most :attr:`limit` requests in any :attr:`per` seconds, first come first served.

    A slot is counted from the moment its request really goes on (the waiter's wake-up,
    not the time it was granted): under load the event loop wakes a waiter late, and a
    window counted from the grants would let a late bunch through together."""

    def __init__(self, limit: int = PER_SECOND, per: float = 1.0) -> None:
        self.limit = max(1, limit)
        self.per = per
        self._sent: collections.deque[list[float]] = collections.deque(maxlen=self.limit)
        """When the last :attr:`limit` requests went (one-item lists: a waiter moves its
        own to the time it woke)."""
        self._waiters: collections.deque[tuple[asyncio.Future[None], list[float]]] = (
            collections.deque())
        self._timer: asyncio.TimerHandle | None = None
        self.waited = 0
        """Requests that had to wait for a slot (for logs and benchmarks)."""

    def _free_at(self) -> float:
        """When the next slot is free (the loop's clock)."""
        return self._sent[0][0] + self.per if len(self._sent) == self.limit else 0.0

    async def wait(self) -> None:
        """Wait for this request's slot."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        if not self._waiters and now >= self._free_at():
            self._sent.append([now])
            return
        self.waited += 1
        future: asyncio.Future[None] = loop.create_future()
        slot = [now]
        self._waiters.append((future, slot))
        self._pump()
        await future  # granted: the slot is in _sent
        slot[0] = max(slot[0], loop.time())  # counted from when it really goes

    def _pump(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        loop = asyncio.get_running_loop()
        now = loop.time()
        while self._waiters:
            future, slot = self._waiters[0]
            if future.done():  # its request was cancelled while it waited
                self._waiters.popleft()
                continue
            free = self._free_at()
            if now < free:
                self._timer = loop.call_at(free, self._pump)
                return
            self._waiters.popleft()
            slot[0] = now
            self._sent.append(slot)
            future.set_result(None)


class _Paced:
    """``async with session.request(...)`` after the request's slot."""

    def __init__(self, pace: GlobalPace, make: Any) -> None:
        self.pace = pace
        self.make = make
        self.inner: Any = None

    async def __aenter__(self) -> Any:
        await self.pace.wait()
        self.inner = self.make()
        return await self.inner.__aenter__()

    async def __aexit__(self, *exc: Any) -> Any:
        return await self.inner.__aexit__(*exc)


class PacedSession:
    """discord.py's HTTP session, its bot-token requests let out by a :class:`GlobalPace`."""

    def __init__(self, session: Any, pace: GlobalPace) -> None:
        self.session = session
        self.pace = pace

    def __getattr__(self, name: str) -> Any:
        return getattr(self.session, name)

    def request(self, method: str, url: str, **kwargs: Any) -> Any:
        """Like the session's ``request``; waits for a slot unless the URL is exempt."""
        if exempt(str(url)):
            return self.session.request(method, url, **kwargs)
        return _Paced(self.pace, lambda: self.session.request(method, url, **kwargs))

    async def close(self) -> None:
        """Close the wrapped session."""
        await self.session.close()


def install(http: Any, per_second: int = PER_SECOND) -> GlobalPace | None:
    """Pace discord.py's ``HTTPClient`` (after login, which makes its session); None when
    ``per_second`` is 0 (unpaced). Interactions created from then on share the session,
    their requests unpaced (exempt)."""
    if per_second <= 0:
        return None
    current = http._HTTPClient__session
    if isinstance(current, PacedSession):
        return current.pace
    pace = GlobalPace(per_second)
    http._HTTPClient__session = PacedSession(current, pace)
    return pace


def bucket_wait(http: Any, route: Any) -> float:
    """Seconds until ``route``'s rate-limit bucket has room, as discord.py's ``HTTPClient``
    last read its ``X-RateLimit-Remaining`` and ``-Reset-After`` (0.0: room now, or not
    known). discord.py keys a bucket by its hash (learnt from ``X-RateLimit-Bucket``) and
    the route's major parameters (the channel)."""
    try:
        known = http._bucket_hashes.get(route.key)
        key = f"{known or route.key}:{route.major_parameters}"
        bucket = http._buckets.get(key)
        if bucket is None or bucket.remaining > 0 or bucket.expires is None:
            return 0.0
        return max(0.0, float(bucket.expires) - asyncio.get_running_loop().time())
    except (AttributeError, TypeError):  # another discord.py: nothing known
        return 0.0
