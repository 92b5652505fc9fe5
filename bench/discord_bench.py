"""Interaction latency through the offline Discord, with many concurrent matches.

Not a test. Run from the repository root::

    python bench/discord_bench.py [--matches 50] [--steps 20] [--store-actions 2000]

In one run it prints (1) the store bench: one persisted action through ``SqliteStore``
against a raw ``sqlite3`` commit of the same rows (``bench/store_bench.py``), and (2) the
latency from INTERACTION_CREATE leaving the fake Discord to the bot's callback reaching
it, for every click of ``--matches`` Sushido matches played at the same time by
random players through the real bot (press Act, then a control), as p50/p90/p99.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.harness import Player, bot_running, challenge_accepted, idle  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.fixtures import patch_discord  # noqa: E402


def pct(samples: list[float], q: float) -> float:
    """The q-quantile of samples, in milliseconds."""
    s = sorted(samples)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000


async def run(matches: int, steps: int) -> dict[str, object]:
    """Play ``matches`` concurrent matches for ``steps`` decisions each."""
    fake = FakeDiscord()
    fake.validate_schemas = False  # time the bot, not the fake's schema checks
    users = [fake.add_user(f"p{i}") for i in range(2 * matches)]
    await fake.start()
    try:
        with patch_discord(fake), tempfile.TemporaryDirectory() as tmp:
            async with bot_running(fake, Path(tmp) / "bench.sqlite3",
                                   max_live_matches=5) as bot:
                players = []
                for m in range(matches):
                    a, b = users[2 * m], users[2 * m + 1]
                    match_id, board = await challenge_accepted(fake, bot, a, b, "sushido")
                    players.append(Player(fake, bot, match_id, board, [a, b], seed=m,
                                          check_leaks=False))
                fake.latencies.clear()
                start = time.perf_counter()

                async def play(p: Player) -> int:
                    n = 0
                    while n < steps and await p.step():
                        n += 1
                    return n

                done = await asyncio.gather(*(play(p) for p in players))
                elapsed = time.perf_counter() - start
                await idle(fake, bot)
                lat = list(fake.latencies)
    finally:
        await fake.stop()
    return {
        "concurrent_matches": matches,
        "decisions": sum(done),
        "interactions": len(lat),
        "seconds": round(elapsed, 2),
        "interactions_per_second": round(len(lat) / elapsed, 1),
        "latency_ms_p50": round(pct(lat, 0.50), 2),
        "latency_ms_p90": round(pct(lat, 0.90), 2),
        "latency_ms_p99": round(pct(lat, 0.99), 2),
        "latency_ms_max": round(max(lat) * 1000, 2),
        "latency_ms_mean": round(statistics.fmean(lat) * 1000, 2),
    }


def main() -> None:
    """Run both benches and print their figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--store-actions", type=int, default=2000)
    args = parser.parse_args()
    print("== persisted action vs raw SQLite commit (bench/store_bench.py)", flush=True)
    subprocess.run([sys.executable, str(ROOT / "bench" / "store_bench.py"),
                    "--actions", str(args.store_actions)], check=True)
    print("== INTERACTION_CREATE -> callback through the offline Discord", flush=True)
    print(json.dumps(asyncio.run(run(args.matches, args.steps))))


if __name__ == "__main__":
    main()
