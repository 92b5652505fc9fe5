"""Whole World of Fighters matches between two fake users, from /challenge to the result.

The real bot plays against the offline Discord. Besides the harness's card-level leak
check on every public payload (card types tagged by ``tagged_wof_cards``), after every
step the public board must be exactly what the table renders for the same position with
the hidden cards (deck, hands, pending commits, face-down cards) redealt, and its picture
must be a PNG attachment drawn from the spectator view.
"""

from __future__ import annotations

import asyncio
import hashlib
import pathlib
import time
from typing import Any

import pytest

from engine.games.world_of_fighters import GAME
from engine.games.world_of_fighters.data import CARDS
from engine.games.world_of_fighters.model import WofState
from referee.render.wof_board import render_board
from tests.e2e.harness import (
    Player,
    bot_running,
    challenge_accepted,
    idle,
    pin_engine_seed,
    teach_leaks,
)
from tests.engine.games.world_of_fighters.helpers import redeal
from tests.fakediscord import FakeDiscord

PNG = b"\x89PNG\r\n\x1a\n"
GAME_ID = "world_of_fighters"


def card_id(card: str) -> int:
    """The tag id of a card type (as ``tagged_wof_cards`` writes it)."""
    return CARDS.index(card) + 1


def wof_hidden_cards(state: WofState) -> set[int]:
    """Card types only known from hidden places: deck, hands, pending commits, face-down
    cards, minus the types a spectator sees on the table's last reveal."""
    hidden = set(state.deck) | {c for f in state.fighters for c in f.hand}
    hidden |= {c.card for c in state.commits.values()} | set(state.table.values())
    rv = GAME.view(state, None).last_reveal
    public = set()
    if rv is not None:
        public = {c for c in [*rv.cards, rv.counter] if c is not None}
    return {card_id(c) for c in hidden - public}


def wof_event_cards(obj: Any) -> set[int]:
    """Card types named in (public) event data: ``card``, ``cards`` and ``counter``."""
    found: set[int] = set()
    if isinstance(obj, dict):
        for key, v in obj.items():
            if key in ("card", "cards", "counter"):
                vals = v if isinstance(v, list) else [v]
                found |= {card_id(c) for c in vals if c in CARDS}
            else:
                found |= wof_event_cards(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= wof_event_cards(v)
    return found


@pytest.fixture
def wof_leak_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Teach the harness's leak check which WoF cards are hidden and which were shown."""
    teach_leaks(monkeypatch, GAME_ID, wof_hidden_cards, wof_event_cards)


class WofPlayer(Player):
    """The harness's player, plus board checks after every step."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pictures: list[str] = []
        self.resampled = 0
        self.final: WofState | None = None
        self.check_board_now()

    def check_board_now(self) -> None:
        att = self.board.attachment("board.png")
        assert att.data.startswith(PNG)
        assert self.board.embeds[0]["image"]["url"] == "attachment://board.png"
        digest = hashlib.sha256(att.data).hexdigest()
        if not self.pictures or self.pictures[-1] != digest:
            self.pictures.append(digest)

    async def settle(self) -> None:
        """Like the harness's ``idle`` but polling finely: the fake is not told when a
        handler returns, so ``idle`` sleeps a 0.25 s tick after every step."""
        router: Any = self.bot.get_cog("Router")
        deadline = time.monotonic() + 10
        while router.active:
            assert time.monotonic() < deadline, "the bot did not become idle"
            await asyncio.sleep(0.002)

    async def step(self, *args: Any, **kwargs: Any) -> bool:
        if not await super().step(*args, **kwargs):
            return False
        self.check_board_now()
        _, rec, state = await self.state()
        table: Any = self.bot.get_cog("Table")
        other = redeal(state, self.steps)
        if other.model_dump() != state.model_dump():
            self.resampled += 1
        expect = table.board_payload(rec, other)["embed"].to_dict()
        assert self.board.embeds[0] == expect, (self.board.embeds[0], expect)
        # (the picture's independence from hidden cards is a unit test: re-drawing it
        # here every step would double the file's run time)
        return True




async def play_match(fake: FakeDiscord, tmp_path: pathlib.Path, seed: int,
                     **options: Any) -> tuple[WofPlayer, list[str]]:
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, GAME_ID, **options)
        assert board.embeds and "World of Fighters" in board.embeds[0]["title"]
        assert {c.split(":")[1] for c in board.custom_ids} == {"hand", "act"}
        player = WofPlayer(fake, bot, match_id, board, [alice, bob], seed=seed)
        steps = await player.play()
        await idle(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec is not None and rec.status == "finished", steps
        thread = fake.threads(fake.channel)[-1]
        texts = [m.content for m in fake.messages(thread)]
        final = fake.messages(thread)[-1]
        assert "Match over" in final.content
        assert any(c.startswith("hj:rm:") for c in final.custom_ids)
        assert player.watch.checked > steps
        # the board was edited with a fresh picture every step, drawn from the public view
        assert len(board.history) > steps
        assert all(body.get("attachments") for body in board.history[1:])
        _, _, state = await player.state()
        assert board.attachment("board.png").data == render_board(GAME.view(state, None))
        assert len(player.pictures) > state.turns_played
        assert player.resampled > steps // 2
        assert "Match over" in (board.embeds[0].get("footer") or {}).get("text", "")
        log = [e.kind for e in await bot.store.events(match_id)]
        assert {"movement_revealed", "moved", "actions_revealed", "match_over"} <= set(log)
        player.final = state
    assert fake.schema_errors == []
    assert fake.unknown_routes == [] and fake.handler_errors == []
    return player, texts


async def test_full_match_from_challenge_to_result(
    fake_discord: FakeDiscord, tmp_path: pathlib.Path, tagged_wof_cards: None,
    wof_leak_rules: None, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a one-bout match of ~50 steps with a counter and a super move ending in a Ring Out
    pin_engine_seed(monkeypatch, 55)
    player, texts = await play_match(fake_discord, tmp_path, seed=2)
    log = "\n".join(texts)
    assert "Fighters:" in log and "**Movement cards**" in log and "**Action cards**" in log
    assert "⟨c" in log  # card texts were tagged, so the leak check saw them
    assert "**Counter!**" in log and "SUPER MOVE!" in log and "RING OUT!" in log
    assert player.final is not None and player.final.options.bouts == 1


async def test_best_of_three(
    fake_discord: FakeDiscord, tmp_path: pathlib.Path, tagged_wof_cards: None,
    wof_leak_rules: None, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ~130 steps: a bout won by K.O., then one by Ring Out
    pin_engine_seed(monkeypatch, 5)
    player, texts = await play_match(fake_discord, tmp_path, seed=2, bouts=3)
    assert player.final is not None and len(player.final.bout_winners) == 2
    log = "\n".join(texts)
    assert "Bout 2: FIGHT!" in log and "K.O.!" in log
    assert "wins 2-0 in bouts" in log
