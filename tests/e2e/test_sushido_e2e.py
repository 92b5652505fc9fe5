"""A whole Sushido match between two fake users, from /challenge to the result."""

from __future__ import annotations

import pathlib

import pytest

from tests.e2e.harness import Player, bot_running, challenge_accepted, idle
from tests.fakediscord import FakeDiscord


@pytest.mark.parametrize("seed", [1, 2])
async def test_full_match_from_challenge_to_result(
    fake_discord: FakeDiscord, tmp_path: pathlib.Path, tagged_cards: None, seed: int
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido",
                                                   duel="Iaijutsu (1 round)")
        assert board.embeds and "Sushido" in board.embeds[0]["title"]
        assert {c.split(":")[1] for c in board.custom_ids} == {"hand", "act"}
        player = Player(fake, bot, match_id, board, [alice, bob], seed=seed)
        steps = await player.play()
        await idle(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec is not None and rec.status == "finished", steps
        thread = fake.threads(fake.channel)[-1]
        final = fake.messages(thread)[-1]
        assert "Match over" in final.content
        assert any(c.startswith("hj:rm:") for c in final.custom_ids)
        assert player.watch.checked > steps  # every step's public payloads were checked
        log = [e.kind for e in await bot.store.events(match_id)]
        assert "reveal" in log and "match_over" in log
    assert fake.schema_errors == []
    assert fake.unknown_routes == [] and fake.handler_errors == []
