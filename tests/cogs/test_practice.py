"""/practice without Discord: refusals change nothing; the AI plays through the referee,
is never timed out, and is named on the board."""

from __future__ import annotations

import asyncio
import pathlib
from types import SimpleNamespace
from typing import Any

import pytest

from cogs.practice import COMPAT_LEVELS, Practice, ai_name, level_key
from db import SqliteStore
from engine.games import REGISTRY
from referee.i18n import Refusal
from referee.service import Referee
from referee.snapshots import load_state
from tests.clock import Clock

ALICE, AI = 11, 99


class FakeBot:
    """What the practice cog asks of its bot."""

    def __init__(self) -> None:
        self.user = SimpleNamespace(id=AI, display_name="Hajime")
        self.cogs: dict[str, Any] = {}
        self.published: list[Any] = []

    def get_cog(self, name: str) -> Any:
        return self.cogs.get(name)

    def get_guild(self, guild_id: int) -> None:
        return None


class FakeTable:
    def __init__(self, bot: FakeBot) -> None:
        self.bot = bot

    async def publish(self, applied: Any) -> None:
        self.bot.published.append(applied)


class FakeInteraction:
    def __init__(self) -> None:
        self.user = SimpleNamespace(id=ALICE)
        self.guild_id = 1
        self.channel_id = 2
        self.locale = "en-US"
        self.guild_locale = None


@pytest.fixture
async def setup(tmp_path: pathlib.Path):  # type: ignore[no-untyped-def]
    store = SqliteStore(str(tmp_path / "h.sqlite3"))
    await store.open()
    clock = Clock()
    ref = Referee(store, turn_seconds=60, max_timeouts=3, clock=clock)
    bot = FakeBot()
    bot.cogs["Table"] = FakeTable(bot)
    cog = Practice(bot, store, ref)  # type: ignore[arg-type]
    yield store, ref, cog, bot, clock
    await store.close()


async def _count(store: SqliteStore, table: str) -> int:
    async with store.read_connection() as conn:
        rows = await conn.execute_fetchall(f"SELECT COUNT(*) FROM {table}")
    return int(next(iter(rows))[0])


@pytest.mark.parametrize(("game", "level", "key"), [
    ("no_such_game", "hard", "lobby.unknown_game"),
    ("sushido", "godlike", "practice.unknown_level"),
])
async def test_refusals_store_nothing(setup, game: str, level: str, key: str) -> None:  # type: ignore[no-untyped-def]
    store, _ref, cog, _bot, _ = setup
    with pytest.raises(Refusal) as err:
        await cog.start(FakeInteraction(), game, level, {})  # type: ignore[arg-type]
    assert err.value.key == key
    assert await _count(store, "matches") == 0 and await _count(store, "challenges") == 0


async def test_the_live_match_limit_is_the_lobbys(setup) -> None:  # type: ignore[no-untyped-def]
    store, _ref, cog, bot, _ = setup

    class Full:
        async def check_room(self, user_id: int) -> None:
            raise Refusal("lobby.you_at_limit", count=5, limit=5)

    bot.cogs["Lobby"] = Full()
    with pytest.raises(Refusal):
        await cog.start(FakeInteraction(), "sushido", "easy", {})  # type: ignore[arg-type]
    assert await _count(store, "matches") == 0


async def _practice_match(store: SqliteStore, ref: Referee, cog: Practice, game: str,
                          level: str, *, old_row: bool = False) -> int:
    """A practice match as /practice stores it (the level with the match), or as it was
    stored before (``old_row``: the level in a guild setting)."""
    rec, _ = await ref.open_match(guild_id=1, channel_id=2, game_id=game, options={},
                                  seats=[ALICE, AI], rated=False, seed=3,
                                  ai=None if old_row else {1: level})
    await store.set_match_thread(rec.id, 5)
    await store.set_board_message(rec.id, 6, rec.version)
    if old_row:
        await store.set_guild_setting(1, level_key(rec.id), level)
    return rec.id


async def test_the_ai_moves_through_the_referee_at_its_stored_level(setup) -> None:  # type: ignore[no-untyped-def]
    store, ref, cog, bot, _ = setup
    match_id = await _practice_match(store, ref, cog, "world_of_fighters", "hard")
    assert await cog.move(match_id)  # the pick: its seat is asked too
    assert not await cog.move(match_id)  # committed: nothing more until alice moves
    log = await store.action_log(match_id)
    assert [x.seat for x in log] == [1]
    assert len(bot.published) == 1 and bot.published[0].seat == 1
    assert type(cog.agents[(match_id, 1)]).__name__ == "HardAgent"  # read from the match
    rec = await store.get_match(match_id)
    assert rec is not None and rec.options["_ai"] == {"1": "hard"}
    assert ai_name(rec, 1) == "Hajime (AI, hard)" and ai_name(rec, 0) is None
    assert ai_name(rec, 1, "fr") == "Hajime (IA, difficile)"
    # a sweep after a restart finds its live matches and plays what it owes
    await ref.act(match_id, ALICE, "pick-rocco", None)
    fresh = Practice(bot, store, ref)  # type: ignore[arg-type]
    await fresh.sweep()
    await asyncio.gather(*fresh.running.values())
    rec = await store.get_match(match_id)
    assert rec is not None and (await load_state(store, REGISTRY[rec.game], rec)).phase == "commit"
    assert fresh.moves >= 1
    # the restarted cog plays at the level kept with the match, and no setting exists
    assert fresh.levels[match_id] == {1: "hard"}
    assert type(fresh.agents[(match_id, 1)]).__name__ == "HardAgent"
    assert await store.guild_setting(1, level_key(match_id), "none") == "none"


