"""/deck through the offline Discord: build, check and show, with bad input.

Every answer is ephemeral; bad input (an unknown kard or leader, a list over a limit, a
malformed code, a game without decks) gets a clear answer naming what is wrong.
"""

from __future__ import annotations

import pathlib

from cogs import decks
from engine.games.mortal_kombat.decks import precon, to_code
from tests.e2e.harness import bot_running
from tests.fakediscord import FakeDiscord

MK = "mortal_kombat"


def precon_list(kombatant: str) -> str:
    """A precon as the comma-separated list a player would type."""
    return ", ".join(decks.listing(MK, precon(kombatant)).splitlines())


async def test_build_check_and_show_a_deck(fake_discord: FakeDiscord,
                                           tmp_path: pathlib.Path) -> None:
    alice = fake_discord.user("alice")
    async with bot_running(fake_discord, tmp_path / "h.sqlite3"):
        res = await (await alice.slash("deck build", game=MK, leader="Sub-Zero",
                                       kards=precon_list("subzero"),
                                       level="advanced")).response()
        assert res.ephemeral
        fields = {f["name"]: f["value"] for f in res.embeds[0]["fields"]}
        code = to_code(precon("subzero"))
        assert fields["Kards"] == "50" and f"`{code}`" in fields.values()
        assert fields["Limits"].startswith("✅ Legal")
        res = await (await alice.slash("deck check", game=MK, code=code)).response()
        assert res.ephemeral and "✅ Legal" in repr(res.embeds)
        res = await (await alice.slash("deck show", game=MK, code=code)).response()
        assert res.ephemeral and "Sub-Zero · 50 kards" in res.embeds[0]["title"]
        assert "× Low Kick" in res.embeds[0]["description"]
        auto = await (await alice.autocomplete("deck build", "leader", "sub",
                                               game=MK)).response()
        assert [c["value"] for c in auto.choices] == ["Sub-Zero"]
        auto = await (await alice.autocomplete("deck build", "kards", "2 Low K",
                                               game=MK, leader="Kano")).response()
        assert "2 Low Kick" in [c["value"] for c in auto.choices]
    assert fake_discord.schema_errors == [] and fake_discord.handler_errors == []


async def test_bad_input_is_answered_ephemerally(fake_discord: FakeDiscord,
                                                 tmp_path: pathlib.Path) -> None:
    alice = fake_discord.user("alice")
    async with bot_running(fake_discord, tmp_path / "h.sqlite3"):
        async def said(command: str, **options: str) -> str:
            res = await (await alice.slash(command, **options)).response()
            assert res.ephemeral, (command, options)
            return res.content or repr(res.embeds)

        assert "Unknown kard(s): Banana Punch." in await said(
            "deck build", game=MK, leader="Kano", kards="3 Low Kick, Banana Punch")
        assert "Unknown leader: Mr Nobody." in await said(
            "deck build", game=MK, leader="Mr Nobody", kards="3 Low Kick")
        over = await said("deck build", game=MK, leader="Kano", level="advanced",
                          kards="17 Adrenaline, 33 Low Kick")
        assert "At most 4 of one Special Effect: Adrenaline x17." in over
        assert "At most 16 Special Effect kards" in over
        assert "✅" not in over
        for code in ("MK1-garbage", "hello", to_code(precon("kano"))[:-2]):
            text = await said("deck check", game=MK, code=code)
            assert "code" in text.lower() and "Legal" not in text, text
        assert "no decks" in await said("deck check", game="sushido", code="x")
    assert fake_discord.schema_errors == [] and fake_discord.handler_errors == []


async def test_a_challenge_with_a_bad_deck_is_refused_and_nothing_is_posted(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    alice, bob = fake_discord.user("alice"), fake_discord.user("bob")
    async with bot_running(fake_discord, tmp_path / "h.sqlite3") as bot:
        before = len(fake_discord.messages(fake_discord.channel))
        small = to_code(precon("kano"))
        cases = [
            ({"game": MK, "deck": "MK1-nonsense"}, "code"),
            ({"game": MK, "deck": "MK1-" + small[4:-3]}, "code"),
            ({"game": MK, "level": "advanced",
              "deck": to_code(decks.parse_kards(decks.builder(MK),
                                                "45 Low Kick, 5 Fireball (Goro)", "kano"))},
             "not legal for this match"),
            ({"game": "sushido", "deck": small}, "deck"),
        ]
        for options, words in cases:
            res = await (await alice.slash("challenge", opponent=bob, **options)).response()
            assert res.ephemeral and words in (res.content or ""), (options, res.content)
        assert len(fake_discord.messages(fake_discord.channel)) == before
        async with bot.store.read_connection() as conn:
            rows = await conn.execute_fetchall("SELECT COUNT(*) FROM challenges")
        assert next(iter(rows))[0] == 0
    assert fake_discord.schema_errors == [] and fake_discord.handler_errors == []


async def test_a_sealed_pool_is_seeded_and_its_deck_legal_at_basic(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    alice, bob = fake_discord.user("alice"), fake_discord.user("bob")
    async with bot_running(fake_discord, tmp_path / "h.sqlite3"):
        a = await (await alice.slash("deck sealed", game=MK, leader="Goro", seed=42)).response()
        b = await (await bob.slash("deck sealed", game=MK, leader="Goro", seed=42)).response()
        assert a.ephemeral and a.embeds == b.embeds
        assert "Sealed pool #42 · Goro" in a.embeds[0]["title"]
        assert "✅ Legal (basic)" in repr(a.embeds)
        res = await (await alice.slash("deck sealed", game=MK, leader="Nobody",
                                       seed=1)).response()
        assert res.ephemeral and "Unknown leader: Nobody." in (res.content or "")
    assert fake_discord.schema_errors == [] and fake_discord.handler_errors == []
