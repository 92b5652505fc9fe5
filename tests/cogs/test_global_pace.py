"""The bot's own keeping of Discord's global rate limit (:mod:`cogs.global_pace`): bot-token
requests go evenly at the rate after a short burst, first come first served, and a loop
that wakes late lets out no more than the burst; interaction endpoints are not paced; a
route's bucket is read as discord.py left it."""

from __future__ import annotations

import asyncio
import time
import types

from discord.http import Route

from cogs.global_pace import GlobalPace, PacedSession, bucket_wait, exempt


async def test_requests_go_evenly_after_a_short_burst_in_order() -> None:
    pace = GlobalPace(rate=100, burst=3)  # one every 10 ms, 3 at once at most
    loop = asyncio.get_running_loop()
    went: list[tuple[int, float]] = []

    async def request(n: int) -> None:
        await pace.wait()
        went.append((n, loop.time()))

    await asyncio.gather(*(request(n) for n in range(23)))
    assert [n for n, _ in went] == list(range(23))  # first come, first served
    times = [at for _, at in went]
    assert times[2] - times[0] < 0.005  # the burst
    for i in range(3, len(times)):  # then one per interval, never closer on average
        assert times[i] - times[0] >= (i - 2) * 0.01 - 1e-6
    assert times[-1] - times[0] < 0.5
    for i in range(len(times)):  # any window of 0.1 s holds at most 10 + the burst
        assert sum(1 for t in times if times[i] <= t < times[i] + 0.1) <= 13
    assert pace.waited == 20


async def test_a_late_loop_lets_out_no_more_than_the_burst_at_once() -> None:
    pace = GlobalPace(rate=100, burst=3)
    loop = asyncio.get_running_loop()
    went: list[float] = []

    async def request() -> None:
        await pace.wait()
        went.append(loop.time())

    tasks = [asyncio.create_task(request()) for _ in range(12)]
    await asyncio.sleep(0)
    time.sleep(0.08)  # the loop stalls: 8 slots fall due meanwhile
    await asyncio.gather(*tasks)
    stalled = [t for t in went if t >= went[0] + 0.07]
    assert len([t for t in stalled if t < stalled[0] + 0.005]) <= 3


async def test_a_cancelled_waiter_gives_its_turn_to_the_next() -> None:
    pace = GlobalPace(rate=20, burst=1)
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
    paced = PacedSession(inner, GlobalPace(rate=1 / 60, burst=1))
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
