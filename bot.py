"""Hajime's entry point: config -> store -> bot -> cogs -> run.

``python bot.py [--config config.toml]``. A missing or rejected token, or a Discord that
cannot be reached, gives one clear line and a non-zero exit, never a traceback. SIGTERM
(``docker stop``) and SIGINT (Ctrl-C) close the bot cleanly with one log line and exit 0.
"""
# ruff: noqa: E402  (the warnings filter must be in place before discord is imported)

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import hashlib
import json
import logging
import os
import signal
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

# The bot has no voice: discord.py imports the deprecated ``audioop`` for voice playback only.
warnings.filterwarnings("ignore", message="'audioop' is deprecated",
                        category=DeprecationWarning)

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from cogs import global_pace, health, lean_http
from cogs.config import ConfigError, Settings, load_settings, split_shards
from cogs.shards import Shards
from db.base import Store
from referee import pictures
from referee.service import Referee

GC_THRESHOLD = (10_000, 10, 10)
"""The cyclic GC's thresholds once ready (Python's default: 700, 10, 10). Each click keeps
its new state alive, so with the default the full collections, which walk every live
match's objects (0.2-0.6 s each at 1,000 matches), ran about 13 times a minute and held
up every click queued behind them; a young collection of 10,000 objects stays under
20 ms (bench/README.md, "GC")."""

log = logging.getLogger("hajime")


class JsonFormatter(logging.Formatter):
    """One JSON object per log line: time, level, logger, message (and the traceback)."""

    def format(self, record: logging.LogRecord) -> str:
        """Render a record as JSON."""
        out: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def setup_logging(settings: Settings) -> None:
    """Structured (JSON) or plain logging to stderr, per the config."""
    handler = logging.StreamHandler(sys.stderr)
    if settings.log_format == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(settings.log_level.upper())
    logging.getLogger("discord").setLevel(max(root.level, logging.INFO))


def open_store(settings: Settings) -> Store:
    """The configured store (SQLite by default)."""
    from db import store_from_url
    from db.ratings import on_results

    return store_from_url(settings.database, on_results=on_results)


