"""Interaction latency through the offline Discord, with many concurrent matches.

Not a test. Run from the repository root::

    python bench/discord_bench.py [--matches 50] [--steps 20] [--rate 200] [--store-actions 2000]

In one run it prints (1) the store bench: one persisted action through ``SqliteStore``
against a raw ``sqlite3`` commit of the same rows (``bench/store_bench.py``), and (2) the
latency of every click of ``--matches`` Sushido matches played at the same time by random
players through the real bot (press Act, then a control): from the moment the fake
Discord hands the encoded INTERACTION_CREATE frame to the gateway socket to the moment
the bot's interaction callback reaches it, as p50/p90/p99 over every click of the timed
phase (the matches' openings are not counted; a click the bot never answered is counted
and reported, not dropped).

Arrivals are not open-loop: one schedule of slots evenly spaced at ``--rate`` clicks per
second (0: unpaced) is shared by every match, and each match is closed-loop (its next
click waits for the answer to the previous one). A decision takes two slots: its Act
click is sent at the first and its control as soon as the hand is shown (as before, so
figures stay comparable; ``--spaced-clicks``: each click at its own slot). The schedule
holds while enough matches are idle; the output says how late the slotted clicks went
out (a player prepares its decision before it waits for its slot, so its own reads do
not delay the click).

Also printed: the REST calls the bot made per click and per decision, by route (the
timed phase only); the CPU time per click of the bot's process, of its picture
processes, and of this driver (the fake Discord and the players): on a shared machine the
latency figures measure the queue for a core, the CPU per click does not; and the load
average. The bot is the real ``bot.py`` in its own process, pointed at the fake with
``HAJIME_DISCORD_API`` and ``HAJIME_DISCORD_GATEWAY``. The fake runs in its bench mode,
``FakeDiscord(lean=True)``: no schema validation and no request bodies kept (the e2e
tests validate every body and keep everything).

Profiling: ``BENCH_PROFILE=bot.prof`` runs the bot under cProfile; ``BENCH_DRIVER_PROFILE=
driver.prof`` profiles this process during the timed phase; ``BENCH_TIMELINE=clicks.json``
writes each timed click's send time and latency (to see when the tail happens).
``--warmup N``: each match first plays 0-N decisions, so that the timed phase meets matches
at mixed stages (without it, every match makes its k-th decision in the same seconds).
``BENCH_BOT_CONFIG='news_wait_ms = 0'`` adds lines to the bot's config.toml (A/B runs).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from board_clock import board_latencies, boards_behind  # noqa: E402  (bench/, beside)

from db import SqliteStore  # noqa: E402
from db._rows import action_from_row  # noqa: E402
from db.base import ActionLog  # noqa: E402
from engine.core import BaseState  # noqa: E402
from engine.games import REGISTRY  # noqa: E402
from referee.snapshots import ReplayMismatch, load_state, replay  # noqa: E402
from tests.e2e.harness import Player, enabled_controls, press, use_control  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.ratelimit import RateLimits  # noqa: E402
from tests.fakediscord.store import Message  # noqa: E402
from tests.fakediscord.users import FakeUser  # noqa: E402


def reference_loop_ms(n: int = 2_000_000) -> float:
    """This machine's speed now: the best of 3 runs of a fixed pure-Python loop, in ms
    (figures of runs on different days compare only with this beside them)."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        total = 0
        for i in range(n):
            total += i
        best = min(best, time.perf_counter() - started)
    return round(best * 1000, 1)


def pct(samples: list[float], q: float) -> float:
    """The q-quantile of samples, in milliseconds."""
    s = sorted(samples)
    return s[min(len(s) - 1, int(q * len(s)))] * 1000


class StoreView:
    """What the simulated players read: the bot's database, opened read-side here."""

    def __init__(self, store: SqliteStore) -> None:
        self.store = store


class LogTail:
    """The lean players' read of a match's logged actions after a version: the same query
    as ``SqliteStore.action_log``, on a read-only connection of the driver's own thread
    (a WAL read never waits for the bot's writes; aiosqlite's thread hop cost the driver
    ~1 ms of GIL handover per read)."""

    SQL = ("SELECT match_id, version, seat, action, note FROM match_actions"
           " WHERE match_id = ? AND version > ? ORDER BY id")

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True,
                                    check_same_thread=False)
        self.conn.row_factory = sqlite3.Row

    def after(self, match_id: int, version: int) -> list[ActionLog]:
        """The match's logged actions that produced a version above ``version``."""
        return [action_from_row(r) for r in self.conn.execute(self.SQL, (match_id, version))]


