"""Which process looks after which guild: Discord's shard formula and the config."""

from __future__ import annotations

import pathlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bot
from cogs.config import ConfigError, Settings, load_settings
from cogs.shards import Shards, owns, shard_of
from db import store_from_url

GUILD_IDS = st.integers(min_value=0, max_value=2**63 - 1)


def test_the_shard_of_a_guild_is_discords_formula() -> None:
    # Discord's documented example: guild 41771983423143937 on 2 shards is... its
    # timestamp bits (id >> 22) modulo the shard count
    gid = 41771983423143937
    assert shard_of(gid, 1) == 0
    assert shard_of(gid, 2) == (gid >> 22) % 2
    assert shard_of(gid, 7) == (gid >> 22) % 7
    assert shard_of(None, 5) == 0  # direct messages: shard 0


@given(GUILD_IDS, st.integers(min_value=1, max_value=16), st.randoms())
def test_a_split_of_the_shards_gives_each_guild_to_exactly_one_process(
        gid: int, count: int, rnd: object) -> None:
    ids = list(range(count))
    rnd.shuffle(ids)  # type: ignore[attr-defined]
    cut = rnd.randint(1, count) if count > 1 else 1  # type: ignore[attr-defined]
    processes = [Shards.of(count, ids[:cut]), Shards.of(count, ids[cut:])] if cut < count \
        else [Shards.of(count, ids)]
    assert sum(p.owns(gid) for p in processes) == 1


def test_one_process_without_shard_ids_owns_everything() -> None:
    assert Shards.of(3, []).everything and Shards.of(3, []).owns(123 << 22)
    assert owns(object(), 5)  # a bot that knows nothing of shards (tests' stand-ins)


def test_shard_settings_are_checked_and_read_from_the_environment(
        tmp_path: pathlib.Path) -> None:
    s = load_settings(None,
                      env={"HAJIME_SHARD_COUNT": "4", "HAJIME_SHARD_IDS": "1, 3"})
    assert (s.shard_count, s.shard_ids) == (4, [1, 3])
    for bad in ('shard_count = 2\nshard_ids = [2]\n', 'shard_count = 2\nshard_ids = [0, 0]\n',
                'shard_count = -1\n'):
        cfg = tmp_path / "c.toml"
        cfg.write_text(bad)
        with pytest.raises(ConfigError, match="shard"):
            load_settings(cfg, env={})


def test_the_bot_connects_to_its_shards(tmp_path: pathlib.Path) -> None:
    store = store_from_url(str(tmp_path / "x.sqlite3"))
    one = bot.make_bot(Settings(token="x", shard_count=2, shard_ids=[1]), store)
    assert type(one) is bot.HajimeBot
    assert (one.shard_id, one.shard_count) == (1, 2)
    assert one.hajime_shards.owns(1 << 22) and not one.hajime_shards.owns(2 << 22)
    both = bot.make_bot(Settings(token="x", shard_count=2), store)
    assert isinstance(both, bot.ShardedHajimeBot)
    assert (both.shard_ids, both.shard_count) == ([0, 1], 2)
    plain = bot.make_bot(Settings(token="x"), store)
    assert type(plain) is bot.HajimeBot and plain.shard_count is None
