"""Interaction latency through the offline Discord, with many concurrent matches.

Not a test. Run from the repository root::

    python bench/discord_bench.py [--matches 50] [--steps 20] [--rate 200] [--store-actions 2000]

In one run it prints (1) the store bench: one persisted action through ``SqliteStore``
against a raw ``sqlite3`` commit of the same rows (``bench/store_bench.py``), and (2) the
latency from INTERACTION_CREATE leaving the fake Discord to the bot's callback reaching
it, for every click of ``--matches`` Sushido matches played at the same time by
random players through the real bot (press Act, then a control), as p50/p90/p99, paced
at ``--rate`` interactions per second overall (0: as fast as the players can click), and
the REST calls the bot made per decision and per click while they played (the matches'
openings are not counted), and the CPU time the bot process and the driver (the fake
Discord and the players) spent per click: on a shared machine the latency figures
measure the queue for a core, the CPU per click does not. The
bot is the real ``bot.py`` in its own process (so the fake Discord and the simulated
players do not share its CPU core), pointed at the fake with ``HAJIME_DISCORD_API`` and
``HAJIME_DISCORD_GATEWAY``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cogs.snapshots import load_state  # noqa: E402
from db import SqliteStore  # noqa: E402
from engine.games import REGISTRY  # noqa: E402
from tests.e2e.harness import Player, click_any, press  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.store import Message  # noqa: E402
from tests.fakediscord.users import FakeUser  # noqa: E402


def pct(samples: list[float], q: float) -> float:
    """The q-quantile of samples, in milliseconds."""
    s = sorted(samples)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000


class StoreView:
    """What the simulated players read: the bot's database, opened read-side here."""

    def __init__(self, store: SqliteStore) -> None:
        self.store = store


class LeanPlayer(Player):
    """The harness's random player with less driver work per decision (bench only): one
    read of the match (who decides, from the stored state) instead of three, no leak
    checks; the same two clicks (Act, then a random enabled control)."""

    async def step(self, user: FakeUser | None = None, kind: str | None = None) -> bool:
        """One decision by whoever must decide; False once the match is over."""
        rec = await self.bot.store.get_match(self.match_id)
        assert rec is not None
        if rec.status != "active":
            return False
        game = REGISTRY[rec.game]
        # the stored state is a snapshot plus the logged actions after it (the bot runs
        # in its own process: its referee's cache is not here)
        state = await load_state(self.bot.store, game, rec)
        seat = self.rng.choice(sorted(s for s, p in game.prompts(state).items()
                                      if not p.committed))
        del state
        user = next(u for u in self.users if u.id == rec.seats[seat])
        hand = await press(user, self.board, f"hj:act:{self.match_id}")
        msg = hand.message
        assert msg is not None, hand.content
        await click_any(user, msg, self.rng)
        self.steps += 1
        return True


async def start_bot(fake: FakeDiscord, tmp: Path,
                    picture_processes: int = 1) -> subprocess.Popen[bytes]:
    """Run the real ``bot.py`` in its own process, pointed at the offline Discord."""
    cfg = tmp / "config.toml"
    cfg.write_text(f'database = "{tmp / "bench.sqlite3"}"\ndev_guilds = [{fake.guild_id}]\n'
                   'max_live_matches = 5\nlog_level = "WARNING"\n'
                   + (f'picture_processes = {picture_processes}\n'
                      if picture_processes >= 0 else ''))
    env = {**os.environ, "DISCORD_TOKEN": "bench", "HAJIME_DISCORD_API": fake.api_base,
           "HAJIME_DISCORD_GATEWAY": str(fake.gateway_url)}
    profile = ["-m", "cProfile", "-o", os.environ["BENCH_PROFILE"]] \
        if os.environ.get("BENCH_PROFILE") else []  # BENCH_PROFILE=out.prof: profile the bot
    proc = subprocess.Popen([sys.executable, *profile, str(ROOT / "bot.py"), "--config",
                             str(cfg)], env=env, cwd=ROOT)
    await fake.wait_for(lambda: fake.command_syncs > 0 and fake.connected, timeout=60,
                        what="the bot process to log in and sync")
    return proc


