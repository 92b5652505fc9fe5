"""Start-up time and resident memory per idle live match.

Not a test. Run from the repository root::

    python bench/memory_bench.py [--matches 10000]

Creates ``--matches`` live matches (Sushido and World of Fighters alternately, fighters
picked, boards posted and current, deadlines in the future) in a temporary SQLite
database through ``SqliteStore``, then, each in a fresh process:

1. the bot's start-up path on that database: ``HajimeBot.setup_hook`` (store open and
   migrations, translator, every cog's ``cog_load``; the slash-command sync, a Discord
   HTTP call, is stubbed), then one pass of each start-up query the loops run once the
   bot is connected: the timer (``Table.timer``: due matches only), the challenge
   expirer (``Lobby.expirer``) and the reconciler (``Reconciler.reconcile``: only
   matches whose board is not current);
2. the same on an empty database (same migrations, no match),

and prints the start time of each, and the resident memory per match: the difference of
the two runs' RSS (``/proc/self/status``) and of tracemalloc's traced memory, divided by
the number of matches; then the same after every match was read once as a click reads
it (the referee caches at most ``Referee.cache_size`` states). Both runs are in the same
invocation, on the same machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def rss_bytes() -> int:
    """This process's resident set size."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


async def build(path: str, matches: int) -> float:
    """Store ``matches`` live matches with current boards; seconds it took."""
    from db import SqliteStore
    from engine.core import Rng
    from engine.games import REGISTRY
    from engine.simulate import pick

    store = SqliteStore(path)
    await store.open()
    started = time.perf_counter()
    games = ["sushido", "world_of_fighters"]
    deadline = time.time() + 3600
    for i in range(matches):
        game = REGISTRY[games[i % 2]]
        state = game.setup(game.parse_options({}), 2, i)
        rng = Rng(seed=i)
        while state.phase == "pick":  # both fighters chosen: a match under way
            seat = next(s for s, p in game.prompts(state).items() if not p.committed)
            state, _ = game.apply(state, seat, pick(game, state, seat, rng))
        rec = await store.create_match(
            guild_id=1, channel_id=2, game=game.id, options={}, seats=[10 + 2 * i, 11 + 2 * i],
            state=game.dump(state), version=state.version, deadline=deadline)
        await store.set_match_message(rec.id, 1_000_000 + i, 2_000_000 + i)
        await store.set_board_message(rec.id, 2_000_000 + i, state.version)
    await store.close()
    return time.perf_counter() - started


async def start(path: str) -> dict[str, Any]:
    """The bot's start-up path on ``path`` (see the module docstring); its figures."""
    from bot import HajimeBot, open_store
    from cogs.config import Settings
    from cogs.lobby import Lobby
    from cogs.reconcile import Reconciler
    from cogs.table import Table

    settings = Settings(database=path, log_level="WARNING")
    rss0 = rss_bytes()
    traced0 = tracemalloc.get_traced_memory()[0] if tracemalloc.is_tracing() else 0
    t0 = time.perf_counter()
    bot = HajimeBot(settings, open_store(settings))

    async def no_sync(**_: Any) -> list[Any]:
        return []  # a Discord HTTP call: not the bot's start-up cost

    bot.tree.sync = no_sync  # type: ignore[method-assign]
    await bot.setup_hook()
    t1 = time.perf_counter()
    table, lobby, rec = bot.get_cog("Table"), bot.get_cog("Lobby"), bot.get_cog("Reconciler")
    assert isinstance(table, Table) and isinstance(lobby, Lobby)
    assert isinstance(rec, Reconciler)
    await table.timer()
    await lobby.expirer()
    settled = await rec.reconcile()
    t2 = time.perf_counter()
    traced = tracemalloc.get_traced_memory()[0] if tracemalloc.is_tracing() else 0
    out = {"setup_hook_s": t1 - t0, "start_s": t2 - t0, "rss": rss_bytes(), "rss_delta":
           rss_bytes() - rss0, "traced": traced - traced0, "settled": settled,
           "cached_states": len(bot.referee._states)}
    # Warm: every match read once as a click does (Act: its record and state, cached by
    # the referee up to its bound; the match's lock), then left idle.
    async with bot.store.read_connection() as conn:
        ids = [r[0] for r in await conn.execute_fetchall("SELECT id FROM matches")]
    for match_id in ids:
        async with bot.referee.lock(match_id):
            await bot.referee.load(match_id)
    out["warm_rss"] = rss_bytes()
    out["warm_traced"] = (tracemalloc.get_traced_memory()[0] - traced0
                          if tracemalloc.is_tracing() else 0)
    out["warm_cached_states"] = len(bot.referee._states)
    await bot.store.close()
    return out


