"""After a crash: the thread is told what it missed, once, and the table remembers the turn.

Each test leaves the database as a bot killed at that moment would (an action committed
but neither its board edit nor its posts made; posts made but not recorded), then starts
a new bot on the same database and the same offline Discord and checks the thread.
"""

from __future__ import annotations

import inspect
import pathlib
from typing import Any

import discord
import pytest

from engine.games import REGISTRY
from referee.render.registry import renderer_for
from referee.service import pending_seats
from referee.snapshots import load_state
from tests.e2e.harness import Player, bot_running, challenge_accepted, idle, stored_opening
from tests.e2e.test_play_feel_e2e import pinged
from tests.e2e.test_reconcile_e2e import act_while_down, wait_settled
from tests.fakediscord import FakeDiscord
from tests.fakediscord.store import Message

FIELD = "So far this turn"


def results(messages: list[Message]) -> list[Message]:
    """The "Match over" messages."""
    return [m for m in messages if "Match over" in m.content]


def field_lines(board: Message) -> list[str]:
    """The lines of the board's "So far this turn" field (none: [])."""
    fields = board.embeds[0].get("fields") or []
    return next((f["value"].split("\n") for f in fields if f["name"] == FIELD), [])


async def test_a_result_lost_by_a_crash_is_posted_once_with_rematch(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db) as bot:
        match_id, _ = await challenge_accepted(fake, bot, alice, bob, "sushido")
        thread = fake.threads(fake.channel)[-1]
        # the crash window: the forfeit is committed, nothing is posted
        await bot.referee.forfeit(match_id, alice.id)
        rec = await bot.store.get_match(match_id)
        assert rec.status == "finished" and rec.published_version < rec.version
        assert results(fake.messages(thread)) == []
    for _ in range(2):  # a second restart posts nothing more
        async with bot_running(fake, db) as bot:
            await wait_settled(fake, bot)
            done = results(fake.messages(thread))
            assert len(done) == 1, [m.content for m in fake.messages(thread)]
            assert f"hj:rm:{match_id}" in done[0].custom_ids
            assert bob.mention in done[0].content
            rec = await bot.store.get_match(match_id)
            assert rec.published_version == rec.version == rec.board_version
    assert fake.schema_errors == [] and fake.handler_errors == [] and fake.bot_errors == []


