"""Whole Kingdom of Loathing matches of 3 and 4 players through the offline Discord.

The real bot plays; each player only presses what a person sees: **Act** on the board,
then a button or a menu option of the ephemeral answer, chosen by a simple policy (kill
when a monster can be killed, else often a skill, item or Pulverize, else the maneuver
with the most cards, go to combat soon,
stop discarding, march now and then). In the 4-player match one player forfeits mid-game
with ``/forfeit`` and the other three play on to the end.

After every step:

- no public payload (thread and channel messages, their edits, embeds, component labels)
  shows a hand: every hand the renderer writes is tagged ``⟨hand⟩`` by the test, and the
  tag may appear only in ephemeral messages;
- the public board is exactly what the table renders for the same position with the
  hidden cards redealt (hands and decks mixed, location piles and the skill pile
  reshuffled), so it shows no hand and no pile or deck order; its picture is drawn from
  the spectator view;
- the thread's messages and pings are counted per turn: at most one ping per player per
  turn, and a small budget of messages.

At the end: the result is explained in names and the game's words, and no text anywhere
shows "Seat", a raw id or a catalogue key.
"""

from __future__ import annotations

import pathlib
import random
import re
from collections import Counter, defaultdict
from typing import Any

import pytest

from engine.games.kingdom_of_loathing import GAME
from engine.games.kingdom_of_loathing.model import KolState
from referee.render import kol_text
from referee.render.kingdom_of_loathing import KolRenderer
from tests.e2e.harness import (
    Player,
    bot_running,
    enabled_controls,
    idle,
    pin_engine_seed,
    press,
    replay_told,
    use_control,
)
from tests.e2e.test_play_feel_e2e import bad_texts, pinged
from tests.fakediscord import FakeDiscord
from tests.fakediscord.store import Message

GAME_ID = "kingdom_of_loathing"
HAND_TAG = "⟨hand⟩"
PNG = b"\x89PNG\r\n\x1a\n"
KEY = re.compile(r"\bkol\.[a-z_]+\.[a-z_.]+|\bkol\.[a-z_]+\b(?![\w(])")


