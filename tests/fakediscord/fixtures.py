"""Pytest fixtures and helpers to run a real discord.py bot against ``FakeDiscord``.

    from tests.fakediscord.fixtures import fake_discord, running_bot

    async def test_ping(fake_discord):
        alice = fake_discord.user("alice")
        async with running_bot(fake_discord, make_bot(), sync=True):
            res = await (await alice.slash("ping")).response()
            assert res.content == "pong" and not res.ephemeral
        assert fake_discord.schema_errors == []
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import discord
import pytest_asyncio
from discord.ext import commands
from discord.gateway import DiscordWebSocket

from .server import FakeDiscord

__all__ = ["FakeDiscord", "fake_discord", "patch_discord", "running_bot"]


@contextlib.contextmanager
def patch_discord(fake: FakeDiscord) -> Iterator[FakeDiscord]:
    """Point discord.py's REST base and default gateway at ``fake``; restore on exit."""
    old_base = discord.http.Route.BASE
    old_gateway = DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = fake.gateway_url
    try:
        yield fake
    finally:
        discord.http.Route.BASE = old_base
        DiscordWebSocket.DEFAULT_GATEWAY = old_gateway


class _ErrorLog(logging.Handler):
    """Copies ERROR records (e.g. discord.py's "Ignoring exception in command") to the fake."""

    def __init__(self, fake: FakeDiscord) -> None:
        super().__init__(logging.ERROR)
        self.fake = fake
        self.setFormatter(logging.Formatter("%(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.fake.bot_errors.append(self.format(record))
        self.fake.notify()


def _diagnose(fake: FakeDiscord) -> str:
    return fake.diagnostics()


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, bot: commands.Bot | discord.Client, *,
                      token: str = "x", sync: bool | str = False, expect_sync: bool = False,
                      timeout: float = 5.0, fast_ready: bool = True) -> AsyncIterator[Any]:
    """Run ``bot.start(token)`` against ``fake`` until the block ends, then close it.

    Waits until the bot is ready (so its ``setup_hook`` has finished). ``sync=True`` runs
    ``bot.tree.sync()`` after ready (``sync="guild"`` copies global commands to the fake
    guild and syncs there); ``expect_sync=True`` instead waits for the bot to sync by itself.
    ERROR log records raised meanwhile (tracebacks of failing commands) are collected in
    ``fake.bot_errors`` and shown when a wait times out.
    Login or connection failures raise at once instead of letting discord.py retry.
    ``fast_ready`` lowers the bot's ``guild_ready_timeout`` to 0.05 s (default 2 s).
    A ``FakeDiscord(lean=True)`` (benchmarks only: no schema checks) is refused.
    """
    if fake.lean:
        raise ValueError("FakeDiscord(lean=True) is for benchmarks: tests check every body")
    if fast_ready:
        state = bot._connection
        state.guild_ready_timeout = min(state.guild_ready_timeout, 0.05)
    log_handler = _ErrorLog(fake)
    logging.getLogger().addHandler(log_handler)
    with patch_discord(fake):
        syncs_before = fake.command_syncs
        task = asyncio.create_task(bot.start(token), name="fakediscord-bot")
        deadline = time.monotonic() + timeout
        try:
            while not bot.is_ready():
                if task.done():
                    exc = task.exception()
                    raise RuntimeError(f"bot stopped before ready: {exc!r}; "
                                       f"{_diagnose(fake)}") from exc
                if time.monotonic() > deadline:
                    raise TimeoutError(f"bot not ready after {timeout}s; {_diagnose(fake)}")
                await asyncio.sleep(0.005)
            tree = getattr(bot, "tree", None)  # commands.Bot and AutoShardedBot
            if sync and isinstance(tree, discord.app_commands.CommandTree):
                if sync == "guild":
                    guild = discord.Object(fake.guild_id)
                    tree.copy_global_to(guild=guild)
                    await tree.sync(guild=guild)
                else:
                    await tree.sync()
            elif expect_sync:
                await fake.wait_for(lambda: fake.command_syncs > syncs_before,
                                    timeout=max(0.1, deadline - time.monotonic()),
                                    what="the bot to sync its commands")
            yield bot
        finally:
            await bot.close()
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(task, 5)
            logging.getLogger().removeHandler(log_handler)
            with contextlib.suppress(TimeoutError):
                await fake.wait_for(lambda: not fake.connected, timeout=2,
                                    what="the bot to disconnect")


async def _make_fake(users: tuple[str, ...] = ("alice", "bob", "carol")) -> FakeDiscord:
    fake = FakeDiscord()
    for name in users:
        fake.add_user(name)
    return await fake.start()


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A running FakeDiscord (guild, channel ``general``, users alice, bob, carol),
    with discord.py patched to talk to it for the duration of the test."""
    fake = await _make_fake()
    try:
        with patch_discord(fake):
            yield fake
    finally:
        await fake.stop()
