"""Ratings: openskill updates through the store's results hook, both scopes, atomicity."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from db import ActionLog, MatchRecord, ResultRow, SqliteStore
from db import ratings as R

GUILD = 555
A, B, C = 1001, 1002, 1003


@pytest.fixture
async def store(tmp_path: Path):
    s = SqliteStore(str(tmp_path / "r.db"), on_results=R.on_results)
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


async def test_hook_failure_rolls_back_the_match(tmp_path: Path) -> None:
    async def broken(conn: aiosqlite.Connection, match: MatchRecord,
                     results: list[ResultRow]) -> None:
        await R.on_results(conn, match, results)
        raise RuntimeError("boom")

    store = SqliteStore(str(tmp_path / "x.db"), on_results=broken)
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