async def test_posts_made_but_not_recorded_are_not_doubled(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The kill lands after Discord accepted the result but before its record: the post
    is repeated on start with the same nonce, and Discord keeps one message."""
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db) as bot:
        match_id, _ = await challenge_accepted(fake, bot, alice, bob, "sushido")
        thread = fake.threads(fake.channel)[-1]
        applied = await bot.referee.forfeit(match_id, bob.id)
        real = bot.store.set_published, bot.store.set_shown

        async def killed(*args: Any) -> bool:
            raise RuntimeError("killed")

        # the posts' record, with the board's edit when there was one (one write)
        monkeypatch.setattr(bot.store, "set_published", killed)
        monkeypatch.setattr(bot.store, "set_shown", killed)
        table = bot.get_cog("Table")
        with pytest.raises(RuntimeError):
            await table.publish(applied)
        monkeypatch.setattr(bot.store, "set_published", real[0])
        monkeypatch.setattr(bot.store, "set_shown", real[1])
        assert len(results(fake.messages(thread))) == 1
        rec = await bot.store.get_match(match_id)
        assert rec.published_version < rec.version
    async with bot_running(fake, db) as bot:
        await wait_settled(fake, bot)
        assert len(results(fake.messages(thread))) == 1
        rec = await bot.store.get_match(match_id)
        assert rec.published_version == rec.version
    assert fake.schema_errors == [] and fake.handler_errors == [] and fake.bot_errors == []


async def play_until(bot: Any, player: Player, done: Any, steps: int = 200) -> None:
    """Random legal steps through the UI until ``done(record)`` holds."""
    for _ in range(steps):
        rec = await bot.store.get_match(player.match_id)
        ok = done(rec)
        if inspect.isawaitable(ok):
            ok = await ok
        if ok:
            return
        assert rec.status == "active" and await player.step()
        await idle(player.fake, bot)
    raise AssertionError("the match never reached the wanted moment")


async def test_folded_lines_survive_a_restart_and_a_lost_step_is_folded_in(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db) as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido")
        thread = fake.threads(fake.channel)[-1]
        player = Player(fake, bot, match_id, board, [alice, bob], check_leaks=False)
        await play_until(bot, player, lambda r: r.table_memory.get("recent"))
        before = field_lines(board)
        assert before and (await bot.store.get_match(match_id)).table_memory["recent"] == before
    async with bot_running(fake, db) as bot:
        # a restarted bot redraws the board from its memory (forced: the board is stale)
        async with bot.store.write_transaction() as conn:
            await conn.execute("UPDATE matches SET board_version = 0 WHERE id = ?",
                               (match_id,))
        bot.get_cog("Reconciler").kick()
        passes = bot.get_cog("Reconciler").passes
        await wait_settled(fake, bot, after=passes)
        assert field_lines(board) == before
        assert (await bot.store.get_match(match_id)).board_version > 0
        count = len(fake.messages(thread))
        # the crash window: the next step is committed; no board edit, no post
        await act_while_down(bot, match_id)
        rec = await bot.store.get_match(match_id)
        assert rec.published_version < rec.version
        game = bot.referee.game(rec.game)
        expected = renderer_for(rec.game).narrate(
            [e for e in (await bot.store.events(match_id)) if e.version == rec.version
             and e.audience is None], [alice.mention, bob.mention])
    async with bot_running(fake, db) as bot:
        await wait_settled(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec.published_version == rec.version == rec.board_version
        lines = field_lines(board)
        posted = "\n".join(m.content for m in fake.messages(thread)[count:])
        if lines:  # folded: the old lines and the lost step's lines on the board
            assert lines == before + expected
        else:  # a turning point: the turn's lines were posted together, once
            assert all(x in posted for x in before + expected)
            assert sum(before[0] in m.content for m in fake.messages(thread)) == 1
        live = await load_state(bot.store, game, rec)
        pending = {rec.seats[s] for s in pending_seats(game, live)}
        assert all(pinged(m.history[0]) <= pending for m in fake.messages(thread)[count:])
    assert fake.schema_errors == [] and fake.handler_errors == [] and fake.bot_errors == []


async def waiting_on_one(bot: Any, rec: Any) -> bool:
    """One seat deciding while the other was already pinged this turn."""
    if rec.status != "active":
        return False
    game = REGISTRY[rec.game]
    pending = pending_seats(game, await load_state(bot.store, game, rec))
    return len(pending) == 1 and 1 - next(iter(pending)) in rec.table_memory.get("pinged", [])


async def test_no_second_ping_in_the_same_turn_after_a_restart(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    """A seat pinged this turn gets a new decision in the same turn right after a
    restart: the decision shows in the hand it has open (refreshed through the stored
    interaction token), without a second ping (the table remembered it)."""
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db) as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido")
    thread = fake.threads(fake.channel)[-1]
    for _attempt in range(30):
        async with bot_running(fake, db) as bot:  # a new process at each such moment
            await wait_settled(fake, bot)
            player = Player(fake, bot, match_id, board, [alice, bob], seed=_attempt,
                            check_leaks=False)
            await play_until(bot, player, lambda rec: waiting_on_one(bot, rec))
        async with bot_running(fake, db) as bot:
            await wait_settled(fake, bot)
            rec = await bot.store.get_match(match_id)
            game = bot.referee.game(rec.game)
            state = await load_state(bot.store, game, rec)
            before = pending_seats(game, state)
            other = 1 - next(iter(before))
            count = len(fake.messages(thread))
            hands = fake.store.ephemerals(rec.seats[other], thread.id)
            edits = hands[-1].edits if hands else 0
            player = Player(fake, bot, match_id, board, [alice, bob], check_leaks=False)
            assert await player.step()
            await idle(fake, bot)
            rec = await bot.store.get_match(match_id)
            after = await load_state(bot.store, game, rec)
            turn = renderer_for(rec.game).turn_key
            if (rec.status != "active" or turn(game.view(after, None))
                    != turn(game.view(state, None))
                    or pending_seats(game, after).get(other) in (None, before.get(other))):
                continue  # not the moment we want: play on
            new = fake.messages(thread)[count:]
            assert all(rec.seats[other] not in pinged(m.history[0]) for m in new), \
                [m.content for m in new]
            # the hand the player opened before the restart shows the new decision
            assert hands and hands[-1].edits > edits
            assert any(c.startswith(f"hj:a:{match_id}:{rec.version}:") or
                       c.startswith(f"hj:s:{match_id}:{rec.version}:")
                       for c in hands[-1].custom_ids), hands[-1].custom_ids
            break
    else:
        raise AssertionError("no new decision for a seat already pinged in its turn")
    assert fake.schema_errors == [] and fake.handler_errors == [] and fake.bot_errors == []


async def test_an_opening_killed_after_its_ping_pings_once(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    """Board and opening message were posted, the kill came before the opening mark was
    cleared: the restarted bot finishes the opening without a second opening message."""
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db) as bot:
        match_id, _ = await challenge_accepted(fake, bot, alice, bob, "sushido")
        async with bot.store.write_transaction() as conn:  # as if finish_opening never ran
            await conn.execute("UPDATE matches SET opening = 1 WHERE id = ?", (match_id,))
    thread = fake.threads(fake.channel)[-1]
    async with bot_running(fake, db) as bot:
        await wait_settled(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert not rec.opening and rec.status == "active"
        openings = [m for m in fake.messages(thread) if "The match is on!" in m.content]
        assert len(openings) == 1
        assert len(fake.threads(fake.channel)) == 1
    assert fake.schema_errors == [] and fake.handler_errors == [] and fake.bot_errors == []


async def test_a_thread_made_before_a_kill_is_reused(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    """The kill came between creating the match's thread and storing its id: the
    restarted bot finds its own thread by name instead of leaving an empty one behind."""
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db) as bot:
        rec, _, _ = await stored_opening(fake, bot, alice, bob)
        channel = bot.get_channel(fake.channel.id)
        made = await channel.create_thread(name=f"{bot.referee.game('sushido').name} #{rec.id}",
                                           type=discord.ChannelType.public_thread)
    async with bot_running(fake, db) as bot:
        await wait_settled(fake, bot)
        opened = await bot.store.get_match(rec.id)
        assert not opened.opening and opened.thread_id == made.id
        assert [t.id for t in fake.threads(fake.channel)] == [made.id]
        board = fake.messages(fake.channels[made.id])[0]
        assert board.id == opened.message_id
    assert fake.schema_errors == [] and fake.handler_errors == [] and fake.bot_errors == []


async def test_a_lost_step_is_told_with_the_next_live_one(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    """A step whose posts failed (or were cut off) is told, once, when the next click's
    step is published: the table posts every unposted step from the database."""
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido")
        thread = fake.threads(fake.channel)[-1]
        player = Player(fake, bot, match_id, board, [alice, bob], check_leaks=False)
        table = bot.get_cog("Table")
        for _ in range(60):  # until a lost step has narration of its own
            version = await act_while_down(bot, match_id)
            lost = renderer_for("sushido").narrate(
                [e for e in await bot.store.events(match_id)
                 if e.version == version and e.audience is None],
                [alice.mention, bob.mention])
            rec = await bot.store.get_match(match_id)
            if lost and rec.status == "active":
                break
            assert rec.status == "active" and await table.publish_missing(match_id)
        else:
            raise AssertionError("no step with narration")
        count = len(fake.messages(thread))
        assert await player.step()
        await idle(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec.published_version == rec.version
        told = "\n".join([*field_lines(board),
                          *(m.content for m in fake.messages(thread)[count:])])
        assert all(told.count(line) == 1 for line in lost), (lost, told)
    assert fake.schema_errors == [] and fake.handler_errors == [] and fake.bot_errors == []
