"""Running the real Hajime bot against the offline Discord, and a player that uses the UI.

The player only does what a person can: press **Act** on the board, then a button or a
select option of the ephemeral answer. Which seat must act is read from the store (an
orchestration shortcut, not an assertion). Every public payload is checked for hidden
cards after every step (see :class:`LeakWatch`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import json
import pathlib
import random
import re
import time
from collections.abc import AsyncIterator
from typing import Any

from bot import HajimeBot
from cogs.config import Settings
from db import store_from_url
from db.ratings import on_results
from engine.core import Game
from engine.games import REGISTRY
from referee.snapshots import load_state
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import running_bot
from tests.fakediscord.store import Message, walk_components
from tests.fakediscord.users import FakeUser, InteractionResult

SEED = 20261121
"""First engine seed of the matches a test bot opens (then +1 per match)."""
CARD_TAG = re.compile(r"⟨c(\d+)⟩")


def make_bot(fake: FakeDiscord, db_path: pathlib.Path | str, **settings: Any) -> HajimeBot:
    """A real HajimeBot configured for the fake guild (a SQLite path or a database URL)."""
    cfg = Settings(token="x", database=str(db_path), dev_guilds=[fake.guild_id],
                   timer_tick_seconds=settings.pop("timer_tick_seconds", 0.2), **settings)
    store = store_from_url(cfg.database, on_results=on_results)
    bot = HajimeBot(cfg, store, guild_ready_timeout=0.05)
    seeds = itertools.count(SEED)  # deterministic matches: the same run every time
    bot.referee.new_seed = lambda: next(seeds)
    return bot


@contextlib.asynccontextmanager
async def bot_running(fake: FakeDiscord, db_path: pathlib.Path | str,
                      **settings: Any) -> AsyncIterator[HajimeBot]:
    """Start the bot, wait for it to sync its commands, stop it at the end."""
    bot = make_bot(fake, db_path, **settings)
    async with running_bot(fake, bot, timeout=10):
        await bot.synced.wait()
        yield bot


async def idle(fake: FakeDiscord, bot: HajimeBot, timeout: float = 10) -> None:
    """Wait until no component handler of the bot is running (polled every 2 ms)."""
    router: Any = bot.get_cog("Router")
    deadline = time.monotonic() + timeout
    await asyncio.sleep(0)
    while router.active:
        assert time.monotonic() < deadline, f"the bot is still busy: {fake.diagnostics()}"
        await asyncio.sleep(0.002)


async def press(user: FakeUser, message: Message, custom_id: str) -> InteractionResult:
    """Click a component and wait for the bot's answer (:func:`seen`)."""
    return await seen(await (await user.click(message, custom_id)).response())


async def seen(res: InteractionResult, timeout: float = 5.0) -> InteractionResult:
    """The answer as the player sees it. A click on the board that claims it (Act or Show
    hand answered as a deferred update of the board, type 6: :meth:`cogs.table.Table.
    claim_board`) shows its private hand as an ephemeral follow-up: the result returned
    then has that follow-up as its message (the same interaction, its board unchanged)."""
    cid = str((res.payload.get("data") or {}).get("custom_id", ""))
    if res.response_type != 6 or not cid.startswith(("hj:act:", "hj:hand:")):
        return res
    return dataclasses.replace(res, original=await res.followup(0, timeout=timeout))


async def raw_click(user: FakeUser, message: Message, custom_id: str) -> InteractionResult:
    """Send a click with any custom_id (even one the message does not carry)."""
    channel = user.fake.channels[message.channel_id]
    data = {"custom_id": custom_id, "component_type": 2}
    return await (await user._send(3, channel, data, message=message)).response()


async def raw_use(user: FakeUser, message: Message, comp: dict[str, Any]) -> InteractionResult:
    """Send a click (or the first option of a select) even if the message changed since."""
    channel = user.fake.channels[message.channel_id]
    data: dict[str, Any] = {"custom_id": comp["custom_id"], "component_type": comp["type"]}
    if comp["type"] == 3:
        data["values"] = [comp["options"][0]["value"]]
    return await user._send(3, channel, data, message=message)


