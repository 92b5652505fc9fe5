"""A Mortal Kombat Brawl of four players through the offline Discord, from ``/host`` to
the result, with one player forfeiting mid-match (knocked out; the others play on).

The real bot plays; each player presses only what a person sees: **Act** on the board,
then a button or a menu option of the ephemeral answer, with a simple policy (attack
when possible, sometimes turn on another Kombatant with the target menu, mostly take the
hit, keep every kard). After every step:

- no public payload names a kard still hidden in a hand or deck (every rendered kard is
  tagged with its id, ``mk_tags``), and the public board is exactly what the table
  renders for the same position with every hidden kard redealt;
- the thread's messages and pings are counted per turn: at most three messages and at
  most one ping per player per turn.

At the end: the result is explained in names and the game's words, the leaver ranks
last, and no text shows "Seat" or a raw id.
"""

from __future__ import annotations

import pathlib
import random
from collections import Counter, defaultdict
from typing import Any

import pytest

from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.model import MkState
from referee.render.mortal_kombat import MkRenderer
from tests.e2e.harness import (
    bot_running,
    enabled_controls,
    idle,
    pin_engine_seed,
    press,
    use_control,
)
from tests.e2e.test_mk_e2e import GAME_ID, PNG, MkPlayer, mk_tags
from tests.e2e.test_play_feel_e2e import bad_texts, pinged
from tests.e2e.transcript import lines_of, recording
from tests.fakediscord import FakeDiscord

__all__ = ["mk_tags"]  # the fixture, used by name


def redeal(state: MkState, seed: int) -> MkState:
    """The same public position with every hand and deck redealt."""
    other = GAME.clone(state)
    rng = random.Random(seed)
    for f in other.fighters:
        pool = f.hand + f.deck
        rng.shuffle(pool)
        f.hand, f.deck = pool[:len(f.hand)], pool[len(f.hand):]
    return other


def turn_of(state: MkState) -> tuple[Any, ...]:
    """The turn a step belongs to (as the table keys pings)."""
    return MkRenderer().turn_key(GAME.view(state, None))


