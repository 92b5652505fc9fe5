"""The fake gateway's heartbeats, as discord.py measures them."""

from __future__ import annotations

import asyncio
import math
import time

import discord
import pytest

from tests.fakediscord import gateway
from tests.fakediscord.fixtures import FakeDiscord, fake_discord, running_bot

__all__ = ["fake_discord"]  # the fixture, imported for pytest

INTERVAL_MS = 150


async def latencies(fake: FakeDiscord, seconds: float) -> list[float]:
    """``client.latency`` read every 10 ms through ``seconds``, heartbeating every
    :data:`INTERVAL_MS`."""
    client = discord.Client(intents=discord.Intents.none())
    seen = []
    async with running_bot(fake, client):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            await asyncio.sleep(0.01)
            if math.isfinite(client.latency):
                seen.append(client.latency)
    return seen


async def test_the_bot_measures_the_heartbeat_round_trip(
        fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ACK comes a round trip after the heartbeat (:data:`gateway.ACK_DELAY_S`), so
    discord.py's keep-alive thread has marked the heartbeat sent when it is read: the
    latency is that round trip, never a whole interval (which, at Discord's 41.25 s
    interval, logs "Can't keep up, websocket is 41.3s behind")."""
    monkeypatch.setattr(gateway, "HEARTBEAT_INTERVAL_MS", INTERVAL_MS)
    seen = await latencies(fake_discord, 1.0)
    assert len(set(seen)) >= 3, seen  # several heartbeats were answered
    assert max(seen) < INTERVAL_MS / 1000, seen
    assert min(seen) >= gateway.ACK_DELAY_S, seen


async def test_the_gateway_reads_on_while_an_ack_is_on_its_way(
        fake_discord: FakeDiscord) -> None:
    """A frame sent right after a heartbeat is answered before the heartbeat's ACK."""
    import aiohttp

    async with aiohttp.ClientSession() as http, http.ws_connect(fake_discord.gateway_url) as ws:
        assert (await ws.receive_json())["op"] == gateway.HELLO
        sent = time.perf_counter()
        await ws.send_json({"op": gateway.HEARTBEAT, "d": None})
        await ws.send_json({"op": gateway.IDENTIFY, "d": {"token": "x", "intents": 0,
                                                          "properties": {}}})
        ops = []
        while gateway.HEARTBEAT_ACK not in ops:
            ops.append((await ws.receive_json(timeout=5))["op"])
        assert ops[0] == gateway.DISPATCH  # READY first
        assert time.perf_counter() - sent >= gateway.ACK_DELAY_S