async def replay_told(user: FakeUser, res: InteractionResult) -> str:
    """Every page of the ``/replay`` answer ``res`` (one page a turn), read by pressing
    Next to the end: each page's content and embeds, in order."""
    pages = []
    for _ in range(1000):
        msg = res.message
        assert msg is not None
        pages.append((msg.content or "") + repr(msg.embeds))
        nxt = next((c for c in walk_components(msg.components)
                    if str(c.get("custom_id", "")).endswith(":n")), None)
        if nxt is None or nxt.get("disabled"):
            return "\n".join(pages)
        await (await user.click(msg, nxt["custom_id"])).response()
    raise AssertionError("the replay never reached its last page")


async def challenge_accepted(fake: FakeDiscord, bot: HajimeBot, a: FakeUser, b: FakeUser,
                             game: str, **options: Any) -> tuple[int, Message]:
    """``a`` challenges ``b``, ``b`` accepts; returns the match id and its board message."""
    res = await (await a.slash("challenge", opponent=b, game=game, **options)).response()
    assert res.message is not None and not res.ephemeral, res.content
    accept = next(c for c in res.message.custom_ids if c.endswith(":accept"))
    await (await b.click(res.message, accept)).response()
    await idle(fake, bot)
    thread = fake.threads(fake.channel)[-1]
    board = fake.messages(thread)[0]
    act = next(c for c in board.custom_ids if c.startswith("hj:act:"))
    return int(act.split(":")[2]), board


class LeakWatch:
    """Checks that no public payload names a card hidden from spectators.

    Card texts are tagged with their id (``⟨c17⟩``) by the test's patch of the renderer.
    A card is hidden when it sits in a hand, chain, commit or deck both before and after
    a step and no public event showed it, in that step or earlier: naming it in a public
    message or edit made during that step is a leak. A card a public event once showed (an
    Epic Battles event flipped, then put back under its deck) may be named again by the
    board's story of the turn: that repeats what every spectator saw.
    """

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.seen: dict[int, int] = {}
        self.checked = 0
        self.ever_shown: set[int] = set()

    def new_public_payloads(self) -> list[str]:
        out = []
        for msg in self.fake.public_messages():
            done = self.seen.get(msg.id, 0)
            for body in msg.history[done:]:
                out.append(repr(body))
            self.seen[msg.id] = len(msg.history)
        return out

    def check(self, hidden: set[int], shown: set[int]) -> None:
        """Every public payload made since the last check against ``hidden`` (``shown``:
        the cards this step's public events showed)."""
        for text in self.new_public_payloads():
            self.checked += 1
            named = {int(x) for x in CARD_TAG.findall(text)}
            leaked = (named & hidden) - shown - self.ever_shown
            assert not leaked, f"public payload names hidden cards {leaked}: {text[:3000]}"
        self.ever_shown |= shown


def hidden_cards(game_id: str, state: Any) -> set[int]:
    """Card ids no spectator may see in ``state`` (hands, chains, commits, deck)."""
    out: set[int] = set()
    if game_id == "sushido":
        out.update(state.deck)
        for seat in state.seat:
            out.update(seat.hand)
            out.update(seat.chain)
            out.update(seat.commit or [])
    return out


def card_ids_in(obj: Any) -> set[int]:
    """Card ids mentioned in event data (dicts with ``id`` and ``type``)."""
    found: set[int] = set()
    if isinstance(obj, dict):
        if isinstance(obj.get("id"), int) and "type" in obj:
            found.add(obj["id"])
        for v in obj.values():
            found |= card_ids_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= card_ids_in(v)
    return found


def ids_named(obj: Any, ids: dict[str, int]) -> set[int]:
    """The tag numbers (``ids``) of the card ids named anywhere in event data ``obj``."""
    if isinstance(obj, dict):
        return set().union(*(ids_named(v, ids) for v in obj.values()))
    if isinstance(obj, list):
        return set().union(*(ids_named(v, ids) for v in obj))
    return {ids[obj]} if isinstance(obj, str) and obj in ids else set()


