"""Discord's global rate limit, kept by the bot instead of learnt from 429s.

Discord holds every bot token to 50 requests per second across all routes (interaction
callbacks and the interaction's webhook are exempt). discord.py waits on a route's bucket
before it is empty (it reads ``X-RateLimit-Remaining``), but it meets the global limit
only once refused: a burst (twenty matches opening at once, a restart's reconcile pass)
drew 429s, then every waiting request retried together at the end of the window and was
refused again, until discord.py gave up after five tries (an opening cancelled).

:class:`GlobalPace` spaces the bot-token requests evenly, :data:`PER_SECOND` a second
with bursts of at most :data:`BURST` (so that a server counting them in windows of a
second that start anywhere sees no more than the two together). :func:`install` wraps
discord.py's HTTP session with it; a request to an interaction endpoint goes straight
through.
"""

from __future__ import annotations

import asyncio
import collections
import re
from typing import Any

PER_SECOND = 40
"""Bot-token requests let out per second. Discord allows 50: the rest is a margin for
the jitter between the bot's sending and Discord's counting (a loop that stalls on either
side bunches requests sent apart into one counted second). At 200 clicks a second the bot
needs about 30 (messages and pings; the boards go through their clicks)."""

BURST = 5
"""Bot-token requests that may go at once before the steady pace applies."""

_EXEMPT = re.compile(r"/interactions/\d+/[^/]+/callback|/webhooks/\d+/[^/?]+")


def exempt(url: str) -> bool:
    """Whether a request goes to an interaction endpoint (the callback or the interaction's
    webhook), which the global limit does not bind."""
    return _EXEMPT.search(url) is not None


class GlobalPace:
    """Requests let out evenly at :attr:`rate` a second, at most :attr:`burst` at once,
    first come first served (a leaky bucket: the generic cell rate algorithm).

    Not "up to 50 at once, then wait for the second to pass": a burst of 40 requests takes
    Discord (and the network) some time to take in, and the next second's burst then lands
    in the same counted second as the last one's tail: the offline Discord counted 56 in
    one second while the bot had sent 40 a second (300 matches opening, issue 33). Spaced
    out, any second holds at most ``rate + burst`` requests. A slot is granted when it
    is due by the loop's clock, one after the other: a loop that wakes late (a GC pause)
    lets out at most :attr:`burst` at once, not every slot that fell due meanwhile."""

    def __init__(self, rate: float = PER_SECOND, burst: int = BURST) -> None:
        self.rate = max(rate, 0.001)
        self.burst = max(1, burst)
        self._interval = 1.0 / self.rate
        self._tat = 0.0
        """The theoretical arrival time of the next request (GCRA)."""
        self._waiters: collections.deque[asyncio.Future[None]] = collections.deque()
        self._timer: asyncio.TimerHandle | None = None
        self.waited = 0
        """Requests that had to wait for a slot (for logs and benchmarks)."""

    def _due(self, now: float) -> float:
        """When the next slot is free (the loop's clock): up to :attr:`burst` slots ahead
        of the steady pace may be taken at once."""
        return max(self._tat, now) - (self.burst - 1) * self._interval

    def _take(self, now: float) -> None:
        self._tat = max(self._tat, now) + self._interval

    async def wait(self) -> None:
        """Wait for this request's slot."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        if not self._waiters and now >= self._due(now):
            self._take(now)
            return
        self.waited += 1
        future: asyncio.Future[None] = loop.create_future()
        self._waiters.append(future)
        self._pump()
        await future

    def _pump(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        loop = asyncio.get_running_loop()
        now = loop.time()
        while self._waiters:
            future = self._waiters[0]
            if future.done():  # its request was cancelled while it waited
                self._waiters.popleft()
                continue
            due = self._due(now)
            if now < due:
                self._timer = loop.call_at(due, self._pump)
                return
            self._waiters.popleft()
            self._take(now)
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


def install(http: Any, per_second: float = PER_SECOND) -> GlobalPace | None:
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