@pytest.fixture
def tagged_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hand (or set of hand cards) the renderer writes carries ``⟨hand⟩``."""
    original = kol_text.cards_text

    def tagged(hand: list[str]) -> str:
        return original(hand) + HAND_TAG

    monkeypatch.setattr(kol_text, "cards_text", tagged)


def redeal(state: KolState, seed: int) -> KolState:
    """The same public position with every hidden card redealt."""
    other = GAME.clone(state)
    rng = random.Random(seed)
    for p in other.players:
        pool = p.hand + p.deck
        rng.shuffle(pool)
        p.hand, p.deck = pool[:len(p.hand)], pool[len(p.hand):]
    for pile in other.locations:
        rest = pile[1:]
        rng.shuffle(rest)
        pile[1:] = rest
    rng.shuffle(other.skill_deck)
    if other.phase == "choose":
        other.combat.chosen = []
    return other


def turn_of(state: KolState) -> tuple[Any, ...]:
    """The turn a step belongs to (as the renderer keys pings)."""
    return KolRenderer().turn_key(GAME.view(state, None))


def aid_of(comp: dict[str, Any], value: str | None = None) -> str:
    return value if value is not None else str(comp["custom_id"]).rsplit(":", 1)[1]


class KolPlayer(Player):
    """Plays through the UI with a simple policy, checking leaks, the board and budgets."""

    def __init__(self, *args: Any, thread: Any, **kwargs: Any) -> None:
        super().__init__(*args, check_leaks=False, **kwargs)
        self.thread = thread
        self.messages: Counter[Any] = Counter()
        self.pings: dict[Any, Counter[int]] = defaultdict(Counter)
        self.redealt = 0
        self.public_checked = 0
        self.seen: dict[int, int] = {}

    def choose(self, comps: list[dict[str, Any]]) -> tuple[dict[str, Any], str]:
        """The policy, over the controls shown: (component, action id)."""
        options: list[tuple[dict[str, Any], str]] = []
        for comp in comps:
            if comp["type"] == 3:
                options += [(comp, o["value"]) for o in comp["options"]]
            elif str(comp["custom_id"]).startswith(f"hj:a:{self.match_id}:"):
                options.append((comp, aid_of(comp)))
        assert options, comps
        by = {aid: (comp, aid) for comp, aid in options}

        def first(*prefixes: str) -> tuple[dict[str, Any], str] | None:
            for prefix in prefixes:
                found = [o for o in options if o[1].split("-")[0] == prefix]
                if found:
                    return max(found, key=lambda o: len(o[1]))  # most cards
            return None

        roll = self.rng.random()
        effect = first("smash", "train", "cast", "spell", "use") if roll < 0.7 else None
        for pick in (first("kill"), effect, first("man"), by.get("keep"), by.get("go")):
            if pick is not None:
                return pick
        if "march" in by:
            return by["march"] if roll < 0.25 else by["pass"]
        if "fight" in by and roll < 0.6:
            return by["fight"]
        cheap = [o for o in options if o[1].split("-")[0] not in ("pick", "back")]
        return self.rng.choice(cheap or options)

    async def step(self, user: Any = None, kind: str | None = None) -> bool:
        user = user or await self.pending_user()
        if user is None:
            return False
        _, _, before = await self.state()
        key = turn_of(before)
        seen = len(self.fake.messages(self.thread))
        hand = await press(user, self.board, f"hj:act:{self.match_id}")
        assert hand.ephemeral and hand.message is not None, hand.content
        msg = hand.message
        assert HAND_TAG in str(msg.embeds)  # the tag works: hands are tagged
        comp, aid = self.choose(enabled_controls(msg))
        await use_control(user, msg, comp, aid)
        await self.settle()
        self.steps += 1
        await self.check_after(key, seen)
        return True

    async def check_after(self, key: Any, seen: int) -> None:
        """Public payloads, the board against a redeal, and this step's messages."""
        for msg in self.fake.public_messages():
            done = self.seen.get(msg.id, 0)
            for body in msg.history[done:]:
                self.public_checked += 1
                assert HAND_TAG not in repr(body), repr(body)[:2000]
            self.seen[msg.id] = len(msg.history)
        _, rec, state = await self.state()
        assert self.board.attachment("board.png").data.startswith(PNG)
        table: Any = self.bot.get_cog("Table")
        other = redeal(state, self.steps)
        if other.model_dump() != state.model_dump():
            self.redealt += 1
        assert GAME.view(other, None) == GAME.view(state, None)
        expect = table.board_payload(rec, other)["embed"].to_dict()
        assert self.board.embeds[0] == expect
        after = turn_of(state)
        for msg in self.fake.messages(self.thread)[seen:]:
            self.messages[key] += 1
            for uid in pinged(msg.history[0] if msg.history else {"content": msg.content}):
                self.pings[after][uid] += 1


async def open_match(fake: FakeDiscord, bot: Any, users: list[Any],
                     seats: int) -> tuple[int, Message]:
    """Start a match of ``users`` (host first) through ``/host``; its id and board."""
    return await hosted(fake, bot, users, seats)


async def hosted(fake: FakeDiscord, bot: Any, users: list[Any],
                 seats: int) -> tuple[int, Message]:
    """``/host`` by the first user for ``seats`` seats, the others join; a full table
    starts by itself, else the host presses Start."""
    res = await (await users[0].slash("host", game=GAME_ID, seats=seats)).response()
    assert res.message is not None and not res.ephemeral, res.content
    lobby = res.message
    join = next(c for c in lobby.custom_ids if c.endswith(":join"))
    for user in users[1:]:
        joined = await press(user, lobby, join)
        assert joined.response_type in (4, 6, 7) and not joined.ephemeral, joined.content
        await idle(fake, bot)
    if len(users) < seats:
        assert not fake.threads(fake.channel)  # not full: waits for the host
        start = next(c for c in lobby.custom_ids if c.endswith(":start"))
        started = await press(users[0], lobby, start)
        assert not started.ephemeral, started.content
    await idle(fake, bot)
    thread = fake.threads(fake.channel)[-1]
    board = fake.messages(thread)[0]
    act = next(c for c in board.custom_ids if c.startswith("hj:act:"))
    return int(act.split(":")[2]), board


