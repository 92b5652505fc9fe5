"""Every bad input, as a table: answered ephemerally, nothing changed, nothing logged as an error.

Run against the real bot through the offline Discord. Forged payloads (values Discord's
own client would never send: out-of-range integers, SQL-looking text in a user option,
a component without ``custom_id``) are built by hand, since defence in depth means the
bot must not rely on Discord's checks.
"""

from __future__ import annotations

import dataclasses
import pathlib
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from tests.e2e.harness import bot_running, challenge_accepted, idle, press, raw_click, raw_use
from tests.fakediscord import FakeDiscord
from tests.fakediscord.store import Message, walk_components
from tests.fakediscord.users import FakeUser, InteractionResult, _nest, _resolve_value

BIG = 2**63
"""One past SQLite's largest INTEGER."""
SQL = "1; DROP TABLE matches; --"


async def raw_slash(who: FakeUser, command: str, /, **options: Any) -> InteractionResult:
    """``/command`` with raw option values, unchecked against the definition (forgeries).

    A :class:`FakeUser` value is resolved as Discord would; anything else is sent as is.
    """
    fake = who.fake
    cmd, path, defs = fake.find_command(command, fake.channel)
    types = {d["name"]: d["type"] for d in defs}
    resolved: dict[str, dict[str, Any]] = {}
    opts = [{"name": k, "type": types.get(k, 3),
             "value": _resolve_value(fake, 6, v, resolved) if isinstance(v, FakeUser) else v}
            for k, v in options.items()]
    data = _nest(cmd, path, opts)
    if resolved:
        data["resolved"] = resolved
    return await (await who._send(2, fake.channel, data)).response()


async def raw_component(user: FakeUser, message: Message, data: dict[str, Any]
                        ) -> InteractionResult:
    """A component interaction with any ``data`` (even without custom_id)."""
    channel = user.fake.channels[message.channel_id]
    return await (await user._send(3, channel, data, message=message)).response()


async def snapshot(bot: Any) -> tuple[Any, ...]:
    """Everything a refused input must leave unchanged."""
    async with bot.store.read_connection() as conn:
        matches = [tuple(r) for r in await conn.execute_fetchall(
            "SELECT id, version, status, deadline, board_version FROM matches ORDER BY id")]
        challenges = [tuple(r) for r in await conn.execute_fetchall(
            "SELECT id, status, match_id FROM challenges ORDER BY id")]
        settings = [tuple(r) for r in await conn.execute_fetchall(
            "SELECT guild_id, key, value FROM guild_settings WHERE key != 'commands_digest'")]
        done = [tuple(r) for r in await conn.execute_fetchall(
            "SELECT COUNT(*) FROM processed_interactions")]
    return matches, challenges, settings, done


async def first_control(user: FakeUser, board: Message, match_id: int
                        ) -> tuple[Message, dict[str, Any]]:
    hand = await press(user, board, f"hj:act:{match_id}")
    assert hand.ephemeral and hand.message is not None, hand.content
    comp = next(c for c in walk_components(hand.message.components) if c.get("type") in (2, 3))
    return hand.message, comp


Case = tuple[str, Callable[[], Awaitable[InteractionResult]], str]