def teach_leaks(monkeypatch: Any, game_id: str, hidden_of: Any, shown_in: Any) -> None:
    """Teach the leak check a game: ``hidden_of(state)`` are the tag numbers of its hidden
    cards, ``shown_in(event data)`` those its public events showed."""
    import tests.e2e.harness as harness

    hidden, shown = harness.hidden_cards, harness.card_ids_in

    def hidden_cards(gid: str, state: Any) -> set[int]:
        return set(hidden_of(state)) if gid == game_id else hidden(gid, state)

    def card_ids_in(obj: Any) -> set[int]:
        return shown(obj) | set(shown_in(obj))

    monkeypatch.setattr(harness, "hidden_cards", hidden_cards)
    monkeypatch.setattr(harness, "card_ids_in", card_ids_in)


def pin_engine_seed(monkeypatch: Any, engine_seed: int) -> None:
    """Make the match's shuffle seed fixed (the referee draws a random one), so the match
    (with the player's seeded choices) is the same every run: known length and events."""
    from referee.service import Referee

    original = Referee.open_match

    async def open_match(self: Any, **kwargs: Any) -> Any:
        kwargs["seed"] = engine_seed
        return await original(self, **kwargs)

    monkeypatch.setattr(Referee, "open_match", open_match)


def enabled_controls(msg: Message) -> list[dict[str, Any]]:
    """The buttons and menus of ``msg`` a player can use."""
    return [c for c in walk_components(msg.components)
            if c.get("type") in (2, 3) and not c.get("disabled")]


async def use_control(user: FakeUser, msg: Message, comp: dict[str, Any],
                      value: str | list[str] | None = None) -> Any:
    """Press button ``comp`` of ``msg`` or pick ``value`` in menu ``comp`` (a list: the
    values picked at once in a multi-select); the answer must edit the hand in place
    (type 7)."""
    if comp["type"] == 3:
        values = value if isinstance(value, list) else [value]
        res = await (await user.select(msg, comp["custom_id"], values)).response()
    else:
        res = await press(user, msg, comp["custom_id"])
    assert res.response_type == 7, (res.response_type, res.content)
    return res


def random_values(comp: dict[str, Any], rng: random.Random) -> str | list[str]:
    """A random choice of menu ``comp``: one option, or in a multi-select a random set of
    its options (each set of ``min_values`` to ``max_values`` options equally likely),
    in the menu's order."""
    values = [o["value"] for o in comp["options"]]
    least, most = comp.get("min_values", 1), comp.get("max_values", 1)
    if most <= 1:
        return str(rng.choice(values))
    while True:
        picked = [v for v in values if rng.random() < 0.5]
        if least <= len(picked) <= most:
            return picked


async def click_any(user: FakeUser, msg: Message, rng: random.Random) -> Any:
    """Press a random enabled button or pick a random option of a random menu of ``msg``
    (a hand; a random set of options in a multi-select); the answer must edit the hand
    in place (type 7)."""
    comps = enabled_controls(msg)
    assert comps, f"Act gave no controls: {msg.content} {msg.embeds}"
    comp = rng.choice(comps)
    value = random_values(comp, rng) if comp["type"] == 3 else None
    return await use_control(user, msg, comp, value)

