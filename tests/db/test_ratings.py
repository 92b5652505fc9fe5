"""Ratings: openskill updates through the store's results hook, both scopes, atomicity."""

from __future__ import annotations

from typing import Any

import aiosqlite
import pytest
from hypothesis import given
from hypothesis import strategies as st

from db import ActionLog, MatchRecord, ResultRow, SqliteStore
from db import ratings as R

GUILD = 555
A, B, C = 1001, 1002, 1003


@pytest.fixture
async def store(make_store: Any):
    s = make_store(on_results=R.on_results)
    await s.open()
    yield s
    await s.close()


async def finish(store: SqliteStore, seats: list[int], ranks: list[int], *,
                 forfeited: tuple[int, ...] = (), guild_id: int | None = GUILD,
                 rated: bool = True, game: str = "sushido", labels: list[str] | None = None,
                 note: str | None = None) -> bool:
    """Create a match and end it at once with the given ranks."""
    rec = await store.create_match(guild_id=guild_id, channel_id=7, game=game, options={},
                                   seats=seats, state="{}", version=0, deadline=None,
                                   rated=rated)
    results = [ResultRow(seat=i, user_id=u, rank=ranks[i], forfeited=i in forfeited,
                         label=(labels or [""] * len(seats))[i])
               for i, u in enumerate(seats)]
    log = None if note is None else ActionLog(match_id=rec.id, version=1,
                                              seat=forfeited[0] if forfeited else None,
                                              action=None, note=note)
    return await store.commit_action(rec.id, expected_version=0, state="{}", version=1,
                                     events=[], log=log, deadline=None,
                                     timeouts=[0] * len(seats), status="finished",
                                     results=results)


async def rating(store: SqliteStore, user: int, scope: str = str(GUILD),
                 game: str = "sushido") -> R.Rating | None:
    async with store.read_connection() as conn:
        return (await R.load_ratings(conn, scope, game, [user])).get(user)


def test_display_and_provisional() -> None:
    assert R.display_rating(25.0, 25.0 / 3) == 1000
    assert R.display_rating(0.0, 20.0) == 0
    assert R.is_provisional(8.0, 10) and R.is_provisional(5.0, 4)
    assert not R.is_provisional(R.PROVISIONAL_SIGMA, R.PROVISIONAL_GAMES)


async def test_win_and_loss(store: SqliteStore) -> None:
    assert await finish(store, [A, B], [1, 2])
    a, b = await rating(store, A), await rating(store, B)
    assert a and b
    assert a.mu > 25 > b.mu and a.sigma < 25 / 3 and b.sigma < 25 / 3
    assert (a.games, a.wins, a.losses, a.draws, a.streak) == (1, 1, 0, 0, 1)
    assert (b.games, b.wins, b.losses, b.draws, b.streak) == (1, 0, 1, 0, -1)
    assert a.display > 1000 > b.display and a.provisional
    await finish(store, [A, B], [1, 2])
    await finish(store, [B, A], [1, 2])
    a2, b2 = await rating(store, A), await rating(store, B)
    assert a2 and b2 and a2.streak == -1 and b2.streak == 1 and a2.wins == 2 and a2.games == 3


async def test_draw(store: SqliteStore) -> None:
    await finish(store, [A, B], [1, 2])
    await finish(store, [A, B], [1, 1])
    a, b = await rating(store, A), await rating(store, B)
    assert a and b and a.draws == b.draws == 1 and a.streak == b.streak == 0
    assert a.games == 2
    # a draw between equals moves nobody's mu
    await finish(store, [C, 2000], [1, 1])
    c = await rating(store, C)
    assert c and c.mu == pytest.approx(25.0) and c.sigma < 25 / 3


@pytest.mark.parametrize("note", ["forfeit", "timeout-forfeit"])
async def test_forfeit_and_timeout_are_losses(store: SqliteStore, note: str) -> None:
    # the engine ranks a forfeiting seat last already; a buggy rank 1 is still a loss
    await finish(store, [A, B], [1, 1], forfeited=(0,), note=note)
    a, b = await rating(store, A), await rating(store, B)
    assert a and b and a.losses == 1 and a.streak == -1 and b.wins == 1
    assert a.mu < 25 < b.mu


async def test_three_seats(store: SqliteStore) -> None:
    await finish(store, [A, B, C], [1, 2, 3])
    a, b, c = [await rating(store, u) for u in (A, B, C)]
    assert a and b and c and a.mu > b.mu > c.mu
    assert (a.wins, b.losses, c.losses) == (1, 1, 1)
    # a shared first place among three is a win for both leaders
    await finish(store, [A, B, C], [1, 1, 2])
    a, b, c = [await rating(store, u) for u in (A, B, C)]
    assert a and b and c and a.wins == 2 and b.wins == 1 and c.losses == 2


async def test_unrated_changes_nothing(store: SqliteStore) -> None:
    assert await finish(store, [A, B], [1, 2], rated=False)
    assert await rating(store, A) is None and await rating(store, A, "global") is None


async def test_both_scopes_and_dm(store: SqliteStore) -> None:
    await finish(store, [A, B], [1, 2])
    await finish(store, [A, B], [1, 2], guild_id=777)
    await finish(store, [A, B], [1, 2], guild_id=None)
    here, there, world = [await rating(store, A, s) for s in (str(GUILD), "777", "global")]
    assert here and there and world
    assert here.games == there.games == 1 and world.games == 3
    assert here.mu == pytest.approx(there.mu) and world.mu > here.mu


