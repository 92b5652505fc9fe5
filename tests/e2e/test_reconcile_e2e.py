"""After a crash: stale boards re-rendered, interrupted openings finished or cancelled.

Each test leaves the database exactly as a bot killed at that moment would (an action
committed but its board not edited; a challenge accepted but its board not posted), then
starts a new bot on it and checks what the reconciler did.
"""

from __future__ import annotations

import asyncio
import pathlib
import time
from typing import Any

import discord
import pytest

from cogs.table import Table
from referee.service import pending_seats
from referee.snapshots import load_state
from tests.e2e.harness import bot_running, challenge_accepted, idle, stored_opening
from tests.fakediscord import FakeDiscord
from tests.fakediscord.store import Message


async def expected_embed(bot: Any, rec: Any) -> dict[str, Any]:
    """The public board embed the bot renders for ``rec``'s state (picture aside)."""
    table = bot.get_cog("Table")
    assert isinstance(table, Table)
    state = await load_state(bot.store, bot.referee.game(rec.game), rec)
    embed = table.board_payload(rec, state, png=b"")["embed"].to_dict()
    embed.pop("image", None)
    return embed


def shown_embed(board: Message) -> dict[str, Any]:
    embed = dict(board.embeds[0])
    embed.pop("image", None)
    return embed


async def wait_settled(fake: FakeDiscord, bot: Any, after: int = 0,
                       timeout: float = 15) -> None:
    """Until the reconciler has finished a pass (past the ``after``-th) leaving nothing."""
    cog = bot.get_cog("Reconciler")
    await fake.wait_for(lambda: cog.passes > after and cog.settled, timeout=timeout,
                        what="the reconciler to settle")
    await idle(fake, bot)


async def act_while_down(bot: Any, match_id: int) -> int:
    """Commit one legal action straight through the referee: no board edit follows."""
    rec, game, state = await bot.referee.load(match_id)
    seat = sorted(pending_seats(game, state))[0]
    action = game.legal(state, seat)[0]
    applied = await bot.referee.act(match_id, rec.seats[seat], action.aid, state.version)
    return int(applied.state.version)


