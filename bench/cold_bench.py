"""Cold matches against warm ones: one decision through ``Referee.act`` (issue 33).

Not a test. Run from the repository root::

    python bench/cold_bench.py [--matches 10000] [--game sushido] [--samples 2000]

It opens ``--matches`` live matches in one SQLite file (the bot's store, its default
``snapshot_every = 16``), each played 1-15 random actions past its last snapshot, as a
busy server's would be. Then it times one decision (``Referee.act``: the match read, its
state from the cache or the store, the engine, the commit) on sampled matches, alternating:

- **warm**: the match's state is in the referee's cache;
- **cold, lagging snapshot**: not cached, its snapshot up to 15 actions old (a match after
  a crash, or dropped from the cache before this change: its log tail replayed);
- **cold, fresh snapshot**: not cached, its snapshot written when the cache dropped it
  (``Referee.flush_snapshots``: what the bot now does);
- **restart**: a new referee (a restarted bot) after a clean shutdown wrote every cached
  snapshot, its first click on each live match (every one of them).

It prints median, p90 and p99 in microseconds and each cold kind's ratios to warm (of the
medians, and of the p99s), and how long the seeding took.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from db import SqliteStore
from referee.service import Referee

GC_THRESHOLD = (10_000, 10, 10)
"""The bot's cyclic GC settings once ready (``bot.GC_THRESHOLD``, after ``gc.freeze()`` of
what start-up built), so that the figures include the collections the bot's clicks meet."""


def pct(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` in microseconds."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] * 1e6


async def random_step(ref: Referee, match_id: int, rng: random.Random) -> bool:
    """One random legal decision (untimed); False once the match is over."""
    rec, game, state = await ref.load(match_id)
    if rec.status != "active":
        return False
    seat = min(s for s, p in game.prompts(state).items() if not p.committed)
    aid, version = rng.choice(game.legal(state, seat)).aid, state.version
    del state  # held here, the referee could not change its cached state in place
    await ref.act(match_id, rec.seats[seat], aid, version)
    return True


async def timed_step(ref: Referee, match_id: int, rng: random.Random) -> float | None:
    """One decision, timed from the click's arrival (the match not yet read)."""
    rec = await ref.store.get_match(match_id)
    if rec is None or rec.status != "active":
        return None
    game = ref.game(rec.game)
    hit = ref._states.get(match_id)
    state = hit[1] if hit is not None else None
    if state is None:  # choose from a throw-away copy: the timed call must read it cold
        from referee.snapshots import load_state
        state = await load_state(ref.store, game, rec)
    seat = min(s for s, p in game.prompts(state).items() if not p.committed)
    aid = rng.choice(game.legal(state, seat)).aid
    user, version = rec.seats[seat], state.version
    del state, hit
    start = time.perf_counter()
    await ref.act(match_id, user, aid, version)
    return time.perf_counter() - start


async def run(matches: int, game: str, samples: int, seed: int) -> dict[str, Any]:
    """Open the matches, then time decisions of each kind."""
    rng = random.Random(seed)
    gc.collect()
    gc.freeze()  # as the bot does once ready (``Hajime.on_ready``)
    gc.set_threshold(*GC_THRESHOLD)
    with tempfile.TemporaryDirectory() as tmp:
        store = SqliteStore(str(Path(tmp) / "cold.sqlite3"))
        await store.open()
        ref = Referee(store, snapshot_every=16)
        ref.cache_size = matches + 10  # while seeding: nothing dropped, nothing flushed
        ids: list[int] = []
        t0 = time.perf_counter()
        for n in range(matches):
            rec, _ = await ref.open_match(guild_id=1, channel_id=2, game_id=game,
                                          options={}, seats=[2 * n + 1, 2 * n + 2], seed=n)
            ids.append(rec.id)
            for _ in range(rng.randint(17, 31)):  # 1-15 past a snapshot at 16
                if not await random_step(ref, rec.id, rng):
                    break
        seeded = time.perf_counter() - t0
        live = [i for i in ids if (r := await store.get_match(i)) and r.status == "active"]
        lag = [((r := await store.get_match(i)) and r.version - r.snapshot_version) or 0
               for i in live[:200]]
        times: dict[str, list[float]] = {"warm": [], "cold_lagging": [], "cold_fresh": []}
        picks = rng.sample(live, min(samples, len(live)))
        for n, mid in enumerate(picks):  # alternate the kinds, match after match
            kind = ("warm", "cold_lagging", "cold_fresh")[n % 3]
            if kind == "warm":
                await ref.load(mid)  # cached
            else:
                ref._states.pop(mid, None)
                if kind == "cold_fresh":
                    rec = await store.get_match(mid)
                    assert rec is not None
                    from referee.snapshots import load_state
                    st = await load_state(store, ref.game(game), rec)
                    await store.save_snapshot(mid, st.version, ref.game(game).dump(st))
            took = await timed_step(ref, mid, rng)
            if took is not None:
                times[kind].append(took)
        ref.cache_size = 2048
        await ref.flush_snapshots(everything=True)  # a clean shutdown
        restarted = Referee(store, snapshot_every=16)
        start = time.perf_counter()
        first = [t for mid in live  # the first click on every live match
                 if (t := await timed_step(restarted, mid, rng)) is not None]
        restart_seconds = time.perf_counter() - start
        await store.close()
    warm, warm99 = statistics.median(times["warm"]), pct(times["warm"], 0.99)
    out: dict[str, Any] = {"game": game, "live_matches": matches, "live": len(live),
                           "seeding_seconds": round(seeded, 1),
                           "actions_past_snapshot_mean": round(statistics.fmean(lag), 1)}
    for kind, xs in [*times.items(), ("restart_first_click", first)]:
        out[kind] = {"n": len(xs), "p50_us": round(pct(xs, 0.5)), "p90_us": round(pct(xs, 0.9)),
                     "p99_us": round(pct(xs, 0.99)),
                     "p50_ratio_to_warm": round(statistics.median(xs) / warm, 2),
                     "p99_ratio_to_warm": round(pct(xs, 0.99) / warm99, 2)}
    out["restart_first_clicks_seconds"] = round(restart_seconds, 2)
    return out


def main() -> None:
    """Parse arguments, run, print one JSON object."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--game", default="sushido")
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.matches, args.game, args.samples, args.seed)),
                     indent=1))


if __name__ == "__main__":
    main()
