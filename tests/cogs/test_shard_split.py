"""Shards sized like a real bot (issue 33): ``shard_count = 0`` takes Discord's
recommendation, and ``process_count`` processes share any number of shards."""

from __future__ import annotations

import pytest

from bot import recommended_shards
from cogs.config import ConfigError, Settings, load_settings, split_shards
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import patch_discord


def test_processes_share_every_shard_once() -> None:
    for count in (1, 2, 5, 16, 33):
        for procs in range(1, min(count, 6) + 1):
            got: list[int] = []
            for i in range(procs):
                mine = split_shards(Settings(token="x", shard_count=count, process_count=procs,
                                             process_index=i)).shard_ids or list(range(count))
                assert mine and all(s % procs == i for s in mine)
                got += mine
            assert sorted(got) == list(range(count))


def test_the_recommendation_fills_an_automatic_count() -> None:
    auto = Settings(token="x", shard_count=0, process_count=2, process_index=1)
    done = split_shards(auto, recommended=5)
    assert done.shard_count == 5 and done.shard_ids == [1, 3]
    alone = split_shards(Settings(token="x", shard_count=0), recommended=3)
    assert alone.shard_count == 3 and alone.shard_ids == []  # one process: every shard


def test_refusals_are_clear() -> None:
    with pytest.raises(ConfigError, match="has no shard"):
        split_shards(Settings(token="x", shard_count=2, process_count=3, process_index=2))
    with pytest.raises(ConfigError, match="process_index"):
        load_settings(env={"DISCORD_TOKEN": "x", "HAJIME_PROCESS_COUNT": "2",
                           "HAJIME_PROCESS_INDEX": "2"})
    with pytest.raises(ConfigError, match="shard_ids"):
        load_settings(env={"DISCORD_TOKEN": "x", "HAJIME_SHARD_COUNT": "0",
                           "HAJIME_SHARD_IDS": "0"})
    env = load_settings(env={"DISCORD_TOKEN": "x", "HAJIME_SHARD_COUNT": "0",
                             "HAJIME_PROCESS_COUNT": "3", "HAJIME_PROCESS_INDEX": "2"})
    assert (env.shard_count, env.process_count, env.process_index) == (0, 3, 2)


async def test_discords_recommendation_is_asked() -> None:
    fake = FakeDiscord(shard_count=4)
    await fake.start()
    try:
        with patch_discord(fake):
            assert await recommended_shards("token") == 4
    finally:
        await fake.stop()
