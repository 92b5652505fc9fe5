"""Challenges, refusals, expiry, /matches, /forfeit, rematch and the library, end to end."""

from __future__ import annotations

import json
import pathlib

import discord
import pytest

from tests.e2e.harness import bot_running, challenge_accepted, idle, press, raw_click
from tests.fakediscord import FakeDiscord


async def test_challenge_refusals_decline_withdraw_and_expiry(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    robo = fake.add_user("robo", bot=True)
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    async with bot_running(fake, tmp_path / "h.sqlite3", max_live_matches=1,
                           challenge_expiry_seconds=2.5, timer_tick_seconds=0.05) as bot:
        async def refused(user, words, **opts):
            res = await (await user.slash("challenge", **opts)).response()
            assert res.ephemeral and words in res.content, res.content
        await refused(alice, "yourself", opponent=alice, game="sushido")
        await refused(alice, "Bots don't play", opponent=robo, game="sushido")

        res = await (await alice.slash("challenge", opponent=bob, game="sushido")).response()
        msg = res.message
        assert not res.ephemeral and bob.mention in msg.content and "expires" in msg.content
        await refused(bob, "already an open challenge", opponent=alice, game="sushido")
        other = await press(carol, msg, next(c for c in msg.custom_ids if c.endswith("accept")))
        assert other.ephemeral and "Only" in other.content
        declined = await press(bob, msg, next(c for c in msg.custom_ids if c.endswith("decline")))
        assert declined.response_type == 7 and "Declined" in msg.content
        assert msg.custom_ids == []
        again = await raw_click(bob, msg, msg.history[0]["components"][0]["components"][0]
                                ["custom_id"])
        assert again.ephemeral and "already declined" in again.content

        res = await (await alice.slash("challenge", opponent=bob, game="sushido")).response()
        withdrawn = await press(alice, res.message, res.message.custom_ids[1])
        assert withdrawn.response_type == 7 and "Withdrawn" in res.message.content

        res = await (await alice.slash("challenge", opponent=carol, game="sushido")).response()
        await fake.wait_for(lambda: "Expired" in res.message.content, timeout=15,
                            what="the challenge to expire")
        assert res.message.custom_ids == []

        match_id, _ = await challenge_accepted(fake, bot, alice, bob, "sushido")
        await refused(alice, "live matches", opponent=carol, game="sushido")
        await refused(carol, "live matches", opponent=alice, game="sushido")
        listing = await (await alice.slash("matches")).response()
        shown = listing.embeds[0]["description"]
        assert listing.ephemeral and f"⭐ **#{match_id} " in shown
        assert "discord.com/channels/" in shown
    assert fake.schema_errors == [] and fake.handler_errors == []


async def test_forfeit_then_rematch_with_the_other_player_first(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, _ = await challenge_accepted(fake, bot, alice, bob, "sushido",
                                               duel="Rencontre (first to 3 rounds)")
        ff = await (await bob.slash("forfeit")).response()
        assert ff.ephemeral and "Forfeit" in ff.content
        done = await press(bob, ff.message, f"hj:ff:{match_id}")
        assert done.response_type == 7
        await idle(fake, bot)
        thread = fake.threads(fake.channel)[-1]
        final = fake.messages(thread)[-1]
        assert "Match over" in final.content and alice.mention in final.content
        nope = await press(carol, final, f"hj:rm:{match_id}")
        assert nope.ephemeral and "Only the players" in nope.content
        offer = await press(alice, final, f"hj:rm:{match_id}")
        assert offer.ephemeral and "Rematch offered" in offer.content
        await idle(fake, bot)
        challenge = fake.messages(fake.channel)[-1]
        assert "Rematch" in challenge.content
        assert "· Rencontre (first to 3 rounds)" in challenge.content
        again = await press(alice, final, f"hj:rm:{match_id}")  # a double click
        assert again.ephemeral and "already an open challenge" in again.content
        await press(bob, challenge, next(c for c in challenge.custom_ids if c.endswith("accept")))
        await idle(fake, bot)
        live = await bot.store.live_matches(alice.id)
        assert len(live) == 1 and live[0].seats == [bob.id, alice.id]
        fair = live[0].options.pop("_fair")  # the rematch's own salt (cogs' fairness)
        assert live[0].options == {"duel": "rencontre"} and len(fair["salt"]) == 32
    assert fake.schema_errors == [] and fake.handler_errors == []


async def test_library_rules_cards_help(fake_discord: FakeDiscord,
                                        tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    async with bot_running(fake, tmp_path / "h.sqlite3"):
        res = await (await alice.slash("rules", game="sushido")).response()
        assert res.ephemeral and "Ring Out" in str(res.embeds)
        res = await (await alice.slash("rules", game="sushido", topic="combo")).response()
        assert "exactly" in res.embeds[0]["description"]
        res = await (await alice.slash("rules", game="sushido", topic="nope")).response()
        assert res.ephemeral and "Topics:" in res.content
        ac = await (await alice.autocomplete("rules", "topic", "ka", game="sushido")).response()
        assert [c["value"] for c in ac.choices] == ["kata"]
        ac = await (await alice.autocomplete("card", "name", "bi", game="sushido")).response()
        names = [c["value"] for c in ac.choices]
        assert "Biwa" in names
        card = await (await alice.slash("card", game="sushido", name="Biwa")).response()
        assert card.ephemeral and "Crescendo" in card.embeds[0]["description"]
        miss = await (await alice.slash("card", game="sushido", name="Nobody")).response()
        assert miss.ephemeral and "Nothing called" in miss.content
        help_ = await (await alice.slash("help")).response()
        assert help_.ephemeral and "/challenge" in json.dumps(help_.embeds)
    assert fake.schema_errors == [] and fake.handler_errors == []


async def test_turn_timer_setting_applies_to_new_decisions(fake_discord: FakeDiscord,
                                                          tmp_path: pathlib.Path) -> None:
    import time

    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        res = await (await alice.slash("settings turn_timer", minutes=2)).response()
        assert res.ephemeral and "2 minute" in res.content
        match_id, _ = await challenge_accepted(fake, bot, alice, bob, "sushido")
        rec = await bot.store.get_match(match_id)
        assert rec.deadline is not None and 100 < rec.deadline - time.time() <= 120
        assert await bot.store.guild_setting(fake.guild_id, "turn_seconds", 0) == 120
    assert fake.schema_errors == [] and fake.handler_errors == []


class _Refused:
    status = 403
    reason = "Forbidden"


async def test_without_thread_permission_the_board_goes_in_the_channel(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def no_threads(self: object, **kwargs: object) -> None:
        raise discord.Forbidden(_Refused(), "Missing Permissions")  # type: ignore[arg-type]

    monkeypatch.setattr(discord.TextChannel, "create_thread", no_threads)
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        res = await (await alice.slash("challenge", opponent=bob, game="sushido")).response()
        await press(bob, res.message, res.message.custom_ids[0])
        await idle(fake, bot)
        assert fake.threads(fake.channel) == []
        board = next(m for m in fake.messages(fake.channel)
                     if any(c.startswith("hj:act:") for c in m.custom_ids))
        live = await bot.store.live_matches(alice.id)
        assert len(live) == 1 and live[0].thread_id == fake.channel.id
        assert live[0].message_id == board.id


async def test_a_board_that_cannot_be_posted_cancels_the_match(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = discord.abc.Messageable.send

    async def refuse_boards(self: object, *args: object, **kwargs: object) -> object:
        if "embed" in kwargs:  # the board; other messages go through
            raise discord.Forbidden(_Refused(), "Missing Permissions")  # type: ignore[arg-type]
        return await original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(discord.abc.Messageable, "send", refuse_boards)
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        res = await (await alice.slash("challenge", opponent=bob, game="sushido")).response()
        accepted = await press(bob, res.message, res.message.custom_ids[0])
        await idle(fake, bot)
        told = bob.last_ephemeral()
        assert told is not None and "can't post the board" in told.content, accepted.content
        assert "Could not start" in res.message.content and res.message.custom_ids == []
        assert await bot.store.live_matches(alice.id) == []
        rec = await bot.store.get_match(1)
        assert rec is not None and rec.status == "aborted"
        kinds = [e.kind for e in await bot.store.events(1)]
        assert kinds[-1] == "match_aborted"


async def test_server_settings_need_manage_server(fake_discord: FakeDiscord,
                                                  tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    carol = fake.user("carol")
    carol.permissions = str(discord.Permissions(send_messages=True).value)
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        res = await (await carol.slash("settings turn_timer", minutes=1)).response()
        assert res.ephemeral and "Manage Server" in res.content
        assert await bot.store.guild_setting(fake.guild_id, "turn_seconds", None) is None
        reset = await (await carol.slash("ladder reset", game="sushido")).response()
        assert reset.ephemeral and "Manage Server" in reset.content
    assert fake.schema_errors == [] and fake.handler_errors == []


async def test_options_fit_the_game_and_match_ids_autocomplete(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        # every command is for servers only, through ``contexts`` (and a guild install)
        synced = [c for cmds in fake.commands.values() for c in cmds.values()]
        assert synced and all(c.get("contexts") == [0] for c in synced), synced
        assert all(c.get("integration_types") == [0] for c in synced)
        assert all(c.get("dm_permission") is not True for c in synced)
        # an option of the other game is refused, ephemerally, and nothing is created
        res = await (await alice.slash("challenge", opponent=bob, game="sushido",
                                       bouts="Best of three")).response()
        assert res.ephemeral and "`bouts` is an option of World of Fighters" in res.content
        res = await (await alice.slash("challenge", opponent=bob, game="world_of_fighters",
                                       duel="Iaijutsu (1 round)")).response()
        assert res.ephemeral and "`duel` is an option of " in res.content
        assert await bot.store.open_challenges() == []
        # /forfeit completes the caller's live matches, labelled with the game and rival
        match_id, _ = await challenge_accepted(fake, bot, alice, bob, "world_of_fighters")
        got = await (await alice.autocomplete("forfeit", "match_id", "")).response()
        assert got.choices is not None and [c["value"] for c in got.choices] == [match_id]
        label = got.choices[0]["name"]
        assert label.startswith(f"#{match_id} World of Fighters vs ") and "your move" in label
        assert str(bob.id) not in label and "Bob" in label, label
        typed = await (await alice.autocomplete("forfeit", "match_id", "sushido")).response()
        assert typed.choices == []
        ff = await (await bob.slash("forfeit", match_id=match_id)).response()
        await press(bob, ff.message, f"hj:ff:{match_id}")
        await idle(fake, bot)
        # /replay completes the caller's finished matches, with how they ended
        got = await (await alice.autocomplete("replay", "match_id", "")).response()
        assert got.choices is not None and [c["value"] for c in got.choices] == [match_id]
        assert got.choices[0]["name"].endswith("· won")
        nothing = await (await alice.autocomplete("forfeit", "match_id", "")).response()
        assert nothing.choices == []
    assert fake.schema_errors == [] and fake.handler_errors == []
