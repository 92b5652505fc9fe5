"""Whole Mortal Kombat matches between two fake users, from /challenge to the result.

The real bot plays against the offline Discord with random legal clicks. Every rendered
kard carries its id (``⟨c17⟩``), so the harness's leak check proves that no public
payload names a kard sitting in a hand or a deck, unless the rules showed it (a
discard, a kard played on the table, a kard lost to a stun). The public board must be a
PNG-illustrated embed in players' names (never "Seat"), and the thread stays within a
budget of messages and pings per turn.
"""

from __future__ import annotations

import asyncio
import os
import pathlib
import re
import time
from typing import Any

import pytest

from engine.games.mortal_kombat.data import kards
from engine.games.mortal_kombat.decks import precon, to_code
from engine.games.mortal_kombat.model import MkState
from tests.e2e.harness import (
    Player,
    bot_running,
    challenge_accepted,
    idle,
    ids_named,
    pin_engine_seed,
    teach_leaks,
)
from tests.fakediscord import FakeDiscord

PNG = b"\x89PNG\r\n\x1a\n"
GAME_ID = "mortal_kombat"
IDS = {kid: n + 1 for n, kid in enumerate(kards())}
"""The tag number of each kard id."""


def mk_hidden(state: MkState) -> set[int]:
    """Kards only in hidden places (hands, decks), minus those face up somewhere."""
    hidden = {k for f in state.fighters for k in [*f.hand, *f.deck]}
    public = {k for f in state.fighters for k in f.discard}
    ex = state.exchange
    if ex is not None:
        public |= {ex.kard, *ex.se, *ex.dse, *ex.extra, *(x for x in (ex.kombo, ex.defense)
                                                         if x)}
    public |= {m.kard for m in state.modifiers}
    return {IDS[k] for k in hidden - public}


@pytest.fixture
def mk_tags(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tag every rendered kard and teach the harness which MK kards are hidden."""
    import referee.render.mortal_kombat as mkr

    original = mkr.show_kard

    def tagged(kid: Any) -> str:
        return f"{original(kid)}⟨c{IDS.get(str(kid), 0)}⟩"

    monkeypatch.setattr(mkr, "show_kard", tagged)
    teach_leaks(monkeypatch, GAME_ID, mk_hidden, lambda obj: ids_named(obj, IDS))




class MkPlayer(Player):
    """The harness's random player, with finer polling and board checks each step."""

    async def settle(self) -> None:
        router: Any = self.bot.get_cog("Router")
        deadline = time.monotonic() + 10
        while router.active:
            assert time.monotonic() < deadline, "the bot did not become idle"
            await asyncio.sleep(0.002)

    async def step(self, *args: Any, **kwargs: Any) -> bool:
        if not await super().step(*args, **kwargs):
            return False
        embed = self.board.embeds[0]
        text = repr(embed)
        assert not re.search(r"\b[Ss]eat \d", text), text
        assert "mk." not in text
        return True


async def play_match(fake: FakeDiscord, tmp_path: pathlib.Path, seed: int,
                     **options: Any) -> tuple[MkPlayer, MkState, list[str]]:
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, GAME_ID, **options)
        assert board.embeds and "Mortal Kombat" in board.embeds[0]["title"]
        player = MkPlayer(fake, bot, match_id, board, [alice, bob], seed=seed)
        steps = await player.play(max_steps=1500)
        await idle(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec is not None and rec.status == "finished", steps
        thread = fake.threads(fake.channel)[-1]
        msgs = fake.messages(thread)
        texts = [m.content for m in msgs]
        assert "Match over" in msgs[-1].content
        assert player.watch.checked > steps
        assert board.attachment("board.png").data.startswith(PNG)
        _, _, state = await player.state()
        turns = state.turns_played
        # budgets: a thread message per few turns at most, a ping per player per turn
        assert len(msgs) <= 2 * turns + 10, (len(msgs), turns)
        for user in (alice, bob):
            pings = sum(f"<@{user.id}>" in (m.content or "") for m in msgs)
            assert pings <= turns + 2 * (len(state.round_turns) + 1), (pings, turns)
        for text in texts:
            assert not re.search(r"\b[Ss]eat \d", text or ""), text
    assert fake.schema_errors == []
    assert fake.unknown_routes == [] and fake.handler_errors == []
    if os.environ.get("MK_SHOW"):
        print("\n".join(t or "" for t in texts[:40]))
        print(repr(player.board.embeds[0])[:3000])
    print(f"\nMK e2e {options}: {steps} steps, {turns} turns, {len(msgs)} thread messages, "
          f"{player.watch.checked} public payloads checked")
    return player, state, texts


async def test_full_match_at_basic(fake_discord: FakeDiscord, tmp_path: pathlib.Path,
                                   mk_tags: None, monkeypatch: pytest.MonkeyPatch) -> None:
    pin_engine_seed(monkeypatch, 5)
    _, state, texts = await play_match(fake_discord, tmp_path, seed=3, level="basic")
    assert state.options.level == "basic" and max(f.rounds for f in state.fighters) == 2
    log = "\n".join(t or "" for t in texts)
    assert "FIGHT!" in log and "wins the match" in log and "⟨c" in log


async def test_full_match_at_advanced(fake_discord: FakeDiscord, tmp_path: pathlib.Path,
                                      mk_tags: None, monkeypatch: pytest.MonkeyPatch) -> None:
    # alice plays a built deck (60 kards); bob picks freely and gets a 60-kard precon
    pin_engine_seed(monkeypatch, 8)
    built = to_code(precon("scorpion", 60))
    player, state, texts = await play_match(fake_discord, tmp_path, seed=4, level="advanced",
                                            deck=built)
    assert state.options.level == "advanced" and state.options.decks == [built, ""]
    assert state.fighters[0].kombatant == "scorpion"
    assert [len(f.decklist) for f in state.fighters] == [60, 60]
    assert built not in repr(fake_discord.messages(fake_discord.channel))  # list stays hers
    assert "Distance" in repr(player.board.history[len(player.board.history) // 2])
    log = "\n".join(t or "" for t in texts)
    assert "distance." in log and "⏱️ Time!" in log and "wins the match" in log