class HajimeBot(commands.Bot):
    """The bot: owns the store and the referee, loads the cogs, syncs commands.

    It connects to the shards of ``settings`` (``shard_ids`` of ``shard_count``; one shard
    per process here, several in :class:`ShardedHajimeBot`) and its timers and reconcile
    look after the guilds of those shards only (:attr:`hajime_shards`).
    """

    def __init__(self, settings: Settings, store: Store, **kwargs: Any) -> None:
        quiet_voice()
        self.hajime_shards = Shards.of(settings.shard_count, settings.shard_ids)
        """The shards (and so the guilds) this process looks after."""
        ids = sorted(self.hajime_shards.ids)
        if isinstance(self, discord.AutoShardedClient):
            kwargs.setdefault("shard_ids", ids)
            kwargs.setdefault("shard_count", settings.shard_count)
        elif settings.shard_count > 1:
            if len(ids) != 1:
                raise ValueError("several shards in one process need ShardedHajimeBot")
            kwargs.setdefault("shard_id", ids[0])
            kwargs.setdefault("shard_count", settings.shard_count)
        intents = discord.Intents.default()
        kwargs.setdefault("guild_ready_timeout", 2.0)
        # every command lives in servers only: ``contexts`` [guild] and a guild install,
        # not the legacy ``dm_permission`` alone
        kwargs.setdefault("allowed_contexts", app_commands.AppCommandContext(
            guild=True, dm_channel=False, private_channel=False))
        kwargs.setdefault("allowed_installs", app_commands.AppInstallationType(
            guild=True, user=False))
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, **kwargs)
        self.settings = settings
        self.store = store
        self.referee = Referee(store, turn_seconds=settings.turn_seconds,
                               max_timeouts=settings.max_consecutive_timeouts,
                               snapshot_every=settings.snapshot_every)
        self.synced = asyncio.Event()
        self._whole_close: asyncio.Future[None] | None = None
        self._heartbeat: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        """Open the store, install the translator, load cogs, sync slash commands."""
        from cogs.decks import Decks
        from cogs.guard import Guard
        from cogs.i18n_discord import Translator
        from cogs.library import Library
        from cogs.lobby import Lobby
        from cogs.practice import Practice
        from cogs.reconcile import Reconciler
        from cogs.router import Router
        from cogs.seating import Seating
        from cogs.table import Table
        from cogs.tournaments import Tournaments

        started = time.perf_counter()
        pictures.use_processes(self.settings.picture_processes)
        throttle_ratelimit_sweep(self.http)
        if self.settings.lean_http:
            lean_http.install(self.http)
        rest = self.settings.rest_per_second  # one bot token for every process
        global_pace.install(self.http, rest / self.settings.process_count)
        await self.store.open()
        await self.tree.set_translator(Translator())
        tick = self.settings.timer_tick_seconds
        await self.add_cog(Guard(self))
        await self.add_cog(Router(self))
        await self.add_cog(Table(self, self.store, self.referee, tick_seconds=tick))
        await self.add_cog(Lobby(self, self.store, self.referee,
                                 expiry_seconds=self.settings.challenge_expiry_seconds,
                                 max_live=self.settings.max_live_matches, tick_seconds=tick))
        await self.add_cog(Seating(self, self.store, self.referee,
                                   expiry_seconds=self.settings.challenge_expiry_seconds,
                                   max_live=self.settings.max_live_matches,
                                   tick_seconds=tick))
        await self.add_cog(Library(self))
        await self.add_cog(Decks(self))
        await self.add_cog(Reconciler(self, self.store, self.referee))
        await self.add_cog(Practice(self, self.store, self.referee, tick_seconds=tick,
                                    expert_seconds=self.settings.ai_expert_seconds))
        await self.add_cog(Tournaments(self, self.store, self.referee, sweep_seconds=tick * 6))
        await self.load_optional_cogs()
        for command in self.tree.get_commands():
            command.guild_only = True  # the legacy dm_permission agrees with contexts
        if self.settings.dev_guilds:
            for gid in self.settings.dev_guilds:
                guild = discord.Object(id=gid)
                self.tree.copy_global_to(guild=guild)
                await self.sync_if_changed(guild)
        else:
            await self.sync_if_changed(None)
        self.synced.set()
        # liveness for a container's health check (python -m cogs.health): beats while
        # the gateway is connected and this loop turns
        self._heartbeat = asyncio.create_task(
            health.heartbeat(self, health.heartbeat_path()), name="hajime-heartbeat")
        log.info("cogs loaded and commands synced in %.0f ms",
                 (time.perf_counter() - started) * 1000)

    async def sync_if_changed(self, guild: discord.Object | None) -> None:
        """Sync slash commands only when their definitions changed since the last sync.

        Discord rate-limits command syncs (a few hundred a day); a bot that restarts often
        would hit it. The digest of what was last synced is kept in the store; it covers
        the payload Discord receives, localizations included, so a changed translation
        resyncs.
        """
        commands = await self.command_payloads(guild)
        digest = hashlib.sha256(json.dumps(commands, sort_keys=True).encode()).hexdigest()
        scope = guild.id if guild is not None else 0
        if await self.store.guild_setting(scope, "commands_digest", None) == digest:
            log.info("commands unchanged for %s; not syncing", guild.id if guild else "global")
            return
        await self.tree.sync(guild=guild)
        await self.store.set_guild_setting(scope, "commands_digest", digest)

    async def command_payloads(self, guild: discord.Object | None) -> list[dict[str, Any]]:
        """The commands as :meth:`CommandTree.sync` sends them (translated when it would)."""
        translator = self.tree.translator
        cmds = self.tree.get_commands(guild=guild)
        if translator is None:
            return [c.to_dict(self.tree) for c in cmds]
        return [await c.get_translated_payload(self.tree, translator) for c in cmds]

    async def load_optional_cogs(self) -> None:
        """Cogs that ship with later features (ladder), loaded when present."""
        import importlib

        try:
            module = importlib.import_module("cogs.ladder")
        except ModuleNotFoundError as exc:
            if exc.name != "cogs.ladder":
                raise
            return
        await module.setup(self)

    async def on_ready(self) -> None:
        """Log the login; freeze what start-up built (modules, cogs, game data, the guild
        cache) out of the cyclic GC's reach, so its full collections walk only what the
        live matches allocate, and collect the young generation every
        :data:`GC_THRESHOLD` allocations."""
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLD)
        user = self.user
        shards = self.hajime_shards
        log.info("logged in as %s (%s) in %d guild(s), shard(s) %s of %d", user,
                 user.id if user else "?", len(self.guilds),
                 ",".join(map(str, sorted(shards.ids))), shards.count)

    async def close(self) -> None:
        """Close Discord first, then the store (after writing the cached matches' snapshots),
        then the picture processes.

        Done once, and every caller waits for all of it: a signal's task and ``async
        with``'s exit both call it, and discord.py's own exit waits only for its part, so
        the bot's run used to end (and Python cancel the rest) while the store was still
        closing. A cancelled caller leaves the close running."""
        if self._whole_close is None:
            self._whole_close = asyncio.ensure_future(self._close_all())
        await asyncio.shield(self._whole_close)

    async def _close_all(self) -> None:
        """:meth:`close`'s steps."""
        if self._heartbeat is not None:  # a closing bot is no longer alive
            self._heartbeat.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._heartbeat
        await super().close()
        try:  # the next start replays nothing: every cached match's snapshot is current
            await self.referee.flush_snapshots(everything=True)
        except Exception:  # a store already gone (tests) must not stop the close
            log.exception("could not write the matches' snapshots at shutdown")
        await self.store.close()
        await pictures.stop_processes()

    async def __aexit__(self, *exc: object) -> None:
        """``async with`` ends once the whole :meth:`close` has (see there)."""
        await self.close()


