"""The bot's own keeping of Discord's global rate limit (:mod:`cogs.global_pace`): no window
of ``per`` seconds holds more than ``limit`` bot-token requests, first come first served;
interaction endpoints are not paced; a route's bucket is read as discord.py left it."""

from __future__ import annotations

import asyncio
import types

from discord.http import Route

from cogs.global_pace import GlobalPace, PacedSession, bucket_wait, exempt


async def test_no_window_holds_more_than_the_limit_and_order_is_kept() -> None:
    pace = GlobalPace(limit=5, per=0.1)
    loop = asyncio.get_running_loop()
    went: list[tuple[int, float]] = []

    async def request(n: int) -> None:
        await pace.wait()
        went.append((n, loop.time()))

    await asyncio.gather(*(request(n) for n in range(17)))
    assert [n for n, _ in went] == list(range(17))  # first come, first served
    times = [at for _, at in went]
    for i in range(len(times) - 5):  # any 6 consecutive span at least one window
        assert times[i + 5] - times[i] >= 0.1 - 1e-6
    assert pace.waited == 12
    assert times[-1] - times[0] < 0.5  # and no slower than needed (3 windows)


async def test_a_cancelled_waiter_gives_its_turn_to_the_next() -> None:
    pace = GlobalPace(limit=1, per=0.05)
    await pace.wait()
    stuck = asyncio.create_task(pace.wait())
    after = asyncio.create_task(pace.wait())
    await asyncio.sleep(0.01)
    stuck.cancel()
    await asyncio.wait_for(after, 1.0)


class _Session:
    def __init__(self) -> None:
        self.urls: list[str] = []

    def request(self, method: str, url: str, **kwargs: object) -> object:
        self.urls.append(url)
        session = self

        class _Answer:
            async def __aenter__(self) -> _Session:
                return session

            async def __aexit__(self, *exc: object) -> None:
                return None

        return _Answer()


async def test_interaction_endpoints_are_not_paced() -> None:
    assert exempt("https://discord.com/api/v10/interactions/123/tok/callback")
    assert exempt("https://discord.com/api/v10/webhooks/123/tok/messages/@original")
    assert not exempt("https://discord.com/api/v10/channels/123/messages/456")
    inner = _Session()
    paced = PacedSession(inner, GlobalPace(limit=1, per=60.0))
    async with paced.request("PATCH", "https://x/api/v10/channels/1/messages/2"):
        pass
    for _ in range(3):  # the window is spent: only the exempt ones go
        async with paced.request("POST", "https://x/api/v10/interactions/9/t/callback"):
            pass
    waiting = asyncio.create_task(_enter(paced, "https://x/api/v10/channels/1/messages"))
    await asyncio.sleep(0.02)
    assert not waiting.done() and len(inner.urls) == 4
    waiting.cancel()


async def _enter(session: PacedSession, url: str) -> None:
    async with session.request("POST", url):
        pass


async def test_bucket_wait_reads_discord_py_s_bucket() -> None:
    loop = asyncio.get_running_loop()
    route = Route("PATCH", "/channels/{channel_id}/messages/{message_id}",
                  channel_id=11, message_id=22)
    empty = types.SimpleNamespace(remaining=0, expires=loop.time() + 2.0)
    http = types.SimpleNamespace(_bucket_hashes={route.key: "abc"},
                                 _buckets={f"abc:{route.major_parameters}": empty})
    assert 1.5 < bucket_wait(http, route) <= 2.0
    empty.remaining = 3
    assert bucket_wait(http, route) == 0.0
    assert bucket_wait(types.SimpleNamespace(), route) == 0.0  # another discord.py
