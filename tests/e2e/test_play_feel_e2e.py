"""How a match feels in the thread: a quiet budget of messages and pings, and clean words.

Whole matches through the real bot and the offline Discord, played by the harness's
player. After every step the test counts the thread messages the step added and whom they
pinged (from each message's ``allowed_mentions`` and the mentions in its content), grouped
by the game's turn. At the end, no public or ephemeral text may show "Seat", a raw id (a
long digit string outside a mention, a timestamp or a link) or "square N".
"""

from __future__ import annotations

import json
import pathlib
import re
from collections import Counter, defaultdict
from typing import Any

import pytest

from referee.snapshots import load_state
from tests.e2e.harness import Player, bot_running, challenge_accepted, idle, pin_engine_seed
from tests.fakediscord import FakeDiscord
from tests.fakediscord.store import Message

MENTION = re.compile(r"<@!?(\d+)>")
WRAPPED = re.compile(r"<(?:@!?|#|@&|t:)\d+(?::[A-Za-z])?>|https?://\S+|`[0-9a-f]{8,64}`")
"""Mentions, channel links, timestamps and URLs: digits Discord shows as names or links;
and hex digests in code spans (the seed's hash, commitments, the salt: referee.fairness)."""
RAW_ID = re.compile(r"\d{15,}")
BAD_WORDS = re.compile(r"\bSeat\b|\bseat \d|\bsquare \d", re.IGNORECASE)


def pinged(body: dict[str, Any]) -> set[int]:
    """Users a message create body pings: the content's mentions its allowed_mentions let
    through (no allowed_mentions: Discord's default, every mention)."""
    mentioned = {int(x) for x in MENTION.findall(body.get("content") or "")}
    allowed = body.get("allowed_mentions")
    if allowed is None or "users" in (allowed.get("parse") or []):
        return mentioned
    return mentioned & {int(u) for u in allowed.get("users") or []}


def texts_of(message: Message) -> list[str]:
    """Every text a message ever showed: contents and embeds of its create and edits."""
    out = []
    for body in message.history or [{"content": message.content, "embeds": message.embeds}]:
        out.append(body.get("content") or "")
        out.append(json.dumps(body.get("embeds") or [], ensure_ascii=False))
    return out


def contradictions(messages: list[Message]) -> list[str]:
    """Private hands that ask for a decision and say there is nothing to decide."""
    found = []
    for msg in messages:
        for body in msg.history or [{"embeds": msg.embeds}]:
            for embed in body.get("embeds") or []:
                asks = any(f.get("name") == "Your decision" for f in embed.get("fields") or [])
                footer = (embed.get("footer") or {}).get("text") or ""
                if asks and footer.startswith("Nothing to decide"):
                    found.append(json.dumps(embed, ensure_ascii=False)[:300])
    return found


def bad_texts(messages: list[Message]) -> list[str]:
    """Texts showing "Seat", a raw id or "square N"."""
    found = []
    for msg in messages:
        for text in texts_of(msg):
            bare = WRAPPED.sub("", text)
            if BAD_WORDS.search(bare) or RAW_ID.search(bare):
                found.append(text[:300])
    return found


class CountingPlayer(Player):
    """Plays like the harness's player and counts thread messages and pings per turn."""

    def __init__(self, *args: Any, thread: Any, turn_key: Any, **kwargs: Any) -> None:
        super().__init__(*args, check_leaks=False, **kwargs)
        self.thread = thread
        self.turn_key = turn_key
        self.messages: Counter[Any] = Counter()
        self.pings: dict[Any, Counter[int]] = defaultdict(Counter)

    async def step(self, user: Any = None, kind: str | None = None) -> bool:
        _, _, state = await self.state()
        key = self.turn_key(state)
        seen = len(self.fake.messages(self.thread))
        if not await super().step(user, kind):
            return False
        await idle(self.fake, self.bot)
        _, _, after = await self.state()
        for msg in self.fake.messages(self.thread)[seen:]:
            self.messages[key] += 1  # the step's messages count for the turn they report
            for uid in pinged(msg.history[0] if msg.history else {"content": msg.content}):
                self.pings[self.turn_key(after)][uid] += 1  # a ping, for the turn it asks
        return True


async def play(fake: FakeDiscord, tmp_path: pathlib.Path, game: str, turn_key: Any,
               seed: int, **options: Any) -> tuple[CountingPlayer, list[Message]]:
    """A whole match; returns the player (with its counts) and every message it showed."""
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, game, **options)
        thread = fake.threads(fake.channel)[-1]
        opening = fake.messages(thread)
        assert len(opening) == 2, [m.content for m in opening]  # the board, then one line
        assert pinged(opening[1].history[0]) == {alice.id, bob.id}
        assert opening[1].components == [] and "Act" in opening[1].content
        assert alice.ephemerals() == [] and bob.ephemerals() == []  # nobody is ahead
        player = CountingPlayer(fake, bot, match_id, board, [alice, bob], seed=seed,
                                thread=thread, turn_key=turn_key)
        await player.play()
        await idle(fake, bot)
        # one click at a time: a step's news never waited, not even for its own click
        # (answered as soon as its callback went out, cogs/clicks_first.py)
        assert bot.clicks_first.held == 0  # type: ignore[attr-defined]
        rec = await bot.store.get_match(match_id)
        assert rec is not None and rec.status == "finished"
        messages = fake.messages(thread)
        # only the live board ever carried buttons (and the final Rematch)
        with_buttons = [m for m in messages if m.custom_ids]
        assert [m.id for m in with_buttons] in ([messages[-1].id], [board.id, messages[-1].id])
        assert all(c.startswith("hj:rm:") for c in messages[-1].custom_ids)
        assert "Match over" in messages[-1].content and "Seat" not in messages[-1].content
        shown = (fake.messages(fake.channel) + messages + alice.ephemerals()
                 + bob.ephemerals())
    assert fake.schema_errors == [] and fake.handler_errors == []
    return player, shown


