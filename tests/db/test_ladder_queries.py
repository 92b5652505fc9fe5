"""Ladder queries: leaderboard order and paging, opt-out, profile, history, reset."""

from __future__ import annotations

from typing import Any

import pytest

from db import SqliteStore
from db import ladder_queries as Q
from db import ratings as R
from tests.db.test_ratings import GUILD, finish

SCOPE = str(GUILD)


@pytest.fixture
async def store(make_store: Any):
    s = make_store(on_results=R.on_results)
    await s.open()
    yield s
    await s.close()


async def seed_ratings(store: SqliteStore, n: int, scope: str = SCOPE,
                       game: str = "sushido") -> None:
    """Players 1..n with strictly decreasing ratings (player 1 best)."""
    async with store.write_transaction() as conn:
        await R.save_ratings(conn, [
            R.Rating(scope, game, uid, mu=40.0 - uid * 0.1, sigma=5.0, games=uid % 9)
            for uid in range(1, n + 1)], now=1.0)


async def test_order_and_paging(store: SqliteStore) -> None:
    await seed_ratings(store, 25)
    await seed_ratings(store, 3, scope="global")
    first = await Q.leaderboard_page(store, SCOPE, "sushido", 0, 10)
    assert first.total == 25 and [r.user_id for r in first.rows] == list(range(1, 11))
    assert [r.rank for r in first.rows] == list(range(1, 11))
    ratings = [r.rating for r in first.rows]
    assert ratings == sorted(ratings, reverse=True)
    assert first.rows[0].provisional  # 1 game
    assert not first.rows[7].provisional  # 8 games, sigma 5
    last = await Q.leaderboard_page(store, SCOPE, "sushido", 20, 10)
    assert [r.rank for r in last.rows] == [21, 22, 23, 24, 25]
    beyond = await Q.leaderboard_page(store, SCOPE, "sushido", 40, 10)
    assert beyond.rows == [] and beyond.total == 25
    other = await Q.leaderboard_page(store, SCOPE, "world_of_fighters")
    assert other.total == 0 and other.rows == []
    assert (await Q.leaderboard_page(store, "global", "sushido")).total == 3


async def test_ties_break_by_mu_then_first_rated(store: SqliteStore) -> None:
    async with store.write_transaction() as conn:
        await R.save_ratings(conn, [
            R.Rating(SCOPE, "g", 5, mu=30.0, sigma=5.0),   # ordinal 15
            R.Rating(SCOPE, "g", 4, mu=27.0, sigma=4.0),   # ordinal 15, lower mu
            R.Rating(SCOPE, "g", 3, mu=30.0, sigma=5.0),   # same as 5: rated later
        ], now=1.0)
    page = await Q.leaderboard_page(store, SCOPE, "g")
    assert [r.user_id for r in page.rows] == [5, 3, 4]
    for row in page.rows:
        prof = await Q.game_profile(store, SCOPE, "g", row.user_id)
        assert prof is not None and prof.rank == row.rank


async def test_opt_out(store: SqliteStore) -> None:
    await seed_ratings(store, 5)
    assert not await Q.get_hidden(store, 2)
    await Q.set_hidden(store, 2, True)
    assert await Q.get_hidden(store, 2)
    page = await Q.leaderboard_page(store, SCOPE, "sushido")
    assert page.total == 4 and [r.user_id for r in page.rows] == [1, 3, 4, 5]
    assert [r.rank for r in page.rows] == [1, 2, 3, 4]
    prof3 = await Q.game_profile(store, SCOPE, "sushido", 3)
    assert prof3 is not None and prof3.rank == 2 and prof3.listed == 4
    await Q.set_hidden(store, 2, False)
    assert (await Q.leaderboard_page(store, SCOPE, "sushido")).total == 5


async def test_profile_and_history(store: SqliteStore) -> None:
    A, B, C = 1001, 1002, 1003
    await finish(store, [A, B], [1, 2], labels=["Ryu", "Ken"])
    await finish(store, [B, A], [1, 2], labels=["Ken", "Chun"])
    await finish(store, [A, C], [1, 2], labels=["Ryu", "Zed"])
    await finish(store, [A, C], [1, 1], labels=["Chun", "Zed"], game="world_of_fighters")
    await finish(store, [A, C], [2, 1], labels=["Ryu", "Zed"], guild_id=999)
    prof = await Q.game_profile(store, SCOPE, "sushido", A, recent=2)
    assert prof is not None
    assert (prof.rating.wins, prof.rating.losses, prof.rating.draws) == (2, 1, 0)
    assert prof.rating.streak == 1 and prof.favourite == "Ryu" and prof.rank == 1
    assert [m.match_id for m in prof.recent] == [3, 2]
    mine = prof.recent[0].result_of(A)
    assert mine is not None and mine.rank == 1 and mine.label == "Ryu"
    assert prof.recent[0].link == f"https://discord.com/channels/{GUILD}/7"
    world = await Q.game_profile(store, "global", "sushido", A)
    assert world is not None and world.rating.games == 4
    assert await Q.game_profile(store, SCOPE, "sushido", 424242) is None
    assert await Q.rated_games(store, SCOPE, A) == ["sushido", "world_of_fighters"]

    everything = await Q.history_page(store, A, offset=0, limit=3)
    assert everything.total == 5 and [m.match_id for m in everything.matches] == [5, 4, 3]
    rest = await Q.history_page(store, A, offset=3, limit=3)
    assert [m.match_id for m in rest.matches] == [2, 1]
    wof = await Q.history_page(store, A, game="world_of_fighters")
    assert wof.total == 1 and wof.matches[0].game == "world_of_fighters"
    here = await Q.history_page(store, A, guild_id=GUILD)
    assert here.total == 4
    assert {s.user_id for s in here.matches[0].seats} == {A, C}


async def test_reset(store: SqliteStore) -> None:
    await seed_ratings(store, 4)
    await seed_ratings(store, 4, game="world_of_fighters")
    await seed_ratings(store, 4, scope="global")
    assert await Q.reset_ladder(store, GUILD, "sushido") == 4
    assert (await Q.leaderboard_page(store, SCOPE, "sushido")).total == 0
    assert (await Q.leaderboard_page(store, SCOPE, "world_of_fighters")).total == 4
    assert (await Q.leaderboard_page(store, "global", "sushido")).total == 4
