"""The referee with three and four seats (the toy turn game): a forfeit or too many
timeouts make a seat leave while play goes on; the leaver is never asked, timed or
counted as live again; results, ratings rows and the replay cover the whole match."""

from __future__ import annotations

import asyncio
import pathlib
from collections.abc import AsyncIterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from db import SqliteStore
from engine.core import Event, MatchOver, NotYourDecision, Prompt
from referee.replay import action_line, resimulate
from referee.service import Referee
from tests.clock import Clock
from tests.engine.toyturns import TURNS, Score, TurnState

A, B, C, D = 11, 22, 33, 44


@pytest.fixture
async def setup(tmp_path: pathlib.Path) -> AsyncIterator[tuple[SqliteStore, Referee, Clock]]:
    store = SqliteStore(str(tmp_path / "h.sqlite3"))
    await store.open()
    clock = Clock()
    ref = Referee(store, turn_seconds=60, max_timeouts=2, clock=clock,
                  registry={"toyturns": TURNS})
    yield store, ref, clock
    await store.close()


async def test_a_forfeit_leaves_and_play_goes_on(setup: Any) -> None:
    store, ref, _ = setup
    rec, _ = await ref.open_match(guild_id=1, channel_id=2, game_id="toyturns",
                                  options={"target": 3}, seats=[A, B, C], seed=1)
    await ref.act(rec.id, A, "s1", 0)
    gone = await ref.forfeit(rec.id, B)  # B's turn: it passes to C
    assert gone.outcome is None and gone.state.left == (1,)
    assert [e.kind for e in gone.events] == ["seat_left", "turn"]
    assert gone.pending_after == {2: "score"}
    assert [m.id for m in await ref.live_matches(B)] == []  # B's slot is released
    assert [m.id for m in await ref.live_matches(A)] == [rec.id]
    before = await store.get_match(rec.id)
    with pytest.raises(NotYourDecision, match="left"):
        await ref.act(rec.id, B, "s1", gone.state.version)
    with pytest.raises(NotYourDecision, match="left"):
        await ref.forfeit(rec.id, B)
    assert await store.get_match(rec.id) == before  # refusals change nothing
    await ref.act(rec.id, C, "s2", 2)
    end = await ref.act(rec.id, A, "s2", 3)  # A reaches 3 points
    assert end.outcome is not None and end.outcome.ranks == (1, 3, 2)
    assert end.outcome.forfeited == (1,)
    log = await store.action_log(rec.id)
    assert [x.note for x in log] == ["", "forfeit", "", ""]
    stored = await store.get_match(rec.id)
    assert stored is not None and stored.status == "finished"
    assert resimulate(stored, log, {"toyturns": TURNS}).problem is None


async def test_timeouts_make_seats_leave_one_by_one_until_one_wins(setup: Any) -> None:
    store, ref, clock = setup
    rec, _ = await ref.open_match(guild_id=1, channel_id=2, game_id="toyturns",
                                  options={"target": 50}, seats=[A, B, C, D], seed=2)
    await ref.act(rec.id, A, "s1", 0)
    version, leavers = 1, []
    while True:  # B, C, D never play: each times out twice, then leaves
        clock.now += 61
        applied = await ref.expire(rec.id, version)
        assert applied is not None
        version = applied.state.version
        if applied.events and applied.events[0].kind == "seat_left":
            leavers.append(applied.events[0].data["seat"])
            assert applied.events[0].data["reason"] == "timeout"
        if applied.outcome is not None:
            break
        pending = applied.pending_after
        assert not set(pending) & set(applied.state.left)  # a leaver is never asked
        if pending == {0: "score"}:
            applied = await ref.act(rec.id, A, "s1", version)
            version = applied.state.version
    assert leavers == [1, 2]  # then D's second timeout ends it: A wins
    assert applied.outcome.ranks == (1, 4, 3, 2) and applied.outcome.forfeited == (1, 2, 3)
    assert applied.outcome.reason == "timeout"
    async with store.read_connection() as conn:
        rows = list(await conn.execute_fetchall(
            "SELECT seat, rank, forfeited FROM match_results WHERE match_id = ? ORDER BY seat",
            (rec.id,)))
    assert [tuple(r) for r in rows] == [(0, 1, 0), (1, 4, 1), (2, 3, 1), (3, 2, 1)]
    stored = await store.get_match(rec.id)
    assert stored is not None
    assert resimulate(stored, await store.action_log(rec.id),
                      {"toyturns": TURNS}).problem is None
    with pytest.raises(MatchOver):
        await ref.forfeit(rec.id, A)


