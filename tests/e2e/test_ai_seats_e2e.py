"""AIs at a ``/host`` table end to end: a 3-seat Kingdom of Loathing table with two people
and one AI, through the offline Discord.

The host seats an AI (and removes one) with the table's buttons; every refusal (someone
else pressing Add AI, a full table, a table that started) is ephemeral and changes
nothing. The match is unrated; the AI is named on the board ("Hajime (AI, hard)"), plays
its turns by itself through the referee, and is never pinged or shown as a raw id. After
a few turns one person forfeits, the other plays on against the AI, then forfeits too.
"""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from engine.games import REGISTRY
from tests.e2e.harness import AiPlayer, bot_running, idle, pin_engine_seed, press, raw_click
from tests.fakediscord import FakeDiscord
from tests.fakediscord.store import Message
from tests.fakediscord.users import FakeUser

GAME_ID = "kingdom_of_loathing"


class TablePlayer(AiPlayer):
    """Plays the people's seats with random legal choices; waits for the AI between."""

    async def pending_user(self) -> FakeUser | None:
        await self.ai_done()
        game, rec, state = await self.state()
        if rec.status != "active":
            return None
        seats = sorted(s for s, p in game.prompts(state).items() if not p.committed)
        users = [u for s in seats for u in self.users if u.id == rec.seats[s]]
        assert users, "only the AI has something to do, and it did not"
        return self.rng.choice(users)


def button(msg: Message, what: str) -> str:
    return next(c for c in msg.custom_ids if c.endswith(f":{what}"))


async def lobby_players(bot: Any) -> list[int]:
    lobbies = await bot.store.open_lobbies()
    return list(lobbies[-1].players) if lobbies else []


async def refused(res: Any, words: str) -> None:
    assert res.ephemeral and words in (res.content or ""), res.content


async def test_a_table_with_an_ai_plays_unrated(fake_discord: FakeDiscord,
                                                tmp_path: pathlib.Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    game = REGISTRY[GAME_ID]
    seed = next(n for n in range(100)  # the AI (third seat) plays first: it moves at once
                if game.setup(game.parse_options({}), 3, n).actor == 2)
    pin_engine_seed(monkeypatch, seed)
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        res = await (await alice.slash("host", game=GAME_ID, seats=3)).response()
        assert res.message is not None and not res.ephemeral, res.content
        table = res.message
        assert any(c.endswith(":ai-hard") for c in table.custom_ids)
        await press(bob, table, button(table, "join"))
        await idle(fake, bot)
        # ---- only the host seats AIs; nothing changes otherwise
        before = await lobby_players(bot)
        await refused(await press(bob, table, button(table, "ai-normal")), "Only the host")
        assert await lobby_players(bot) == before == [alice.id, bob.id]
        # ---- the host seats one, removes it, seats another
        added = await press(alice, table, button(table, "ai-easy"))
        assert added.response_type == 7 and not added.ephemeral, added.content
        assert "Hajime (AI, easy)" in table.content and "<@-" not in table.content
        await refused(await press(alice, table, button(table, "ai-hard")), "full")
        assert len(await lobby_players(bot)) == 3
        await press(alice, table, button(table, "unai"))
        assert "(AI" not in table.content and len(await lobby_players(bot)) == 2
        await press(alice, table, button(table, "ai-hard"))
        assert "Hajime (AI, hard)" in table.content
        assert not fake.threads(fake.channel)  # an AI filling the last seat starts nothing
        # ---- the host starts it; Add AI afterwards is refused
        add_easy = button(table, "ai-easy")
        started = await press(alice, table, button(table, "start"))
        assert not started.ephemeral, started.content
        await idle(fake, bot)
        assert add_easy not in table.custom_ids  # the started table shows no buttons
        late = await raw_click(alice, table, add_easy)  # an old client's click
        await refused(late, "already started")
        thread = fake.threads(fake.channel)[-1]
        board = fake.messages(thread)[0]
        act = next(c for c in board.custom_ids if c.startswith("hj:act:"))
        match_id = int(act.split(":")[2])
        rec = await bot.store.get_match(match_id)
        assert rec is not None and not rec.rated
        assert rec.seats == [alice.id, bob.id, -1] and rec.options["_ai"] == {"2": "hard"}
        player = TablePlayer(fake, bot, match_id, board, [alice, bob], seed=5,
                             check_leaks=False)
        practice: Any = bot.get_cog("Practice")
        await player.ai_done()
        assert practice.moves >= 1  # the AI played its first turn by itself
        # ---- a few turns; alice walks away, bob plays on against the AI, then leaves
        for _ in range(6):
            assert await player.step()
        await player.forfeit(alice)
        for _ in range(4):
            if not await player.step():
                break
        log = await bot.store.action_log(match_id)
        assert 2 in {x.seat for x in log if not x.note}  # it played through the referee
        rec = await bot.store.get_match(match_id)
        if rec is not None and rec.status == "active":
            await player.forfeit(bob)
        await idle(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec is not None and rec.status == "finished" and not rec.rated
        async with bot.store.read_connection() as conn:
            rows = await conn.execute_fetchall("SELECT COUNT(*) FROM ratings")
        assert int(next(iter(rows))[0]) == 0  # unrated: no rating, no leaderboard row
        texts = [m.content + str(m.embeds) for m in fake.messages(thread)]
        texts += [m.content for m in fake.messages(fake.channel)]
        joined = "\n".join(texts)
        assert "Hajime (AI, hard)" in joined and "<@-" not in joined
        assert "Match over" in fake.messages(thread)[-1].content
        # /history names the AI, never by a raw id; the leaderboard has nobody
        hist = await (await bob.slash("history")).response()
        shown = repr(hist.embeds)
        assert f"#{match_id}" in shown and "Hajime (AI)" in shown and "<@-" not in shown
        assert practice.levels.get(match_id) is None  # over: forgotten
    assert fake.schema_errors == [] and fake.handler_errors == []
    assert fake.unknown_routes == []
