"""Watch and review (issue 31, item 4), end to end: ``/matches`` lists this server's live
matches, anyone's, with their players, whose move it is and a link to each thread; a
match of another server is never listed."""

from __future__ import annotations

import pathlib

from tests.e2e.harness import bot_running, challenge_accepted, idle
from tests.fakediscord import FakeDiscord


async def test_matches_lists_this_servers_live_matches(fake_discord: FakeDiscord,
                                                       tmp_path: pathlib.Path) -> None:
    fake = fake_discord
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    dave, erin = fake.add_user("dave"), fake.add_user("erin")
    elsewhere = fake.add_guild("Another Server")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        none = await (await erin.slash("matches")).response()
        assert none.ephemeral and none.content == (
            "No match is being played on this server. Start one with /challenge.")

        first, _ = await challenge_accepted(fake, bot, alice, bob, "sushido")
        first_thread = fake.threads(fake.channel)[-1]
        second, _ = await challenge_accepted(fake, bot, carol, dave, "mortal_kombat")
        second_thread = fake.threads(fake.channel)[-1]
        other, _ = await bot.referee.open_match(  # a match of another server
            guild_id=elsewhere.guild_id, channel_id=elsewhere.id, game_id="sushido",
            options={}, seats=[alice.id, erin.id])
        await idle(fake, bot)

        watcher = await (await erin.slash("matches")).response()
        assert watcher.ephemeral and watcher.embeds
        embed = watcher.embeds[0]
        text = embed["description"]
        assert embed["title"] == "⚔️ Live matches on this server"
        # the newest first; erin plays in neither: no star, no "your move"
        assert text.index(f"**#{second} Mortal Kombat") < text.index(f"**#{first} ")
        assert "⭐" not in text and "your move" not in text
        assert f"#{other} " not in text  # another server's match is not listed
        for who in (alice, bob, carol, dave):
            assert who.mention in text
        assert f"{alice.mention} and {bob.mention} to play" in text  # both pick at once
        for thread in (first_thread, second_thread):  # a link into each match's thread
            assert f"https://discord.com/channels/{fake.guild_id}/{thread.id}/" in text
        assert "anyone may watch" in embed["footer"]["text"]

        mine = (await (await alice.slash("matches")).response()).embeds[0]["description"]
        assert mine.startswith(f"⭐ **#{first} Gyojin Fighter Sushido!**")  # hers first
        assert "▶️ **your move**" in mine and f"**#{second} Mortal Kombat" in mine
        assert f"#{other} " not in mine

        fake.locale = "fr"
        erin.locale = "fr"
        french = (await (await erin.slash("matches")).response()).embeds[0]
        assert french["title"] == "⚔️ Matchs en cours sur ce serveur"
        assert "[ouvrir le fil](https://discord.com/channels/" in french["description"]
    assert fake.schema_errors == [] and fake.handler_errors == []
    assert fake.protocol_errors == []