async def play_match(fake: FakeDiscord, tmp_path: pathlib.Path, players: int, seed: int,
                     leave_after: int | None = None, seats: int | None = None
                     ) -> tuple[KolPlayer, list[Message]]:
    if players > 3 and not any(u.name == "dave" for u in fake.users.values()):
        fake.add_user("dave")
    users = [fake.user(n) for n in ("alice", "bob", "carol", "dave")[:players]]
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await open_match(fake, bot, users, seats or players)
        assert board.embeds and "Kingdom of Loathing" in board.embeds[0]["title"]
        thread = fake.threads(fake.channel)[-1]
        player = KolPlayer(fake, bot, match_id, board, users, seed=seed, thread=thread)
        while player.steps < 1500:
            if leave_after is not None and player.steps == leave_after:
                _, _, state = await player.state()
                await player.forfeit(users[state.actor])  # the player to act walks away
                leave_after = None
                continue
            if not await player.step():
                break
        await idle(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec is not None and rec.status == "finished", player.steps
        messages = fake.messages(thread)
        final = messages[-1]
        assert "Match over" in final.content
        endings = ("beats the Naughty Sorceress", "last adventurer standing",
                   "Nobody beat the Naughty Sorceress", "left the match")
        assert any(e in final.content for e in endings), final.content  # explained
        shown = fake.messages(fake.channel) + messages
        for user in users:
            shown += user.ephemerals()
        _, _, state = await player.state()
        assert board.attachment("board.png").data.startswith(PNG)
        player.final = state  # type: ignore[attr-defined]
        # the match's record: /history names every player, /replay retells it
        hist = await (await users[1].slash("history")).response()
        assert f"#{match_id}" in repr(hist.embeds)
        assert all(u.mention in repr(hist.embeds) for u in users)
        replay = await (await users[0].slash("replay", match_id=match_id)).response()
        assert replay.ephemeral, replay.content
        told = await replay_told(users[0], replay)  # one page a turn: read them all
        assert "unavailable" not in told.lower() and not KEY.search(told), told[:2000]
        player.replay = told  # type: ignore[attr-defined]
    assert fake.schema_errors == [] and fake.handler_errors == []
    assert fake.unknown_routes == []
    return player, shown


def check_feel(player: KolPlayer, shown: list[Message]) -> None:
    """Budgets, names and the tag's reach."""
    assert player.steps > 20 and player.public_checked > player.steps
    assert player.redealt > player.steps // 2
    # one ping per player per turn; a turn's thread messages: its combat's end (or the
    # March), the pings of the next seat, a leaver's line and the result at most
    assert max(n for c in player.pings.values() for n in c.values()) <= 1, player.pings
    assert max(player.messages.values()) <= 4, player.messages
    assert bad_texts(shown) == []
    texts = [m.content + str(m.embeds) + str(m.components) for m in shown]
    assert not [x for x in texts if KEY.search(x)]


async def test_three_players_to_the_end(fake_discord: FakeDiscord, tmp_path: pathlib.Path,
                                        tagged_hands: None,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    pin_engine_seed(monkeypatch, 7)
    # a table of up to 4 seats: three join and the host starts it
    player, shown = await play_match(fake_discord, tmp_path, 3, seed=3, seats=4)
    check_feel(player, shown)
    state: Any = player.final  # type: ignore[attr-defined]
    assert state.result is not None and state.round >= 2
    log = "\n".join(m.content for m in shown)
    assert "🏁" in log and "Round" in log


async def test_four_players_one_leaves_mid_game(fake_discord: FakeDiscord,
                                                tmp_path: pathlib.Path, tagged_hands: None,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    pin_engine_seed(monkeypatch, 11)
    player, shown = await play_match(fake_discord, tmp_path, 4, seed=4, leave_after=12)
    check_feel(player, shown)
    state: Any = player.final  # type: ignore[attr-defined]
    assert len(state.left) == 1 and state.result is not None
    gone = state.left[0]
    assert state.result.ranks[gone] == max(state.result.ranks)  # the leaver ranks last
    log = "\n".join(m.content for m in shown)
    assert "left the match" in log  # the leaver's line, then the result
    assert "left the match (forfeit)" in player.replay  # type: ignore[attr-defined]


async def test_card_looks_up_monsters_items_and_skills(fake_discord: FakeDiscord,
                                                       tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_running(fake, tmp_path / "h.sqlite3"):
        for name, words, kind in (("Possessed Silverware Drawer", "Power 2", "monster"),
                                  ("Haunted Butter Knife", "Melee +1", "item"),
                                  ("Pulverize", "into the Heap", "skill")):
            res = await (await alice.slash("card", game=GAME_ID, name=name)).response()
            assert res.ephemeral and res.embeds, res.content
            embed = res.embeds[0]
            assert embed["title"] == name and words in embed["description"]
            assert kind in embed["footer"]["text"]
        miss = await (await alice.slash("card", game=GAME_ID, name="Nobody")).response()
        assert miss.ephemeral and "Nothing called" in miss.content
    assert fake.schema_errors == [] and fake.handler_errors == []