def wof_turn(state: Any) -> tuple[int, int]:
    return (state.bout, state.turn if state.phase != "pick" else 0)


def sushido_turn(state: Any) -> tuple[int, int]:
    return (state.round, state.turn)


async def test_world_of_fighters_match_is_quiet_and_in_names(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pin_engine_seed(monkeypatch, 5)  # best of three: a K.O., then a Ring Out
    player, shown = await play(fake_discord, tmp_path, "world_of_fighters", wof_turn, 2,
                               bouts=3)
    turns = [k for k in player.messages if k[1] > 0] or [(1, 1)]
    assert len(turns) > 10
    # a turn adds at most its scoring, its counter and one ping line (for the player who
    # ended the last turn and saw their next decision in place); one ping a player a turn
    assert max(player.messages[k] for k in turns) <= 3, player.messages
    assert sum(player.messages.values()) <= 2 * len(turns) + 2, player.messages
    assert max(n for c in player.pings.values() for n in c.values()) <= 1, player.pings
    assert bad_texts(shown) == []
    assert contradictions(shown) == []


async def test_sushido_match_is_quiet(fake_discord: FakeDiscord,
                                      tmp_path: pathlib.Path) -> None:
    player, shown = await play(fake_discord, tmp_path, "sushido", sushido_turn, 1,
                               duel="Iaijutsu (1 round)")
    turns = list(player.messages)
    assert turns
    # the target: a Sushido turn adds at most 2 thread messages, 1 ping a player
    assert max(player.messages.values()) <= 2, player.messages
    assert max(n for c in player.pings.values() for n in c.values()) <= 1, player.pings
    table_lines = [line for m in shown for line in m.content.splitlines()
                   if line.startswith(("⚔️", "⏳", "⌛", "🏁"))]
    assert any(line.startswith("🏁") for line in table_lines)
    assert bad_texts(shown) == []  # every public and private text, in names and words
    assert contradictions(shown) == []


async def test_a_later_decision_in_the_turn_shows_up_in_the_open_hand_without_a_ping(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    from tests.e2e.harness import press
    from tests.e2e.test_table_e2e import first_control, use

    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "world_of_fighters")
        thread = fake.threads(fake.channel)[-1]
        # Show hand with a decision pending says so, the same as Act would
        shown = await press(alice, board, f"hj:hand:{match_id}")
        assert shown.message is not None and shown.message.components == []
        footer = (shown.message.embeds[0].get("footer") or {}).get("text", "")
        assert "Your decision" in footer and "Nothing to decide" not in footer
        for user in (alice, bob):  # both pick
            msg, comp = await first_control(user, board, match_id)
            await use(user, msg, comp)
        await idle(fake, bot)
        # turn 1: alice lays her cards first, then waits; her private hand stays open
        hand, comp = await first_control(alice, board, match_id)
        await use(alice, hand, comp)
        await idle(fake, bot)
        assert "Committed" in json.dumps(hand.embeds)
        seen = len(fake.messages(thread))
        msg, comp = await first_control(bob, board, match_id)
        await use(bob, msg, comp)
        await idle(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec is not None
        game_state = await load_state(bot.store, bot.referee.game(rec.game), rec)
        assert game_state.phase == "move" and game_state.queue[0].seat == 0  # alice moves
        # no new ping for alice (she was pinged this turn): her open hand shows the compass
        added = fake.messages(thread)[seen:]
        assert all(alice.id not in pinged(m.history[0]) for m in added), added
        assert any(c.startswith(f"hj:a:{match_id}:") and c.endswith(":mv-n")
                   for c in hand.custom_ids), hand.custom_ids
        moved = await press(alice, hand, next(c for c in hand.custom_ids if ":mv-" in c))
        assert moved.response_type == 7
    assert fake.schema_errors == [] and fake.handler_errors == []


async def test_a_timeout_is_one_line_and_the_open_hand_drops_its_stale_controls(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    from tests.e2e.harness import press

    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3", turn_seconds=0.8,
                           timer_tick_seconds=0.05) as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "world_of_fighters")
        thread = fake.threads(fake.channel)[-1]
        hand = (await press(alice, board, f"hj:act:{match_id}")).message
        assert hand is not None and any(c.startswith(f"hj:s:{match_id}:0:")
                                        for c in hand.custom_ids), hand.custom_ids
        await fake.wait_for(lambda: any("Time ran out" in m.content
                                        for m in fake.messages(thread)), timeout=10,
                            what="the pick to time out")
        await idle(fake, bot)
        line = next(m for m in fake.messages(thread) if "Time ran out" in m.content)
        timeout_lines = [x for x in line.content.splitlines() if "Time ran out" in x]
        assert len(timeout_lines) == 1
        assert alice.mention in timeout_lines[0] and bob.mention in timeout_lines[0]
        assert pinged(line.history[0]) <= {alice.id, bob.id}
        # alice's open hand now shows her next decision, not the pick the referee played
        assert not any(c.startswith(f"hj:s:{match_id}:0:") for c in hand.custom_ids)
    assert fake.schema_errors == [] and fake.handler_errors == []
