"""Cost of one persisted action: ``SqliteStore.commit_action`` against raw ``sqlite3``.

Not a test. Run from the repository root::

    python bench/store_bench.py [--actions 2000]

For each ``synchronous`` level (NORMAL, then FULL) it creates two fresh WAL databases
with the store's schema in a temporary directory, then persists the same stream of
actions (a ~4-8 KB state JSON, 3-6 events, one action-log row) through the store and
through a bare ``sqlite3`` connection (``BEGIN IMMEDIATE`` / UPDATE guarded by version /
INSERT events / INSERT log / ``COMMIT``). It prints mean, p50 and p99 per action in
microseconds and the store/raw ratio. With NORMAL the store runs the transaction inline on
the event loop (``db/sqlite_core.py``; ``--no-inline`` turns that off) and pays for the lock, the
events' ``seq`` query and the JSON encoding; with FULL, one hop to aiosqlite's thread
(``db/sqlite_hop.py``) too; the raw path pays none.

The ``snap/N`` rows persist the same stream as the bot does with snapshots
(``snapshot_every = N``, ``--every``): the state column only on every N-th action
(``state=None`` otherwise: the version, deadline, events and log row only), against the
same raw commit (which writes the whole state every time, as before).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from db import ActionLog, SqliteStore, Synchronous

Event = tuple[list[int] | None, str, dict[str, Any]]


def make_actions(n: int, seed: int = 7) -> list[tuple[str, list[Event], dict[str, Any]]]:
    """``n`` deterministic (state JSON, events, action) triples, state 4-8 KB."""
    rng = random.Random(seed)
    out: list[tuple[str, list[Event], dict[str, Any]]] = []
    for v in range(1, n + 1):
        cards = rng.randint(190, 400)
        state = {
            "version": v,
            "turn": v % 2,
            "seed": rng.getrandbits(63),
            "players": [
                {
                    "hand": [f"card-{rng.randint(0, 400):03d}" for _ in range(cards // 4)],
                    "deck": [f"card-{rng.randint(0, 400):03d}" for _ in range(cards // 4)],
                    "hp": rng.randint(0, 30),
                    "position": rng.randint(0, 8),
                }
                for _ in range(2)
            ],
            "log": [{"t": i, "what": "moved", "by": i % 2} for i in range(cards // 4)],
        }
        events: list[Event] = [
            (None if i % 2 == 0 else [i % 2], "card_played", {"seat": i % 2, "card": "x" * 20})
            for i in range(rng.randint(3, 6))
        ]
        out.append((json.dumps(state, separators=(",", ":")), events, {"kind": "play", "n": v}))
    return out


def summary(samples: list[float]) -> tuple[float, float, float]:
    """Mean, p50 and p99 in microseconds."""
    s = sorted(samples)

    def p(q: float) -> float:
        return s[min(len(s) - 1, int(q * len(s)))] * 1e6

    return statistics.fmean(s) * 1e6, p(0.50), p(0.99)


class RawWriter:
    """The same rows written by hand with ``sqlite3``: the floor the store is compared to."""

    def __init__(self, path: str, sync: Synchronous) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None)
        for pragma in ("busy_timeout = 5000", "journal_mode = WAL", f"synchronous = {sync}",
                       "foreign_keys = ON"):  # fmt: skip
            self.conn.execute(f"PRAGMA {pragma}")
        now = time.time()
        cur = self.conn.execute(
            "INSERT INTO matches (guild_id, channel_id, game, seats, state, version, created_at,"
            " updated_at) VALUES (1, 2, 'bench', '[10,20]', '{}', 0, ?, ?)",
            (now, now),
        )
        assert cur.lastrowid is not None
        self.match_id = cur.lastrowid
        self.seq = 0

    def commit(self, v: int, state: str, events: list[Event], action: dict[str, Any]) -> None:
        """One transaction moving the match from ``v - 1`` to ``v``."""
        conn, match_id = self.conn, self.match_id
        conn.execute("BEGIN IMMEDIATE")
        cur = conn.execute(
            "UPDATE matches SET state = ?, version = ?, deadline = ?, reminded = 0, timeouts = ?,"
            " status = 'active', updated_at = ? WHERE id = ? AND version = ?",
            (state, v, time.time() + 300, "[0,0]", time.time(), match_id, v - 1),
        )
        assert cur.rowcount == 1
        rows = []
        for aud, kind, data in events:
            self.seq += 1
            rows.append((match_id, self.seq, v, None if aud is None else json.dumps(aud), kind,
                         json.dumps(data)))  # fmt: skip
        conn.executemany("INSERT INTO match_events VALUES (?, ?, ?, ?, ?, ?)", rows)
        conn.execute(
            "INSERT INTO match_actions (match_id, version, seat, action, note)"
            " VALUES (?, ?, ?, ?, '')",
            (match_id, v, v % 2, json.dumps(action)),
        )
        conn.execute("COMMIT")


async def timed_actions(
    store: Any, actions: list[Any], beside: Callable[[int, str, Any, Any], None] | None = None,
    every: int = 1,
) -> tuple[list[float], list[float]]:
    """Seconds per persisted action of ``actions`` through ``store`` (a new match), and,
    interleaved one by one (fair under load), per call of ``beside`` (the raw writer).
    The state is written only every ``every`` versions (``state=None`` otherwise)."""
    m = await store.create_match(
        guild_id=1, channel_id=2, game="bench", options={}, seats=[10, 20],
        state="{}", version=0, deadline=None,
    )  # fmt: skip
    store_t: list[float] = []
    beside_t: list[float] = []
    for i, (state, events, action) in enumerate(actions):
        v = i + 1
        log = ActionLog(match_id=m.id, version=v, seat=v % 2, action=action)
        t0 = time.perf_counter()
        ok = await store.commit_action(
            m.id, expected_version=v - 1, state=state if v % every == 0 else None, version=v,
            events=events, log=log,
            deadline=time.time() + 300, timeouts=[0, 0],
        )  # fmt: skip
        t1 = time.perf_counter()
        if beside is not None:
            beside(v, state, events, action)
            beside_t.append(time.perf_counter() - t1)
        assert ok
        store_t.append(t1 - t0)
    return store_t, beside_t


async def bench_level(
    tmp: str, sync: Synchronous, actions: list[Any], warmup: int, every: int = 1,
    inline: bool = True,
) -> tuple[list[float], list[float]]:
    """Seconds per action through the store and raw, interleaved one by one (fair under load);
    the store writes the state every ``every`` actions."""
    raw_path = f"{tmp}/raw-{sync}-{every}.db"
    async with SqliteStore(raw_path):  # the same schema, migrations applied
        pass
    raw = RawWriter(raw_path, sync)
    async with SqliteStore(f"{tmp}/store-{sync}-{every}.db", synchronous=sync,
                           inline=inline) as store:
        store_t, raw_t = await timed_actions(store, actions, raw.commit, every)
    raw.conn.close()
    return store_t[warmup:], raw_t[warmup:]


async def bench_hop(path: str, n: int) -> list[float]:
    """Seconds per aiosqlite round trip (``SELECT 1``): the unit of the store's overhead."""
    async with SqliteStore(path) as store, store.read_connection() as conn:
        times: list[float] = []
        for _ in range(n):
            t0 = time.perf_counter()
            await conn.execute_fetchall("SELECT 1")
            times.append(time.perf_counter() - t0)
    return times[n // 10 :]


async def bench_postgres(dsn: str, actions: list[Any], warmup: int) -> list[float]:
    """Seconds per action through :class:`db.postgres.PostgresStore` (same stream)."""
    from db.postgres import PostgresStore

    async with PostgresStore(dsn) as store:
        times, _ = await timed_actions(store, actions)
    return times[warmup:]


def postgres_figures(target: str, actions: list[Any], warmup: int) -> None:
    """Print the PostgreSQL row: ``target`` is a URL, or ``local`` for a throw-away server."""
    server = None
    if target == "local":
        from tests.pg_server import PgServer, find_bindir

        bindir = find_bindir()
        if bindir is None:
            print("postgres: no initdb/pg_ctl on this machine, skipped")
            return
        server = PgServer(bindir)
        server.start()
        server.make_template()
        target = server.dsn(server.new_database())
        print("postgres: throw-away local server (fsync off: compare with NORMAL)")
    try:
        mean, p50, p99 = summary(asyncio.run(bench_postgres(target, actions, warmup)))
        print(f"{'postgres':<12}{'store':<8}{mean:>10.0f}{p50:>10.0f}{p99:>10.0f}")
    finally:
        if server is not None:
            server.stop()


def main() -> None:
    """Run both levels and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--every", type=int, default=16,
                        help="snapshot_every of the snap/N rows (the state every N actions)")
    parser.add_argument(
        "--no-inline", action="store_true",
        help="the store's inline path off (SqliteStore(inline=False): every call hops)",
    )  # fmt: skip
    parser.add_argument(
        "--postgres", metavar="URL", default=None,
        help="also time PostgresStore on this database ('local': a throw-away server)",
    )  # fmt: skip
    args = parser.parse_args()
    actions = make_actions(args.actions + args.warmup)
    sizes = [len(a[0]) for a in actions]
    print(
        f"sqlite {sqlite3.sqlite_version}, python {sys.version.split()[0]}; "
        f"{args.actions} actions (+{args.warmup} warm-up), state {min(sizes)}-{max(sizes)} B "
        f"(mean {statistics.fmean(sizes):.0f}), 3-6 events + 1 log row each; "
        f"inline {'off' if args.no_inline else 'on (NORMAL only)'}"
    )
    print(f"{'synchronous':<12}{'path':<8}{'mean us':>10}{'p50 us':>10}{'p99 us':>10}")
    with tempfile.TemporaryDirectory(prefix="hajime-bench-") as tmp:
        for sync in ("NORMAL", "FULL"):
            for every, path in ((1, "store"), (args.every, f"snap/{args.every}")):
                store_times, raw_times = asyncio.run(
                    bench_level(tmp, sync, actions, args.warmup, every,
                                inline=not args.no_inline))
                store, raw = summary(store_times), summary(raw_times)
                for name, (mean, p50, p99) in ((path, store), ("raw", raw)):
                    print(f"{sync:<12}{name:<8}{mean:>10.0f}{p50:>10.0f}{p99:>10.0f}")
                print(
                    f"{sync:<12}{'ratio':<8}{store[0] / raw[0]:>10.2f}"
                    f"{store[1] / raw[1]:>10.2f}{store[2] / raw[2]:>10.2f}   ({path} / raw)"
                )
        mean, p50, p99 = summary(asyncio.run(bench_hop(f"{tmp}/hop.db", args.actions)))
        print(
            f"one aiosqlite round trip (SELECT 1): mean {mean:.0f} us, p50 {p50:.0f} us, "
            f"p99 {p99:.0f} us; commit_action makes none with NORMAL when aiosqlite's thread"
            " is idle (inline, db/sqlite_core.py), else 1 (db/sqlite_hop.py); 5+ when it ends"
            " the match"
        )
    if args.postgres:
        postgres_figures(args.postgres, actions, args.warmup)


if __name__ == "__main__":
    main()