async def test_bad_input_table(fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido")
        rec = await bot.store.get_match(match_id)
        v0 = rec.version
        amsg, acomp = await first_control(alice, board, match_id)
        aid = (acomp["custom_id"].split(":")[5] if acomp["type"] == 2
               else acomp["options"][0]["value"])
        bmsg, _ = await first_control(bob, board, match_id)  # bob's own ephemeral controls
        bare_board = dataclasses.replace(board, components=[])  # as a finished board is
        history = await (await alice.slash("history")).response()
        assert history.ephemeral and history.message is not None

        cases: list[Case] = [
            # components: not a player, unknown or malformed ids
            ("outsider presses Act", lambda: press(carol, board, f"hj:act:{match_id}"),
             "not playing"),
            ("outsider presses Show hand", lambda: press(carol, board, f"hj:hand:{match_id}"),
             "not playing"),
            ("unknown match", lambda: raw_click(alice, board, "hj:act:999999"),
             "can't find that match"),
            ("not a number", lambda: raw_click(alice, board, "hj:act:abc"), "damaged"),
            ("unknown kind", lambda: raw_click(alice, board, "hj:zz:1"), "don't recognise"),
            ("foreign id", lambda: raw_click(alice, board, "something-else"), "don't recognise"),
            ("20-digit match id", lambda: raw_click(alice, board, "hj:act:" + "9" * 20),
             "damaged"),
            ("match id 2^63", lambda: raw_click(alice, board, f"hj:hand:{BIG}"), "damaged"),
            ("missing fields", lambda: raw_click(alice, amsg, "hj:a:1:2"), "damaged"),
            # a private (ephemeral) control arriving on the public board
            ("action button on the board",
             lambda: raw_click(alice, board, acomp["custom_id"]), "private message"),
            ("hand page on the board",
             lambda: raw_click(alice, board, f"hj:act:{match_id}:1"), "private message"),
            ("forfeit confirmation on the board",
             lambda: raw_click(alice, board, f"hj:ff:{match_id}"), "private message"),
            # a control forged onto another kind of message (it would turn the board
            # into a leaderboard page, a lobby, a tournament...)
            ("a leaderboard page on the board",
             lambda: raw_click(alice, board, "hj:lb:g:sushido:1"), "does not belong"),
            ("a lobby's Join on the board",
             lambda: raw_click(alice, board, "hj:tb:1:join"), "does not belong"),
            ("a tournament's sign-up on the board",
             lambda: raw_click(alice, board, "hj:tn:1:join"), "does not belong"),
            ("a challenge's Accept on the board",
             lambda: raw_click(alice, board, "hj:ch:1:accept"), "does not belong"),
            ("a rematch on the board",
             lambda: raw_click(alice, board, f"hj:rm:{match_id}"), "does not belong"),
            ("a leaderboard page on a hand",
             lambda: raw_click(alice, amsg, "hj:lb:g:sushido:1"), "does not belong"),
            ("a history page on a hand",
             lambda: raw_click(alice, amsg, f"hj:hi:{alice.id}:_all:1"), "does not belong"),
            ("a challenge's Accept on a finished board's copy", lambda: raw_click(
                alice, bare_board, "hj:ch:1:accept"), "does not belong"),
            ("an action on a history page", lambda: raw_click(
                alice, history.message, f"hj:a:{match_id}:{v0}:0:{aid}"), "does not belong"),
            # someone else's control (forged into one's own ephemeral message)
            ("the other seat's action",
             lambda: raw_click(bob, bmsg, f"hj:a:{match_id}:{v0}:0:{aid}"),
             "belongs to the other player"),
            ("an outsider's forged action",
             lambda: raw_click(carol, bmsg, f"hj:a:{match_id}:{v0}:0:{aid}"), "not playing"),
            ("a control of an older board",
             lambda: raw_click(alice, amsg, f"hj:a:{match_id}:{v0 + 5}:0:{aid}"),
             "board has changed"),
            ("huge history page id", lambda: raw_click(
                alice, history.message, f"hj:hi:{alice.id}:_all:{'9' * 25}"), "damaged"),
            # malformed component interactions (the gateway handler must survive them)
            ("component without custom_id",
             lambda: raw_component(alice, board, {"component_type": 2}), "don't recognise"),
            ("component without component_type",
             lambda: raw_component(alice, board, {"custom_id": f"hj:act:{match_id}"}),
             "don't recognise"),
            # slash command options out of range or forged
            ("turn timer 0", lambda: raw_slash(alice, "settings turn_timer", minutes=0),
             "between 1 and 10080"),
            ("turn timer negative", lambda: raw_slash(alice, "settings turn_timer", minutes=-5),
             "between 1 and 10080"),
            ("turn timer 10^9",
             lambda: raw_slash(alice, "settings turn_timer", minutes=10**9),
             "between 1 and 10080"),
            ("turn timer 2^63", lambda: raw_slash(alice, "settings turn_timer", minutes=BIG),
             "between 1 and 10080"),
            ("turn timer as text",
             lambda: raw_slash(alice, "settings turn_timer", minutes="5"), "whole number"),
            ("forfeit match 2^63", lambda: raw_slash(alice, "forfeit", match_id=BIG),
             "too large"),
            ("forfeit a 20-digit match", lambda: raw_slash(alice, "forfeit", match_id=10**19),
             "too large"),
            ("forfeit match 0", lambda: raw_slash(alice, "forfeit", match_id=0), "at least 1"),
            ("forfeit an unknown match",
             lambda: raw_slash(alice, "forfeit", match_id=BIG - 1), "no match"),
            ("replay match 2^63", lambda: raw_slash(alice, "replay", match_id=BIG),
             "too large"),
            ("history of SQL text", lambda: raw_slash(alice, "history", user=SQL),
             "no such player"),
            ("history of an unresolved id", lambda: raw_slash(alice, "history", user=str(BIG)),
             "no such player"),
            ("history of an SQL game", lambda: raw_slash(alice, "history", game="x' OR 1=1"),
             "must be one of"),
            ("profile of SQL text", lambda: raw_slash(alice, "profile", user=SQL),
             "no such player"),
            ("challenge SQL text", lambda: raw_slash(alice, "challenge", opponent=SQL,
                                                     game="sushido"), "no such player"),
            ("challenge bouts 2^63", lambda: raw_slash(
                alice, "challenge", opponent=bob, game="world_of_fighters", bouts=BIG),
             "must be one of"),
            ("challenge an unresolved id", lambda: raw_slash(
                alice, "challenge", opponent=str(bob.id), game="sushido"), "no such player"),
            ("rules of a path", lambda: raw_slash(alice, "rules", game="../../README"),
             "must be one of"),
            ("rules topic of 6,000 characters",
             lambda: raw_slash(alice, "rules", game="sushido", topic="x" * 6000), "no topic"),
            ("rules topic past Discord's limit",
             lambda: raw_slash(alice, "rules", game="sushido", topic="x" * 6001), "too long"),
        ]
        for name, send, words in cases:
            before = await snapshot(bot)
            errors = len(fake.bot_errors)
            res = await send()
            await idle(fake, bot)
            assert res.response_type == 4 and res.ephemeral, (name, res.response_type,
                                                              res.content)
            assert words.lower() in (res.content or "").lower(), (name, res.content)
            assert len(res.content or "") <= 2000, name
            assert await snapshot(bot) == before, name
            assert fake.bot_errors[errors:] == [], name

        # huge page numbers that fit 64 bits: the last page is shown, no error
        pages = await raw_click(alice, history.message, f"hj:hi:{alice.id}:_all:{BIG - 1}")
        assert pages.response_type == 7, pages.content
        top = await (await alice.slash("leaderboard", game="sushido")).response()
        assert top.message is not None and not top.ephemeral
        last = await raw_click(alice, top.message, f"hj:lb:s:sushido:{BIG - 1}")
        assert last.response_type == 7, last.content

        # a double click: both arrive before any answer; one acts, one is refused
        first, second = await raw_use(alice, amsg, acomp), await raw_use(alice, amsg, acomp)
        answers = sorted([(await first.response()).response_type,
                          (await second.response()).response_type])
        assert answers == [4, 7]
        refusal = first if first.response_type == 4 else second
        assert refusal.ephemeral
        assert any(w in refusal.content.lower() for w in ("already", "changed")), refusal.content
        await idle(fake, bot)
        assert (await bot.store.get_match(match_id)).version == v0 + 1

        # a finished match: its controls are refused
        ff = await (await alice.slash("forfeit")).response()
        assert ff.ephemeral
        await press(alice, ff.message, f"hj:ff:{match_id}")
        await idle(fake, bot)
        assert (await bot.store.get_match(match_id)).status == "finished"
        for res in [await raw_click(bob, board, f"hj:act:{match_id}"),
                    await (await raw_use(alice, amsg, acomp)).response(),
                    await raw_click(alice, ff.message, f"hj:ff:{match_id}")]:
            assert res.ephemeral and "over" in res.content.lower(), res.content

        # the bot still serves
        again = await (await alice.slash("settings turn_timer", minutes=10080)).response()
        assert again.ephemeral and "10080 minute" in again.content
    assert fake.bot_errors == [], fake.bot_errors
    assert fake.schema_errors == [] and fake.handler_errors == []


@pytest.mark.parametrize("minutes", [1, 10080])
async def test_turn_timer_bounds_are_accepted(fake_discord: FakeDiscord,
                                              tmp_path: pathlib.Path, minutes: int) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        res = await (await alice.slash("settings turn_timer", minutes=minutes)).response()
        assert res.ephemeral and f"{minutes} minute" in res.content
        assert await bot.store.guild_setting(fake.guild_id, "turn_seconds", 0) == minutes * 60
