"""N-seat tables in the store (migration v004), on SQLite and PostgreSQL: seating is
compare-and-set, a table starts (and creates its match) once, and open tables survive a
restart."""

from __future__ import annotations

import asyncio
from typing import Any

from db import SqliteStore

from .test_boards import EVER, count


async def open_table(store: SqliteStore, seats: int = 3, invited: list[int] | None = None,
                     expires_at: float = EVER) -> int:
    lobby = await store.create_lobby(
        guild_id=1, channel_id=5, host_id=11, game="toyturns", options={"target": 5},
        seats=seats, invited=invited or [], expires_at=expires_at)
    assert lobby.players == [11] and lobby.status == "open"
    return lobby.id


def match(seats: list[int]) -> dict[str, Any]:
    return dict(guild_id=1, channel_id=5, game="toyturns", options={"target": 5},
                seats=seats, state="{}", version=0, deadline=100.0)


async def test_join_and_leave_are_compare_and_set(store: SqliteStore) -> None:
    lid = await open_table(store)
    assert await store.seat_lobby(lid, [11], [11, 12])
    assert not await store.seat_lobby(lid, [11], [11, 13])  # stale: 12 sat down first
    assert await store.seat_lobby(lid, [11, 12], [11])  # 12 leaves
    lobby = await store.get_lobby(lid)
    assert lobby is not None and lobby.players == [11] and lobby.options == {"target": 5}
    await store.set_lobby_message(lid, 77)
    lobby = await store.get_lobby(lid)
    assert lobby is not None and lobby.message_id == 77
    assert await store.get_lobby(98765) is None


async def test_racing_for_the_last_seat_seats_one(store: SqliteStore) -> None:
    lid = await open_table(store, seats=2)
    done = await asyncio.gather(*(store.seat_lobby(lid, [11], [11, u]) for u in (12, 13, 14)))
    assert sum(done) == 1


async def test_a_table_starts_once_with_the_seated_players(store: SqliteStore) -> None:
    lid = await open_table(store)
    assert await store.seat_lobby(lid, [11], [11, 12])
    assert await store.seat_lobby(lid, [11, 12], [11, 12, 13])
    assert await store.start_lobby(lid, [11, 13], **match([11, 13])) is None  # not who sat
    rec = await store.start_lobby(lid, [11, 12, 13], **match([12, 13, 11]))  # seat order
    assert rec is not None and rec.opening and rec.seats == [12, 13, 11]
    lobby = await store.get_lobby(lid)
    assert lobby is not None and lobby.status == "started" and lobby.match_id == rec.id
    assert await store.lobby_of_match(rec.id) == lobby
    assert await store.lobby_of_match(rec.id + 1) is None
    assert await store.start_lobby(lid, [11, 12, 13], **match([11, 12, 13])) is None  # double click
    assert not await store.seat_lobby(lid, [11, 12, 13], [11, 12])  # closed: no leave
    assert not await store.close_lobby(lid, "cancelled")
    assert await count(store, "matches") == 1
    for user in (11, 12, 13):
        assert [m.id for m in await store.live_matches(user)] == [rec.id]


async def test_racing_starts_make_exactly_one_match(store: SqliteStore) -> None:
    lid = await open_table(store, seats=2)
    assert await store.seat_lobby(lid, [11], [11, 12])
    made = await asyncio.gather(*(store.start_lobby(lid, [11, 12], **match([11, 12]))
                                  for _ in range(6)))
    assert sum(m is not None for m in made) == 1
    assert await count(store, "matches") == 1


async def test_open_tables_and_closing(store: SqliteStore) -> None:
    a = await open_table(store)
    b = await open_table(store, invited=[12, 13])
    c = await open_table(store)
    assert await store.close_lobby(c, "expired")
    assert not await store.close_lobby(c, "cancelled")
    opened = await store.open_lobbies()
    assert [x.id for x in opened] == [a, b] and opened[1].invited == [12, 13]
    assert await store.start_lobby(c, [11], **match([11])) is None


async def test_an_open_table_survives_a_restart(make_store: Any) -> None:
    first = make_store()
    await first.open()
    lid = await open_table(first)
    assert await first.seat_lobby(lid, [11], [11, 12])
    await first.close()
    again = make_store()
    await again.open()
    try:
        lobby = await again.get_lobby(lid)
        assert lobby is not None and lobby.players == [11, 12] and lobby.status == "open"
        assert [x.id for x in await again.open_lobbies()] == [lid]
    finally:
        await again.close()
