"""A whole Epic Battles match through the offline Discord, with a deck built and saved
through /deck.

Alice saves a deck (Ryu) with ``/deck save``, lists it, and challenges Bob with it (Bob
plays the precon of the character he picks); the real bot then plays against the offline
Discord with random legal clicks to the end. Every rendered card carries its id
(``⟨c17⟩``), so the harness's leak check proves that no public payload names a card in a
hand, a deck or set face down, unless the rules showed it. The board must stay the same
when the hidden cards are dealt differently, never say "Seat" nor show a text key; the
thread keeps a budget of messages and pings per turn; someone else's button and a stale
button are refused, ephemerally, changing nothing.
"""

from __future__ import annotations

import asyncio
import pathlib
import re
import time
from typing import Any

import pytest

from engine.core.decks import Deck
from engine.games.epic_battles.data import cards
from engine.games.epic_battles.decks import precon
from engine.games.epic_battles.model import EbState, SetEvent
from referee import decks
from referee.render.base import BoardContext
from referee.render.registry import renderer_for
from tests.e2e.harness import (
    Player,
    bot_running,
    challenge_accepted,
    idle,
    ids_named,
    pin_engine_seed,
    press,
    raw_click,
    teach_leaks,
)
from tests.fakediscord import FakeDiscord
from tests.fakediscord.store import walk_components

PNG = b"\x89PNG\r\n\x1a\n"
GAME_ID = "epic_battles"
IDS = {cid: n + 1 for n, cid in enumerate(cards())}
"""The tag number of each card id."""
KEY = re.compile(r"\beb\.[a-z_]+")
"""A text key shown instead of its text."""


def built_deck() -> Deck:
    """Ryu's precon with its Training swapped for more copies of the first of Focus,
    Fierce Punch, Sparring, Snap Kick and Sweep below 4 (legal: 59 cards, at most 4 a
    name)."""
    counts = dict(precon("ryu").cards)
    n = counts.pop("training")
    for cid in ("focus", "fierce_punch", "sparring", "snap_kick", "sweep"):
        while n and cid in counts and counts[cid] < 4:
            counts[cid] += 1
            n -= 1
    return Deck(cards=counts, leader="ryu")


def eb_hidden(state: EbState) -> set[int]:
    """Cards only in hidden places (hands, decks, set face down), minus those face up."""
    hidden = {c for s in state.sides
              for c in [*s.hand, *s.deck, *(e.card for e in s.events if not e.known)]}
    public = {c for s in state.sides
              for c in [*s.discard, *s.energy, *(k.card for k in s.kamidogu),
                        *(e.card for e in s.events if e.known)]}
    if state.strike is not None:
        public |= {state.strike.card, *state.strike.blocks}
    public |= set(state.flipped)
    return {IDS[c] for c in hidden - public}