class BrawlPlayer(MkPlayer):
    """Plays with a simple policy, counting messages and pings per turn."""

    def __init__(self, *args: Any, thread: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.thread = thread
        self.messages: Counter[Any] = Counter()
        self.pings: dict[Any, Counter[int]] = defaultdict(Counter)
        self.aimed = 0
        self.texts: dict[Any, list[str]] = defaultdict(list)
        self.counted: set[int] = set()
        self.redealt = 0

    def policy(self, comps: list[dict[str, Any]]) -> tuple[dict[str, Any], str]:
        options: list[tuple[dict[str, Any], str]] = []
        for comp in comps:
            if comp["type"] == 3:
                options += [(comp, o["value"]) for o in comp["options"]]
            elif str(comp["custom_id"]).startswith(f"hj:a:{self.match_id}:"):
                options.append((comp, str(comp["custom_id"]).rsplit(":", 1)[1]))
        assert options, comps
        kinds: dict[str, list[tuple[dict[str, Any], str]]] = defaultdict(list)
        for o in options:
            kinds[o[1].split("-")[0]].append(o)
        roll = self.rng.random()
        if kinds["aim"] and roll < 0.25:
            self.aimed += 1
            return self.rng.choice(kinds["aim"])
        for kind in ("fx", "at", "go", "dd", "kn"):
            if kinds[kind]:
                if kind == "dd":  # keep everything (on a later page: discard one)
                    return next((o for o in kinds["dd"] if o[1] == "dd"), kinds["dd"][0])
                return self.rng.choice(kinds[kind])
        if kinds["take"]:
            defences = [o for o in options if o[1] != "take"]
            return kinds["take"][0] if roll < 0.8 or not defences else self.rng.choice(
                defences)
        useful = [o for o in options if "-" in o[1]]
        return self.rng.choice(useful or options)

    async def step(self, user: Any = None, kind: str | None = None) -> bool:
        user = user or await self.pending_user()
        if user is None:
            return False
        _, _, before = await self.state()
        key = turn_of(before)
        events_before = await self.event_count()
        hand = await press(user, self.board, f"hj:act:{self.match_id}")
        assert hand.ephemeral and hand.message is not None, hand.content
        msg = hand.message
        comp, aid = self.policy(enabled_controls(msg))
        await use_control(user, msg, comp, aid)
        await self.settle()
        self.steps += 1
        await self.check_after(before, key, events_before)
        return True

    async def check_after(self, before: MkState, key: Any, events_before: int) -> None:
        import tests.e2e.harness as harness

        _, rec, state = await self.state()
        shown: set[int] = set()
        for data in await self.public_event_data(events_before):
            shown |= harness.card_ids_in(data)
        hidden = harness.hidden_cards(GAME_ID, before) & harness.hidden_cards(GAME_ID, state)
        self.watch.check(hidden, shown)
        assert self.board.attachment("board.png").data.startswith(PNG)
        other = redeal(state, self.steps)
        if other.model_dump() != state.model_dump():
            self.redealt += 1
        assert GAME.view(other, None) == GAME.view(state, None)
        table: Any = self.bot.get_cog("Table")
        assert self.board.embeds[0] == table.board_payload(rec, other)["embed"].to_dict()
        after = turn_of(state)
        for msg in self.fake.messages(self.thread):
            if msg.id in self.counted:  # each message once (the bot deletes old pings)
                continue
            self.counted.add(msg.id)
            self.messages[key] += 1
            self.texts[key].append((msg.content or "")[:300])
            for uid in pinged(msg.history[0] if msg.history else {"content": msg.content}):
                self.pings[after][uid] += 1

    async def forfeit(self, user: Any) -> None:
        """``user`` leaves with /forfeit and its confirmation button."""
        ff = await (await user.slash("forfeit", match_id=self.match_id)).response()
        assert ff.ephemeral and ff.message is not None, ff.content
        done = await press(user, ff.message, f"hj:ff:{self.match_id}")
        assert done.response_type == 7, done.content
        await self.settle()


async def test_four_player_brawl_with_a_leaver(fake_discord: FakeDiscord,
                                               tmp_path: pathlib.Path, mk_tags: None,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    pin_engine_seed(monkeypatch, 6)
    recorder = recording(monkeypatch)
    if not any(u.name == "dave" for u in fake.users.values()):
        fake.add_user("dave")
    users = [fake.user(n) for n in ("alice", "bob", "carol", "dave")]
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        res = await (await users[0].slash("host", game=GAME_ID, seats=4,
                                          options="level=starter")).response()
        assert res.message is not None and not res.ephemeral, res.content
        await idle(fake, bot)
        match_id, board = await join_table(fake, bot, users, res.message)
        assert board.embeds and "Mortal Kombat" in board.embeds[0]["title"]
        thread = fake.threads(fake.channel)[-1]
        player = BrawlPlayer(fake, bot, match_id, board, users, seed=2, thread=thread)
        player.counted = {m.id for m in fake.messages(thread)}  # the opening
        leave_after, gone = 40, None
        while player.steps < 2500:
            _, _, state = await player.state()
            if gone is None and player.steps >= leave_after and state.phase == "act":
                gone = state.initiative  # the Kombatant to act walks away
                await player.forfeit(users[gone])
                continue
            if not await player.step():
                break
        await idle(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec is not None and rec.status == "finished", player.steps
        _, _, state = await player.state()
        messages = fake.messages(thread)
        final = messages[-1]
        assert "Match over" in final.content and "wins the Brawl" in final.content
        shown = fake.messages(fake.channel) + messages
        for user in users:
            shown += user.ephemerals()
        log = "\n".join(m.content or "" for m in messages)
    assert fake.schema_errors == [] and fake.handler_errors == []
    assert fake.unknown_routes == []
    assert state.options.level == "starter" and state.seats == 4
    assert gone is not None and state.left == (gone,) and state.result is not None
    assert state.result.ranks[gone] == max(state.result.ranks)  # the leaver ranks last
    assert "FIGHT!" in log and "left the match" in log and "⟨c" in log
    assert player.aimed > 0 and player.redealt > player.steps // 2
    assert player.watch.checked > player.steps
    assert max(n for c in player.pings.values() for n in c.values()) <= 1, player.pings
    busy = {k: player.texts[k] for k, n in player.messages.items() if n > 3}
    assert max(player.messages.values()) <= 3, busy
    assert bad_texts(shown) == []
    rivals = [x for x in lines_of(recorder) if "your rival" in x]  # four players: "others"
    assert rivals == [] and any("Waiting for the others" in x for x in lines_of(recorder))
    print(f"\nMK Brawl e2e: {player.steps} steps, {state.turns_played} turns, "
          f"{len(state.round_winners)} rounds, {len(messages)} thread messages")


async def join_table(fake: FakeDiscord, bot: Any, users: list[Any], lobby: Any
                     ) -> tuple[int, Any]:
    """The other three join the hosted table (a full table starts by itself)."""
    join = next(c for c in lobby.custom_ids if c.endswith(":join"))
    for user in users[1:]:
        joined = await press(user, lobby, join)
        assert joined.response_type in (4, 6, 7) and not joined.ephemeral, joined.content
        await idle(fake, bot)
    await idle(fake, bot)
    thread = fake.threads(fake.channel)[-1]
    board = fake.messages(thread)[0]
    act = next(c for c in board.custom_ids if c.startswith("hj:act:"))
    return int(act.split(":")[2]), board


