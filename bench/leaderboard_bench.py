"""Leaderboard benchmark: query + embed building over 10,000 rated players.

``python bench/leaderboard_bench.py [--players 10000] [--samples 600]``

Fills a temporary database (file-backed, WAL, like production) with ``players`` ratings
in the global scope and in one server's scope for one game (1% of the players opted out
of leaderboards), then times what ``/leaderboard`` and its Prev/Next buttons do per
click: :func:`db.ladder_queries.leaderboard_page` plus building the embed and the pager.
Pages are drawn uniformly over the whole board (deep pages included) plus the first and
last page; p50/p99/max are printed per scope.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.ladder_render import PAGE_SIZE, leaderboard_embed, leaderboard_view
from db import SqliteStore
from db import ladder_queries as Q
from db import ratings as R

GAME = "world_of_fighters"
GUILD = 123456789012345678


async def fill(store: SqliteStore, players: int, rng: random.Random) -> None:
    """``players`` ratings in both scopes, 1% hidden."""
    rows: list[R.Rating] = []
    for uid in range(10**17, 10**17 + players):
        for scope in (R.GLOBAL, str(GUILD)):
            games = rng.randint(1, 200)
            sigma = max(1.0, 8.33 - games * 0.05) + rng.random()
            rows.append(R.Rating(scope, GAME, uid, mu=rng.gauss(25.0, 6.0), sigma=sigma,
                                 games=games, wins=games // 2, losses=games - games // 2))
    async with store.write_transaction() as conn:
        await R.save_ratings(conn, rows, now=time.time())
        await conn.executemany(
            "INSERT INTO player_prefs (user_id, hide_from_leaderboard) VALUES (?, 1)",
            [(uid,) for uid in range(10**17, 10**17 + players, 100)])
        await conn.execute("ANALYZE")


async def measure(store: SqliteStore, scope: str, pages: list[int]) -> list[float]:
    """Milliseconds per page: query + embed + pager."""
    out = []
    for page in pages:
        start = time.perf_counter()
        board = await Q.leaderboard_page(store, scope, GAME, page * PAGE_SIZE, PAGE_SIZE)
        embed = leaderboard_embed(board, "Bench")
        leaderboard_view(board, "g")
        out.append((time.perf_counter() - start) * 1000)
        assert embed.description and board.rows, page
    return out


def summary(name: str, ms: list[float]) -> str:
    """One line of figures."""
    ordered = sorted(ms)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return (f"{name:<28} n={len(ms):<5} p50={statistics.median(ms):6.2f} ms  "
            f"p99={p99:6.2f} ms  max={ordered[-1]:6.2f} ms")


async def main(players: int, samples: int) -> None:
    """Fill, warm up, measure and print."""
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(str(Path(tmp) / "bench.db"))
        await store.open()
        try:
            started = time.perf_counter()
            await fill(store, players, rng)
            print(f"filled {players} players x 2 scopes in "
                  f"{time.perf_counter() - started:.1f} s")
            total = (await Q.leaderboard_page(store, R.GLOBAL, GAME, 0, 1)).total
            last = (total - 1) // PAGE_SIZE
            await measure(store, R.GLOBAL, list(range(20)))  # warm-up
            for scope, name in ((R.GLOBAL, "global"), (str(GUILD), "server")):
                pages = [0, last] + [rng.randint(0, last) for _ in range(samples)]
                print(summary(f"{name} (all pages)", await measure(store, scope, pages)))
                print(summary(f"{name} (page 1)", await measure(store, scope, [0] * 200)))
                deep = [rng.randint(last * 9 // 10, last) for _ in range(200)]
                print(summary(f"{name} (deepest 10%)", await measure(store, scope, deep)))
        finally:
            await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--samples", type=int, default=600)
    args = parser.parse_args()
    asyncio.run(main(args.players, args.samples))