def child(path: str, trace: bool) -> None:
    """One start-up in this process; prints its figures as JSON."""
    import bot  # noqa: F401  (imports are not start-up work: the interpreter loads them)
    import cogs.ladder
    import cogs.lobby
    import cogs.reconcile
    import cogs.table  # noqa: F401

    if trace:
        tracemalloc.start()
    figures = asyncio.run(start(path))
    print(json.dumps(figures))
    sys.stdout.flush()
    os._exit(0)  # the loops started by cog_load wait for a login that never comes


def run_child(path: str, trace: bool) -> dict[str, Any]:
    """:func:`child` in a fresh interpreter."""
    cmd = [sys.executable, __file__, "--child", path] + (["--trace"] if trace else [])
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=ROOT)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    """Build the databases, start twice (full, empty), print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--child")
    parser.add_argument("--trace", action="store_true")
    args = parser.parse_args()
    if args.child:
        child(args.child, args.trace)
        return
    n = args.matches
    with tempfile.TemporaryDirectory() as tmp:
        full, empty = str(Path(tmp) / "full.sqlite3"), str(Path(tmp) / "empty.sqlite3")
        built = asyncio.run(build(full, n))
        asyncio.run(build(empty, 0))
        size = Path(full).stat().st_size
        print(f"built {n} live matches in {built:.1f} s (database {size / 1e6:.1f} MB)")
        runs = {(db, trace): run_child(path, trace)
                for db, path in (("full", full), ("empty", empty)) for trace in (False, True)}
    f, e = runs[("full", False)], runs[("empty", False)]
    ft, et = runs[("full", True)], runs[("empty", True)]
    print(f"start-up with {n} live matches: {f['start_s']:.3f} s "
          f"(setup_hook {f['setup_hook_s']:.3f} s; empty database {e['start_s']:.3f} s); "
          f"reconciler settled: {f['settled']}; states cached: {f['cached_states']}")
    per_rss = (f["rss"] - e["rss"]) / max(n, 1)
    per_traced = (ft["traced"] - et["traced"]) / max(n, 1)
    print(f"resident per idle live match: RSS {per_rss / 1024:.2f} KB "
          f"(RSS {f['rss'] / 1e6:.1f} MB vs {e['rss'] / 1e6:.1f} MB empty), "
          f"tracemalloc {per_traced / 1024:.2f} KB "
          f"({ft['traced'] / 1e6:.2f} MB vs {et['traced'] / 1e6:.2f} MB empty)")
    warm_rss = (f["warm_rss"] - e["warm_rss"]) / max(n, 1)
    warm_traced = (ft["warm_traced"] - et["warm_traced"]) / max(n, 1)
    print(f"after every match was read once (a click each; {f['warm_cached_states']} states "
          f"cached, the referee's bound): RSS {warm_rss / 1024:.2f} KB, tracemalloc "
          f"{warm_traced / 1024:.2f} KB per match")
    print(json.dumps({"matches": n, "start_s": round(f["start_s"], 3),
                      "warm_rss_kb_per_match": round(warm_rss / 1024, 3),
                      "warm_traced_kb_per_match": round(warm_traced / 1024, 3),
                      "start_empty_s": round(e["start_s"], 3),
                      "rss_kb_per_match": round(per_rss / 1024, 3),
                      "traced_kb_per_match": round(per_traced / 1024, 3)}))


if __name__ == "__main__":
    main()
