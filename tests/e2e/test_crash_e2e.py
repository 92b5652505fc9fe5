"""The real bot process, killed with SIGKILL at random moments while players click.

``bot.py`` runs in its own process on a file database, pointed at the offline Discord
(``HAJIME_DISCORD_API`` / ``HAJIME_DISCORD_GATEWAY``, as ``bench/discord_bench.py``
does). Pairs of fake players keep challenging, accepting, playing and sometimes
forfeiting (so new matches keep opening); the bot is killed at a random moment (every
other kill aimed within 0.3 s of an accept click, the window between accept and match),
``HAJIME_CRASH_KILLS`` times (default 10: about a minute and a half on a 2-core machine).
Two variants: two-seat (pairs challenge each other) and multi-seat (3-seat tables opened
with ``/host`` and filled by two joins, :mod:`cogs.seating`, next to one pair).
While it is down, one live match's deadline is moved into the past (a long downtime).
After each kill and restart:

- ``PRAGMA integrity_check`` is ``ok``;
- every acknowledged click (answered with the updated controls) is in the database;
- every accepted challenge (and every started table) has its match (none lost between
  accept and create), and that match opens: it is neither cancelled nor left unopened;
  every accept (or table-filling join) the bot answered is stored as accepted;
- no action was applied twice: no two log rows for one version, every match's state is its
  action log re-applied to its seed, and clicks that were acknowledged before the kill,
  sent again after it, change nothing;
- every live match has a board showing its current state within :data:`BOARDS_DUE`
  seconds (2) of the bot being ready (its ``logged in`` line, the ``on_ready`` moment):
  its message's embed is what the bot renders for the stored state, and
  ``board_version == version``; no match is left half-opened;
- every match's thread was told everything (``published_version == version``), the
  board's "So far this turn" field shows the table's stored memory, and nothing was told
  twice: one opening message per match, one "Match over" message (with its Rematch
  button) per finished match;
- no match has two threads (a thread made before a kill is reused, not doubled);
- a deadline that passed while the bot was down is applied on start;
- the bot's log has no error and no traceback.

``HAJIME_CRASH_SEED`` replays a run's kill times and clicks.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import os
import random
import secrets
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cogs.table import Table
from db import SqliteStore
from referee.replay import resimulate
from referee.service import Referee, pending_seats
from referee.snapshots import load_state
from tests.e2e.harness import seen
from tests.fakediscord import FakeDiscord
from tests.fakediscord.store import Message, walk_components
from tests.fakediscord.users import FakeUser, InteractionResult

ROOT = Path(__file__).resolve().parents[2]
KILLS = int(os.environ.get("HAJIME_CRASH_KILLS", "10"))
SEED = int(os.environ.get("HAJIME_CRASH_SEED", str(secrets.randbits(32))))
PAIRS = 3
TABLE_GAME, TABLE_SEATS = "kingdom_of_loathing", 3
"""The multi-seat variant's tables (``/host``, filled by joins)."""
SETTLE = 30.0
"""Seconds a restarted bot has to tell every thread what it missed (a loaded machine)."""
BOARDS_DUE = 2.0
"""Seconds after the bot is ready by which every live board must be current."""

pytestmark = [pytest.mark.slow, pytest.mark.timeout(max(900, 300 + 30 * KILLS))]


