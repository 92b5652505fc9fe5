"""Restart with many live matches: how long from the bot being ready to every board current.

Not a test. Run from the repository root::

    python bench/restart_bench.py [--matches 1000] [--stale 100] [--hogs 2]

It seeds a database as a bot killed with ``kill -9`` leaves it: ``--matches`` live
Sushido matches, each with its thread and its board message in the offline Discord, of
which ``--stale`` had actions committed (``--steps`` each) whose board edit and thread
posts never happened (``board_version`` and ``published_version`` behind ``version``).
Then it starts the real ``bot.py`` on it (as ``bench/discord_bench.py`` does, against
``tests/fakediscord``) and prints, as JSON: the seconds from the process start to ready
(its ``logged in as`` line, discord.py's ``on_ready``), and from ready to the last stale
board current (the offline Discord's stamp of its last edit, and the moment the database
recorded it); how many boards were edited, stale or not (a board already current is not
to be touched); the REST calls made; and the load average. ``--hogs N`` runs N
``python -c 'while 1: pass'`` processes for the whole run (a loaded machine), killed at
the end.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from db import SqliteStore  # noqa: E402
from referee.service import Referee, pending_seats  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.fakediscord.restutil import new_message  # noqa: E402
from tests.fakediscord.store import Channel, Message, snowflake  # noqa: E402


def stamp(msg: Message) -> float:
    """When the offline Discord last wrote ``msg`` (its edit, else its creation)."""
    return dt.datetime.fromisoformat(msg.edited_timestamp or msg.timestamp).timestamp()


async def seed(fake: FakeDiscord, db: Path, matches: int, stale: int,
               steps: int, players: int) -> tuple[dict[int, int], set[int]]:
    """The database and the offline Discord as a killed bot leaves them: ``matches`` live
    matches with their threads and boards, the last ``stale`` of them with ``steps``
    actions committed and never shown. Returns match -> board message id, and the stale
    matches."""
    users = [fake.add_user(f"p{i}") for i in range(players)]
    store = SqliteStore(str(db))
    await store.open()
    referee = Referee(store, turn_seconds=3600)
    boards: dict[int, int] = {}
    stale_ids: set[int] = set()
    try:
        for n in range(matches):
            a, b = users[(2 * n) % players], users[(2 * n + 1) % players]
            rec, _ = await referee.open_match(
                guild_id=fake.guild_id, channel_id=fake.channel.id, game_id="sushido",
                options={}, seats=[a.id, b.id], seed=n)
            thread = Channel(snowflake(), f"Sushido #{rec.id}", type=11,
                             guild_id=fake.guild_id, parent_id=fake.channel.id,
                             owner_id=fake.bot_user.id)
            thread.members.add(fake.bot_user.id)
            fake.channels[thread.id] = thread
            board = new_message(fake, thread, {"content": "", "embeds": [
                {"title": f"Sushido #{rec.id}", "description": "the board before the kill"}]},
                [], source="channel")
            await store.set_match_thread(rec.id, thread.id)
            await store.set_board_message(rec.id, board.id, rec.version)
            boards[rec.id] = board.id
            if n >= matches - stale:  # committed, then killed before the board edit
                for _ in range(steps):
                    rec, game, state = await referee.load(rec.id)
                    seat = sorted(pending_seats(game, state))[0]
                    action = game.legal(state, seat)[0]
                    await referee.act(rec.id, rec.seats[seat], action.aid, state.version)
                stale_ids.add(rec.id)
    finally:
        await store.close()
    return boards, stale_ids


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process, all its threads (Linux ``/proc``)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def unsettled(conn: sqlite3.Connection) -> int:
    """Live matches whose board or posts are behind their state (or still opening)."""
    return int(conn.execute(
        "SELECT COUNT(*) FROM matches WHERE status = 'active' AND (opening = 1"
        " OR board_version IS NULL OR board_version < version"
        " OR published_version < version)").fetchone()[0])


def ready_time(log: Path) -> float | None:
    """The time of the bot's ``logged in as`` line, if written yet."""
    try:
        text = log.read_text(errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict) and str(rec.get("msg", "")).startswith("logged in as"):
            return float(rec["ts"])
    return None


