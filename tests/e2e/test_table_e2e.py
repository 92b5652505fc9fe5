"""Restart safety, bad input and turn timers, end to end with the real bot."""

from __future__ import annotations

import asyncio
import pathlib
from typing import Any

from engine.games import REGISTRY
from referee.snapshots import load_state
from tests.e2e.harness import (
    Player,
    bot_running,
    challenge_accepted,
    idle,
    press,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord.store import walk_components
from tests.fakediscord.users import FakeUser


async def pending(bot: Any, match_id: int) -> dict[int, bool]:
    rec = await bot.store.get_match(match_id)
    game = REGISTRY[rec.game]
    return {s: p.committed for s, p in game.prompts(await load_state(bot.store, game, rec)).items()}


async def version(bot: Any, match_id: int) -> int:
    rec = await bot.store.get_match(match_id)
    return int(rec.version)


async def first_control(user: FakeUser, board: Any, match_id: int) -> tuple[Any, dict[str, Any]]:
    """Press Act and return the ephemeral message and its first control."""
    hand = await press(user, board, f"hj:act:{match_id}")
    assert hand.ephemeral and hand.message is not None, hand.content
    comp = next(c for c in walk_components(hand.message.components) if c.get("type") in (2, 3))
    return hand.message, comp


async def use(user: FakeUser, msg: Any, comp: dict[str, Any]) -> Any:
    if comp["type"] == 3:
        return await (await user.select(msg, comp["custom_id"],
                                        [comp["options"][0]["value"]])).response()
    return await press(user, msg, comp["custom_id"])


async def test_restart_between_two_commits(fake_discord: FakeDiscord,
                                           tmp_path: pathlib.Path) -> None:
    """Stop the bot after one player committed and before the other did; restart; go on."""
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db) as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido",
                                                   duel="Iaijutsu (1 round)")
        msg, comp = await first_control(alice, board, match_id)  # alice picks her fighter
        assert (await use(alice, msg, comp)).response_type == 7
        await idle(fake, bot)
        assert await pending(bot, match_id) == {0: True, 1: False}
        before = await version(bot, match_id)
        syncs = fake.command_syncs
    async with bot_running(fake, db) as bot:  # a new process: nothing in memory
        assert fake.command_syncs == syncs  # same commands: no needless sync on restart
        assert await pending(bot, match_id) == {0: True, 1: False}
        assert await version(bot, match_id) == before
        msg, comp = await first_control(bob, board, match_id)  # the old board's button
        assert (await use(bob, msg, comp)).response_type == 7
        await idle(fake, bot)
        assert await version(bot, match_id) == before + 1
        thread = fake.threads(fake.channel)[-1]
        assert any("Fighters:" in m.content for m in fake.messages(thread))
        player = Player(fake, bot, match_id, board, [alice, bob], seed=3)
        await player.play()
        await idle(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec.status == "finished"
    assert fake.schema_errors == [] and fake.handler_errors == []


async def test_turn_timer_reminds_then_plays_defaults_then_forfeits(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3", turn_seconds=0.6,
                           timer_tick_seconds=0.05) as bot:
        match_id, _board = await challenge_accepted(fake, bot, alice, bob, "sushido")
        thread = fake.threads(fake.channel)[-1]
        await fake.wait_for(lambda: any("half your time" in m.content
                                        for m in fake.messages(thread)), timeout=5,
                            what="a reminder")
        for _ in range(200):  # nobody plays: defaults, then a forfeit on timeouts
            rec = await bot.store.get_match(match_id)
            if rec.status == "finished":
                break
            await asyncio.sleep(0.05)
        await idle(fake, bot)
        assert rec.status == "finished"
        kinds = [e.kind for e in await bot.store.events(match_id)]
        assert kinds.count("timeout") >= 2 and "match_over" in kinds
        # the timer publishes after its commit: wait for the narration and the result
        text = await fake.wait_for(
            lambda: (lambda t: t if "Match over" in t else "")(
                "\n".join(m.content for m in fake.messages(thread))),
            timeout=5, what="the timed-out match's result")
        assert "Time ran out for" in text
        log = await bot.store.action_log(match_id)
        assert log[-1].note == "timeout-forfeit"


async def test_deadlines_are_rearmed_after_a_restart(fake_discord: FakeDiscord,
                                                     tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db, turn_seconds=60) as bot:
        match_id, _ = await challenge_accepted(fake, bot, alice, bob, "sushido")
        async with bot.store.write_transaction() as conn:  # the deadline passes while down
            await conn.execute("UPDATE matches SET deadline = 1 WHERE id = ?", (match_id,))
    async with bot_running(fake, db, turn_seconds=60, timer_tick_seconds=0.05) as bot:
        await fake.wait_for(lambda: True, timeout=0.1)
        for _ in range(100):
            if "timeout" in [e.kind for e in await bot.store.events(match_id)]:
                break
            await asyncio.sleep(0.05)
        assert "timeout" in [e.kind for e in await bot.store.events(match_id)]


async def test_controls_that_do_not_fit_are_paged(fake_discord: FakeDiscord,
                                                  tmp_path: pathlib.Path,
                                                  monkeypatch: Any) -> None:
    """One row per action (forced) overflows 5 rows: Previous/Next page through them."""
    from referee.render.base import Group
    from referee.render.sushido import SushidoRenderer

    monkeypatch.setattr(SushidoRenderer, "groups",
                        lambda self, choices, loc="en-US": [Group(k, [c]) for k, c in choices])
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido")
        hand = await press(alice, board, f"hj:act:{match_id}")  # 6 fighters: 6 rows
        msg = hand.message
        first = [c for c in msg.custom_ids if c.startswith("hj:a:")]
        assert len(first) == 4 and f"hj:act:{match_id}:1" in msg.custom_ids
        nxt = await press(alice, msg, f"hj:act:{match_id}:1")
        assert nxt.response_type == 7 and nxt.message is msg
        second = [c for c in msg.custom_ids if c.startswith("hj:a:")]
        assert len(second) == 2 and not set(first) & set(second)
        done = await press(alice, msg, second[-1])  # an action from page 2 works
        assert done.response_type == 7
        await idle(fake, bot)
        assert (await bot.store.get_match(match_id)).version == 1
    assert fake.schema_errors == [] and fake.handler_errors == []