async def test_hook_failure_rolls_back_the_match(make_store: Any) -> None:
    async def broken(conn: aiosqlite.Connection, match: MatchRecord,
                     results: list[ResultRow]) -> None:
        await R.on_results(conn, match, results)
        raise RuntimeError("boom")

    store = make_store(on_results=broken)
    await store.open()
    try:
        with pytest.raises(RuntimeError):
            await finish(store, [A, B], [1, 2])
        rec = await store.get_match(1)
        assert rec is not None and rec.status == "active" and rec.version == 0
        assert await rating(store, A) is None and await rating(store, A, "global") is None
        async with store.read_connection() as conn:
            rows = list(await conn.execute_fetchall("SELECT COUNT(*) FROM match_results"))
        assert rows[0][0] == 0
    finally:
        await store.close()


def test_outcomes_pure() -> None:
    rows = [ResultRow(seat=0, user_id=1, rank=1), ResultRow(seat=1, user_id=2, rank=2),
            ResultRow(seat=2, user_id=3, rank=1, forfeited=True)]
    assert R.model_ranks(rows) == [1, 2, 3]
    assert R.outcomes(rows) == ["win", "loss", "loss"]
    assert R.next_streak(3, "win") == 4 and R.next_streak(3, "loss") == -1
    assert R.next_streak(-2, "loss") == -3 and R.next_streak(-2, "draw") == 0


async def test_referee_forfeit_and_timeouts_rate_as_losses(store: SqliteStore) -> None:
    """Through the real referee: a forfeit, then a loss on timeouts, both rated."""
    from referee.service import Referee
    from tests.engine.toygame import TOY

    now = [1_000_000.0]
    ref = Referee(store, turn_seconds=60, max_timeouts=1, clock=lambda: now[0],
                  registry={"toy": TOY})
    rec, _ = await ref.open_match(guild_id=GUILD, channel_id=2, game_id="toy", options={},
                                  seats=[A, B], seed=5)
    await ref.forfeit(rec.id, A)
    a, b = await rating(store, A, game="toy"), await rating(store, B, game="toy")
    assert a and b and (a.losses, a.streak, b.wins, b.streak) == (1, -1, 1, 1)
    log = await store.action_log(rec.id)
    assert log[-1].note == "forfeit"

    rec2, _ = await ref.open_match(guild_id=GUILD, channel_id=2, game_id="toy", options={},
                                   seats=[A, B], seed=6)
    await ref.act(rec2.id, A, "p3", 0)  # A commits, B lets the clock run out
    now[0] += 61
    applied = await ref.expire(rec2.id, 1)
    assert applied is not None and applied.outcome is not None
    assert (await store.action_log(rec2.id))[-1].note == "timeout-forfeit"
    a, b = await rating(store, A, game="toy"), await rating(store, B, game="toy")
    assert a and b and (a.wins, a.losses, a.streak) == (1, 1, 1)
    assert (b.wins, b.losses, b.streak) == (1, 1, -1)
    world = await rating(store, B, R.GLOBAL, game="toy")
    assert world is not None and world.games == 2


@given(st.lists(st.tuples(st.integers(1, 4), st.booleans()), min_size=2, max_size=6))
def test_rate_invariants(seats: list[tuple[int, bool]]) -> None:
    rows = [ResultRow(seat=i, user_id=100 + i, rank=rank, forfeited=ff)
            for i, (rank, ff) in enumerate(seats)]
    new = R.rate(R.GLOBAL, "g", rows, {})
    for row, after, res in zip(rows, new, R.outcomes(rows), strict=True):
        assert after.games == 1 and after.wins + after.losses + after.draws == 1
        assert after.sigma < R.MODEL.sigma
        if row.forfeited:
            assert res == "loss" and after.streak == -1
        assert (after.streak > 0) == (res == "win")
    ranks = R.model_ranks(rows)
    best = [n for n, r in zip(new, ranks, strict=True) if r == min(ranks)]
    worst = [n for n, r in zip(new, ranks, strict=True) if r == max(ranks)]
    if min(ranks) != max(ranks):
        assert all(b.mu > w.mu for b in best for w in worst)


def test_n_seat_ranks_keep_the_leavers_order_and_ties() -> None:
    """Four seats: seat 0 left first, seat 3 second; seats 1 and 2 tie at the end."""
    rows = [ResultRow(seat=0, user_id=1, rank=4, forfeited=True),
            ResultRow(seat=1, user_id=2, rank=1), ResultRow(seat=2, user_id=3, rank=1),
            ResultRow(seat=3, user_id=4, rank=3, forfeited=True)]
    ranks = R.model_ranks(rows)
    assert ranks[1] == ranks[2] < ranks[3] < ranks[0]
    assert R.outcomes(rows) == ["loss", "win", "win", "loss"]
    new = R.rate(R.GLOBAL, "g", rows, {})
    assert new[1].mu == pytest.approx(new[2].mu)
    # openskill's Plackett-Luce gives the seat right after a tied group that group's mu
    # (a quirk of its tie handling): never more, and the first to leave gets the least
    assert new[2].mu >= new[3].mu > new[0].mu
