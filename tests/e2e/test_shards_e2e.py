"""Two real bot processes on two shards sharing one PostgreSQL database.

The offline Discord is sharded (``shard_count=2``): guild A is on shard 0, guild B on
shard 1, and each process (``bot.py`` with ``shard_ids = [0]`` or ``[1]``) receives the
events of its own guild only. A Sushido match is played to the end in each guild through
the UI; mid-match the process of shard 1 is killed with SIGKILL, and while it is down its
match's deadline passes: the process of shard 0 must leave it alone (it is not its
guild), the restarted process applies it. At the end nothing is lost or applied twice
(every acknowledged click is stored, no version is logged twice, each match's state is
its action log replayed from its seed, one "Match over" per thread) and neither log has
an error.

The race test runs two processes that apply an action to the same match row at the same
version, round after round: each round exactly one wins and the other gets the stale
refusal, and the match's log has one row per version.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from db.postgres import PostgresStore
from engine.core import StaleAction
from engine.games import REGISTRY
from referee.replay import resimulate
from referee.service import Referee, pending_seats
from referee.snapshots import load_state
from tests.e2e.harness import seen
from tests.fakediscord import Channel, FakeDiscord, FakeUser
from tests.fakediscord.fixtures import patch_discord
from tests.fakediscord.server import guild_snowflake
from tests.fakediscord.store import Message, walk_components
from tests.pg_server import PgServer

ROOT = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.slow, pytest.mark.timeout(600)]


class Shard:
    """One ``bot.py`` process running one shard of two."""

    def __init__(self, fake: FakeDiscord, tmp: Path, url: str, shard: int) -> None:
        self.fake, self.tmp, self.url, self.shard = fake, tmp, url, shard
        self.proc: subprocess.Popen[bytes] | None = None
        self.logs: list[Path] = []

    async def start(self) -> None:
        cfg = self.tmp / f"config-{self.shard}.toml"
        guilds = ", ".join(str(g) for g in self.fake.guilds)
        cfg.write_text(f'database = "{self.url}"\ndev_guilds = [{guilds}]\n'
                       "turn_seconds = 120\ntimer_tick_seconds = 0.3\n"
                       f"shard_count = 2\nshard_ids = [{self.shard}]\n")
        env = {**os.environ, "DISCORD_TOKEN": "shards",
               "HAJIME_DISCORD_API": self.fake.api_base,
               "HAJIME_DISCORD_GATEWAY": str(self.fake.gateway_url)}
        log = self.tmp / f"bot-{self.shard}-{len(self.logs)}.log"
        self.logs.append(log)
        with log.open("wb") as err:
            self.proc = subprocess.Popen([sys.executable, str(ROOT / "bot.py"), "--config",
                                          str(cfg)], env=env, cwd=ROOT, stderr=err,
                                         stdout=subprocess.DEVNULL)
        await self.fake.wait_for(lambda: self.connected() and self.ready(), timeout=60,
                                 what=f"the process of shard {self.shard} to log in")

    def connected(self) -> bool:
        return any(s.identified and not s.ws.closed and s.shard == (self.shard, 2)
                   for s in self.fake.sessions)

    def ready(self) -> bool:
        return any('"cogs loaded' in line for line in self.lines())

    def lines(self) -> list[str]:
        return [line for log in self.logs if log.exists()
                for line in log.read_text(errors="replace").splitlines()]

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=30)

    def errors(self) -> list[str]:
        return [line for line in self.lines()
                if '"level": "ERROR"' in line or "Traceback" in line]


class Table:
    """Players of one guild playing their match through the UI; what the bot acknowledged."""

    def __init__(self, fake: FakeDiscord, reader: PostgresStore, channel: Channel,
                 users: list[FakeUser], seed: int) -> None:
        self.fake, self.reader, self.channel, self.users = fake, reader, channel, users
        self.rng = random.Random(seed)
        self.match_id = 0
        self.board: Message | None = None
        self.acked: set[int] = set()

    async def open(self) -> None:
        a, b = self.users
        res = await (await a.slash("challenge", channel=self.channel, opponent=b,
                                   game="sushido", duel="Iaijutsu (1 round)")).response()
        assert res.message is not None and not res.ephemeral, res.content
        accept = next(c for c in res.message.custom_ids if c.endswith(":accept"))
        await (await b.click(res.message, accept)).response()
        thread = await self.fake.wait_for(
            lambda: next((t for t in self.fake.threads(self.channel)
                          if any(m.custom_ids for m in self.fake.messages(t))), None),
            timeout=15, what="the match thread and its board")
        self.board = next(m for m in self.fake.messages(thread) if m.custom_ids)
        act = next(c for c in self.board.custom_ids if c.startswith("hj:act:"))
        self.match_id = int(act.split(":")[2])

    async def step(self) -> bool:
        """One decision of whoever must decide; False once the match is over."""
        rec = await self.reader.get_match(self.match_id)
        assert rec is not None and self.board is not None
        if rec.status != "active":
            return False
        game = REGISTRY[rec.game]
        seats = sorted(pending_seats(game, await load_state(self.reader, game, rec)))
        if not seats:
            await asyncio.sleep(0.05)
            return True
        uid = rec.seats[self.rng.choice(seats)]
        user = next((u for u in self.users if u.id == uid), None)
        assert user is not None, (uid, rec.seats, [u.id for u in self.users], self.match_id)
        hand = await seen(
            await (await user.interact(self.board, f"hj:act:{self.match_id}")).response())
        assert hand.message is not None and hand.ephemeral, hand.content
        comps = [c for c in walk_components(hand.message.components)
                 if c.get("type") in (2, 3) and not c.get("disabled")
                 and c.get("custom_id", "").startswith(("hj:a:", "hj:s:"))]
        if not comps:
            return True
        comp = self.rng.choice(comps)
        values = [self.rng.choice(comp["options"])["value"]] if comp["type"] == 3 else None
        res = await (await user.interact(hand.message, comp["custom_id"],
                                         component_type=comp["type"], values=values)).response()
        if res.response_type == 7:
            self.acked.add(res.id)
        return True

    async def play(self, steps: int) -> None:
        for _ in range(steps):
            if not await self.step():
                return

    async def concede(self) -> None:
        """The first player ends the match: /forfeit, then the confirmation button."""
        rec = await self.reader.get_match(self.match_id)
        if rec is not None and rec.status != "active":
            return  # it ended on its own
        user = self.users[0]
        ask = await (await user.slash("forfeit", channel=self.channel,
                                      match_id=self.match_id)).response()
        assert ask.message is not None and ask.ephemeral, ask.content
        done = await (await user.interact(ask.message, f"hj:ff:{self.match_id}")).response()
        assert done.response_type in (4, 7), done.content


async def test_two_processes_on_two_shards_lose_nothing(pg: PgServer, tmp_path: Path) -> None:
    name = pg.new_database()
    url = pg.dsn(name)
    fake = FakeDiscord(guild_id=guild_snowflake(0, 2), shard_count=2)
    shards: list[Shard] = []
    async with fake:
        for who in ("alice", "bob", "carol", "dave"):
            fake.add_user(who)
        second = fake.add_guild("Second Guild", shard=1)
        reader = PostgresStore(url)
        try:
            with patch_discord(fake):
                shards = [Shard(fake, tmp_path, url, 0), Shard(fake, tmp_path, url, 1)]
                for shard in shards:
                    await shard.start()
                await reader.open()
                a = Table(fake, reader, fake.channel, [fake.user("alice"), fake.user("bob")], 1)
                b = Table(fake, reader, second, [fake.user("carol"), fake.user("dave")], 2)
                await asyncio.gather(a.open(), b.open())
                await asyncio.gather(*(t.play(20) for t in (a, b)))

                # shard 1 dies mid-match; its match's deadline passes while it is down
                shards[1].kill()
                await fake.wait_for(lambda: not shards[1].connected(), timeout=10,
                                    what="the killed process's connection to close")
                with pytest.raises(RuntimeError, match="shard"):  # nobody hears guild B
                    await fake.user("carol").interact(b.board, f"hj:act:{b.match_id}")
                down = await reader.get_match(b.match_id)
                assert down is not None and down.status == "active"
                async with reader.write_transaction() as conn:
                    await conn.execute("UPDATE matches SET deadline = 1 WHERE id = ?",
                                       (b.match_id,))
                await a.play(4)  # shard 0 plays on, and its timers tick past that deadline
                await asyncio.sleep(1.5)
                still = await reader.get_match(b.match_id)
                assert still is not None and still.version == down.version, \
                    "the process of shard 0 applied a deadline of a guild on shard 1"

                await shards[1].start()  # the restarted process applies it on start
                for _ in range(100):
                    rec = await reader.get_match(b.match_id)
                    assert rec is not None
                    if rec.version > down.version:
                        break
                    await asyncio.sleep(0.1)
                log = await reader.action_log(b.match_id)
                assert any(x.note.startswith("timeout") for x in log), "missed deadline not applied"

                await asyncio.gather(a.play(20), b.play(20))
                # a random Sushido match takes hundreds of decisions: conceded through the
                # UI, the ending takes the same path (results, ratings, "Match over")
                await asyncio.gather(a.concede(), b.concede())
                await asyncio.sleep(1.0)  # the last posts
                for table in (a, b):
                    await check_match(fake, reader, table)
        finally:
            for shard in shards:
                shard.stop()
            await reader.close()
            pg.drop_database(name)
    for shard in shards:
        assert shard.errors() == [], shard.errors()
    assert fake.schema_errors == [] and fake.protocol_errors == []


async def check_match(fake: FakeDiscord, reader: PostgresStore, table: Table) -> None:
    """Finished, nothing lost, nothing applied twice, told once."""
    rec = await reader.get_match(table.match_id)
    assert rec is not None and rec.status == "finished"
    async with reader.read_connection() as conn:
        done = {r[0] for r in await conn.execute_fetchall(
            "SELECT id FROM processed_interactions WHERE match_id = ?", (table.match_id,))}
        twice = await conn.execute_fetchall(
            "SELECT version, COUNT(*) FROM match_actions WHERE match_id = ?"
            " GROUP BY version HAVING COUNT(*) > 1", (table.match_id,))
    assert table.acked and table.acked <= done, "an acknowledged click was lost"
    assert list(twice) == []
    resim = resimulate(rec, await reader.action_log(table.match_id))
    assert resim.problem is None, resim.problem
    thread = next(t for t in fake.threads(table.channel)
                  if any(m.id == rec.message_id for m in fake.messages(t)))
    overs = [m for m in fake.messages(thread) if "Match over" in m.content]
    assert len(overs) == 1, [m.content for m in fake.messages(thread)][-5:]


# ------------------------------------------------------------------------ the race
def race_worker(url: str, match_id: int, rounds: int, me: int, barrier: Any,
                out: Any) -> None:
    """A process of its own: each round, read the match, wait for the other process, then
    apply the first legal action of the first deciding seat at the version read."""
    async def main() -> None:
        store = PostgresStore(url)
        await store.open()
        referee = Referee(store)
        try:
            for r in range(rounds):
                rec = await store.get_match(match_id)
                assert rec is not None
                game = REGISTRY[rec.game]
                state = await load_state(store, game, rec)
                seat = min(pending_seats(game, state))
                aid = game.legal(state, seat)[0].aid
                await asyncio.to_thread(barrier.wait)
                try:
                    await referee.act(match_id, rec.seats[seat], aid, rec.version,
                                      interaction_id=1000 * (r + 1) + me)
                    out.put((r, me, "applied", ""))
                except StaleAction as exc:
                    out.put((r, me, "stale", str(exc)))
                await asyncio.to_thread(barrier.wait)  # both done before the next read
        finally:
            await store.close()

    asyncio.run(main())


async def test_two_processes_racing_on_one_match_row(pg: PgServer) -> None:
    name = pg.new_database()
    url = pg.dsn(name)
    store = PostgresStore(url)
    await store.open()
    rounds = 8
    try:
        rec, _ = await Referee(store).open_match(
            guild_id=guild_snowflake(0, 2), channel_id=1, game_id="sushido",
            options={}, seats=[11, 22], seed=5)
        start = rec.version
        ctx = multiprocessing.get_context("spawn")
        barrier, out = ctx.Barrier(2), ctx.Queue()
        procs = [ctx.Process(target=race_worker, args=(url, rec.id, rounds, me, barrier, out))
                 for me in (1, 2)]
        for p in procs:
            p.start()
        results = [await asyncio.to_thread(out.get, True, 120) for _ in range(2 * rounds)]
        for p in procs:
            await asyncio.to_thread(p.join, 60)
            assert p.exitcode == 0
        by_round: dict[int, list[str]] = {}
        for r, _me, what, text in results:
            by_round.setdefault(r, []).append(what)
            if what == "stale":
                assert "changed since" in text
        assert all(sorted(v) == ["applied", "stale"] for v in by_round.values()), by_round
        final = await store.get_match(rec.id)
        assert final is not None and final.version == start + rounds
        log = await store.action_log(rec.id)
        assert [x.version for x in log] == list(range(start + 1, start + rounds + 1))
        async with store.read_connection() as conn:
            seen = await conn.execute_fetchall("SELECT COUNT(*) FROM processed_interactions")
        assert seen[0][0] == rounds  # the losers' interactions were rolled back
    finally:
        await store.close()
        pg.drop_database(name)