class Run:
    """One crash run: the fake Discord, the bot process, the players and what they saw."""

    def __init__(self, fake: FakeDiscord, tmp: Path, users: list[FakeUser]) -> None:
        self.fake = fake
        self.ready_at = 0.0
        """When the running bot process became ready (wall clock, from its log)."""
        self.accepts: dict[int, bool] = {}
        """Challenges (``ch``) and tables (``tb``) whose accept or filling join was sent, by
        id: whether the bot answered it as done (not refused)."""
        self.accepting = asyncio.Event()
        """Set when an accept (or a table's filling join) is sent: an aimed kill waits."""
        self.tables: dict[int, bool] = {}
        """The same for the multi-seat tables (``tb``): the join that fills one."""
        self.stale_at_due: list[str] = []
        """Boards still stale :data:`BOARDS_DUE` seconds after ready, over every restart."""
        self.lost: set[str] = set()
        """Accepted challenges or started tables whose match was lost, over every restart."""
        self.due_seconds: list[float] = []
        """For each restart: seconds from ready to every board current."""
        self.tmp = tmp
        self.db = tmp / "crash.sqlite3"
        self.users = users
        self.rng = random.Random(SEED)
        self.proc: subprocess.Popen[bytes] | None = None
        self.logs: list[Path] = []
        self.acked: dict[int, InteractionResult] = {}
        """Action clicks answered with the updated controls, by interaction id."""
        self.reader: SqliteStore | None = None
        self.table: Any = None
        self.clicks = 0

    # ------------------------------------------------------------------ the bot process
    async def start(self) -> None:
        cfg = self.tmp / "config.toml"
        cfg.write_text(f'database = "{self.db}"\ndev_guilds = [{self.fake.guild_id}]\n'
                       "turn_seconds = 120\ntimer_tick_seconds = 0.5\n"
                       "challenge_expiry_seconds = 20\nlog_level = \"INFO\"\n")
        env = {**os.environ, "DISCORD_TOKEN": "crash", "HAJIME_DISCORD_API": self.fake.api_base,
               "HAJIME_DISCORD_GATEWAY": str(self.fake.gateway_url)}
        log = self.tmp / f"bot-{len(self.logs)}.log"
        self.logs.append(log)
        sessions = len(self.fake.sessions)
        with log.open("wb") as err:
            self.proc = subprocess.Popen([sys.executable, str(ROOT / "bot.py"), "--config",
                                          str(cfg)], env=env, cwd=ROOT, stderr=err,
                                         stdout=subprocess.DEVNULL)
        await self.fake.wait_for(
            lambda: self.fake.command_syncs > 0 and any(
                s.identified and not s.ws.closed for s in self.fake.sessions[sessions:]),
            timeout=60, what="the bot process to log in")
        self.ready_at = await self.ready_line(log)
        if self.reader is None:
            self.reader = SqliteStore(str(self.db))
            await self.reader.open()
            no_bot = SimpleNamespace(get_guild=lambda _id: None)  # English boards
            self.table = Table(no_bot, self.reader, Referee(self.reader))  # type: ignore[arg-type]

    async def ready_line(self, log: Path) -> float:
        """The time of the bot's ``logged in as`` line (its ``on_ready``), waited for."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            for line in log.read_text(errors="replace").splitlines():
                with contextlib.suppress(ValueError):
                    rec = json.loads(line)
                    if isinstance(rec, dict) and str(rec.get("msg", "")).startswith(
                            "logged in as"):
                        return float(rec["ts"])
            await asyncio.sleep(0.02)
        raise AssertionError(f"{log.name}: the bot never logged in")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    # ------------------------------------------------------------------ the players
    async def answered(self, pending: Any, timeout: float = 5.0,
                       hand: bool = False) -> InteractionResult | None:
        try:
            res: InteractionResult = await (await pending).response(timeout=timeout)
            return await seen(res, timeout) if hand else res
        except Exception:  # the bot is down, or was killed while answering
            return None

    async def live_match(self, a: FakeUser, *others: FakeUser) -> tuple[int, Message] | None:
        assert self.reader is not None
        for rec in await self.reader.live_matches(a.id):
            if {a.id, *(u.id for u in others)} == set(rec.seats) \
                    and rec.message_id is not None:
                board = self.fake.store.get(rec.message_id)
                if board is not None:
                    return rec.id, board
        return None

    async def play_pair(self, a: FakeUser, b: FakeUser, stop: asyncio.Event) -> None:
        assert self.reader is not None
        while not stop.is_set():
            found = await self.live_match(a, b)
            if found is not None:
                await self.play_match(*found)
                continue
            # a challenge a kill left open (posted, not answered) is accepted, not doubled
            left = [ch for ch in await self.reader.open_challenges()
                    if {ch.challenger_id, ch.opponent_id} == {a.id, b.id}]
            if left:
                message = self.offer_message(f"hj:ch:{left[-1].id}:accept")
                accepter = b if left[-1].opponent_id == b.id else a
            else:
                res = await self.answered(a.slash("challenge", opponent=b, game="sushido"))
                message = None if res is None or res.ephemeral else res.message
                accepter = b
            accept = None if message is None else next(
                (c for c in message.custom_ids if c.endswith(":accept")), None)
            if message is None or accept is None:
                await asyncio.sleep(0.2)
                continue
            cid = int(accept.split(":")[2])
            self.accepts.setdefault(cid, False)
            self.accepting.set()
            done = await self.answered(accepter.click(message, accept))
            if done is not None and not done.ephemeral:
                self.accepts[cid] = True
            await asyncio.sleep(0.05)

    async def play_table(self, host: FakeUser, guests: list[FakeUser],
                         stop: asyncio.Event) -> None:
        """A table of :data:`TABLE_SEATS`: ``/host``, the guests join (the last join
        starts it), then the match is played like a pair's."""
        assert self.reader is not None
        while not stop.is_set():
            found = await self.live_match(host, *guests)
            if found is not None:
                await self.play_match(*found)
                continue
            # a table a kill left open is filled, not abandoned (its host could not host)
            left = [lb for lb in await self.reader.open_lobbies() if lb.host_id == host.id]
            if left:
                lobby = left[-1]
                table = self.offer_message(f"hj:tb:{lobby.id}:join")
                seated = set(lobby.players)
            else:
                res = await self.answered(host.slash("host", game=TABLE_GAME,
                                                     seats=TABLE_SEATS))
                table = None if res is None or res.ephemeral else res.message
                seated = {host.id}
            join = None if table is None else next(
                (c for c in table.custom_ids if c.endswith(":join")), None)
            if table is None or join is None:
                await asyncio.sleep(0.2)
                continue
            lid = int(join.split(":")[2])
            todo = [g for g in guests if g.id not in seated]
            for n, guest in enumerate(todo):
                last = n == len(todo) - 1
                if last:
                    self.tables.setdefault(lid, False)
                    self.accepting.set()
                done = await self.answered(guest.click(table, join))
                if done is None or done.ephemeral:
                    break
                if last:
                    self.tables[lid] = True
            await asyncio.sleep(0.05)

    def offer_message(self, custom_id: str) -> Message | None:
        """The channel's message with that button (its id may not be stored: a kill)."""
        return next((m for m in self.fake.store.channel(self.fake.channel.id)
                     if custom_id in m.custom_ids), None)

    async def play_match(self, match_id: int, board: Message) -> None:
        """One decision (or a forfeit now and then) in a live match."""
        assert self.reader is not None
        rec = await self.reader.get_match(match_id)
        assert rec is not None
        game = self.table.referee.game(rec.game)
        seats = sorted(pending_seats(game, await load_state(self.reader, game, rec)))
        if not seats:
            await asyncio.sleep(0.05)
            return
        user = self.fake.user_by_id(rec.seats[self.rng.choice(seats)])
        assert user is not None
        if self.rng.random() < 0.08:  # concede now and then: a new match opens next
            ff = await self.answered(user.slash("forfeit", match_id=match_id))
            if ff is not None and ff.message is not None and ff.ephemeral:
                await self.answered(user.interact(ff.message, f"hj:ff:{match_id}"))
            return
        hand = await self.answered(user.interact(board, f"hj:act:{match_id}"), hand=True)
        if hand is None or hand.message is None or not hand.ephemeral:
            await asyncio.sleep(0.05)
            return
        comps = [c for c in walk_components(hand.message.components)
                 if c.get("type") in (2, 3) and not c.get("disabled")
                 and c.get("custom_id", "").startswith(("hj:a:", "hj:s:"))]
        if not comps:
            return
        comp = self.rng.choice(comps)
        values = [self.rng.choice(comp["options"])["value"]] if comp["type"] == 3 else None
        click = user.interact(hand.message, comp["custom_id"], component_type=comp["type"],
                              values=values)
        res = await self.answered(click)
        self.clicks += 1
        if res is not None and res.response_type == 7:
            self.acked[res.id] = res

    # ------------------------------------------------------------------ the checks
    def check_database(self) -> None:
        """With the bot dead: the file is sound, clicks and challenges are all there."""
        with contextlib.closing(sqlite3.connect(self.db)) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            done = {r[0] for r in conn.execute("SELECT id FROM processed_interactions")}
            missing = set(self.acked) - done
            assert not missing, f"acknowledged clicks lost: {sorted(missing)}"
            lost = conn.execute(
                "SELECT id FROM challenges WHERE status = 'accepted' AND (match_id IS NULL"
                " OR match_id NOT IN (SELECT id FROM matches))").fetchall()
            assert lost == [], f"accepted challenges without a match: {lost}"
            twice = conn.execute(
                "SELECT match_id, version, COUNT(*) FROM match_actions"
                " WHERE note NOT LIKE 'aborted%' GROUP BY match_id, version"
                " HAVING COUNT(*) > 1").fetchall()
            assert twice == [], f"versions applied twice: {twice}"
            behind = conn.execute(
                "SELECT m.id FROM matches m WHERE m.version <"
                " (SELECT MAX(version) FROM match_actions a WHERE a.match_id = m.id)").fetchall()
            assert behind == [], f"logged actions missing from their match: {behind}"

    async def check_replays(self) -> None:
        """With the bot dead: every match's state is exactly its action log re-applied to
        its seed (an action applied twice, or lost from the log, would differ)."""
        assert self.reader is not None
        async with self.reader.read_connection() as conn:
            ids = [r[0] for r in await conn.execute_fetchall("SELECT id FROM matches")]
        for match_id in ids:
            rec = await self.reader.get_match(match_id)
            assert rec is not None
            resim = resimulate(rec, await self.reader.action_log(match_id))
            assert resim.problem is None, f"match #{match_id}: {resim.problem}"

    def expire_one_while_down(self) -> int | None:
        """A long downtime: one live match's deadline passes while the bot is dead."""
        with contextlib.closing(sqlite3.connect(self.db)) as conn:
            live = [r[0] for r in conn.execute(
                "SELECT id FROM matches WHERE status = 'active' AND opening = 0"
                " AND deadline IS NOT NULL ORDER BY id")]
            if not live:
                return None
            match_id = self.rng.choice(live)
            with conn:
                conn.execute("UPDATE matches SET deadline = 1 WHERE id = ?", (match_id,))
            return match_id

    async def boards_current(self) -> list[str]:
        """What is still wrong with the live boards (empty: every board is current)."""
        assert self.reader is not None
        async with self.reader.read_connection() as conn:
            rows = list(await conn.execute_fetchall(
                "SELECT id FROM matches WHERE status = 'active' ORDER BY id"))
        wrong = []
        for (match_id,) in rows:
            rec = await self.reader.get_match(match_id)
            if rec is None or rec.status != "active":
                continue
            if rec.opening or rec.message_id is None:
                wrong.append(f"#{match_id} not opened")
                continue
            if rec.board_version != rec.version:
                wrong.append(f"#{match_id} board at {rec.board_version}, state {rec.version}")
                continue
            board = self.fake.store.get(rec.message_id)
            state = await load_state(self.reader, self.table.referee.game(rec.game), rec)
            self.table.forget(match_id)  # the stored memory, as a restarted bot reads it
            want = self.table.board_payload(rec, state, png=b"")["embed"].to_dict()
            want.pop("image", None)
            shown = dict(board.embeds[0]) if board is not None and board.embeds else {}
            shown.pop("image", None)
            if shown != want:
                diff = [(k, shown.get(k), want.get(k)) for k in {*shown, *want}
                        if shown.get(k) != want.get(k)]
                wrong.append(f"#{match_id} board message does not show version {rec.version}:"
                             f" {diff}")
        return wrong

    async def boards_drawn_late(self) -> list[str]:
        """Live boards whose last post or edit (as the fake Discord stamped it) came later
        than :data:`BOARDS_DUE` seconds after the bot was ready: still stale then. Notes
        the slowest board's time after ready in :attr:`due_seconds`."""
        assert self.reader is not None
        async with self.reader.read_connection() as conn:
            rows = list(await conn.execute_fetchall(
                "SELECT id, message_id FROM matches WHERE status = 'active'"
                " AND message_id IS NOT NULL ORDER BY id"))
        late, slowest = [], 0.0
        for match_id, message_id in rows:
            board = self.fake.store.get(message_id)
            assert board is not None, f"#{match_id}: its board message is gone"
            drawn = dt.datetime.fromisoformat(board.edited_timestamp or board.timestamp)
            after = drawn.timestamp() - self.ready_at
            slowest = max(slowest, after)
            if after > BOARDS_DUE:
                late.append(f"#{match_id} drawn {after:.2f}s after ready")
        self.due_seconds.append(round(slowest, 2))
        return late

    async def lost_offers(self) -> list[str]:
        """Accepted challenges and started tables whose match is missing, cancelled or
        unopened; accepts the bot answered that the database does not hold."""
        assert self.reader is not None
        async with self.reader.read_connection() as conn:
            rows = [*await conn.execute_fetchall(
                "SELECT 'challenge', c.id, c.status, m.id, m.status, m.opening FROM challenges c"
                " LEFT JOIN matches m ON m.id = c.match_id"), *await conn.execute_fetchall(
                "SELECT 'table', l.id, l.status, m.id, m.status, m.opening FROM lobbies l"
                " LEFT JOIN matches m ON m.id = l.match_id")]
        lost = []
        for kind, oid, status, match_id, match_status, opening in rows:
            done = (self.accepts if kind == "challenge" else self.tables).get(oid)
            started = status in ("accepted", "started")
            if done and not started:
                lost.append(f"{kind} {oid} answered as accepted but stored {status}")
            elif started and (match_id is None or match_status == "aborted" or opening):
                lost.append(f"{kind} {oid} {status}: match {match_id} {match_status}"
                            f"{' (opening)' if opening else ''}")
        return lost

    async def threads_told(self) -> list[str]:
        """What is still wrong with the threads (empty: told everything, nothing twice)."""
        assert self.reader is not None
        async with self.reader.read_connection() as conn:
            rows = list(await conn.execute_fetchall(
                "SELECT id, status, thread_id, version, published_version FROM matches"
                " WHERE message_id IS NOT NULL AND opening = 0 ORDER BY id"))
        wrong = []
        for match_id, status, thread_id, version, published in rows:
            if published != version:
                wrong.append(f"#{match_id} posts at {published}, state {version}")
                continue
            texts = [m.content for m in self.fake.store.channel(thread_id)]
            opening = sum("The match is on!" in t for t in texts)
            over = [m for m in self.fake.store.channel(thread_id) if "Match over" in m.content]
            # a match played to its end while a crash had left its opening unannounced
            # (board out, pings not) is never announced afterwards: its thread may hold no
            # opening message (cogs/reconcile.py clears the mark), never two
            ended_unannounced = status == "finished" and opening == 0
            if thread_id != self.fake.channel.id and opening != 1 and not ended_unannounced:
                wrong.append(f"#{match_id}: {opening} opening messages")
            if status == "finished" and thread_id != self.fake.channel.id and (
                    len(over) != 1 or f"hj:rm:{match_id}" not in over[0].custom_ids):
                wrong.append(f"#{match_id}: {len(over)} result messages")
        names = [c.name for c in self.fake.threads(self.fake.channel)]
        doubled = {n for n in names if names.count(n) > 1}
        if doubled:
            wrong.append(f"threads made twice: {sorted(doubled)}")
        return wrong

    async def check_after_restart(self, expired: int | None, expired_version: int) -> None:
        """With the new bot up: boards current (by :data:`BOARDS_DUE` seconds after ready),
        the missed deadline applied, every accepted challenge's match opened, no replays."""
        assert self.reader is not None
        deadline = time.monotonic() + SETTLE
        while True:
            wrong = await self.boards_current() + await self.threads_told()
            if expired is not None:
                rec = await self.reader.get_match(expired)
                if rec is not None and rec.version == expired_version and rec.status == "active":
                    wrong.append(f"#{expired}'s missed deadline not applied")
            if not wrong:
                break
            assert time.monotonic() < deadline, f"after {SETTLE}s: {wrong}"
            await asyncio.sleep(0.1)
        late = await self.boards_drawn_late()
        self.stale_at_due += late
        self.lost.update(await self.lost_offers())
        for old in self.rng.sample(sorted(self.acked), min(5, len(self.acked))):
            await self.replay(self.acked[old])

    async def replay(self, res: InteractionResult) -> None:
        """Send an acknowledged click again (same interaction id): it must change nothing."""
        assert self.reader is not None and res.source_message is not None
        match_id = int(res.payload["data"]["custom_id"].split(":")[2])
        before = await self.reader.get_match(match_id)
        token = f"aW50ZXJhY3Rpb246{res.id}.{secrets.token_urlsafe(24)}"
        again = InteractionResult(fake=self.fake, id=res.id, token=token, type=3, user=res.user,
                                  channel_id=res.channel_id,
                                  payload={**res.payload, "token": token},
                                  source_message=res.source_message)
        await self.fake.dispatch_interaction(again)
        await again.response(timeout=10)
        assert again.response_type == 4 and again.ephemeral, (again.response_type, again.content)
        await asyncio.sleep(0.05)
        after = await self.reader.get_match(match_id)
        assert before is not None and after is not None
        assert after.version >= before.version  # timers may move on; the click may not:
        done = {e.version for e in await self.reader.events(match_id)}
        assert after.version == before.version or after.version in done

    def check_logs(self) -> None:
        for log in self.logs:
            text = log.read_text(errors="replace")
            bad = [line for line in text.splitlines()
                   if '"level": "ERROR"' in line or '"level": "CRITICAL"' in line
                   or "Traceback" in line]
            assert not bad, f"{log.name}: {bad[:3]}"


