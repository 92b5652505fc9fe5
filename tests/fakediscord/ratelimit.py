"""Discord's rate limits and a network delay, for the offline Discord (issue 33).

What Discord documents (https://discord.com/developers/docs/topics/rate-limits):

- **Global:** 50 requests per second per bot token, across every route. Interaction
  endpoints (the callback, and the interaction's webhook: editing the original response,
  follow-ups) are not bound to it.
- **Per route:** each route (its method, path and *major parameter*: a channel, a guild,
  a webhook) has a bucket; every answer carries ``X-RateLimit-Limit``, ``-Remaining``,
  ``-Reset``, ``-Reset-After`` and ``-Bucket`` so that a client waits before it is
  refused. Messages sent or edited in one channel share a bucket held to about 5 per 5 s.
- **Refused:** ``429 Too Many Requests`` with a JSON body ``{"message", "retry_after",
  "global"}``, a ``Retry-After`` header and ``X-RateLimit-Scope`` (``user``, ``global``).

:class:`RateLimits` applies them as an aiohttp middleware (``FakeDiscord(rate_limits=...)``)
and counts every 429 it served, so benches and tests can assert there were none (or that
the bot waited and retried). The numbers are settable: a test can shrink a bucket to see a
429 quickly. ``delay`` adds a network round trip to every request.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import web

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

_MAJOR = re.compile(r"^(?:/api/v\d+)?/(channels|guilds|webhooks)/(\d+)(?:/([^/]+))?")
_IDS = re.compile(r"/\d{5,}")
_EXEMPT = re.compile(r"^(?:/api/v\d+)?/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+)")


@dataclass
class Bucket:
    """A fixed-window bucket: ``limit`` requests per ``per`` seconds."""

    limit: int
    per: float
    used: int = 0
    reset_at: float = 0.0

    def take(self, now: float) -> float:
        """Take one request; 0.0 if allowed, else the seconds until the window resets."""
        if now >= self.reset_at:
            self.used, self.reset_at = 0, now + self.per
        if self.used >= self.limit:
            return self.reset_at - now
        self.used += 1
        return 0.0


@dataclass
class RateLimits:
    """Discord's limits for one bot token (see the module's docstring)."""

    global_per_second: int = 50
    channel_messages: tuple[int, float] = (5, 5.0)
    """Messages sent or edited in one channel (POST/PATCH/DELETE .../messages...)."""
    other_routes: tuple[int, float] = (50, 1.0)
    """Every other route, per major parameter."""
    interaction_webhook: tuple[int, float] = (30, 2.0)
    """An interaction's webhook (its token): follow-ups and edits of the response."""
    delay: float = 0.0
    """Seconds of network delay added to every request (half before, half after)."""
    clock: Callable[[], float] = time.monotonic
    refused: list[tuple[str, str, str]] = field(default_factory=list)
    """Every 429 served: (scope, method, path)."""
    requests: int = 0
    log: list[tuple[float, str, str, int]] | None = None
    """When a list: every request's (``time.perf_counter()`` when answered, method, path,
    status), for benches that time a click to the board's edit."""
    buckets: dict[str, Bucket] = field(default_factory=dict)
    _global: Bucket | None = None

    def reset_global(self) -> None:
        """Start the global window again (after :attr:`global_per_second` changed)."""
        self._global = None

    def route_key(self, method: str, path: str) -> tuple[str, tuple[int, float]]:
        """The bucket key and limits of a request."""
        hook = _EXEMPT.match(path)
        if hook is not None:
            if hook.group(1).startswith("interactions/"):
                return "", (0, 0.0)  # the callback: one per interaction, never limited
            return "hook " + hook.group(1), self.interaction_webhook
        major = _MAJOR.match(path)
        if major is not None and major.group(1) == "channels" and major.group(3) == "messages":
            return f"messages {major.group(2)}", self.channel_messages
        template = _IDS.sub("/{id}", path)
        scope = f"{major.group(1)}/{major.group(2)}" if major is not None else ""
        return f"{method} {template} {scope}", self.other_routes

    def check(self, method: str, path: str) -> tuple[web.Response | None, dict[str, str]]:
        """A 429 to answer instead, or None; and the bucket's headers for the answer."""
        self.requests += 1
        now = self.clock()
        key, (limit, per) = self.route_key(method, path)
        if not key:
            return None, {}
        if not key.startswith("hook ") and self.global_per_second > 0:
            if self._global is None:
                self._global = Bucket(self.global_per_second, 1.0)
            wait = self._global.take(now)
            if wait > 0:
                self.refused.append(("global", method, path))
                return _too_many(wait, True), {}
        bucket = self.buckets.get(key)
        if bucket is None:
            bucket = self.buckets[key] = Bucket(limit, per)
        wait = bucket.take(now)
        headers = {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(max(0, limit - bucket.used)),
            "X-RateLimit-Reset": f"{time.time() + (bucket.reset_at - now):.3f}",
            "X-RateLimit-Reset-After": f"{max(0.0, bucket.reset_at - now):.3f}",
            "X-RateLimit-Bucket": f"b{abs(hash(key.split(' ')[0])) % 10**8}",
        }
        if wait > 0:
            self.refused.append(("user", method, path))
            response = _too_many(wait, False)
            response.headers.update(headers)
            return response, {}
        return None, headers

    def middleware(self) -> Callable[[web.Request, Handler], Awaitable[web.StreamResponse]]:
        """The aiohttp middleware applying these limits (and the delay)."""

        @web.middleware
        async def limit(request: web.Request, handler: Handler) -> web.StreamResponse:
            if not request.path.startswith("/api/"):  # the gateway's websocket
                return await handler(request)
            if self.delay:
                await asyncio.sleep(self.delay / 2)
            refused, headers = self.check(request.method, request.path)
            if refused is not None:
                response: web.StreamResponse = refused
            else:
                response = await handler(request)
                response.headers.update(headers)
            if self.delay:
                await asyncio.sleep(self.delay / 2)
            if self.log is not None:
                self.log.append((time.perf_counter(), request.method, request.path,
                                 response.status))
            return response

        return limit


def _too_many(wait: float, is_global: bool) -> web.Response:
    """Discord's 429 answer."""
    body = {"message": "You are being rate limited.", "retry_after": round(wait, 3),
            "global": is_global}
    return web.Response(status=429, text=json.dumps(body), content_type="application/json",
                        headers={"Retry-After": str(math.ceil(wait)),
                                 "X-RateLimit-Scope": "global" if is_global else "user",
                                 **({"X-RateLimit-Global": "true"} if is_global else {})})