async def test_a_board_left_behind_by_a_crash_is_rerendered_on_start(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db) as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido")
        rec = await bot.store.get_match(match_id)
        assert rec.board_version == rec.version == 0 and not rec.opening
        before = shown_embed(board)
        # the crash window: the action is committed, the board edit never happens
        version = await act_while_down(bot, match_id)
        version = await act_while_down(bot, match_id)
        stale = await bot.store.get_match(match_id)
        assert stale.board_version == 0 < version == stale.version
        assert shown_embed(board) == before
    async with bot_running(fake, db) as bot:
        await wait_settled(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec.board_version == rec.version == version
        assert shown_embed(board) == await expected_embed(bot, rec) != before
    assert fake.schema_errors == [] and fake.handler_errors == [] and fake.bot_errors == []


async def test_a_failed_board_edit_is_retried(fake_discord: FakeDiscord, tmp_path: pathlib.Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord refuses one board edit (a 500): the reconciler retries until it shows."""
    import cogs.reconcile as reconcile

    monkeypatch.setattr(reconcile, "RETRY_FIRST", 0.2)
    failures = [1]

    class _Down:
        status = 500
        reason = "Internal Server Error"

    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido")
        original = bot.http.edit_message  # the board's edit (the reconciler's HTTP call)

        async def flaky(channel_id: int, message_id: int, **kwargs: Any) -> Any:
            if failures and message_id == board.id:
                failures.pop()
                raise discord.DiscordServerError(_Down(), "down")  # type: ignore[arg-type]
            return await original(channel_id, message_id, **kwargs)

        monkeypatch.setattr(bot.http, "edit_message", flaky)
        version = await act_while_down(bot, match_id)
        table = bot.get_cog("Table")
        passes = bot.get_cog("Reconciler").passes
        await table.show_board(await bot.store.get_match(match_id))  # the failing edit
        assert failures == []
        assert (await bot.store.get_match(match_id)).board_version == 0
        await wait_settled(fake, bot, after=passes)
        rec = await bot.store.get_match(match_id)
        assert rec.board_version == rec.version == version
        assert shown_embed(board) == await expected_embed(bot, rec)


async def test_an_interrupted_opening_is_finished_on_start(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db) as bot:
        # the crash window: accepted and stored, no thread, no board
        rec, ch_id, challenge = await stored_opening(fake, bot, alice, bob)
        assert rec.opening and (await bot.store.get_challenge(ch_id)).match_id == rec.id
        assert fake.threads(fake.channel) == []
    async with bot_running(fake, db) as bot:
        await wait_settled(fake, bot)
        opened = await bot.store.get_match(rec.id)
        assert not opened.opening and opened.status == "active"
        assert opened.board_version == opened.version
        assert opened.deadline is not None and opened.deadline > time.time() + 60
        thread = fake.threads(fake.channel)[-1]
        board, *rest = fake.messages(thread)
        assert board.id == opened.message_id and f"hj:act:{rec.id}" in board.custom_ids
        assert shown_embed(board) == await expected_embed(bot, opened)
        assert any(alice.mention in m.content and bob.mention in m.content for m in rest)
        assert "Accepted" in challenge.content and challenge.custom_ids == []
    assert fake.schema_errors == [] and fake.handler_errors == [] and fake.bot_errors == []


async def test_an_accept_whose_answer_fails_still_opens_its_match(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The accept is committed, then answering the click fails (Discord's 10062, the
    token expired on a loaded machine) before the board is posted: the match still opens
    at once (a reconcile pass), not at the next restart, and the challenge says so."""

    class _Gone:
        status = 404
        reason = "Not Found"

    original = discord.InteractionResponse.defer
    failed: list[int] = []

    async def expired(self: Any, *args: Any, **kwargs: Any) -> Any:
        if not failed:
            failed.append(1)
            raise discord.NotFound(_Gone(), {"code": 10062,  # type: ignore[arg-type]
                                             "message": "Unknown interaction"})
        return await original(self, *args, **kwargs)

    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        res = await (await alice.slash("challenge", opponent=bob, game="sushido")).response()
        assert res.message is not None
        accept = next(c for c in res.message.custom_ids if c.endswith(":accept"))
        monkeypatch.setattr(discord.InteractionResponse, "defer", expired)
        await (await bob.click(res.message, accept)).response()
        assert failed == [1]
        deadline = time.monotonic() + 10
        while (await bot.store.live_matches(alice.id))[0].opening:
            assert time.monotonic() < deadline, "the match was left opening"
            await asyncio.sleep(0.02)
        await idle(fake, bot)
        (rec,) = await bot.store.live_matches(alice.id)
        assert not rec.opening and rec.board_version == rec.version
        board = fake.messages(fake.threads(fake.channel)[-1])[0]
        assert board.id == rec.message_id and f"hj:act:{rec.id}" in board.custom_ids
        assert "Accepted" in res.message.content and res.message.custom_ids == []


async def test_an_opening_that_cannot_be_finished_is_cancelled_and_told(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db) as bot:
        rec, _, challenge = await stored_opening(fake, bot, alice, bob)

    class _Refused:
        status = 403
        reason = "Forbidden"

    original = discord.abc.Messageable.send

    async def refuse_boards(self: object, *args: object, **kwargs: object) -> object:
        if "embed" in kwargs:  # the board; other messages go through
            raise discord.Forbidden(_Refused(), "Missing Permissions")  # type: ignore[arg-type]
        return await original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(discord.abc.Messageable, "send", refuse_boards)
    async with bot_running(fake, db) as bot:
        await wait_settled(fake, bot)
        cancelled = await bot.store.get_match(rec.id)
        assert cancelled.status == "aborted"
        assert await bot.store.live_matches(alice.id) == []
        told = [m for m in fake.messages(fake.channel) if "not rated" in m.content]
        assert told and alice.mention in told[-1].content and bob.mention in told[-1].content
        assert "Could not start" in challenge.content
        async with bot.store.read_connection() as conn:
            rows = list(await conn.execute_fetchall("SELECT COUNT(*) FROM ratings"))
        assert rows[0][0] == 0
    assert fake.schema_errors == [] and fake.handler_errors == [] and fake.bot_errors == []


async def test_an_unchanged_picture_is_kept_not_uploaded_again(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    """A board edit whose picture is the one the board already shows (from its opening
    post or its last edit) keeps the message's attachment (by its id) instead of drawing
    and uploading the PNG again; the board still shows it, and a changed picture is
    uploaded."""
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "world_of_fighters")
        table = bot.get_cog("Table")

        def board_edits() -> list[Any]:
            return [body for method, path, body in fake.requests
                    if method == "PATCH" and path.endswith(f"/messages/{board.id}")]

        posted = board.attachments[0].id  # the opening posted the board with its picture
        await table.show_board(await bot.store.get_match(match_id))  # the same picture
        assert board_edits()[-1]["attachments"] == [{"id": posted}]
        await table.show_board(await bot.store.get_match(match_id))
        assert board_edits()[-1]["attachments"] == [{"id": posted}]
        assert len(board.attachments) == 1 and board.attachments[0].filename == "board.png"
        assert board.embeds[0]["image"]["url"] == "attachment://board.png"
        reconciler = bot.get_cog("Reconciler")
        old = reconciler._pictures[match_id][1]
        await act_while_down(bot, match_id)
        await table.show_board(await bot.store.get_match(match_id))
        sent = board_edits()[-1]["attachments"]
        if reconciler._pictures[match_id][1] != old:  # the step changed the picture
            assert [a.get("filename") for a in sent] == ["board.png"]
        else:
            assert sent == [{"id": board.attachments[0].id}]
    assert fake.schema_errors == [] and fake.handler_errors == [] and fake.bot_errors == []