class Player:
    """Plays a match through the UI with random legal choices."""

    def __init__(self, fake: FakeDiscord, bot: HajimeBot, match_id: int, board: Message,
                 users: list[FakeUser], seed: int = 0, check_leaks: bool = True) -> None:
        self.fake = fake
        self.bot = bot
        self.match_id = match_id
        self.board = board
        self.users = users
        self.rng = random.Random(seed)
        self.watch = LeakWatch(fake)
        self.check_leaks = check_leaks
        self.steps = 0

    async def state(self) -> tuple[Game[Any, Any], Any, Any]:
        rec = await self.bot.store.get_match(self.match_id)
        assert rec is not None
        game = REGISTRY[rec.game]
        return game, rec, await load_state(self.bot.store, game, rec)

    async def pending_user(self) -> FakeUser | None:
        game, rec, state = await self.state()
        if rec.status != "active":
            return None
        seats = sorted(s for s, p in game.prompts(state).items() if not p.committed)
        seat = self.rng.choice(seats)
        return next(u for u in self.users if u.id == rec.seats[seat])

    async def step(self, user: FakeUser | None = None, kind: str | None = None) -> bool:
        """One decision by ``user`` (default: whoever must decide); False once it's over.

        ``kind`` picks a control whose custom_id or option belongs to that action kind's
        group (matched on the option value prefix, e.g. ``h-`` for Hajime).
        """
        user = user or await self.pending_user()
        if user is None:
            return False
        _game, rec, before = await self.state()
        events_before = await self.event_count()
        hand = await press(user, self.board, f"hj:act:{self.match_id}")
        assert hand.ephemeral, hand.content
        msg = hand.message
        assert msg is not None
        await click_any(user, msg, self.rng)
        if not self.check_leaks:
            self.steps += 1
            return True
        await self.settle()
        _, _, after = await self.state()
        shown: set[int] = set()
        for data in await self.public_event_data(events_before):
            shown |= card_ids_in(data)
        hidden = hidden_cards(rec.game, before) & hidden_cards(rec.game, after)
        self.watch.check(hidden, shown)
        self.steps += 1
        return True

    async def event_count(self) -> int:
        async with self.bot.store.read_connection() as conn:
            rows = await conn.execute_fetchall(
                "SELECT COUNT(*) FROM match_events WHERE match_id = ?", (self.match_id,))
        return int(next(iter(rows))[0])

    async def public_event_data(self, skip: int) -> list[Any]:
        """Data of the public events after the first ``skip`` events of the match."""
        async with self.bot.store.read_connection() as conn:
            rows = await conn.execute_fetchall(
                "SELECT audience, data FROM match_events WHERE match_id = ? AND seq > ?"
                " ORDER BY seq", (self.match_id, skip))  # seq runs 1, 2, ... per match
        return [json.loads(data) for audience, data in rows if audience is None]

    async def settle(self) -> None:
        """Let the bot finish publishing (board edit, narration, pings)."""
        await idle(self.fake, self.bot)

    async def play(self, max_steps: int = 2000) -> int:
        """Play until the match is over; returns the number of steps."""
        while self.steps < max_steps and await self.step():
            pass
        return self.steps

    async def forfeit(self, user: FakeUser) -> None:
        """``user`` leaves with /forfeit and its confirmation button."""
        ff = await (await user.slash("forfeit", match_id=self.match_id)).response()
        assert ff.ephemeral and ff.message is not None, ff.content
        done = await press(user, ff.message, f"hj:ff:{self.match_id}")
        assert done.response_type == 7, done.content
        await self.settle()


class AiPlayer(Player):
    """Plays the people's seats of a match with AI seats (practice, or a /host table
    with AIs); waits for the AI between its moves."""

    async def ai_done(self, timeout: float = 30) -> None:
        """Wait until no AI seat owes a decision (or the match is over)."""
        from cogs.practice import seat_levels

        practice: Any = self.bot.get_cog("Practice")
        deadline = time.monotonic() + timeout
        while True:
            game, rec, state = await self.state()
            ai = seat_levels(rec)
            owes = rec.status == "active" and any(
                s in ai and s not in state.left and not p.committed
                for s, p in game.prompts(state).items())
            if not owes and not practice.busy:
                return
            assert time.monotonic() < deadline, "the AI did not move"
            await asyncio.sleep(0.005)

    async def settle(self) -> None:
        await idle(self.fake, self.bot)
        await self.ai_done()


async def stored_opening(fake: FakeDiscord, bot: HajimeBot, a: FakeUser, b: FakeUser,
                         game: str = "sushido") -> tuple[Any, int, Message]:
    """The crash window of an opening: ``a`` challenged ``b``, the accept is stored (match
    marked opening, challenge closed) and nothing was posted yet.

    Returns the match, the challenge's id and the challenge's message.
    """
    res = await (await a.slash("challenge", opponent=b, game=game)).response()
    await idle(fake, bot)
    ch_id = int(res.message.custom_ids[0].split(":")[2])
    rec, _ = await bot.referee.open_match(
        guild_id=fake.guild_id, channel_id=fake.channel.id, game_id=game,
        options={}, seats=[a.id, b.id], challenge_id=ch_id)
    return rec, ch_id, res.message
