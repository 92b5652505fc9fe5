"""Tables of three and more seats end to end, with the toy turn game (2-4 players).

A 3-seat table is hosted, joined, left and joined again, fills and starts by itself; the
players play through the board, one forfeits mid-game, the other two finish; results,
ratings, /history and /replay cover the 3 seats; the rematch invites the same seats;
``/challenge`` with two opponents makes an invitation table; every bad input gets an
ephemeral answer and changes nothing.
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from typing import Any

import pytest
from discord import app_commands

import cogs.ladder
import cogs.library  # noqa: F401
from cogs.lobby import Lobby
from engine.games import REGISTRY
from referee.i18n import CATALOGS
from tests.e2e.harness import Player, bot_running, idle, press, raw_click, replay_told
from tests.engine.toyturns import TURNS
from tests.fakediscord import FakeDiscord
from tests.fakediscord.store import Message
from tests.fakediscord.users import FakeUser


@pytest.fixture
def toyturns(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy N-seat game, registered for this test (and a /challenge choice for it).

    Every cog whose game choices are computed on import is imported above, before the
    patch: none of them keeps the toy game after the test."""
    monkeypatch.setitem(REGISTRY, TURNS.id, TURNS)
    for locale, name in (("en-US", "Turns"), ("fr", "Tours")):
        monkeypatch.setitem(CATALOGS[locale], f"game.{TURNS.id}", name)
    choices = Lobby.challenge._params["game"].choices
    extra = app_commands.Choice(name=TURNS.name, value=TURNS.id)
    choices.append(extra)
    try:
        yield
    finally:
        choices.remove(extra)


def button(msg: Message, what: str) -> str:
    return next(c for c in msg.custom_ids if c.endswith(f":{what}"))


def button_in(body: dict[str, Any], what: str) -> str:
    return next(c["custom_id"] for row in body["components"] for c in row["components"]
                if c["custom_id"].endswith(f":{what}"))


async def refused(res: Any, words: str) -> None:
    assert res.ephemeral and words in res.content, res.content


async def slash(user: FakeUser, command: str, **options: Any) -> Any:
    return await (await user.slash(command, **options)).response()


async def lobby_rows(bot: Any) -> list[tuple[Any, ...]]:
    async with bot.store.read_connection() as conn:
        rows = await conn.execute_fetchall(
            "SELECT id, status, players, match_id FROM lobbies ORDER BY id")
    return [tuple(r) for r in rows]


