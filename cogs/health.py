"""Liveness of a bot process, which has no HTTP port: a heartbeat file.

While its gateway is connected and its event loop turns, the bot rewrites the heartbeat
file every :data:`EVERY` seconds (:func:`heartbeat`, started by ``bot.py``); a stuck loop,
a lost gateway or a dead process stops the beats. The container's health check runs::

    python -m cogs.health [--max-age SECONDS] [--file PATH]

which exits 0 if the file was written less than ``--max-age`` seconds ago (default
:data:`MAX_AGE`, three missed beats), 1 otherwise (missing, stale or unreadable), with one
line on stdout saying which. The path is ``HAJIME_HEARTBEAT_FILE`` (default
:data:`DEFAULT_FILE`), the same variable for the bot and the check. The file holds the
time of the last beat (seconds since the epoch); the check reads that, not the file's
modification time, so a copied or touched file does not pass for a live bot.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger("hajime.health")

ENV = "HAJIME_HEARTBEAT_FILE"
"""The environment variable naming the heartbeat file (the bot's and the check's)."""
DEFAULT_FILE = "/tmp/hajime-heartbeat"
"""The heartbeat file when ``HAJIME_HEARTBEAT_FILE`` is not set."""
EVERY = 15.0
"""Seconds between two beats."""
MAX_AGE = 3 * EVERY
"""The oldest beat the check accepts, in seconds."""


def heartbeat_path(env: dict[str, str] | None = None) -> Path:
    """The heartbeat file: ``HAJIME_HEARTBEAT_FILE``, else :data:`DEFAULT_FILE`."""
    env = dict(os.environ) if env is None else env
    return Path(env.get(ENV) or DEFAULT_FILE)


def beat(path: Path, now: float | None = None) -> None:
    """Record one beat: the time, written to a temporary file renamed over ``path`` (a
    reader never sees a half-written file)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(f"{time.time() if now is None else now:.3f}\n")
    tmp.replace(path)


def age(path: Path, now: float | None = None) -> float | None:
    """Seconds since the last beat recorded in ``path`` (None: missing or unreadable)."""
    try:
        last = float(path.read_text().strip())
    except (OSError, ValueError):
        return None
    return (time.time() if now is None else now) - last


def fresh(path: Path, max_age: float = MAX_AGE, now: float | None = None) -> bool:
    """Whether ``path`` holds a beat younger than ``max_age`` seconds (and not from the
    future by more than that, a clock set back)."""
    seconds = age(path, now)
    return seconds is not None and -max_age < seconds < max_age


def connected(bot: Any) -> bool:
    """Whether ``bot`` (a discord.py client) is ready and every gateway connection it
    has is open."""
    if bot.is_closed() or not bot.is_ready():
        return False
    shards = getattr(bot, "shards", None)
    if isinstance(shards, dict) and shards:  # AutoShardedClient: one socket per shard
        return all(not shard.is_closed() for shard in shards.values())
    ws = getattr(bot, "ws", None)
    return ws is not None and bool(getattr(ws, "open", False))


async def heartbeat(bot: Any, path: Path, every: float = EVERY,
                    is_connected: Callable[[Any], bool] = connected) -> None:
    """Beat every ``every`` seconds while ``bot`` is connected (looking every second
    while it is not, so the first beat follows the connection closely); runs until
    cancelled, then removes the file: a stopped bot is not alive."""
    try:
        while True:
            up = is_connected(bot)
            if up:
                try:
                    beat(path)
                except OSError as exc:  # a full or read-only disk: the check will say so
                    log.warning("could not write the heartbeat file %s: %s", path, exc)
            await asyncio.sleep(every if up else min(every, 1.0))
    finally:
        with contextlib.suppress(OSError):
            path.unlink()


def main(argv: list[str] | None = None) -> int:
    """The health check: 0 if the heartbeat is fresh, 1 otherwise."""
    parser = argparse.ArgumentParser(prog="python -m cogs.health",
                                     description="Exit 0 if the bot's heartbeat is fresh.")
    parser.add_argument("--file", type=Path, default=None,
                        help=f"the heartbeat file (default: ${ENV} or {DEFAULT_FILE})")
    parser.add_argument("--max-age", type=float, default=MAX_AGE,
                        help=f"the oldest beat accepted, in seconds (default {MAX_AGE:g})")
    args = parser.parse_args(argv)
    path = args.file if args.file is not None else heartbeat_path()
    seconds = age(path)
    if seconds is None:
        print(f"unhealthy: no heartbeat in {path}")
        return 1
    if not fresh(path, args.max_age):
        print(f"unhealthy: last heartbeat {seconds:.0f}s ago ({path})")
        return 1
    print(f"healthy: last heartbeat {seconds:.1f}s ago")
    return 0


if __name__ == "__main__":
    sys.exit(main())
