"""The player who thinks longer is never refused (issue 29), through the offline Discord.

In every game with simultaneous decisions, both players open their hand (Act) at the same
board; one chooses; then the other chooses from the hand they opened *before* that
commit. Their choice still stands: the answer edits their hand in place (no "That board
has changed"), and the reveal happens once both are in.
"""

from __future__ import annotations

import pathlib
import random

import pytest

from tests.e2e.harness import Player, bot_running, challenge_accepted, click_any, idle, press
from tests.fakediscord import FakeDiscord

GAMES = ["sushido", "world_of_fighters", "epic_battles", "mortal_kombat"]


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_hand_opened_before_the_rivals_commit_still_chooses(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, game_id: str) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    rng = random.Random(game_id)
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, game_id)
        player = Player(fake, bot, match_id, board, [alice, bob], seed=3, check_leaks=True)
        users = {u.id: u for u in (alice, bob)}
        raced = 0
        for _ in range(300):
            game, rec, state = await player.state()
            if rec.status != "active" or raced >= 3:
                break
            deciding = [s for s, p in game.prompts(state).items()
                        if p.simultaneous and not p.committed]
            if len(deciding) < 2:
                await player.step()
                continue
            first, second = (users[rec.seats[s]] for s in rng.sample(deciding, 2))
            hands = {}
            for user in (first, second):  # both open their hand at the same board
                got = await press(user, board, f"hj:act:{match_id}")
                assert got.ephemeral and got.message is not None, got.content
                hands[user.id] = got.message
            where = (state.version, {s: p.kind for s, p in game.prompts(state).items()})
            await click_any(first, hands[first.id], rng)  # one commits (or starts to)
            await idle(fake, bot)
            # the other chooses from the hand opened before: edited in place, not refused
            try:
                await click_any(second, hands[second.id], rng)
            except AssertionError as exc:
                raise AssertionError(f"refused at {where}: {exc}") from None
            await idle(fake, bot)
            raced += 1
        assert raced >= 1, f"no simultaneous decision reached in {game_id}"
    assert fake.schema_errors == [] and fake.handler_errors == []