async def open_match(fake: FakeDiscord, a: FakeUser, b: FakeUser) -> tuple[int, Message]:
    """``a`` challenges ``b``, ``b`` accepts; the match id and its board."""
    res = await (await a.slash("challenge", opponent=b, game="sushido")).response(timeout=30)
    assert res.message is not None, res.content
    accept = next(c for c in res.message.custom_ids if c.endswith(":accept"))
    await (await b.click(res.message, accept)).response(timeout=30)
    await fake.wait_for(lambda: "Accepted" in res.message.content, timeout=30,
                        what="the match to open")
    for thread in fake.threads(fake.channel):
        msgs = fake.messages(thread)
        if msgs and any(c.startswith("hj:act:") for c in msgs[0].custom_ids):
            board = msgs[0]
            mid = int(next(c for c in board.custom_ids if c.startswith("hj:act:")).split(":")[2])
            if str(thread.id) in res.message.content:
                return mid, board
    raise AssertionError("no board for the accepted challenge")


def lean_channel_payloads(fake: FakeDiscord) -> None:
    """Bench only: the fake's channel payload (sent with every interaction) built from
    the payloads of the channel's recipients alone, not of every member first (which
    cost the driver ~2 us per member per click: 4 ms a click at 1000 matches). The
    payload is the same: ``Channel.payload`` only looks its recipients up."""
    def channel_payload(channel: Any) -> dict[str, Any]:
        users: dict[int, dict[str, Any]] = {}
        for uid in channel.recipients or ():
            user = fake.user_by_id(uid)
            if user is not None:
                users[uid] = user.user_payload()
        out: dict[str, Any] = channel.payload(users)
        return out

    fake.channel_payload = channel_payload  # type: ignore[method-assign]


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used (Linux ``/proc``; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Pacer:
    """Spaces interactions evenly at ``rate`` per second across every simulated player."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.next = 0.0

    async def wait(self, interactions: int) -> None:
        """Wait for the slot of ``interactions`` more interactions (no wait if unpaced)."""
        if self.rate <= 0:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        at = max(now, self.next)
        self.next = at + interactions / self.rate
        if at > now:
            await asyncio.sleep(at - now)


def rest_kind(method: str, path: str) -> str:
    """A REST request's kind, for the per-click breakdown."""
    parts = [p for p in path.split("/") if p and not p.isdigit()]
    if "interactions" in parts:
        return "interaction callback"
    if "webhooks" in parts:
        return f"{method} webhook (followup / original response)"
    return f"{method} /" + "/".join(parts[-2:])


async def run(matches: int, steps: int, rate: float, batch: int,
              picture_processes: int = 1, lean: bool = True) -> dict[str, object]:
    """Play ``matches`` concurrent matches for ``steps`` decisions each."""
    fake = FakeDiscord()
    fake.validate_schemas = False  # time the bot, not the fake's schema checks
    users = [fake.add_user(f"p{i}") for i in range(2 * matches)]
    lean_channel_payloads(fake)
    await fake.start()
    proc = None
    try:
        with tempfile.TemporaryDirectory() as tmpdir:
            tmp = Path(tmpdir)
            proc = await start_bot(fake, tmp, picture_processes)
            reader = SqliteStore(str(tmp / "bench.sqlite3"))
            await reader.open()
            players: list[Player] = []
            opened = time.perf_counter()
            for first in range(0, matches, batch):  # open them a batch at a time
                ms = range(first, min(matches, first + batch))
                boards = await asyncio.gather(*(open_match(fake, users[2 * m],
                                                           users[2 * m + 1]) for m in ms))
                for m, (match_id, board) in zip(ms, boards, strict=True):
                    cls = LeanPlayer if lean else Player
                    players.append(cls(fake, StoreView(reader), match_id,  # type: ignore[arg-type]
                                       board, [users[2 * m], users[2 * m + 1]], seed=m,
                                       check_leaks=False))
            opened = time.perf_counter() - opened
            settled = time.perf_counter()
            await asyncio.sleep(2)  # let the openings' boards and pings settle:
            while time.perf_counter() - settled < 300:  # until 2 s without a REST call
                before = len(fake.requests)
                await asyncio.sleep(2)
                if len(fake.requests) == before:
                    break
            settled = time.perf_counter() - settled
            seen = set(fake.interactions)
            requests_before = len(fake.requests)
            pacer = Pacer(rate)
            bot_cpu, driver_cpu = cpu_seconds(proc.pid), time.process_time()
            start = time.perf_counter()

            failures: list[str] = []

            async def play(p: Player) -> int:
                n = 0
                while n < steps:
                    await pacer.wait(2)  # a decision is two clicks: Act, then a control
                    try:
                        if not await p.step():
                            break
                    except (TimeoutError, AssertionError) as exc:  # an overloaded bot
                        failures.append(str(exc)[:120])
                        break
                    n += 1
                return n

            done = await asyncio.gather(*(play(p) for p in players))
            elapsed = time.perf_counter() - start
            await asyncio.sleep(3)  # let the bot finish publishing the last moves
            bot_cpu = cpu_seconds(proc.pid) - bot_cpu
            driver_cpu = time.process_time() - driver_cpu
            clicks = [r for k, r in fake.interactions.items() if k not in seen]
            lat = [r.latency for r in clicks if r.latency is not None]
            calls = fake.requests[requests_before:]
            await reader.close()
            proc.send_signal(signal.SIGINT)
            try:  # a bot still busy after 30 s (a loaded machine) is killed: figures stand
                proc.wait(timeout=180 if os.environ.get("BENCH_PROFILE") else 30)
            except subprocess.TimeoutExpired:
                proc.kill()
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
        await fake.stop()
    kinds: dict[str, int] = {}
    for method, path, _ in calls:
        kind = rest_kind(method, path)
        kinds[kind] = kinds.get(kind, 0) + 1
    decisions = sum(done)
    return {
        "bot": "bot.py in its own process",
        "driver": "lean (one read per decision)" if lean else "harness Player",
        "concurrent_matches": matches,
        "picture_processes": picture_processes,
        "seconds_to_open_matches": round(opened, 1),
        "seconds_for_the_openings_to_settle": round(settled, 1),
        "target_interactions_per_second": rate or "unpaced",
        "decisions": decisions,
        "matches_stopped_by_an_unanswered_click": len(failures),
        "first_failure": failures[0] if failures else None,
        "interactions_answered_after_3s": sum(1 for x in lat if x > 3.0),
        "interactions": len(lat),
        "seconds": round(elapsed, 2),
        "interactions_per_second": round(len(lat) / elapsed, 1),
        "latency_ms_p50": round(pct(lat, 0.50), 2),
        "latency_ms_p90": round(pct(lat, 0.90), 2),
        "latency_ms_p99": round(pct(lat, 0.99), 2),
        "latency_ms_max": round(max(lat) * 1000, 2),
        "latency_ms_mean": round(statistics.fmean(lat) * 1000, 2),
        "bot_cpu_ms_per_click": round(bot_cpu * 1000 / max(len(lat), 1), 2),
        "driver_cpu_ms_per_click": round(driver_cpu * 1000 / max(len(lat), 1), 2),
        "load_average_1min": round(os.getloadavg()[0], 1),
        "rest_calls_per_decision": round(len(calls) / max(decisions, 1), 2),
        "rest_calls_per_click": round(len(calls) / max(len(lat), 1), 2),
        "rest_calls_by_kind_per_decision": {k: round(v / max(decisions, 1), 2)
                                            for k, v in sorted(kinds.items())},
    }


def main() -> None:
    """Run both benches and print their figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--rate", type=float, default=200.0,
                        help="interactions per second to drive (0: as fast as possible)")
    parser.add_argument("--batch", type=int, default=20, help="matches opened at a time")
    parser.add_argument("--store-actions", type=int, default=2000)
    parser.add_argument("--picture-processes", type=int, default=1,
                        help="the bot's picture_processes setting (0: draw in a thread; -1: "
                        "leave it out, for a bot that predates it)")
    parser.add_argument("--harness-driver", action="store_true",
                        help="drive with tests/e2e's Player (three reads per decision) "
                        "instead of the lean one")
    args = parser.parse_args()
    if args.store_actions > 0:
        print("== persisted action vs raw SQLite commit (bench/store_bench.py)", flush=True)
        subprocess.run([sys.executable, str(ROOT / "bench" / "store_bench.py"),
                        "--actions", str(args.store_actions)], check=True)
    print("== INTERACTION_CREATE -> callback through the offline Discord", flush=True)
    print(json.dumps(asyncio.run(run(args.matches, args.steps, args.rate, args.batch,
                                    args.picture_processes, not args.harness_driver)),
                     indent=1))


if __name__ == "__main__":
    main()