async def test_three_seat_table_play_leave_finish_and_results(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, toyturns: None) -> None:
    fake = fake_discord
    robo = fake.add_user("robo", bot=True)
    alice, bob, carol = (fake.user(n) for n in ("alice", "bob", "carol"))
    dave = fake.add_user("dave")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        # ---- bad /host input: answered privately, nothing stored
        await refused(await slash(alice, "host", game="nope", seats=3), "don't know that game")
        await refused(await slash(alice, "host", game="toyturns", seats=5),
                      "played by 2 to 4 players")
        await refused(await slash(alice, "host", game="toyturns", seats=3, options="bogus"),
                      "write options as")
        await refused(await slash(alice, "host", game="toyturns", seats=3,
                                  options="target=lots"), "Invalid options")
        assert await lobby_rows(bot) == []
        picks = await (await alice.autocomplete("host", "game", "tur", seats=3)).response()
        assert [c["value"] for c in picks.choices or []] == ["toyturns"]

        # ---- the table: join, refusals, leave, join again, fill and start
        res = await slash(alice, "host", game="toyturns", seats=3, options="target=6")
        table = res.message
        assert not res.ephemeral and "Seated (1/3)" in table.content
        assert "target: 6" in table.content and "expires" in table.content
        await refused(await slash(alice, "host", game="toyturns", seats=3),
                      "already seated at another open table")
        joined = await press(bob, table, button(table, "join"))
        assert joined.response_type == 7 and "Seated (2/3)" in table.content
        await refused(await press(bob, table, button(table, "join")), "already seated")
        await refused(await press(carol, table, button(table, "leave")), "not seated")
        await refused(await press(bob, table, button(table, "start")), "Only the host")
        await refused(await press(bob, table, button(table, "cancel")), "Only the host")
        await refused(await press(alice, table, button(table, "leave")), "press Cancel")
        before = await lobby_rows(bot)
        left = await press(bob, table, button(table, "leave"))
        assert left.response_type == 7 and "Seated (1/3)" in table.content
        await refused(await press(alice, table, button(table, "start")),
                      "needs at least 2 players")
        await press(bob, table, button(table, "join"))
        assert before == await lobby_rows(bot)  # back to alice and bob
        lid = before[0][0]
        await press(carol, table, button(table, "join"))  # full: it starts by itself
        await idle(fake, bot)
        assert "Started!" in table.content and table.custom_ids == []
        await refused(await raw_click(dave, table, f"hj:tb:{lid}:join"), "already started")
        [(_, status, players, match_id)] = await lobby_rows(bot)
        assert players == f"[{alice.id},{bob.id},{carol.id}]"
        assert status == "started" and match_id is not None
        rec = await bot.store.get_match(match_id)
        assert rec is not None and rec.seats == [alice.id, bob.id, carol.id]

        # ---- the board: names in turn order, whose turn
        thread = fake.threads(fake.channel)[-1]
        board = fake.messages(thread)[0]
        order = next(f for f in board.embeds[0]["fields"]
                     if f["name"] == "Players, in turn order")["value"]
        assert order.splitlines()[0].startswith("▶️ 1. " + alice.mention)
        assert bob.mention in order and carol.mention in order and "Seat" not in order
        opening = fake.messages(thread)[1]
        assert alice.mention in opening.content

        # ---- play, then bob forfeits mid-game; the others finish
        player = Player(fake, bot, match_id, board, [alice, bob, carol], seed=3,
                        check_leaks=False)
        for _ in range(2):
            assert await player.step()
        await idle(fake, bot)
        ask = await slash(bob, "forfeit")
        assert ask.ephemeral and "the others play on" in ask.content
        done = await press(bob, ask.message, f"hj:ff:{match_id}")
        assert done.response_type == 7
        await idle(fake, bot)
        gone = [m for m in fake.messages(thread) if "left the match" in m.content]
        assert len(gone) == 1 and bob.mention in gone[0].content
        assert "forfeit" in gone[0].content
        rec = await bot.store.get_match(match_id)
        assert rec is not None and rec.status == "active"
        order = next(f for f in board.embeds[0]["fields"]
                     if f["name"] == "Players, in turn order")["value"]
        assert f"~~{bob.mention}~~ (left)" in order
        # bob is out: refused privately, slot released, never asked again
        await refused(await press(bob, board, f"hj:act:{match_id}"), "You have left")
        await refused(await slash(bob, "forfeit", match_id=match_id), "already left")
        await refused(await raw_click(bob, ask.message, f"hj:ff:{match_id}"), "You have left")
        nope = await slash(bob, "matches")  # still listed (anyone may watch), not as his
        listed = nope.embeds[0]["description"]
        assert nope.ephemeral and f"**#{match_id} " in listed
        assert f"⭐ **#{match_id} " not in listed and f"~~{bob.mention}~~" in listed
        steps = await player.play()
        assert steps > 2
        await idle(fake, bot)
        final = fake.messages(thread)[-1]
        assert "Match over" in final.content and "forfeited" not in final.content

        # ---- results, ratings, history, replay for 3 seats
        async with bot.store.read_connection() as conn:
            results = [tuple(r) for r in await conn.execute_fetchall(
                "SELECT user_id, rank, forfeited FROM match_results WHERE match_id = ?"
                " ORDER BY seat", (match_id,))]
            rated = {int(r[0]) for r in await conn.execute_fetchall(
                "SELECT user_id FROM ratings WHERE game = 'toyturns'")}
        assert results[1] == (bob.id, 3, 1)
        assert sorted(r[1] for r in results) == [1, 2, 3]
        assert rated == {alice.id, bob.id, carol.id}
        hist = await slash(carol, "history")
        text = repr(hist.embeds)
        assert f"#{match_id}" in text and alice.mention in text and bob.mention in text
        profile = await (await alice.slash("profile", user=bob)).response()
        assert "Turns" in repr(profile.embeds) and f"#{match_id}" in repr(profile.embeds)
        replay = await slash(alice, "replay", match_id=match_id)
        shown = await replay_told(alice, replay)  # one page a turn: read them all
        assert "forfeits" in shown and "unavailable" not in shown.lower(), shown[:2000]
        assert f"{bob.mention} left the match (forfeit)" in shown

        # ---- rematch: the same three seats, by invitation, the next seat first
        await refused(await press(dave, final, f"hj:rm:{match_id}"), "Only the players")
        offer = await press(carol, final, f"hj:rm:{match_id}")
        assert offer.ephemeral and "Rematch offered" in offer.content
        await idle(fake, bot)
        invite = fake.messages(fake.channel)[-1]
        assert "Rematch" in invite.content and "starts this time" in invite.content
        await refused(await press(dave, invite, button(invite, "accept")), "invitation")
        await press(alice, invite, button(invite, "accept"))
        await press(bob, invite, button(invite, "accept"))
        await idle(fake, bot)
        assert "Started!" in invite.content
        rows = await lobby_rows(bot)
        again = await bot.store.get_match(rows[-1][3])
        assert again is not None and again.seats == [bob.id, carol.id, alice.id]

        # ---- /challenge with two opponents: an invitation table
        await refused(await slash(dave, "challenge", opponent=alice, opponent2=alice,
                                  game="toyturns"), "same player twice")
        await refused(await slash(dave, "challenge", opponent=alice, opponent2=robo,
                                  game="toyturns"), "Bots don't play")
        await refused(await slash(dave, "challenge", opponent=alice, opponent2=bob,
                                  game="sushido"), "two-player game")
        inv = await slash(dave, "challenge", opponent=alice, opponent2=bob, game="toyturns")
        msg = inv.message
        assert not inv.ephemeral and "invites" in msg.content
        await press(alice, msg, button(msg, "accept"))
        assert "Waiting for: " + bob.mention in msg.content
        declined = await press(bob, msg, button(msg, "decline"))
        assert declined.response_type == 7 and "Declined by" in msg.content
        await refused(await raw_click(alice, msg, button_in(msg.history[0], "accept")),
                      "cancelled")
    assert fake.schema_errors == [] and fake.handler_errors == []


