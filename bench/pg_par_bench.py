"""PostgreSQL against SQLite, durable to durable and relaxed to relaxed: per action, and
the actions per second with many matches at once (issue 33).

Not a test. Run from the repository root::

    python bench/pg_par_bench.py [--postgres local|URL] [--actions 1000] [--matches 50]
                                 [--per-match 40] [--pools 10,50] [--every 16] [--socket]

``local`` starts a throw-away PostgreSQL server that syncs its writes (``fsync`` and
``full_page_writes`` on; ``tests/pg_server.py``) in a temporary directory on the same
disk as SQLite's files. The pairs:

- **durable**: SQLite ``synchronous = FULL`` (WAL) against PostgreSQL
  ``synchronous_commit = on``: a committed action survives a crash of the machine;
- **relaxed**: SQLite ``synchronous = NORMAL`` (WAL) against PostgreSQL
  ``synchronous_commit = off`` (set per connection: ``?synchronous_commit=off`` in the
  database URL): a crash of the machine may lose the last moments' actions, never
  corrupts the database.

**Per action**: one match, the stream of ``bench/store_bench.py`` (4-8 KB states, 3-6
events, one log row), the state written every ``--every`` versions as the bot writes it,
through ``SqliteStore`` and ``PostgresStore`` interleaved one action by one (fair under
load); mean, p50, p99 and the ratio PostgreSQL / SQLite.

**Throughput**: ``--matches`` matches at once, each committing its own ``--per-match``
actions in order (the next after the last one's commit, as the referee does): actions
per second over the whole run, SQLite, then PostgreSQL with each pool size of ``--pools``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from store_bench import make_actions, summary

from db import ActionLog, SqliteStore, Synchronous
from db.postgres import PostgresStore


async def new_match(store: Any) -> int:
    """A fresh match to commit to."""
    rec = await store.create_match(guild_id=1, channel_id=2, game="bench", options={},
                                   seats=[10, 20], state="{}", version=0, deadline=None)
    return int(rec.id)


async def commit(store: Any, match_id: int, v: int, action: Any, every: int) -> None:
    """Persist action ``v`` of the stream on ``match_id``."""
    state, events, payload = action
    ok = await store.commit_action(
        match_id, expected_version=v - 1, state=state if v % every == 0 else None,
        version=v, events=events,
        log=ActionLog(match_id=match_id, version=v, seat=v % 2, action=payload),
        deadline=time.time() + 300, timeouts=[0, 0])
    assert ok


async def per_action(sqlite: Any, pg: Any, actions: list[Any], every: int,
                     warmup: int) -> tuple[list[float], list[float]]:
    """Seconds per action through each store, interleaved one by one."""
    a, b = await new_match(sqlite), await new_match(pg)
    lite_t, pg_t = [], []
    for i, action in enumerate(actions):
        t0 = time.perf_counter()
        await commit(sqlite, a, i + 1, action, every)
        t1 = time.perf_counter()
        await commit(pg, b, i + 1, action, every)
        t2 = time.perf_counter()
        lite_t.append(t1 - t0)
        pg_t.append(t2 - t1)
    return lite_t[warmup:], pg_t[warmup:]


async def throughput(store: Any, matches: int, actions: list[Any], every: int) -> float:
    """Actions per second with ``matches`` matches committing at once."""
    ids = [await new_match(store) for _ in range(matches)]

    async def play(match_id: int) -> None:
        for i, action in enumerate(actions):
            await commit(store, match_id, i + 1, action, every)

    t0 = time.perf_counter()
    await asyncio.gather(*(play(m) for m in ids))
    return matches * len(actions) / (time.perf_counter() - t0)


def relaxed_url(url: str) -> str:
    """``url`` with ``synchronous_commit = off`` for its connections (asyncpg passes the
    URL's unknown parameters to the server as settings)."""
    return url + ("&" if "?" in url else "?") + "synchronous_commit=off"


async def pair(label: str, sync: Synchronous, url: str, tmp: str, args: argparse.Namespace,
               actions: list[Any]) -> None:
    """Print one pair's figures."""
    async with SqliteStore(f"{tmp}/{label}-a.db", synchronous=sync) as lite, \
            PostgresStore(url) as pg:
        lite_t, pg_t = await per_action(lite, pg, actions, args.every, args.warmup)
    (lm, l50, l99), (pm, p50, p99) = summary(lite_t), summary(pg_t)
    print(f"{label:8} per action  sqlite {sync:6}  mean {lm:6.0f}  p50 {l50:6.0f}  p99 "
          f"{l99:7.0f} us")
    print(f"{'':8}             postgres        mean {pm:6.0f}  p50 {p50:6.0f}  p99 "
          f"{p99:7.0f} us   ratio mean {pm / lm:.2f}  p50 {p50 / l50:.2f}")
    stream = actions[:args.per_match]
    async with SqliteStore(f"{tmp}/{label}-b.db", synchronous=sync) as lite:
        rate = await throughput(lite, args.matches, stream, args.every)
    print(f"{'':8} {args.matches} matches at once: sqlite {rate:7.0f} actions/s")
    for size in args.pools:
        async with PostgresStore(url, max_connections=size) as pg:
            rate_pg = await throughput(pg, args.matches, stream, args.every)
        print(f"{'':8} {'':19}postgres (pool {size:3}) {rate_pg:7.0f} actions/s   "
              f"ratio {rate_pg / rate:.2f}")


def main() -> None:
    """Run both pairs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", default="local", metavar="URL|local")
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--per-match", type=int, default=40)
    parser.add_argument("--pools", default="10,50",
                        type=lambda s: [int(x) for x in s.split(",") if x])
    parser.add_argument("--every", type=int, default=16,
                        help="the state every N versions, as the bot writes it (1: always)")
    parser.add_argument("--socket", action="store_true",
                        help="a local server through its Unix socket (default: TCP)")
    args = parser.parse_args()
    actions = make_actions(args.actions + args.warmup)
    server = None
    url = args.postgres
    if url == "local":
        from tests.pg_server import PgServer, find_bindir

        bindir = find_bindir()
        if bindir is None:
            print("postgres: no initdb/pg_ctl on this machine")
            return
        server = PgServer(bindir, durable=True)
        server.start()
        server.make_template()
        url = server.dsn(server.new_database(), socket=args.socket)
    print(f"{args.actions} actions (+{args.warmup} warm-up) per match, state every "
          f"{args.every} versions; postgres through "
          f"{'its Unix socket' if args.socket else 'TCP'}")
    try:
        with tempfile.TemporaryDirectory(prefix="hajime-pg-par-") as tmp:
            asyncio.run(pair("durable", "FULL", url, tmp, args, actions))
            asyncio.run(pair("relaxed", "NORMAL", relaxed_url(url), tmp, args, actions))
    finally:
        if server is not None:
            server.stop()
    print("(per action: microseconds; each pair's stores interleaved one action by one)")
    _ = statistics  # figures come from store_bench.summary


if __name__ == "__main__":
    main()