@pytest.fixture
def eb_tags(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tag every rendered card and teach the harness which Epic Battles cards are hidden."""
    import referee.render.eb_text as ebt
    import referee.render.epic_battles as ebr

    original = ebt.show_card

    def tagged(cid: Any) -> str:
        return f"{original(cid)}⟨c{IDS.get(str(cid), 0)}⟩"

    monkeypatch.setattr(ebt, "show_card", tagged)
    monkeypatch.setattr(ebr, "show_card", tagged)
    teach_leaks(monkeypatch, GAME_ID, eb_hidden, lambda obj: ids_named(obj, IDS))




def redealt(state: EbState) -> EbState:
    """The same public position with every hidden card dealt differently."""
    s = state.model_copy(deep=True)
    for side in s.sides:
        down = [e.card for e in side.events if not e.known]
        pool = list(reversed(side.hand + side.deck + down))
        side.hand, rest = pool[:len(side.hand)], pool[len(side.hand):]
        side.deck, rest = rest[:len(side.deck)], rest[len(side.deck):]
        side.events = [e if e.known else SetEvent(card=rest.pop()) for e in side.events]
    return s


class EbPlayer(Player):
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
        text = repr(self.board.embeds[0])
        assert not re.search(r"\b[Ss]eat \d", text), text
        assert not KEY.search(text) and "{" not in self.board.embeds[0].get("description", "")
        game, rec, state = await self.state()  # the board reads nothing hidden
        if rec.status == "active":
            r = renderer_for(GAME_ID)

            def board(s: EbState) -> str:
                ctx = BoardContext(match_id=rec.id, game_name=game.name,
                                   view=game.view(s, None), names=["A", "B"],
                                   prompts=game.prompts(s), finished=False)
                return repr(r.board_embed(ctx).to_dict()) + r.picture_key(game.view(s, None))

            assert board(state) == board(redealt(state))
        return True


async def said(user: Any, command: str, **options: Any) -> str:
    """An ephemeral answer's text (content or embeds)."""
    res = await (await user.slash(command, **options)).response()
    assert res.ephemeral, (command, options, res.content)
    return (res.content or "") + repr(res.embeds)


async def test_full_match_with_a_saved_deck(fake_discord: FakeDiscord, tmp_path: pathlib.Path,
                                           eb_tags: None,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    pin_engine_seed(monkeypatch, 6)
    alice, bob = fake.user("alice"), fake.user("bob")
    deck = built_deck()
    typed = ", ".join(decks.listing(GAME_ID, deck).splitlines())
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        # build and save through /deck (the same cog as Mortal Kombat's)
        text = await said(alice, "deck save", game=GAME_ID, name="Ryu rush", deck=typed,
                          leader="Ryu")
        assert "Deck saved: Ryu rush" in text and "EB1-" in text
        assert "Ryu rush" in await said(alice, "deck list", game=GAME_ID)
        assert "exactly 59 cards" in await said(alice, "deck build", game=GAME_ID,
                                                leader="Ryu", kards="4 Hadoken")
        # the challenge names the saved deck; one round keeps the match short
        match_id, board = await challenge_accepted(fake, bot, alice, bob, GAME_ID,
                                                   deck="Ryu rush", bouts=1)
        assert board.embeds and "Epic Battles" in board.embeds[0]["title"]
        _, rec, state = await EbPlayer(fake, bot, match_id, board, [alice, bob]).state()
        assert state.options.decks[0] and state.options.decks[1] == ""
        assert state.options.rounds == 1
        # bad input: someone else's control, a stale control; nothing changes
        v0 = rec.version
        hand = await press(alice, board, f"hj:act:{match_id}")
        assert hand.message is not None
        comps = [c for c in walk_components(hand.message.components) if c.get("type") == 3]
        assert [o["value"] for o in comps[0]["options"]] == ["pk-ryu"]  # the deck's character
        bob_hand = await press(bob, board, f"hj:act:{match_id}")
        assert bob_hand.message is not None
        res = await raw_click(bob, bob_hand.message, f"hj:a:{match_id}:{v0}:0:pk-ryu")
        assert res.ephemeral and "belongs to the other player" in (res.content or "")
        await (await alice.select(hand.message, comps[0]["custom_id"], ["pk-ryu"])).response()
        await idle(fake, bot)
        res = await raw_click(alice, hand.message, f"hj:a:{match_id}:{v0}:0:pk-ryu")
        assert res.ephemeral and "board has changed" in (res.content or ""), res.content
        _, rec2, _ = await EbPlayer(fake, bot, match_id, board, [alice, bob]).state()
        assert rec2.version == v0 + 1
        # the rest of the match: random legal clicks, leak checks after every step
        player = EbPlayer(fake, bot, match_id, board, [alice, bob], seed=2)
        steps = await player.play(max_steps=1500)
        await idle(fake, bot)
        _game, rec, state = await player.state()
        assert rec.status == "finished", steps
        assert state.sides[0].character == "ryu"
        assert sorted(state.sides[0].decklist) == sorted(deck.ids())
        assert sorted(state.sides[1].decklist) == sorted(
            precon(state.sides[1].character or "").ids())
        thread = fake.threads(fake.channel)[-1]
        msgs = fake.messages(thread)
        texts = [m.content or "" for m in msgs]
        assert "Match over" in texts[-1] and "wins the match" in texts[-1]
        assert player.watch.checked > steps
        assert board.attachment("board.png").data.startswith(PNG)
        turns = state.turns_played
        # budgets: at most 3 thread messages per turn, a ping per player per turn
        assert len(msgs) <= 3 * turns + 4, (len(msgs), turns)
        for user in (alice, bob):  # a ping: a message allowed to notify the user
            pings = sum(str(user.id) in [str(u) for u in ((m.history[0] if m.history else {})
                                         .get("allowed_mentions") or {}).get("users", [])]
                        for m in msgs)
            assert 0 < pings <= turns + 2, (pings, turns)
        log = "\n".join(texts)
        for text in texts:
            assert not re.search(r"\b[Ss]eat \d", text), text
            assert not KEY.search(text), text
        assert "⚔️" in log and "⟨c" in log and "deck is empty" in log
        assert deck.cards and typed not in repr(fake.messages(fake.channel))
    assert fake.schema_errors == []
    assert fake.unknown_routes == [] and fake.handler_errors == []
    print(f"\nEB e2e: {steps} steps, {turns} turns, {len(msgs)} thread messages, "
          f"{player.watch.checked} public payloads checked")
