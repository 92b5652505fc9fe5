"""Whole practice matches against the AI through the offline Discord, at every level.

The human plays random legal choices through the UI (the harness's player); the AI seat
is the bot's own user and moves by itself as soon as it is prompted. The match is
unrated (no rating row), the AI is named on the board and never pinged.
"""

from __future__ import annotations

import asyncio
import pathlib
import time
from typing import Any

import pytest

import cogs.practice as P
from tests.e2e.harness import AiPlayer, bot_running, idle
from tests.fakediscord import FakeDiscord
from tests.fakediscord.users import FakeUser


class PracticePlayer(AiPlayer):
    """The harness's player for the human seat; waits for the AI between its moves."""

    async def pending_user(self) -> FakeUser | None:
        await self.ai_done()
        game, rec, state = await self.state()
        if rec.status != "active":
            return None
        human = self.users[0]
        seat = rec.seats.index(human.id)
        prompt = game.prompts(state).get(seat)
        assert prompt is not None and not prompt.committed, "the human has nothing to do"
        return human


async def practice_match(fake: FakeDiscord, bot: Any, alice: FakeUser, game: str,
                         level: str | None, seed: int, **challenge: Any) -> int:
    """Open a practice match (``/practice``, or ``/challenge`` of the bot itself with
    ``challenge`` options) and play it to the end; returns the match id."""
    if challenge:
        res = await (await alice.slash("challenge", opponent=fake.bot_user, game=game,
                                       **challenge)).response()
    else:
        opts = {"level": level} if level else {}
        res = await (await alice.slash("practice", game=game, **opts)).response()
    assert res.ephemeral and "unrated" in (res.content or ""), res.content
    await idle(fake, bot)
    deadline = time.monotonic() + 10
    while not fake.threads(fake.channel) or not fake.messages(fake.threads(fake.channel)[-1]):
        assert time.monotonic() < deadline, "no board was posted"
        await asyncio.sleep(0.005)
    thread = fake.threads(fake.channel)[-1]
    board = fake.messages(thread)[0]
    act = next(c for c in board.custom_ids if c.startswith("hj:act:"))
    match_id = int(act.split(":")[2])
    player = PracticePlayer(fake, bot, match_id, board, [alice], seed=seed)
    await player.ai_done()
    steps = await player.play()
    await player.settle()
    rec = await bot.store.get_match(match_id)
    assert rec is not None and rec.status == "finished", steps
    assert not rec.rated and rec.seats == [alice.id, fake.bot_user.id]
    return match_id


def _thread_texts(fake: FakeDiscord) -> str:
    thread = fake.threads(fake.channel)[-1]
    return "\n".join(repr(b) for m in fake.messages(thread) for b in m.history)


@pytest.mark.parametrize("game", ["sushido", "world_of_fighters"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
async def test_a_full_practice_match_against_each_level(
    fake_discord: FakeDiscord, tmp_path: pathlib.Path, game: str, level: str,
) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        if game == "sushido":  # one round: the bot itself challenged, duel Iaijutsu
            match_id = await practice_match(fake, bot, alice, game, None, 1,
                                            duel="Iaijutsu (1 round)") \
                if level == "normal" else None
        else:
            match_id = None
        if match_id is None:
            match_id = await practice_match(fake, bot, alice, game, level, 2)
        practice: Any = bot.get_cog("Practice")
        assert practice.moves > 0
        async with bot.store.read_connection() as conn:
            rows = await conn.execute_fetchall("SELECT COUNT(*) FROM ratings")
        assert int(next(iter(rows))[0]) == 0  # unrated: no rating, no leaderboard row
        texts = _thread_texts(fake)
        assert f"(AI, {level})" in texts  # the board names the AI
        assert f"<@{fake.bot_user.id}>" not in texts  # never pinged, never a mention
        if (game, level) == ("world_of_fighters", "easy"):  # Rematch: another practice
            final = fake.messages(fake.threads(fake.channel)[-1])[-1]
            again = next(c for c in final.custom_ids if c.startswith("hj:rm:"))
            res = await (await alice.click(final, again)).response()
            assert res.ephemeral and "unrated" in (res.content or ""), res.content
            deadline = time.monotonic() + 10
            while len(fake.threads(fake.channel)) < 2:
                assert time.monotonic() < deadline, "no new board"
                await asyncio.sleep(0.005)
            live = await bot.store.live_matches(alice.id)
            assert len(live) == 1 and live[0].id != match_id and not live[0].rated
            assert live[0].seats == [alice.id, fake.bot_user.id]
            assert live[0].options["_ai"] == {"1": "easy"}  # the level, kept with the match
            assert P.ai_name(live[0], 1) == "Hajime (AI, easy)"
    assert fake.schema_errors == []
    assert fake.unknown_routes == [] and fake.handler_errors == []


async def test_the_kol_practice_opening_speaks_to_the_player_only(
    fake_discord: FakeDiscord, tmp_path: pathlib.Path,
) -> None:
    """Issue 31: the opening of a Kingdom of Loathing practice match neither addresses
    the AI as if it pressed buttons nor calls a turn-based choice "secret"."""
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        res = await (await alice.slash("practice", game="kingdom_of_loathing")).response()
        assert res.ephemeral and "unrated" in (res.content or ""), res.content
        await idle(fake, bot)
        deadline = time.monotonic() + 10
        opening = None
        while opening is None:
            assert time.monotonic() < deadline, "no opening was posted"
            threads = fake.threads(fake.channel)
            opening = next((m.content for m in (fake.messages(threads[-1]) if threads else [])
                            if "The match is on!" in (m.content or "")), None)
            await asyncio.sleep(0.005)
        assert "secret" not in opening and "hidden" not in opening, opening
        ai = P.ai_name((await bot.store.live_matches(alice.id))[0], 1)
        if ai in opening:  # the AI starts: told, not asked to press anything
            assert "moves first" in opening and "Press" not in opening, opening
        else:
            assert f"<@{alice.id}>" in opening and "Press **Act**" in opening, opening
    assert fake.handler_errors == []
