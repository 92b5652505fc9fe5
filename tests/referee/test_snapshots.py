"""Snapshots every N actions: the stored snapshot plus the replay of the logged actions
after it is, at every version, exactly the live state (:mod:`referee.snapshots`).

Random matches of every game (and 3-4 seat Kingdom of Loathing and Brawl tables with a
leaver and timeouts) go through the referee and the real SQLite store; after every step a
fresh load of the stored match must dump to the same JSON as the referee's live state.
Some steps are played by a second referee (another process: no shared cache), so the
cache-miss path (snapshot + replay, then the action) is exercised too.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from db import SqliteStore
from db.base import MatchRecord
from engine.core import EngineError
from engine.games import REGISTRY
from referee.replay import resimulate
from referee.service import Applied, Referee, pending_seats
from referee.snapshots import ReplayMismatch, load_state
from tests.clock import Clock

TABLES = [
    ("sushido", 2), ("world_of_fighters", 2), ("kingdom_of_loathing", 2),
    ("kingdom_of_loathing", 3), ("kingdom_of_loathing", 4), ("mortal_kombat", 2),
    ("mortal_kombat", 3), ("mortal_kombat", 4), ("epic_battles", 2),
]
"""Every game, and the N-seat tables (Brawl is Mortal Kombat at three seats or more)."""

USERS = [101, 102, 103, 104]


async def check_stored(store: SqliteStore, applied_or_state: Any, match_id: int,
                       every: int) -> MatchRecord:
    """The stored match rebuilds to exactly the live state; its snapshot lags < every."""
    rec = await store.get_match(match_id)
    assert rec is not None
    game = REGISTRY[rec.game]
    live = applied_or_state.state if isinstance(applied_or_state, Applied) else applied_or_state
    assert live.version == rec.version
    assert game.dump(await load_state(store, game, rec)) == game.dump(live)
    assert rec.version - rec.snapshot_version < every
    if rec.status != "active":  # a status change always writes the whole state
        assert rec.state_version is None and rec.state == game.dump(live)
    return rec


async def play_table(folder: Path, game_id: str, seats: int, seed: int, every: int,
                     steps: int = 160) -> None:
    """One random refereed match with timeouts, a leaver (N seats) and a second process;
    checks the stored match after every step, then the /replay determinism check."""
    store = SqliteStore(str(folder / f"{game_id}-{seats}-{seed}-{every}.sqlite3"))
    await store.open()
    try:
        clock = Clock()
        ref = Referee(store, turn_seconds=60, max_timeouts=2, clock=clock,
                      snapshot_every=every)
        other = Referee(store, turn_seconds=60, max_timeouts=2, clock=clock,
                        snapshot_every=every)
        rng = random.Random(seed)
        rec, state = await ref.open_match(guild_id=1, channel_id=2, game_id=game_id,
                                          options={}, seats=USERS[:seats], seed=seed)
        game = REGISTRY[game_id]
        await check_stored(store, state, rec.id, every)
        left_once = False
        for n in range(steps):
            rec, _, state = await ref.load(rec.id)
            if rec.status != "active":
                break
            playing = [s for s in range(seats) if s not in state.left]
            assert not set(pending_seats(game, state)) & set(state.left)
            referee = other if rng.random() < 0.15 else ref
            if seats > 2 and not left_once and n == 8:  # a seat leaves, play goes on
                left_once = True
                applied = await referee.forfeit(rec.id, rec.seats[rng.choice(playing)])
            elif n in (90, 91) or rng.random() < 0.06:  # twice in a row: a timeout-forfeit
                got = await referee.expire(rec.id, rec.version)
                if got is None:
                    continue
                applied = got
            else:
                open_seats = sorted(pending_seats(game, state))
                seat = rng.choice(open_seats) if open_seats else rng.choice(playing)
                options = [*game.legal(state, seat), *game.interrupts(state, seat)] \
                    if open_seats else list(game.interrupts(state, seat))
                if not options:
                    continue
                action = rng.choice(options)
                try:
                    applied = await referee.act(rec.id, rec.seats[seat], action.aid,
                                                state.version)
                except EngineError:  # e.g. an interrupt that is not available to play
                    continue
            await check_stored(store, applied, rec.id, every)
        rec, _, state = await ref.load(rec.id)
        while rec.status == "active":  # end it: the seats still playing forfeit in turn
            seat = next(s for s in range(seats) if s not in state.left)
            applied = await ref.forfeit(rec.id, rec.seats[seat])
            rec = await check_stored(store, applied, rec.id, every)
            state = applied.state
        resim = resimulate(rec, await store.action_log(rec.id))
        assert resim.problem is None, resim.problem
    finally:
        await store.close()


@pytest.mark.parametrize(("game_id", "seats"), TABLES)
@settings(max_examples=2, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31), every=st.sampled_from([1, 3, 16]))
def test_snapshot_plus_replay_is_the_live_state(game_id: str, seats: int, seed: int,
                                                every: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(play_table(Path(folder), game_id, seats, seed, every))


async def test_abort_writes_the_whole_state(tmp_path: Path) -> None:
    """Aborting a match whose snapshot lags stores its current state in full."""
    store = SqliteStore(str(tmp_path / "a.sqlite3"))
    await store.open()
    ref = Referee(store, turn_seconds=60, clock=Clock(), snapshot_every=50)
    rec, state = await ref.open_match(guild_id=1, channel_id=2, game_id="sushido",
                                      options={}, seats=USERS[:2], seed=3)
    game = REGISTRY["sushido"]
    for _ in range(4):
        seat = min(pending_seats(game, state))
        applied = await ref.act(rec.id, rec.seats[seat], game.legal(state, seat)[0].aid,
                                state.version)
        state = applied.state
    live = game.dump(state)
    lagging = await store.get_match(rec.id)
    assert lagging is not None and lagging.state_version == 0 and lagging.version == 4
    await ref.abort(rec.id, "no board")
    done = await store.get_match(rec.id)
    assert done is not None and done.status == "aborted" and done.version == 4
    assert done.state_version is None and done.state == live
    await store.close()


async def test_a_log_that_does_not_lead_to_the_version_is_refused(tmp_path: Path) -> None:
    """A snapshot whose log tail is missing never loads as a silently older state."""
    store = SqliteStore(str(tmp_path / "b.sqlite3"))
    await store.open()
    ref = Referee(store, turn_seconds=60, clock=Clock(), snapshot_every=50)
    rec, state = await ref.open_match(guild_id=1, channel_id=2, game_id="sushido",
                                      options={}, seats=USERS[:2], seed=4)
    game = REGISTRY["sushido"]
    seat = min(pending_seats(game, state))
    await ref.act(rec.id, rec.seats[seat], game.legal(state, seat)[0].aid, 0)
    async with store.write_transaction() as conn:
        await conn.execute("DELETE FROM match_actions WHERE match_id = ?", (rec.id,))
    stale = await store.get_match(rec.id)
    assert stale is not None and stale.version == 1 and stale.state_version == 0
    with pytest.raises(ReplayMismatch):
        await load_state(store, game, stale)
    await store.close()