class ShardedHajimeBot(HajimeBot, commands.AutoShardedBot):
    """:class:`HajimeBot` running several gateway shards in one process."""


RATELIMIT_SWEEP_SECONDS = 60.0
"""How often, at most, discord.py looks for idle rate-limit buckets to forget."""


def throttle_ratelimit_sweep(http: Any, every: float = RATELIMIT_SWEEP_SECONDS) -> None:
    """Let ``http`` (discord.py's ``HTTPClient``) sweep its rate-limit buckets at most
    every ``every`` seconds.

    discord.py keeps a bucket per route and channel and, once it holds 256, scans them
    all for idle ones each time a new one appears. A match's board lives in its own
    thread, so with a thousand live matches that is a scan of thousands of buckets on a
    good share of the board edits (4% of the bot's CPU at 1,000 matches, 200 clicks/s,
    in a py-spy profile). A bucket is dropped only after 300 s idle anyway: sweeping once
    a minute keeps memory bounded the same way.
    """
    sweep = getattr(http, "_try_clear_expired_ratelimits", None)
    if sweep is None:  # a discord.py that no longer has it: nothing to throttle
        log.debug("discord.py has no rate-limit sweep to throttle")
        return
    last = -every

    def throttled() -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= every:
            last = now
            sweep()

    http._try_clear_expired_ratelimits = throttled


def make_bot(settings: Settings, store: Store, **kwargs: Any) -> HajimeBot:
    """The bot for ``settings``: one connection, or several shards in this process."""
    several = len(settings.shard_ids or range(settings.shard_count)) > 1
    return (ShardedHajimeBot if several else HajimeBot)(settings, store, **kwargs)


def quiet_voice() -> None:
    """No "PyNaCl / davey is not installed" warnings: the bot never joins a voice channel."""
    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False


def stop_on_signals(bot: HajimeBot) -> list[signal.Signals]:
    """Close ``bot`` on SIGTERM (``docker stop``) or SIGINT, logging it once.

    Returns the signals handled (none where the loop cannot handle signals, e.g. outside
    the main thread); the caller removes the handlers when the bot has stopped.
    """
    loop = asyncio.get_running_loop()
    received: list[signal.Signals] = []
    closing: list[asyncio.Task[None]] = []

    def stop(sig: signal.Signals) -> None:
        if received:
            return
        received.append(sig)
        log.info("received %s; shutting down", sig.name)
        closing.append(loop.create_task(bot.close()))

    handled = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop, sig)
        except (NotImplementedError, RuntimeError, ValueError):
            continue
        handled.append(sig)
    return handled


