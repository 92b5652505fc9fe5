"""End-to-end smoke test of tests/fakediscord with a small throwaway discord.py bot."""

from __future__ import annotations

import io
import re
import struct
import zlib

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import fake_discord, running_bot

__all__ = ["fake_discord"]  # the fixture, imported for pytest


def _png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00\xff\x00\x00")
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels)
            + chunk(b"IEND", b""))


PNG = _png()
CARDS = ["Sushi", "Sumo", "Samurai", "Shuriken", "Ninja", "Kata"]


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"counter:(?P<n>\d+)"):
    """A persistent button that survives restarts: its state lives in its custom_id."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"counter:{n}",
                                           style=discord.ButtonStyle.primary))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None).add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count {self.n + 1}", view=view)


class NameModal(discord.ui.Modal, title="Rename"):
    name = discord.ui.TextInput(label="New name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"renamed to {self.name.value}")


class PickView(discord.ui.View):
    @discord.ui.select(custom_id="pick", options=[discord.SelectOption(label=c, value=c.lower())
                                                  for c in CARDS[:3]])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)


class SmokeBot(commands.Bot):
    def __init__(self, intents: discord.Intents | None = None) -> None:
        super().__init__(command_prefix="!", intents=intents or discord.Intents.default(),
                         guild_ready_timeout=0.05)
        self.setup_done = False
        tree = self.tree

        @tree.command(description="Challenge someone")
        @app_commands.describe(opponent="Who to fight", game="Which game")
        @app_commands.choices(game=[app_commands.Choice(name="Sushido", value="sushido"),
                                    app_commands.Choice(name="World of Fighters", value="wof")])
        async def challenge(interaction: discord.Interaction, opponent: discord.Member,
                            game: app_commands.Choice[str]) -> None:
            view = discord.ui.View(timeout=None).add_item(Counter(0))
            await interaction.response.send_message(
                f"{interaction.user.name} challenges {opponent.name} at {game.value}",
                ephemeral=True, view=view)

        @tree.command(description="Open a match thread with a board picture")
        async def table(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            assert isinstance(interaction.channel, discord.TextChannel)
            thread = await interaction.channel.create_thread(
                name="match-1", type=discord.ChannelType.public_thread)
            assert interaction.guild is not None
            assert interaction.guild.get_thread(thread.id) is not None  # cache knows it
            await thread.add_user(interaction.user)
            await thread.send("board", file=discord.File(io.BytesIO(PNG), filename="board.png"),
                              view=PickView())
            await interaction.followup.send(f"match in {thread.mention}")

        @tree.command(description="Rename something")
        async def rename(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(NameModal())

        @tree.command(description="Announce in the channel, a thread and a DM")
        async def announce(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("on it")
            assert isinstance(interaction.channel, discord.TextChannel)
            post = await interaction.channel.send(f"{interaction.user.mention} announces")
            thread = await post.create_thread(name="talk")
            await thread.send("first!")
            await interaction.user.send("psst")
            await interaction.edit_original_response(content="done")
            await interaction.followup.send("only you", ephemeral=True)
            member = await interaction.guild.fetch_member(interaction.user.id)  # type: ignore
            await interaction.followup.send(f"fetched {member.name}")

        card = app_commands.Group(name="card", description="Cards")

        @card.command(description="Look a card up")
        async def lookup(interaction: discord.Interaction, name: str, level: int = 1) -> None:
            await interaction.response.send_message(f"{name} level {level}", ephemeral=True)

        @lookup.autocomplete("name")
        async def lookup_name(interaction: discord.Interaction, current: str
                              ) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=c, value=c) for c in CARDS
                    if c.lower().startswith(current.lower())]

        tree.add_command(card)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)
        self.setup_done = True


async def test_login_sync_and_play(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    bot = SmokeBot()
    async with running_bot(fake, bot, sync=True):
        assert bot.setup_done and bot.user is not None and bot.user.id == fake.bot_user.id
        assert fake.command_names(guild=False) == [
            "announce", "card", "challenge", "rename", "table"]

        res = await (await alice.slash("challenge", opponent=bob, game="Sushido")).response()
        assert res.response_type == 4 and res.ephemeral
        assert res.content == "alice challenges bob at sushido"
        assert res.latency is not None and 0 < res.latency < 1
        assert alice.ephemerals() == [res.message] and bob.ephemerals() == []
        assert fake.messages(fake.channel) == []  # nothing public

        click = await (await alice.click(res.message, label="Count 0")).response()
        assert click.response_type == 7 and click.message is res.message
        assert res.message.content == "count 1" and res.message.custom_ids == ["counter:1"]

        done = await (await alice.slash("table")).response()
        assert done.response_type == 5
        reply = await done.followup()
        assert reply is done.original and not reply.loading and not reply.ephemeral
        thread = fake.threads(fake.channel)[0]
        assert thread.name == "match-1" and alice.id in thread.members
        board = fake.latest(thread)
        assert board is not None and board.content == "board"
        assert board.attachment("board.png").data == PNG

        picked = await (await bob.select(board, "pick", ["sumo"])).response()
        assert picked.content == "picked sumo" and picked.ephemeral
        assert bob.last_ephemeral() is picked.message

        ac = await (await alice.autocomplete("card lookup", "name", "s")).response()
        assert ac.response_type == 8
        assert [c["value"] for c in ac.choices or []] == ["Sushi", "Sumo", "Samurai", "Shuriken"]
        looked = await (await alice.slash("card lookup", name="Sumo", level=3)).response()
        assert looked.content == "Sumo level 3"

        modal = await (await carol_of(fake).slash("rename")).response()
        assert modal.response_type == 9 and modal.modal is not None
        submitted = await (await carol_of(fake).submit_modal(modal, {"name": "Ada"})).response()
        assert submitted.content == "renamed to Ada" and not submitted.ephemeral

    assert len(fake.latencies) == 8 and max(fake.latencies) < 1
    assert fake.schema_errors == []
    assert fake.protocol_errors == [] and fake.handler_errors == []
    assert fake.unknown_routes == []


def carol_of(fake: FakeDiscord):
    return fake.user("carol")


async def test_persistent_button_survives_restart(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with running_bot(fake, SmokeBot(), sync=True):
        res = await (await alice.slash("challenge", opponent=bob, game="wof")).response()
    old = res.message
    assert old is not None and old.custom_ids == ["counter:0"]

    async with running_bot(fake, SmokeBot()):  # a fresh process: no view in memory
        click = await (await alice.click(old, "counter:0")).response()
        assert click.response_type == 7
        assert old.content == "count 1" and old.custom_ids == ["counter:1"]
        with pytest.raises(LookupError):  # the message no longer carries that button
            await alice.click(old, "counter:0")
        raw = await (await alice.interact(old, "counter:1")).response()  # no component check
        assert raw.response_type == 7 and old.content == "count 2"
    assert fake.schema_errors == [] and fake.protocol_errors == []


async def test_schema_and_bot_errors_are_reported(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    bot = SmokeBot()

    @bot.tree.command(description="Too many buttons")
    async def crowded(interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        for i in range(25):
            view.add_item(discord.ui.Button(label=f"b{i}", custom_id=f"b{i}"))
        # discord.py packs 25 buttons into 5 rows; overlong content is ours to catch
        await interaction.response.send_message("x" * 2001, view=view)

    @bot.tree.command(description="Fails")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    async with running_bot(fake, bot, sync=True):
        res = await (await fake.user("alice").slash("crowded")).response()
        assert res.response_type == 4
        failed = await fake.user("alice").slash("boom")
        with pytest.raises(TimeoutError, match="kaboom"):
            await failed.response(timeout=0.3)
    assert any("2001 characters" in e for e in fake.schema_errors), fake.schema_errors


async def test_unknown_route_is_404(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    async with running_bot(fake, SmokeBot()) as bot:
        with pytest.raises(discord.NotFound):
            await bot.http.request(discord.http.Route("GET", "/nowhere/{x}", x=1))
    assert fake.unknown_routes == [("GET", "/api/v10/nowhere/1")]


async def test_guild_sync_members_intent_dm_thread_and_resume(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    alice = fake.user("alice")
    intents = discord.Intents.default()
    intents.members = True
    async with running_bot(fake, SmokeBot(intents), sync="guild") as bot:
        assert "announce" in fake.command_names(guild=True)
        guild = bot.get_guild(fake.guild_id)
        assert guild is not None and guild.get_member(alice.id) is not None
        for _ in range(2):  # once before and once after a gateway RECONNECT + RESUME
            res = await (await alice.slash("announce")).response()
            assert res.payload["data"]["guild_id"] == str(fake.guild_id)
            secret, fetched = await res.followup(0), await res.followup(1)
            assert res.content == "done" and res.message.edits == 1 and not res.ephemeral
            assert secret.ephemeral and secret in alice.ephemerals()
            assert fetched.content == "fetched alice" and not fetched.ephemeral
            post = [m for m in fake.messages(fake.channel) if m.source == "channel"][-1]
            assert post.content == f"{alice.mention} announces" and post.thread_id == post.id
            assert fake.latest(post.id).content == "first!"  # thread id == starter message id
            dm = fake.dm(alice)
            assert dm is not None and fake.latest(dm).content == "psst"
            if not bot.is_closed() and _ == 0:
                await fake.reconnect()
        assert any(s.resumed for s in fake.sessions)
    assert fake.schema_errors == [] and fake.protocol_errors == [] and fake.unknown_routes == []


async def test_auto_sharded_bot_without_intents(fake_discord: FakeDiscord) -> None:
    bot = commands.AutoShardedBot(command_prefix="!", intents=discord.Intents.none())

    @bot.tree.command(description="Ping")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    async with running_bot(fake_discord, bot, sync=True):
        res = await (await fake_discord.user("carol").slash("ping")).response()
        assert res.content == "pong" and not res.ephemeral
    assert fake_discord.diagnostics() == "no errors recorded"