class LeanPlayer(Player):
    """The harness's random player with less driver work per decision (bench only): no
    leak checks, and who decides is read from its own copy of the match's state, brought
    up to date with the actions logged since (the match and its log tail: two reads),
    instead of the stored snapshot loaded and replayed per decision; the same two clicks
    (Act, then a random enabled control), each sent at its slot of ``pacer``."""

    #: the shared schedule of clicks (None: unpaced); set by :func:`run`
    pacer: Pacer | None = None
    #: each click at its own slot; False: a decision takes two slots, Act is sent at the
    #: first and the control as soon as the hand is shown (set by :func:`run`)
    spaced: bool = False
    #: seconds each click went out after its slot, every player's (set by :func:`run`)
    lags: list[float]
    #: this player's copy of the match's state (None before the first decision)
    cached: BaseState | None = None
    #: the log reader (set by :func:`run`)
    tail: LogTail

    async def current(self) -> tuple[Any, Any, BaseState]:
        """The game, the match record and the state at its stored version."""
        rec = await self.bot.store.get_match(self.match_id)
        assert rec is not None
        game = REGISTRY[rec.game]
        state = self.cached
        if state is not None and state.version < rec.version:
            rows = self.tail.after(self.match_id, state.version)
            try:
                state = replay(game, state, rows, until=rec.version)
            except ReplayMismatch:
                state = None
        if state is None or state.version != rec.version:
            state = await load_state(self.bot.store, game, rec)
        self.cached = state
        return game, rec, state

    async def slot(self, clicks: int = 1) -> None:
        """Wait for the slot of ``clicks`` clicks of the shared schedule; note how late
        the first is sent."""
        if self.pacer is None:
            return
        at = await self.pacer.wait(clicks)
        if at is not None:
            self.lags.append(asyncio.get_running_loop().time() - at)

    async def step(self, user: FakeUser | None = None, kind: str | None = None) -> bool:
        """One decision by whoever must decide; False once the match is over."""
        game, rec, state = await self.current()
        if rec.status != "active":
            return False
        seat = self.rng.choice(sorted(s for s, p in game.prompts(state).items()
                                      if not p.committed))
        user = next(u for u in self.users if u.id == rec.seats[seat])
        await self.slot(1 if self.spaced else 2)
        hand = await press(user, self.board, f"hj:act:{self.match_id}")
        msg = hand.message
        assert msg is not None, hand.content
        comps = enabled_controls(msg)  # as the harness's click_any picks
        assert comps, f"Act gave no controls: {msg.content} {msg.embeds}"
        comp = self.rng.choice(comps)
        value = self.rng.choice(comp["options"])["value"] if comp["type"] == 3 else None
        if self.spaced:
            await self.slot()
        await use_control(user, msg, comp, value)
        self.steps += 1
        return True