async def test_a_match_stored_with_a_level_setting_still_plays_and_the_setting_goes(setup) -> None:  # type: ignore[no-untyped-def]
    store, ref, _cog, bot, _ = setup
    match_id = await _practice_match(store, ref, _cog, "world_of_fighters", "easy",
                                     old_row=True)
    fresh = Practice(bot, store, ref)  # type: ignore[arg-type]  # as after a restart
    await fresh.sweep()
    await asyncio.gather(*fresh.running.values())
    assert fresh.levels[match_id] == {1: "easy"} and fresh.moves == 1
    assert type(fresh.agents[(match_id, 1)]).__name__ != "HardAgent"
    rec = await store.get_match(match_id)
    assert rec is not None and ai_name(rec, 1) == "Hajime (AI, easy)"
    assert await store.guild_setting(1, level_key(match_id), "none") == "easy"
    await ref.forfeit(match_id, ALICE)  # over: the old setting is deleted
    await fresh.move(match_id)
    assert await store.guild_setting(1, level_key(match_id), "none") == "none"
    assert match_id not in fresh.levels
    COMPAT_LEVELS.pop(match_id, None)


async def test_the_ai_is_never_timed_out(setup) -> None:  # type: ignore[no-untyped-def]
    store, ref, cog, _bot, clock = setup
    match_id = await _practice_match(store, ref, cog, "world_of_fighters", "easy")
    assert cog.ai_user == AI and AI in ref.untimed
    clock.now += 61
    applied = await ref.expire(match_id, 0)
    assert applied is not None and applied.match.timeouts == [1, 0]
    state = applied.state
    assert 0 in state.picks and 1 not in state.picks  # only alice's default was played
    # with only the AI deciding, a missed deadline does nothing: it is on its way
    clock.now += 61
    assert await ref.expire(match_id, applied.match.version) is None


async def test_ai_seats_of_a_table_play_at_their_levels_and_are_never_timed(setup) -> None:  # type: ignore[no-untyped-def]
    """A /host table's AI seats (virtual ids, levels kept with the match): a restarted
    cog finds them and plays each at its own level until a person must decide; the
    referee never times them out."""
    store, ref, _cog, bot, clock = setup
    game = REGISTRY["kingdom_of_loathing"]
    seed = next(n for n in range(50)  # an AI seat plays first
                if game.setup(game.parse_options({}), 3, n).actor == 1)
    rec, _ = await ref.open_match(guild_id=1, channel_id=2, game_id="kingdom_of_loathing",
                                  options={}, seats=[ALICE, -1, -2], rated=False, seed=seed,
                                  ai={1: "easy", 2: "hard"})
    await store.set_match_thread(rec.id, 5)
    await store.set_board_message(rec.id, 6, rec.version)
    assert ai_name(rec, 1) == "Hajime (AI, easy)" and ai_name(rec, 2) == "Hajime (AI, hard)"
    assert ai_name(rec, 0) is None
    clock.now += 10_000  # the AI owes the first decision: a deadline passing does nothing
    assert await ref.expire(rec.id, rec.version) is None
    fresh = Practice(bot, store, ref)  # type: ignore[arg-type]  # as after a restart
    await fresh.sweep()
    await asyncio.gather(*fresh.running.values())
    assert fresh.levels[rec.id] == {1: "easy", 2: "hard"} and fresh.moves >= 1
    live = await store.get_match(rec.id)
    assert live is not None and live.status == "active"
    state = await load_state(store, game, live)
    pending = {s for s, p in game.prompts(state).items() if not p.committed}
    assert pending == {0}  # the AIs played until alice must decide
    log = await store.action_log(rec.id)
    assert log and {x.seat for x in log} <= {1, 2}
    kinds = {s: type(a).__name__ for (m, s), a in fresh.agents.items() if m == rec.id}
    assert kinds[1] == "EasyAgent" and kinds.get(2, "HardAgent") == "HardAgent"


def test_practice_offers_the_expert_level_with_its_budget() -> None:
    from cogs.practice import LEVEL_CHOICES
    from engine.ai.budget import DEFAULT_SECONDS
    from referee.i18n import t as translate

    assert [c.value for c in LEVEL_CHOICES][-1] == "expert"
    assert translate("fr", "practice.level.expert") == "expert"
    assert translate("en-US", "practice.level.expert") == "expert"
    cog = Practice(object(), object(), object())  # type: ignore[arg-type]
    assert cog.expert_budget.seconds == DEFAULT_SECONDS
