"""Cost of one engine action plus state serialization, against one raw SQLite commit.

Not a test. Run from the repository root::

    python bench/engine_bench.py [--matches 30]

Collects the (state, seat, action) triples of ``--matches`` random matches per game, then
times the paths of :func:`engine_cost` over all of them, and, on
the same machine in the same run, one raw ``sqlite3`` transaction that updates a match row
with a state of the same size (WAL, ``synchronous`` NORMAL and FULL).
"""

from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import Rng
from engine.games import REGISTRY
from engine.simulate import pick


def figures(samples: list[float]) -> str:
    """Mean, p50 and p99 in microseconds."""
    s = sorted(samples)
    return (f"mean {statistics.fmean(s) * 1e6:7.1f} us  p50 {s[len(s) // 2] * 1e6:7.1f} us  "
            f"p99 {s[int(len(s) * 0.99)] * 1e6:7.1f} us")


def triples(game_id: str, matches: int) -> list[tuple[Any, int, Any]]:
    """Every decision of ``matches`` random matches."""
    game = REGISTRY[game_id]
    out = []
    for seed in range(matches):
        state = game.setup(game.parse_options({}), 2, seed)
        rng = Rng(seed=seed)
        while state.result is None:
            seats = [s for s, p in game.prompts(state).items() if not p.committed]
            seat = seats[rng.below(len(seats))]
            action = pick(game, state, seat, rng)
            out.append((state, seat, action))
            state, _ = game.apply(state, seat, action)
    return out


def engine_cost(game_id: str, matches: int) -> dict[str, list[float] | int]:
    """Seconds per action on four paths, and the mean state size.

    - ``apply+dump``: ``game.apply`` on a shared state (copies it) then ``game.dump``;
    - ``bot path``: what the referee does per click when a step being published still
      holds the cached state: ``game.load`` of the stored JSON (its private copy),
      ``game.perform(..., owned=True)`` (find the button's action and apply it in place,
      legality checked once), ``game.dump``;
    - ``cached``: the same without ``load``: the referee's usual path, on the cached state
      that nobody else holds (``Referee._private_state``);
    - ``listed``: ``cached`` after the Act click drew the seat's controls from the same
      cached state (``Game.listed``, untimed), as a click on a control in the bot: the
      action is found in that listing instead of listing the legal actions again.
    """
    game = REGISTRY[game_id]
    samples, bot_path, cached, listed, sizes = [], [], [], [], []
    for state, seat, action in triples(game_id, matches):
        stored = game.dump(state)
        owned = game.load(stored)
        shown = game.load(stored)
        game.listed(shown, seat)  # the Act click (not timed)
        t0 = time.perf_counter()
        new, _ = game.apply(state, seat, action)
        raw = game.dump(new)
        t1 = time.perf_counter()
        _, mine, _ = game.perform(game.load(stored), seat, action.aid, state.version,
                                  owned=True)
        game.dump(mine)
        t2 = time.perf_counter()
        _, mine, _ = game.perform(owned, seat, action.aid, state.version, owned=True)
        game.dump(mine)
        t3 = time.perf_counter()
        _, mine, _ = game.perform(shown, seat, action.aid, state.version, owned=True)
        game.dump(mine)
        t4 = time.perf_counter()
        listed.append(t4 - t3)
        samples.append(t1 - t0)
        bot_path.append(t2 - t1)
        cached.append(t3 - t2)
        sizes.append(len(raw))
    return {"apply": samples, "bot": bot_path, "cached": cached, "listed": listed,
            "size": int(statistics.fmean(sizes))}


def raw_commit_cost(size: int, n: int, synchronous: str) -> list[float]:
    """Seconds per raw sqlite3 transaction updating one state row of ``size`` bytes."""
    with tempfile.TemporaryDirectory() as tmp:
        conn = sqlite3.connect(Path(tmp) / "raw.sqlite3", isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute(f"PRAGMA synchronous={synchronous}")
        conn.execute("CREATE TABLE m (id INTEGER PRIMARY KEY, state TEXT, version INTEGER)")
        conn.execute("INSERT INTO m VALUES (1, '', 0)")
        body = "x" * size
        samples = []
        for v in range(n):
            t0 = time.perf_counter()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("UPDATE m SET state = ?, version = ? WHERE id = 1 AND version = ?",
                         (body, v + 1, v))
            conn.execute("COMMIT")
            samples.append(time.perf_counter() - t0)
        conn.close()
    return samples


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=30)
    args = parser.parse_args()
    print("ratio = mean engine cost / mean raw SQLite commit (WAL), measured in this run")
    for game_id in REGISTRY:
        cost = engine_cost(game_id, args.matches)
        size = cost["size"]
        assert isinstance(size, int)
        raw = {sync: raw_commit_cost(size, 2000, sync) for sync in ("NORMAL", "FULL")}
        for sync in ("NORMAL", "FULL"):
            print(f"{game_id:18} raw SQLite commit, WAL {sync:6} (state {size} B): "
                  f"{figures(raw[sync])}")
        for key, label in (("apply", "apply+dump (input kept)"),
                           ("bot", "load+perform(owned)+dump (state held)"),
                           ("cached", "bot path: perform(owned)+dump, cached"),
                           ("listed", "bot path after the Act click (listed)")):
            s = cost[key]
            assert isinstance(s, list)
            ratios = "  ".join(f"/{sync} {statistics.fmean(s) / statistics.fmean(raw[sync]):.2f}"
                               for sync in ("NORMAL", "FULL"))
            print(f"{'':18} {label:36} ({len(s)} actions): {figures(s)}  ratio {ratios}")


if __name__ == "__main__":
    main()