@pytest.mark.parametrize("seating", ["two-seat", "multi-seat"])
async def test_sigkill_at_random_moments_loses_nothing(tmp_path: Path, seating: str) -> None:
    fake = FakeDiscord()
    users = [fake.add_user(f"p{i}") for i in range(2 * PAIRS)]
    await fake.start()
    run = Run(fake, tmp_path, users)
    print(f"crash run ({seating}): HAJIME_CRASH_SEED={SEED} HAJIME_CRASH_KILLS={KILLS}")

    def players(stop: asyncio.Event) -> list[asyncio.Task[None]]:
        if seating == "two-seat":
            return [asyncio.create_task(run.play_pair(users[2 * i], users[2 * i + 1], stop))
                    for i in range(PAIRS)]
        group = users[:TABLE_SEATS]  # one table, the others play in pairs
        rest = users[TABLE_SEATS:]
        return [asyncio.create_task(run.play_table(group[0], group[1:], stop)),
                *(asyncio.create_task(run.play_pair(rest[2 * i], rest[2 * i + 1], stop))
                  for i in range(len(rest) // 2))]

    try:
        await run.start()
        expired, expired_version = None, 0
        for kill in range(KILLS + 1):
            if kill:
                await run.start()
                await run.check_after_restart(expired, expired_version)
                print(f"crash run ({seating}): restart {kill}: {len(run.lost)} lost,"
                      f" {len(run.stale_at_due)} stale at {BOARDS_DUE}s, slowest board"
                      f" {run.due_seconds[-1]}s after ready,"
                      f" {sum(run.accepts.values()) + sum(run.tables.values())} accepts answered"
                      f" ({len(run.accepts) + len(run.tables)} sent)", flush=True)
            if kill == KILLS:
                break
            stop = asyncio.Event()
            playing = players(stop)
            if kill % 2:  # aimed: within 0.3 s of an accept (or a table's last join)
                run.accepting.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(run.accepting.wait(), 5)
                await asyncio.sleep(run.rng.uniform(0, 0.3))
            else:
                await asyncio.sleep(run.rng.uniform(0.3, 2.5))
            run.kill()
            stop.set()
            await asyncio.gather(*playing, return_exceptions=False)
            run.check_database()
            await run.check_replays()
            expired = run.expire_one_while_down()
            if expired is not None:
                rec = await run.reader.get_match(expired)  # type: ignore[union-attr]
                expired_version = rec.version if rec is not None else 0
        run.kill()
        run.check_database()
        run.check_logs()
        accepted = sum(run.accepts.values()) + sum(run.tables.values())
        print(f"crash run ({seating}): {KILLS} kills, {run.clicks} clicks,"
              f" {len(run.acked)} acknowledged, {accepted} accepts answered"
              f" ({len(run.accepts) + len(run.tables)} sent), {len(run.lost)} lost,"
              f" {len(run.stale_at_due)} boards stale {BOARDS_DUE}s after ready;"
              f" slowest board after ready per restart: {run.due_seconds}")
        assert not run.lost, f"accepted challenges or tables lost: {sorted(run.lost)}"
        assert not run.stale_at_due, f"boards stale {BOARDS_DUE}s after ready: {run.stale_at_due}"
        if seating == "multi-seat":
            assert any(run.tables.values()), "no table started"
        assert run.clicks > KILLS and len(run.acked) > KILLS, (run.clicks, len(run.acked))
    finally:
        if run.proc is not None and run.proc.poll() is None:
            run.proc.kill()
        if run.reader is not None:
            await run.reader.close()
        await fake.stop()