async def random_match(seats: int, seed: int, moves: list[int]) -> None:
    """Drive a match through the referee: each move is an action of whoever decides, a
    forfeit of a random seat still playing, or the clock running out."""
    store = SqliteStore(":memory:")
    await store.open()
    clock = Clock()
    ref = Referee(store, turn_seconds=60, max_timeouts=2, clock=clock,
                  registry={"toyturns": TURNS})
    users = [100 + s for s in range(seats)]
    rec, state = await ref.open_match(guild_id=1, channel_id=2, game_id="toyturns",
                                      options={"target": 12}, seats=users, seed=seed)
    try:
        for move in moves:
            rec, _, state = await ref.load(rec.id)
            if rec.status != "active":
                break
            playing = state.in_play()
            if move % 7 == 0:
                applied = await ref.forfeit(rec.id, users[playing[move % len(playing)]])
            elif move % 7 == 1:
                clock.now += 61
                got = await ref.expire(rec.id, rec.version)
                assert got is not None
                applied = got
            else:
                [seat] = TURNS.prompts(state)
                applied = await ref.act(rec.id, users[seat], f"s{1 + move % 2}",
                                        state.version)
            left = set(applied.state.left)
            assert not set(applied.pending_after) & left  # a leaver is never asked
            for s, uid in enumerate(users):
                live = [m.id for m in await ref.live_matches(uid)]
                assert (rec.id in live) == (applied.outcome is None and s not in left)
        rec, _, state = await ref.load(rec.id)
        if state.result is not None:
            ranks, gone = state.result.ranks, set(state.result.forfeited)
            assert all(ranks[a] < ranks[b] for a in range(seats) for b in gone
                       if a not in gone)
            assert len(state.result.winners) == 1
        assert resimulate(rec, await store.action_log(rec.id),
                          {"toyturns": TURNS}).problem is None
    finally:
        await store.close()


@settings(max_examples=30)
@given(st.integers(3, 4), st.integers(0, 2**31), st.lists(st.integers(0, 60), max_size=40))
def test_random_forfeits_timeouts_and_moves_keep_the_seats_coherent(
        seats: int, seed: int, moves: list[int]) -> None:
    asyncio.run(random_match(seats, seed, moves))


class Together(type(TURNS)):  # type: ignore[misc]
    """The toy game with every seat still playing deciding at once (for timeouts of
    several seats in one step)."""

    id = "together"

    def prompts(self, state: TurnState) -> dict[int, Prompt]:
        if state.result:
            return {}
        return {s: Prompt(seat=s, kind="score", text="Score 1 or 2") for s in state.in_play()}

    def legal(self, state: TurnState, seat: int) -> list[Score]:
        return [] if state.result or seat in state.left else [Score.of(n=1), Score.of(n=2)]

    def on_leave(self, state: TurnState, seat: int) -> list[Event]:
        return []


async def test_several_seats_at_the_timeout_limit_leave_in_one_step(setup: Any) -> None:
    store, _, clock = setup
    together = Together()
    ref = Referee(store, turn_seconds=60, max_timeouts=1, clock=clock,
                  registry={"together": together})
    rec, _ = await ref.open_match(guild_id=1, channel_id=2, game_id="together",
                                  options={"target": 5}, seats=[A, B, C, D], seed=4)
    clock.now += 61
    applied = await ref.expire(rec.id, 0)
    assert applied is not None and applied.outcome is not None
    assert applied.outcome.ranks == (4, 3, 2, 1)  # the last one in wins; first out last
    assert [e.data["seat"] for e in applied.events if e.kind == "seat_left"] == [0, 1]
    [row] = await store.action_log(rec.id)
    assert (row.seat, row.action, row.note) == (0, {"also": [1, 2]}, "timeout-forfeit")
    stored = await store.get_match(rec.id)
    assert stored is not None
    assert resimulate(stored, [row], {"together": together}).problem is None
    assert action_line(row, ["a", "b", "c", "d"]) == "⌛ a, b and c lose on time (too many" \
        " timeouts)."