async def start_bot(fake: FakeDiscord, tmp: Path,
                    picture_processes: int = 1) -> subprocess.Popen[bytes]:
    """Run the real ``bot.py`` in its own process, pointed at the offline Discord."""
    cfg = tmp / "config.toml"
    cfg.write_text(f'database = "{tmp / "bench.sqlite3"}"\ndev_guilds = [{fake.guild_id}]\n'
                   'max_live_matches = 5\nlog_level = "WARNING"\n'
                   + (f'picture_processes = {picture_processes}\n'
                      if picture_processes >= 0 else '')
                   + os.environ.get("BENCH_BOT_CONFIG", "") + "\n")  # more settings, for A/B
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


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used (Linux ``/proc``; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """Every live process under ``pid`` (the bot's picture processes), Linux only."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry.name))
    out: list[int] = []
    todo = list(children.get(pid, []))
    while todo:
        child = todo.pop()
        out.append(child)
        todo.extend(children.get(child, []))
    return out


def helpers_cpu(pid: int) -> dict[int, float]:
    """CPU seconds of each live process under ``pid``."""
    return {child: cpu_seconds(child) for child in descendants(pid)}


class GcClock:
    """CPU seconds this process spent in the garbage collector while :attr:`on`, and its
    longest pause.

    While on, what survives a full collection is frozen: the driver keeps every click's
    record, and each full collection walked them all again (0.1-1.1 s late in a
    full-length run, measured with ``gc.callbacks``), a pause in the instrument that
    delayed the clicks' slots and the stamps of the bot's answers alike. Frozen, the next
    full collection walks only what came since. (The driver's cycles that die frozen
    wait for :func:`gc.unfreeze` at the end of the run.)
    """

    def __init__(self) -> None:
        self.on = False
        self.seconds = 0.0
        self.longest = 0.0
        self.collections = 0
        self._start = 0.0
        self._wall = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if not self.on:
            return
        if phase == "start":
            self._start = time.process_time()
            self._wall = time.perf_counter()
        else:
            self.seconds += time.process_time() - self._start
            self.longest = max(self.longest, time.perf_counter() - self._wall)
            self.collections += 1
            if info.get("generation") == 2:
                gc.freeze()

    def close(self) -> None:
        """Stop listening."""
        gc.callbacks.remove(self._callback)


class Pacer:
    """Spaces interactions evenly at ``rate`` per second across every simulated player."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.next = 0.0

    async def wait(self, interactions: int) -> float | None:
        """Wait for the slot of ``interactions`` more interactions and return its time
        (the loop's clock; None if unpaced). Slots are handed out in the order asked,
        ``interactions / rate`` apart; a player that asks late gets the next free slot
        (no burst to catch up)."""
        if self.rate <= 0:
            return None
        loop = asyncio.get_running_loop()
        now = loop.time()
        at = max(now, self.next)
        self.next = at + interactions / self.rate
        if at > now:
            await asyncio.sleep(at - now)
        return at


async def warm_up(players: list[Player], most: int, tail: LogTail,
                  at_once: int = 50) -> int:
    """Play 0 to ``most`` decisions of each match (its own seeded draw), ``at_once``
    matches at a time, unpaced: the timed phase then meets matches at mixed stages, as a
    live bot does, instead of every match at the same decision. Returns the decisions."""
    if most <= 0:
        return 0
    gate = asyncio.Semaphore(at_once)
    done = 0

    async def one(p: Player) -> None:
        nonlocal done
        if isinstance(p, LeanPlayer):
            p.tail = tail
        for _ in range(random.Random(f"warm-up {p.match_id}").randint(0, most)):
            async with gate:
                if not await p.step():
                    return
            done += 1

    await asyncio.gather(*(one(p) for p in players))
    return done


def act_to_hand(clicks: list[Any]) -> tuple[list[float], int]:
    """Seconds from each answered Act click to its hand shown (its answer, or its
    follow-up when it claimed the board), and how many claimed it."""
    out: list[float] = []
    claims = 0
    for r in clicks:
        cid = str((r.payload.get("data") or {}).get("custom_id", ""))
        if not cid.startswith("hj:act:") or cid.count(":") != 2 or r.latency is None:
            continue
        if r.response_type == 6:
            claims += 1
            if r.followups:  # the fake's clock: time.monotonic, perf_counter's on Linux
                out.append(r.followups[0].created - r.dispatched_at)
        else:
            out.append(r.latency)
    return out, claims


def rest_kind(method: str, path: str) -> str:
    """A REST request's route, ids and tokens left out, for the per-click breakdown."""
    parts = path.split("/")[3:] if path.startswith("/api/v") else path.split("/")[1:]
    if parts[:1] == ["interactions"]:
        return "POST /interactions/{id}/{token}/callback"
    if parts[:1] == ["webhooks"]:
        parts[1:3] = ["{app_id}", "{token}"]
    return f"{method} /" + "/".join("{id}" if p.isdigit() else p for p in parts)


async def run(matches: int, steps: int, rate: float, batch: int,
              picture_processes: int = 1, lean: bool = True,
              spaced: bool = False, warmup: int = 0, rate_limits: bool = True,
              delay_ms: float = 20.0) -> dict[str, object]:
    """Play ``matches`` concurrent matches for ``steps`` decisions each."""
    limits = RateLimits(delay=delay_ms / 1000, log=[]) if rate_limits else None
    fake = FakeDiscord(lean=True, rate_limits=limits)  # bench mode: no schema checks
    users = [fake.add_user(f"p{i}") for i in range(2 * matches)]
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
            tail = LogTail(tmp / "bench.sqlite3")
            warmed = await warm_up(players, warmup, tail)
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
            lags: list[float] = []
            for p in players:
                if isinstance(p, LeanPlayer):
                    p.pacer, p.lags, p.tail, p.spaced = pacer, lags, tail, spaced
                    await p.current()  # its state copy, loaded before the timed phase
            gc.collect()
            gc.freeze()  # the openings' objects: not scanned again by every collection
            gc_clock = GcClock()
            gc_clock.on = True
            load_before = os.getloadavg()[0]
            bot_cpu, driver_cpu = cpu_seconds(proc.pid), time.process_time()
            helpers_before = helpers_cpu(proc.pid)
            profiler = None
            if os.environ.get("BENCH_DRIVER_PROFILE"):  # =out.prof: profile the timed phase
                import cProfile
                profiler = cProfile.Profile()
                profiler.enable()
            start = time.perf_counter()
            print(f"timed phase starts (bot pid {proc.pid})", file=sys.stderr, flush=True)

            failures: list[str] = []

            async def play(p: Player) -> int:
                n = 0
                while n < steps:
                    if not isinstance(p, LeanPlayer):
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
            if profiler is not None:
                profiler.disable()
                profiler.dump_stats(os.environ["BENCH_DRIVER_PROFILE"])
            await asyncio.sleep(3)  # let the bot finish publishing the last moves
            stale_boards = 0
            for _ in range(30):  # up to 30 s more: boards still waiting for their edit
                stale_boards = await boards_behind(reader, players)
                if stale_boards == 0:
                    break
                await asyncio.sleep(1)
            bot_cpu = cpu_seconds(proc.pid) - bot_cpu
            driver_cpu = time.process_time() - driver_cpu
            gc_clock.on = False
            gc_clock.close()
            helpers = sum(cpu - helpers_before.get(pid, 0.0)
                          for pid, cpu in helpers_cpu(proc.pid).items())
            load_after = os.getloadavg()[0]
            gc.unfreeze()
            clicks = [r for k, r in fake.interactions.items() if k not in seen]
            lat = [r.latency for r in clicks if r.latency is not None]
            if os.environ.get("BENCH_TIMELINE"):  # =out.json: each click's send time, latency
                Path(os.environ["BENCH_TIMELINE"]).write_text(json.dumps(
                    [[round(r.dispatched_at, 4), r.latency, r.payload.get("type")]
                     for r in clicks]))
            hand_lat, claims = act_to_hand(clicks)
            calls = fake.requests[requests_before:]
            board_lat = board_latencies(clicks, players, limits.log if limits else None,
                                        fake.interactions)
            await reader.close()
            tail.conn.close()
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
    n = max(len(clicks), 1)
    paced = bool(lags)
    return {
        "bot": "bot.py in its own process",
        "driver": "lean (own state copy, log tail per decision)" if lean else "harness Player",
        "concurrent_matches": matches,
        "picture_processes": picture_processes,
        "seconds_to_open_matches": round(opened, 1),
        "warm_up": (f"each match played 0-{warmup} decisions (seeded), unpaced and untimed, "
                    "before the timed phase: matches at mixed stages" if warmup else
                    "none: every match starts the timed phase at its first decision (in "
                    "lockstep: each match's k-th decision falls in the same seconds)"),
        "warm_up_decisions": warmed,
        "seconds_for_the_openings_to_settle": round(settled, 1),
        "target_interactions_per_second": rate or "unpaced",
        "arrivals": ("not open-loop: one schedule of evenly spaced slots at the target rate "
                     "shared by every match, closed-loop per match (its next click waits "
                     "for the answer to the previous one); "
                     + ("each click takes the next slot" if spaced else
                        "a decision takes two slots: Act is sent at the first, its control "
                        "as soon as the hand is shown"))
        if rate > 0 else "unpaced, closed-loop per match",
        "slotted_clicks_sent_over_10ms_after_their_slot": sum(1 for x in lags if x > 0.010)
        if paced else None,
        "slot_lag_ms_p99": round(pct(lags, 0.99), 2) if paced else None,
        "decisions": decisions,
        "matches_stopped_by_an_unanswered_click": len(failures),
        "first_failure": failures[0] if failures else None,
        "clicks": len(clicks),
        "clicks_unanswered": len(clicks) - len(lat),
        "interactions_answered_after_3s": sum(1 for x in lat if x > 3.0),
        "interactions": len(lat),
        "seconds": round(elapsed, 2),
        "interactions_per_second": round(len(clicks) / elapsed, 1),
        "latency_over": "every answered click of the timed phase (openings excluded)",
        "latency_ms_p50": round(pct(lat, 0.50), 2),
        "latency_ms_p90": round(pct(lat, 0.90), 2),
        "latency_ms_p99": round(pct(lat, 0.99), 2),
        "latency_ms_max": round(max(lat) * 1000, 2),
        "latency_ms_mean": round(statistics.fmean(lat) * 1000, 2),
        "act_click_to_hand_over": "every timed Act click: to its answer, or to its "
                                  "ephemeral follow-up when the click claimed the board "
                                  "(answered as a deferred update of the board)",
        "act_clicks_claiming_the_board": claims,
        "act_click_to_hand_ms_p50": round(pct(hand_lat, 0.50), 2) if hand_lat else None,
        "act_click_to_hand_ms_p99": round(pct(hand_lat, 0.99), 2) if hand_lat else None,
        "act_click_to_hand_ms_max": round(max(hand_lat) * 1000, 2) if hand_lat else None,
        "bot_cpu_ms_per_click": round(bot_cpu * 1000 / n, 2),
        "bot_picture_processes_cpu_ms_per_click": round(helpers * 1000 / n, 2),
        "driver_cpu_ms_per_click": round(driver_cpu * 1000 / n, 2),
        "driver_gc_ms_per_click": round(gc_clock.seconds * 1000 / n, 3),
        "driver_gc_longest_pause_ms": round(gc_clock.longest * 1000, 1),
        "load_average_1min_before_after": [round(load_before, 2), round(load_after, 2)],
        "reference_loop_ms_after": reference_loop_ms(),
        "rate_limits": ("Discord's: global 50/s per token (interaction endpoints exempt), "
                        "5 per 5 s per channel for messages sent or edited, 50/s other "
                        f"routes; network delay {delay_ms:g} ms a request")
        if limits else "none",
        "requests_refused_429": len(limits.refused) if limits else None,
        "requests_refused_429_by_scope": ({s: sum(1 for r in limits.refused if r[0] == s)
                                           for s in ("global", "user")} if limits else None),
        "click_to_board_edit_over": "every timed control click of a match, to the first "
                                    "edit of that match's board answered after it",
        "click_to_board_edit_clicks": len(board_lat),
        "click_to_board_edit_ms_p50": round(pct(board_lat, 0.50), 2) if board_lat else None,
        "click_to_board_edit_ms_p90": round(pct(board_lat, 0.90), 2) if board_lat else None,
        "click_to_board_edit_ms_p99": round(pct(board_lat, 0.99), 2) if board_lat else None,
        "click_to_board_edit_ms_max": round(max(board_lat) * 1000, 2) if board_lat else None,
        "boards_behind_their_match_at_shutdown": stale_boards,
        "rest_calls_per_decision": round(len(calls) / max(decisions, 1), 2),
        "rest_calls_per_click": round(len(calls) / n, 2),
        "rest_calls_per_click_by_route": {k: round(v / n, 3)
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
    parser.add_argument("--warmup", type=int, default=0, metavar="N",
                        help="before the timed phase, each match plays 0-N decisions (its own "
                             "seeded draw): matches at mixed stages instead of in lockstep")
    parser.add_argument("--spaced-clicks", action="store_true",
                        help="each click at its own slot of the schedule (default: a "
                        "decision takes two slots, its control follows the hand at once)")
    parser.add_argument("--no-rate-limits", action="store_true",
                        help="the fake Discord without Discord's rate limits (default: on)")
    parser.add_argument("--delay-ms", type=float, default=20.0,
                        help="network delay added to every REST request (default 20 ms)")
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
                                    args.picture_processes, not args.harness_driver,
                                    args.spaced_clicks, args.warmup,
                                    not args.no_rate_limits, args.delay_ms)),
                     indent=1))


if __name__ == "__main__":
    main()