async def test_a_table_expires_and_a_restart_keeps_an_open_one(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, toyturns: None) -> None:
    fake = fake_discord
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db, challenge_expiry_seconds=2.5,
                           timer_tick_seconds=0.05):
        res = await slash(alice, "host", game="toyturns", seats=4)
        table = res.message
        await fake.wait_for(lambda: "Expired" in table.content, timeout=15,
                            what="the table to expire")
        assert table.custom_ids == []
    async with bot_running(fake, db) as bot:
        res = await slash(alice, "host", game="toyturns", seats=3)
        table = res.message
        await press(bob, table, button(table, "join"))
    async with bot_running(fake, db) as bot:  # restarted: the table is still open
        await press(carol, table, button(table, "join"))
        await idle(fake, bot)
        assert "Started!" in table.content
    assert fake.schema_errors == [] and fake.handler_errors == []


async def test_timeouts_make_seats_leave_one_line_each_and_never_ping_them_again(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, toyturns: None) -> None:
    from tests.e2e.test_play_feel_e2e import pinged

    fake = fake_discord
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    async with bot_running(fake, tmp_path / "h.sqlite3", turn_seconds=0.8,
                           max_consecutive_timeouts=1, timer_tick_seconds=0.05) as bot:
        table = (await slash(alice, "host", game="toyturns", seats=3)).message
        await press(bob, table, button(table, "join"))
        await press(carol, table, button(table, "join"))
        await idle(fake, bot)
        thread = fake.threads(fake.channel)[-1]
        await fake.wait_for(lambda: any("Match over" in m.content
                                        for m in fake.messages(thread)), timeout=20,
                            what="alice, then bob, to time out and leave")
        await idle(fake, bot)
        texts = [m.content for m in fake.messages(thread)]
        left = [x for t in texts for x in t.splitlines() if "left the match" in x]
        # alice leaves and play goes on; bob's leave leaves carol alone: she wins
        assert left == [f"🚪 {alice.mention} left the match (too many decisions timed out);"
                        " play goes on without them."], left
        final = fake.messages(thread)[-1]
        assert carol.mention in final.content and "wins" in final.content
        assert "timed out too often" in final.content, final.content
        gone_at = next(i for i, m in enumerate(fake.messages(thread))
                       if alice.mention in m.content and "left the match" in m.content)
        for msg in fake.messages(thread)[gone_at:]:
            assert alice.id not in pinged(msg.history[0]), msg.content
        rec = await bot.store.get_match((await lobby_rows(bot))[0][3])
        assert rec is not None and rec.status == "finished"
        assert [await bot.referee.live_matches(u.id) for u in (alice, bob, carol)] == [
            [], [], []]
    assert fake.schema_errors == [] and fake.handler_errors == []


async def test_a_table_started_just_before_a_crash_opens_after_the_restart(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, toyturns: None) -> None:
    import asyncio

    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db) as bot:
        table = (await slash(alice, "host", game="toyturns", seats=3)).message
        await press(bob, table, button(table, "join"))
        [(lid, *_)] = await lobby_rows(bot)
        # the crash window of the host's Start: stored (table closed, match opening),
        # nothing posted yet
        rec, _ = await bot.referee.open_match(
            guild_id=fake.guild_id, channel_id=fake.channel.id, game_id="toyturns",
            options={}, seats=[alice.id, bob.id], lobby=(lid, [alice.id, bob.id]))
        assert rec.opening and "Seated (2/3)" in table.content
    async with bot_running(fake, db) as bot:  # the reconciler opens it
        for _ in range(750):
            again = await bot.store.get_match(rec.id)
            if again is not None and not again.opening:
                break
            await asyncio.sleep(0.02)
        await idle(fake, bot)
        assert again is not None and not again.opening and again.message_id is not None
        await fake.wait_for(lambda: "Started!" in table.content, timeout=10,
                            what="the table message to say so")
        assert table.custom_ids == []
    assert fake.schema_errors == [] and fake.handler_errors == []
