"""Tournaments end to end through the offline Discord, with the toy turn game.

An 8-player Swiss of 3 rounds with a drop (one match played to its end through the
board, the others ended by ``/forfeit``), a 5-player single elimination with byes, a
restart of the bot between rounds, and a series whose tie gets a decider. Every refusal
is ephemeral and changes nothing.
"""

from __future__ import annotations

import asyncio
import io
import json
import pathlib
import time
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import cogs.ladder
import cogs.library
import cogs.lobby
import cogs.practice  # noqa: F401
from db.base import PairingRecord
from engine.games import REGISTRY
from referee.i18n import CATALOGS, Refusal
from tests.e2e.harness import Player, bot_running, idle, press, raw_click
from tests.engine.toyturns import TURNS
from tests.fakediscord import FakeDiscord
from tests.fakediscord.store import Message
from tests.fakediscord.users import FakeUser


@pytest.fixture
def toyturns(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy turn game (2-4 players), registered for this test (every cog whose game
    choices are computed on import is imported above, before the patch)."""
    monkeypatch.setitem(REGISTRY, TURNS.id, TURNS)
    for locale, name in (("en-US", "Turns"), ("fr", "Tours")):
        monkeypatch.setitem(CATALOGS[locale], f"game.{TURNS.id}", name)
    yield


def button(msg: Message, what: str) -> str:
    return next(c for c in msg.custom_ids if c.endswith(f":{what}"))


async def slash(user: FakeUser, command: str, **options: Any) -> Any:
    return await (await user.slash(command, **options)).response()


async def refused(res: Any, words: str) -> None:
    assert res.ephemeral and words in res.content, res.content


def players(fake: FakeDiscord, n: int) -> list[FakeUser]:
    names = ["alice", "bob", "carol"]
    out = [fake.user(x) for x in names[:n]]
    return out + [fake.add_user(f"p{i}") for i in range(len(out), n)]


async def until(fn: Any, what: str, timeout: float = 20.0) -> Any:
    """Poll ``fn`` (async) until it returns something true."""
    deadline = time.monotonic() + timeout
    while True:
        got = await fn()
        if got:
            return got
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.02)


async def open_round(bot: Any, tid: int, rnd: int) -> list[PairingRecord]:
    """Wait until round ``rnd`` is paired and every match of it is open on Discord."""
    async def ready() -> list[PairingRecord] | None:
        t = await bot.store.get_tournament(tid)
        if t is None or t.round != rnd or t.status != "running":
            return None
        ps = [p for p in await bot.store.pairings(tid) if p.round == rnd]
        for p in ps:
            if p.status == "pending":
                if p.match_id is None:
                    return None
                rec = await bot.store.get_match(p.match_id)
                if rec is None or rec.opening or rec.message_id is None:
                    return None
        return ps
    got: list[PairingRecord] = await until(ready, f"round {rnd}")
    return got


async def forfeit(fake: FakeDiscord, bot: Any, user: FakeUser, match_id: int) -> None:
    ask = await slash(user, "forfeit", match_id=match_id)
    assert ask.ephemeral, ask.content
    done = await press(user, ask.message, f"hj:ff:{match_id}")
    assert done.response_type == 7, done.content
    await idle(fake, bot)


async def finished(fake: FakeDiscord, bot: Any, tid: int) -> tuple[Any, Message]:
    """Wait for the end of the event and its final post (standings and bracket)."""
    async def over() -> Any:
        t = await bot.store.get_tournament(tid)
        last = fake.messages(fake.channel)[-1]
        return (t, last) if t is not None and t.status == "finished" and last.attachments \
            else None
    got: tuple[Any, Message] = await until(over, "the end of the tournament")
    return got


async def signed_up(fake: FakeDiscord, bot: Any, organiser: FakeUser, entrants: list[FakeUser],
                    **options: Any) -> tuple[int, Message]:
    res = await slash(organiser, "tournament create", game="toyturns", **options)
    assert not res.ephemeral, res.content
    msg = res.message
    for u in entrants:
        joined = await press(u, msg, button(msg, "join"))
        assert joined.response_type == 7, joined.content
    assert f"Entered ({len(entrants)})" in msg.content
    tid = int(button(msg, "join").split(":")[2])
    return tid, msg


def by_user(users: list[FakeUser]) -> dict[int, FakeUser]:
    return {u.id: u for u in users}


async def test_swiss_of_eight_with_a_drop(fake_discord: FakeDiscord, tmp_path: pathlib.Path,
                                          toyturns: None) -> None:
    fake = fake_discord
    users = players(fake, 8)
    alice, bob, carol = users[:3]
    who = by_user(users)
    async with bot_running(fake, tmp_path / "t.sqlite3") as bot:
        # ---- bad input: answered privately, nothing stored
        await refused(await slash(alice, "tournament create", game="nope", format="swiss"),
                      "don't know that game")
        await refused(await slash(alice, "tournament create", game="toyturns",
                                  format="round_robin", rounds=3), "Only a Swiss")
        await refused(await slash(alice, "tournament create", game="toyturns",
                                  format="swiss", matches=2), "Only a series")
        await refused(await slash(alice, "tournament create", game="toyturns",
                                  format="swiss", level="expert"), "no such rule level")
        assert await bot.store.live_tournaments() == []

        tid, msg = await signed_up(fake, bot, alice, users[:7], format="swiss", rounds=3)
        assert "Swiss" in msg.content and "3 rounds" in msg.content
        await refused(await press(bob, msg, button(msg, "join")), "already entered")
        await refused(await press(users[7], msg, button(msg, "leave")), "not entered")
        await refused(await press(bob, msg, button(msg, "start")), "Only the organiser")
        await refused(await press(bob, msg, button(msg, "cancel")), "Only the organiser")
        await press(users[7], msg, button(msg, "join"))
        join = button(msg, "join")
        await press(alice, msg, button(msg, "start"))
        await refused(await raw_click(carol, msg, join), "already started")

        seen: set[frozenset[int]] = set()
        for rnd in (1, 2, 3):
            ps = await open_round(bot, tid, rnd)
            for p in ps:
                if p.b_id is not None:
                    pair = frozenset((p.a_id, p.b_id))
                    assert pair not in seen, "a rematch"
                    seen.add(pair)
            posted = [m for m in fake.messages(fake.channel) if f"**Round {rnd}**" in m.content]
            assert len(posted) == 1 and "<@" in posted[0].content
            assert "Seat" not in posted[0].content
            live = [p for p in ps if p.status == "pending"]
            if rnd == 1:  # one match played to its end through the board
                first = live.pop(0)
                assert first.match_id is not None
                rec = await bot.store.get_match(first.match_id)
                thread = fake.channels[rec.thread_id]
                board = fake.messages(thread)[0]
                player = Player(fake, bot, first.match_id, board,
                                [who[first.a_id], who[first.b_id]], seed=1, check_leaks=False)
                assert await player.play() > 0
                await idle(fake, bot)
                over = [m for m in fake.messages(thread) if "Match over" in m.content]
                assert len(over) == 1 and "counts for the tournament" in over[0].content
                assert not any("hj:rm:" in json.dumps(c) for c in over[0].components)
            if rnd == 2:  # the organiser drops a player mid-match: their match is forfeited
                gone = live.pop(0)
                dropped = who[gone.b_id]  # type: ignore[index]
                await refused(await slash(bob if dropped != bob else carol, "tournament drop",
                                          tournament=tid, player=alice), "Only the organiser")
                res = await slash(alice, "tournament drop", tournament=tid, player=dropped)
                assert not res.ephemeral and "drops out" in res.content
                await refused(await slash(alice, "tournament drop", tournament=tid,
                                          player=dropped), "already dropped")
                rec = await until(lambda: bot.store.get_match(gone.match_id),  # noqa: B023
                                  "the forfeited match")
                await until(lambda: _status_done(bot, tid, gone),  # noqa: B023
                            "the dropped player's pairing")
            if rnd == 3:
                assert all(dropped.id not in (p.a_id, p.b_id) for p in ps)
                assert sum(1 for p in ps if p.b_id is None) == 1  # 7 left: one bye
            for p in live:
                assert p.match_id is not None and p.b_id is not None
                await forfeit(fake, bot, who[p.b_id], p.match_id)
        tour, final = await finished(fake, bot, tid)
        assert tour.round == 3
        # the standings message, edited in place, and the final post with the bracket
        standings = msg.embeds[0]
        assert standings["title"].startswith("🏆 Tournament") and "Buchholz" in str(standings)
        assert "(dropped)" in str(standings)
        assert "Final standings" in final.embeds[0]["description"]
        [png] = final.attachments
        assert png.filename == "bracket.png"
        assert Image.open(io.BytesIO(png.data)).size[0] > 300
        await refused(await slash(alice, "tournament repair", tournament=tid), "is over")
        await refused(await slash(alice, "tournament repair", tournament=999), "can't find")


async def _edited(msg: Message) -> bool:
    return "Cancelled by the organiser" in msg.content and not msg.custom_ids


async def _status_done(bot: Any, tid: int, p: PairingRecord) -> bool:
    ps = await bot.store.pairings(tid)
    return any(q.round == p.round and q.slot == p.slot and q.status == "done" for q in ps)


async def test_single_elimination_of_five_with_byes(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, toyturns: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    import cogs.tournament_flow as flow

    drawn: list[dict[int, str]] = []
    original = flow.bracket_png

    def spy(event: Any, names: dict[int, str], *rest: Any) -> bytes:
        drawn.append(names)
        return original(event, names, *rest)

    monkeypatch.setattr(flow, "bracket_png", spy)
    fake = fake_discord
    users = players(fake, 5)
    who = by_user(users)
    async with bot_running(fake, tmp_path / "t.sqlite3") as bot:
        tid, msg = await signed_up(fake, bot, users[0], users, format="single_elimination")
        await press(users[0], msg, button(msg, "start"))
        first = await open_round(bot, tid, 1)
        byes = [p.a_id for p in first if p.b_id is None]
        assert byes == [users[0].id, users[1].id, users[2].id] or sorted(byes) == sorted(
            u.id for u in users[:3])  # the top three seeds (sign-up order: nobody rated)
        [match] = [p for p in first if p.b_id is not None]
        assert {match.a_id, match.b_id} == {users[3].id, users[4].id}
        assert match.match_id is not None
        await forfeit(fake, bot, who[match.b_id], match.match_id)  # type: ignore[index]
        second = await open_round(bot, tid, 2)
        assert len(second) == 2
        for p in second:
            await forfeit(fake, bot, who[p.b_id], p.match_id)  # type: ignore[index,arg-type]
        final = await open_round(bot, tid, 3)
        assert len(final) == 1
        await forfeit(fake, bot, who[final[0].b_id], final[0].match_id)  # type: ignore[index,arg-type]
        _, last = await finished(fake, bot, tid)
        assert f"<@{final[0].a_id}>" in last.embeds[0]["description"]
        assert last.attachments[0].filename == "bracket.png"
        # the picture names the players (their display names), never by id
        assert [{k: v.lower() for k, v in d.items()} for d in drawn] == [
            {u.id: u.name for u in users}]


async def test_restart_between_rounds_loses_nothing(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, toyturns: None) -> None:
    fake = fake_discord
    users = players(fake, 4)
    who = by_user(users)
    db = tmp_path / "t.sqlite3"
    async with bot_running(fake, db) as bot:
        tid, msg = await signed_up(fake, bot, users[0], users, format="swiss", rounds=2)
        await press(users[0], msg, button(msg, "start"))
        first = await open_round(bot, tid, 1)
        await forfeit(fake, bot, who[first[0].b_id], first[0].match_id)  # type: ignore[index,arg-type]
        await until(lambda: _status_done(bot, tid, first[0]), "the first result")
    async with bot_running(fake, db) as bot:  # a new process on the same database
        t = await bot.store.get_tournament(tid)
        assert t is not None and t.round == 1 and t.status == "running"
        await forfeit(fake, bot, who[first[1].b_id], first[1].match_id)  # type: ignore[index,arg-type]
        second = await open_round(bot, tid, 2)
        met = {frozenset((p.a_id, p.b_id)) for p in first}
        assert all(frozenset((p.a_id, p.b_id)) not in met for p in second)
        assert len([m for m in fake.messages(fake.channel) if "**Round 1**" in m.content]) == 1
        await forfeit(fake, bot, who[second[0].b_id], second[0].match_id)  # type: ignore[index,arg-type]
        # the last match ends in the store only (a crash before anything was posted or the
        # event moved on): the next process finishes the event by itself
        last = second[1]
        bot.get_cog("Tournaments").sweeper.cancel()  # nothing of this process moves it on
        await bot.referee.forfeit(last.match_id, last.b_id)  # type: ignore[arg-type]
        t = await bot.store.get_tournament(tid)
        assert t is not None and t.status == "running" and t.round == 2
    async with bot_running(fake, db) as bot:
        await finished(fake, bot, tid)
        assert len([m for m in fake.messages(fake.channel) if "**Round 2**" in m.content]) == 1
    # the last result recorded, the bot gone before its final post: the next start posts it
    async with bot_running(fake, db) as bot:
        bot.get_cog("Tournaments").sweeper.cancel()
        async with bot.store.write_transaction() as conn:
            await conn.execute("UPDATE tournaments SET status = 'closing' WHERE id = ?", (tid,))
        posts = len(fake.messages(fake.channel))
    async with bot_running(fake, db) as bot:
        await finished(fake, bot, tid)
        assert len(fake.messages(fake.channel)) == posts + 1  # the final post, once more


async def test_series_tie_gets_a_decider(fake_discord: FakeDiscord, tmp_path: pathlib.Path,
                                         toyturns: None) -> None:
    fake = fake_discord
    alice, bob = players(fake, 2)
    who = by_user([alice, bob])
    async with bot_running(fake, tmp_path / "t.sqlite3") as bot:
        tid, msg = await signed_up(fake, bot, alice, [alice, bob], format="series", matches=2)
        assert "2 matches between each two players" in msg.content
        await press(alice, msg, button(msg, "start"))
        [one] = await open_round(bot, tid, 1)
        await forfeit(fake, bot, who[one.b_id], one.match_id)  # type: ignore[index,arg-type]
        [two] = await open_round(bot, tid, 2)
        assert (two.a_id, two.b_id) == (one.b_id, one.a_id)  # sides swap
        await forfeit(fake, bot, who[two.b_id], two.match_id)  # type: ignore[index,arg-type]
        [decider] = await open_round(bot, tid, 3)  # 1-1: a decider
        heads = [m.content for m in fake.messages(fake.channel) if "**Round" in m.content]
        assert len(heads) == 3 and "decider" in heads[2] and "decider" not in heads[1]
        await forfeit(fake, bot, who[decider.a_id], decider.match_id)  # type: ignore[arg-type]
        _, last = await finished(fake, bot, tid)
        assert f"<@{decider.b_id}>" in last.embeds[0]["description"]
        # a second event, cancelled during its sign-up by the organiser only
        other, msg2 = await signed_up(fake, bot, alice, [bob], format="round_robin")
        await refused(await slash(bob, "tournament cancel", tournament=other),
                      "Only the organiser")
        ok = await slash(alice, "tournament cancel", tournament=other)
        assert ok.ephemeral and "cancelled" in ok.content
        await until(lambda: _edited(msg2), "the cancelled sign-up")
        await refused(await slash(alice, "tournament cancel", tournament=other), "was cancelled")
        await refused(await slash(alice, "tournament drop", tournament=tid, player=bob),
                      "is over")


async def test_sealed_series_keeps_each_pool_and_uses_the_registered_deck(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    from referee.decks import builders, code_of
    from referee.tournament_sealed import check_deck, pool_of

    fake = fake_discord
    alice, bob, carol = players(fake, 3)
    who = by_user([alice, bob])
    mk = "mortal_kombat"
    async with bot_running(fake, tmp_path / "t.sqlite3") as bot:
        res = await slash(alice, "tournament create", game=mk, format="series", matches=2,
                          sealed=True)
        msg = res.message
        assert "Sealed" in msg.content and msg.content.count("Basic rules") == 1
        assert "basic" not in msg.content  # the level in words, said once
        for u in (alice, bob):
            await press(u, msg, button(msg, "join"))
        await press(alice, msg, button(msg, "start"))
        [one] = await open_round(bot, 1, 1)
        pools = {e.user_id: e.pool for e in await bot.store.entrants(1)}
        assert None not in pools.values() and pools[alice.id] != pools[bob.id]
        rec = await bot.store.get_match(one.match_id)
        seat = {u: i for i, u in enumerate(rec.seats)}
        assert rec.options["level"] == "basic"
        assert rec.options["decks"][seat[bob.id]] == code_of(mk, pool_of(mk, pools[bob.id])[1])
        # the pool, privately; a deck from someone else's pool is refused
        shown = await slash(alice, "tournament pool", tournament=1)
        assert shown.ephemeral and "Your Sealed pool" in shown.embeds[0]["title"]
        await refused(await slash(carol, "tournament pool", tournament=1), "not entered")
        bobs = code_of(mk, pool_of(mk, pools[bob.id])[1])
        await refused(await slash(alice, "tournament deck", tournament=1, code=bobs),
                      "your pool has")
        await refused(await slash(alice, "tournament deck", tournament=1, code="MK1-junk"),
                      "deck code")
        # a deck from her own pool, led by another Kombatant: registered, used next round
        seed = pools[alice.id]
        leaders = sorted(builders()[mk].deck_leaders().values())
        mine = None
        for lead in leaders:
            _, deck = builders()[mk].sealed(seed, lead)  # type: ignore[attr-defined]
            try:
                mine = check_deck(mk, seed, code_of(mk, deck))
            except Refusal:  # that leader's deck breaks a limit
                continue
            if mine != code_of(mk, pool_of(mk, seed)[1]):
                break
        assert mine is not None
        ok = await slash(alice, "tournament deck", tournament=1, code=mine)
        assert ok.ephemeral and "registered" in ok.content, ok.content
        await forfeit(fake, bot, who[one.b_id], one.match_id)  # type: ignore[index,arg-type]
        [two] = await open_round(bot, 1, 2)
        rec2 = await bot.store.get_match(two.match_id)
        assert rec2.options["decks"][rec2.seats.index(alice.id)] == mine
        await forfeit(fake, bot, who[two.b_id], two.match_id)  # type: ignore[index,arg-type]
        [three] = await open_round(bot, 1, 3)  # 1-1: the decider, still from the pools
        rec3 = await bot.store.get_match(three.match_id)
        assert rec3.options["decks"][rec3.seats.index(alice.id)] == mine
        await forfeit(fake, bot, who[three.a_id], three.match_id)  # type: ignore[index,arg-type]
        _, last = await finished(fake, bot, 1)
        assert f"<@{three.b_id}>" in last.embeds[0]["description"]


def refuse_boards(monkeypatch: pytest.MonkeyPatch, times: int) -> list[int]:
    """Make Discord refuse the next ``times`` boards (messages with an embed) the bot
    posts; returns the list of refusals made so far (its length)."""
    import discord

    class _Refused:
        status = 403
        reason = "Forbidden"

    original = discord.abc.Messageable.send
    made: list[int] = []

    async def send(self: object, *args: object, **kwargs: object) -> object:
        if "embed" in kwargs and len(made) < times:
            made.append(1)
            raise discord.Forbidden(_Refused(), "Missing Permissions")  # type: ignore[arg-type]
        return await original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(discord.abc.Messageable, "send", send)
    return made


@pytest.mark.parametrize("refusals", [1, 2])
async def test_a_refused_board_is_retried_once_then_the_organiser_is_told(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, toyturns: None,
        monkeypatch: pytest.MonkeyPatch, refusals: int) -> None:
    fake = fake_discord
    users = players(fake, 4)
    organiser = users[0]
    async with bot_running(fake, tmp_path / "t.sqlite3") as bot:
        tid, msg = await signed_up(fake, bot, organiser, users, format="swiss", rounds=1)
        made = refuse_boards(monkeypatch, refusals)
        await press(organiser, msg, button(msg, "start"))

        async def settled() -> list[PairingRecord] | None:
            ps = [p for p in await bot.store.pairings(tid) if p.round == 1]
            return ps if len(made) == refusals and all(
                p.match_id is not None for p in ps) else None
        first = await until(settled, "round 1 opened")
        await idle(fake, bot)
        told = [m for m in fake.messages(fake.channel) if "Discord refused the board"
                in m.content]
        statuses = [(await bot.store.get_match(p.match_id)).status  # type: ignore[union-attr,arg-type]
                    for p in first]
        if refusals == 1:  # re-opened at once: both matches are on, nobody is bothered
            assert told == [] and statuses == ["active", "active"]
            return
        [line] = told  # refused twice: the organiser is told, naming the two players
        [gone] = [p for p, s in zip(first, statuses, strict=True) if s == "aborted"]
        for u in (organiser.id, gone.a_id, gone.b_id):
            assert f"<@{u}>" in line.content
        assert "round 1" in line.content and "/tournament repair" in line.content
        assert "Seat" not in line.content
        res = await slash(organiser, "tournament repair", tournament=tid)
        assert res.ephemeral and "1 match re-opened" in res.content
        await open_round(bot, tid, 1)  # the board goes up this time
    assert fake.schema_errors == [] and fake.handler_errors == []
