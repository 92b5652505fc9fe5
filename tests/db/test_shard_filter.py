"""The background queries filtered by shard in SQL (issue 33), on both backends: each bot
process reads only the deadlines, challenges, tables and tournaments of its own guilds,
with Discord's formula ``(guild_id >> 22) % shard_count`` (no guild: shard 0)."""

from __future__ import annotations

from db import SqliteStore
from db.sql import shard_sql
from tests.clock import Clock
from tests.db.helpers import new_match

SNOW = [(7 << 22) | 5, (8 << 22) | 9, (1 << 22) * 123456789 + 77, 1_162_345_678_901_234_567]
"""Guild snowflakes on various shards (the last is a real-sized id)."""


def shard(guild: int | None, count: int) -> int:
    return 0 if guild is None else (guild >> 22) % count


async def test_every_background_query_keeps_its_shards_rows(store: SqliteStore,
                                                            clock: Clock) -> None:
    guilds: list[int | None] = [*SNOW, None]
    for g in guilds:
        await new_match(store, guild_id=g, deadline=clock.now - 1)
        await store.create_challenge(guild_id=g, channel_id=1, challenger_id=1, opponent_id=2,
                                     game="sushido", options={}, expires_at=clock.now + 60)
        await store.create_lobby(guild_id=g, channel_id=1, host_id=1, game="sushido",
                                 options={}, seats=2, invited=[], expires_at=clock.now + 60)
        await store.create_tournament(guild_id=g, channel_id=1, organiser_id=1,
                                      game="sushido", format="single", options={})
    for count in (1, 2, 3, 5):
        seen: list[int | None] = []
        for me in range(count):
            flt = (count, (me,))
            due = await store.due_matches(clock.now, flt)
            assert sorted(shard(m.guild_id, count) for m in due) == [me] * len(due)
            assert {m.guild_id for m in due} == \
                {g for g in guilds if shard(g, count) == me}
            challenges = await store.open_challenges(flt)
            assert {c.guild_id for c in challenges} == {m.guild_id for m in due}
            lobbies = await store.open_lobbies(flt)
            assert {x.guild_id for x in lobbies} == {m.guild_id for m in due}
            events = await store.live_tournaments(flt)
            assert {x.guild_id for x in events} == {m.guild_id for m in due}
            seen += [m.guild_id for m in due]
        assert sorted(seen, key=str) == sorted(guilds, key=str)  # each row read by one
    everything = await store.due_matches(clock.now, None)
    assert len(everything) == len(guilds)
    assert len(await store.due_matches(clock.now, (3, (0, 1, 2)))) == len(guilds)


def test_no_filter_is_no_clause() -> None:
    assert shard_sql(None) == ("", ())
    clause, params = shard_sql((4, (1, 3)))
    assert params == (4, 1, 3) and clause.count("?") == 3