def unreachable(exc: BaseException) -> str:
    """The one line said when Discord cannot be reached (refused, DNS, TLS, timeout)."""
    reason = str(exc.os_error) if isinstance(exc, aiohttp.ClientConnectorError) else str(exc)
    return (f"Cannot reach Discord at {discord.http.Route.BASE} ({reason or type(exc).__name__})."
            " Check the network connection (and HAJIME_DISCORD_API if set).")


async def recommended_shards(token: str) -> int:
    """How many shards Discord recommends for this bot (``GET /gateway/bot``)."""
    async with aiohttp.ClientSession() as session, session.get(
            f"{discord.http.Route.BASE}/gateway/bot",
            headers={"Authorization": f"Bot {token}"},
            timeout=aiohttp.ClientTimeout(total=30)) as resp:
        if resp.status == 401:
            raise discord.LoginFailure("Improper token has been passed.")
        resp.raise_for_status()
        return int((await resp.json())["shards"])


async def run(settings: Settings) -> int:
    """Run until stopped; returns the process exit code."""
    handled: list[signal.Signals] = []
    try:
        if settings.shard_count == 0 or settings.process_count > 1:
            recommended = (await recommended_shards(settings.token)
                           if settings.shard_count == 0 else None)
            settings = split_shards(settings, recommended)
            log.info("process %s of %s runs shards %s of %s", settings.process_index,
                     settings.process_count, settings.shard_ids, settings.shard_count)
        store = open_store(settings)
        bot = make_bot(settings, store)
        handled = stop_on_signals(bot)
        async with bot:
            await bot.start(settings.token)
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    except (aiohttp.ClientConnectionError, TimeoutError) as exc:  # login: no retry
        log.error(unreachable(exc))
        return 5
    except discord.LoginFailure:
        print("Discord rejected the token. Check DISCORD_TOKEN (or `token` in config.toml); "
              "it comes from the Bot tab of your application in the developer portal.",
              file=sys.stderr)
        return 3
    except discord.PrivilegedIntentsRequired:
        print("The bot asked for a privileged intent that is not enabled in the developer "
              "portal.", file=sys.stderr)
        return 4
    finally:
        loop = asyncio.get_running_loop()
        for sig in handled:
            loop.remove_signal_handler(sig)
    return 0


def use_endpoints(env: dict[str, str]) -> None:
    """Point discord.py at another Discord (the offline one) when the environment says so.

    ``HAJIME_DISCORD_API`` replaces the REST base (``https://discord.com/api/v10``) and
    ``HAJIME_DISCORD_GATEWAY`` the gateway URL. For tests and benchmarks only.
    """
    if env.get("HAJIME_DISCORD_API"):
        discord.http.Route.BASE = env["HAJIME_DISCORD_API"]
    if env.get("HAJIME_DISCORD_GATEWAY"):
        import yarl
        from discord.gateway import DiscordWebSocket

        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(env["HAJIME_DISCORD_GATEWAY"])


def loop_factory(env: dict[str, str]) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """The event loop the bot runs on: uvloop where installed, else asyncio's own.

    uvloop (libuv) does the same work as asyncio's loop with less CPU per socket read and
    write, which is most of what the bot does per click (gateway frames in, REST calls out).
    ``HAJIME_EVENT_LOOP=asyncio`` keeps asyncio's loop (to compare, or to rule uvloop out).
    """
    if env.get("HAJIME_EVENT_LOOP", "").lower() == "asyncio":
        return None
    try:
        import uvloop
    except ImportError:  # not on Windows; any platform without a wheel
        return None
    return uvloop.new_event_loop


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, load the config, run the bot."""
    parser = argparse.ArgumentParser(description="Run the Hajime Discord bot.")
    parser.add_argument("--config", help="path to config.toml (default: ./config.toml)")
    args = parser.parse_args(argv)
    try:
        settings = load_settings(args.config)
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    if not settings.token.strip():
        print("No Discord token. Set the DISCORD_TOKEN environment variable (or `token` in "
              "config.toml; see config.example.toml and the README). To try the games "
              "without Discord, run the web sandbox: bash scripts/run.sh --sandbox",
              file=sys.stderr)
        return 2
    setup_logging(settings)
    use_endpoints(dict(os.environ))
    try:
        with asyncio.Runner(loop_factory=loop_factory(dict(os.environ))) as runner:
            return runner.run(run(settings))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