async def run(matches: int, stale: int, steps: int, hogs: int, players: int,
              timeout: float) -> dict[str, Any]:
    """Seed, start the bot, time the restart."""
    fake = FakeDiscord(lean=True)
    await fake.start()
    hog_procs: list[subprocess.Popen[bytes]] = []
    proc: subprocess.Popen[bytes] | None = None
    try:
        with tempfile.TemporaryDirectory() as tmpdir:
            tmp = Path(tmpdir)
            db = tmp / "bench.sqlite3"
            seeding = time.perf_counter()
            boards, stale_ids = await seed(fake, db, matches, stale, steps, players)
            seeding = time.perf_counter() - seeding
            for _ in range(hogs):  # a loaded machine: busy loops, for the whole restart
                hog_procs.append(subprocess.Popen([sys.executable, "-c", "while 1: pass"]))
            await asyncio.sleep(1 if hogs else 0)
            load_before = os.getloadavg()[0]
            cfg = tmp / "config.toml"
            cfg.write_text(f'database = "{db}"\ndev_guilds = [{fake.guild_id}]\n'
                           'turn_seconds = 3600\nlog_level = "INFO"\n'
                           + os.environ.get("BENCH_BOT_CONFIG", "") + "\n")
            env = {**os.environ, "DISCORD_TOKEN": "bench", "HAJIME_DISCORD_API": fake.api_base,
                   "HAJIME_DISCORD_GATEWAY": str(fake.gateway_url),
                   "HAJIME_HEARTBEAT_FILE": str(tmp / "beat")}
            log = tmp / "bot.log"
            requests_before = len(fake.requests)
            edits_before = {mid: fake.store.get(board).edits  # type: ignore[union-attr]
                            for mid, board in boards.items()}
            started = time.time()
            with log.open("wb") as err:
                profile = ["-m", "cProfile", "-o", os.environ["BENCH_PROFILE"]] \
                    if os.environ.get("BENCH_PROFILE") else []  # =out.prof: profile the bot
                proc = subprocess.Popen([sys.executable, *profile, str(ROOT / "bot.py"), "--config",
                                         str(cfg)], env=env, cwd=ROOT, stderr=err,
                                        stdout=subprocess.DEVNULL)
            conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
            ready = None
            recorded = None
            cpu = 0.0
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                if proc.poll() is not None:
                    raise RuntimeError(f"the bot exited: {log.read_text()[-2000:]}")
                ready = ready or ready_time(log)
                if ready is not None and unsettled(conn) == 0:
                    recorded = time.time()
                    cpu = cpu_seconds(proc.pid)
                    break
                await asyncio.sleep(0.01)
            left = unsettled(conn)
            conn.close()
            await asyncio.sleep(0.5)  # edits answered but not yet recorded: none expected
            edited = {mid for mid, board in boards.items()
                      if fake.store.get(board).edits > edits_before[mid]}  # type: ignore[union-attr]
            last_edit = max((stamp(fake.store.get(boards[mid]))  # type: ignore[arg-type]
                             for mid in stale_ids), default=None)
            first_edit = min((stamp(fake.store.get(boards[mid]))  # type: ignore[arg-type]
                              for mid in stale_ids), default=None)
            timeline = []  # the bot's own lines from start to settled, against ready
            for line in log.read_text(errors="replace").splitlines():
                try:
                    rec = json.loads(line)
                    timeline.append(f"{rec['ts'] - (ready or 0):+.2f} {rec['msg'][:70]}")
                except (ValueError, KeyError, TypeError):
                    continue
            calls = fake.requests[requests_before:]
            load_after = os.getloadavg()[0]
            bad = [line for line in log.read_text(errors="replace").splitlines()
                   if '"level": "ERROR"' in line or "Traceback" in line]
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
        for hog in hog_procs:
            hog.kill()
            hog.wait()
        await fake.stop()
    kinds: dict[str, int] = {}
    for method, path, _ in calls:
        kind = method + " " + "/".join("{id}" if p.isdigit() else p for p in path.split("/"))
        kinds[kind] = kinds.get(kind, 0) + 1
    return {
        "live_matches": matches,
        "stale_boards": len(stale_ids),
        "actions_behind_per_stale_board": steps,
        "cpu_hogs": hogs,
        "cpus": os.cpu_count(),
        "seconds_to_seed": round(seeding, 1),
        "seconds_start_to_ready": round(ready - started, 2) if ready else None,
        "seconds_ready_to_first_board_edit": round(first_edit - ready, 2)
        if ready and first_edit else None,
        "seconds_ready_to_last_board_edit": round(last_edit - ready, 2)
        if ready and last_edit else None,
        "seconds_ready_to_all_recorded_current": round(recorded - ready, 2)
        if ready and recorded else None,
        "unsettled_at_the_end": left,
        "bot_cpu_seconds_start_to_settled": round(cpu, 2),
        "boards_edited": len(edited),
        "boards_edited_that_were_current": len(edited - stale_ids),
        "stale_boards_not_edited": len(stale_ids - edited),
        "rest_calls": len(calls),
        "rest_calls_by_route": dict(sorted(kinds.items())),
        "errors_in_the_bot_log": bad[:3],
        "bot_log_against_ready": timeline[:12],
        "load_average_1min_before_after": [round(load_before, 2), round(load_after, 2)],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--stale", type=int, default=100,
                        help="matches whose last actions were never shown (the newest ones)")
    parser.add_argument("--steps", type=int, default=2,
                        help="actions committed but never shown, per stale match")
    parser.add_argument("--hogs", type=int, default=0,
                        help="busy-loop processes running meanwhile (a loaded machine)")
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.matches, args.stale, args.steps, args.hogs,
                                     args.players, args.timeout)), indent=1))


if __name__ == "__main__":
    main()
