"""Boards on time under Discord's rate limits (issue 33): many steps of one match in one
thread, as fast as the players click, and not one request refused with 429; the board
ends showing the final state.

- Played through the UI, the board is edited through the Act click that claimed it (an
  interaction endpoint, outside the global limit and the thread's bucket of messages).
- Steps published with no click owning the board (an AI's, a timeout's) go through the
  bot's token: several pending edits collapse into one and wait for the thread's bucket
  instead of being refused.
"""

from __future__ import annotations

import asyncio
import pathlib
from typing import Any

from referee.service import pending_seats
from tests.e2e.harness import Player, bot_running, challenge_accepted, idle
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import patch_discord
from tests.fakediscord.ratelimit import RateLimits


async def board_current(fake: FakeDiscord, bot: Any, match_id: int,
                        timeout: float = 20) -> Any:
    """Wait until the board records the match's version; the record."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        rec = await bot.store.get_match(match_id)
        if rec.board_version == rec.version and rec.published_version == rec.version:
            return rec
        assert loop.time() < deadline, (rec.version, rec.board_version,
                                         rec.published_version, fake.diagnostics())
        await asyncio.sleep(0.05)


def shows(board: Any, bot: Any, rec: Any, state: Any) -> bool:
    """Whether the board message shows what the bot draws for ``state`` now."""
    table = bot.get_cog("Table")
    want = table.board_payload(rec, state)["embed"].to_dict()
    got = board.embeds[0]
    return all(got.get(k) == want.get(k) for k in ("title", "description", "fields"))


def board_edits(fake: FakeDiscord, board: Any) -> tuple[int, int]:
    """Edits of the board: (through the bot's token, through an interaction's webhook)."""
    by_bot = sum(1 for method, path, _ in fake.requests
                 if method == "PATCH" and path.endswith(f"/messages/{board.id}"))
    by_hook = sum(1 for method, path, _ in fake.requests
                  if method == "PATCH" and "/webhooks/" in path
                  and path.endswith("/messages/@original")
                  and (res := fake.interactions.get(path.split("/")[-3])) is not None
                  and res.source_message is board)
    return by_bot, by_hook


async def test_many_clicks_in_one_thread_no_429_and_the_board_current(
        tmp_path: pathlib.Path) -> None:
    limits = RateLimits(delay=0.005)  # Discord's numbers, a small network delay
    fake = FakeDiscord(rate_limits=limits)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await fake.start()
    try:
        with patch_discord(fake):
            async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
                match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido")
                player = Player(fake, bot, match_id, board, [alice, bob], seed=3,
                                check_leaks=False)
                for _ in range(24):  # as fast as the answers come: no wait for the news
                    if not await player.step():
                        break
                await idle(fake, bot, timeout=30)
                rec = await board_current(fake, bot, match_id)
                _, _, state = await bot.referee.load(match_id)
                assert rec.version >= 12
                assert shows(board, bot, rec, state)
                by_bot, by_hook = board_edits(fake, board)
                assert by_hook >= 6 and by_bot <= 1, (by_bot, by_hook)
    finally:
        await fake.stop()
    assert limits.refused == []
    assert fake.handler_errors == [] and fake.protocol_errors == []


async def test_steps_with_no_click_owning_the_board_collapse_and_wait_their_bucket(
        tmp_path: pathlib.Path) -> None:
    limits = RateLimits(delay=0.005)
    fake = FakeDiscord(rate_limits=limits)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await fake.start()
    try:
        with patch_discord(fake):
            async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
                match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido")
                await idle(fake, bot)
                limits.channel_messages = (3, 1.0)  # the thread's bucket, tight
                limits.buckets.clear()
                table = bot.get_cog("Table")
                before = board_edits(fake, board)
                publishing = []
                steps = 0
                for _ in range(30):  # committed as fast as the referee goes, no clicks
                    rec, game, state = await bot.referee.load(match_id)
                    seats = sorted(pending_seats(game, state))
                    if rec.status != "active" or not seats:
                        break
                    seat = seats[0]
                    action = game.legal(state, seat)[0]
                    applied = await bot.referee.act(match_id, rec.seats[seat], action.aid,
                                                    state.version)
                    publishing.append(asyncio.create_task(table.publish(applied)))
                    steps += 1
                await asyncio.gather(*publishing)
                rec = await board_current(fake, bot, match_id, timeout=60)
                _, _, state = await bot.referee.load(match_id)
                assert shows(board, bot, rec, state)
                by_bot = board_edits(fake, board)[0] - before[0]
                assert 0 < by_bot < steps, (by_bot, steps)  # collapsed
    finally:
        await fake.stop()
    assert limits.refused == []
    assert fake.handler_errors == [] and fake.protocol_errors == []
