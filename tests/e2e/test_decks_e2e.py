"""/deck through the offline Discord: build, check and show, with bad input.

Every answer is ephemeral; bad input (an unknown kard or leader, a list over a limit, a
malformed code, a game without decks) gets a clear answer naming what is wrong.
"""

from __future__ import annotations

import importlib
import pathlib
from typing import Any

import pytest

from engine.core.decks import Deck
from engine.games.mortal_kombat.decks import precon, to_code
from referee import decks
from tests.e2e.harness import bot_running, idle
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.users import InteractionResult

MK = "mortal_kombat"


async def imported(user: FakeUser, game: str, name: str, pasted: str,
                   **options: str) -> InteractionResult:
    """``/deck import``: the box opens, ``pasted`` is submitted; the bot's answer."""
    box = await (await user.slash("deck import", game=game, name=name, **options)).response()
    assert box.response_type == 9 and box.modal is not None, box.content
    return await (await user.submit_modal(box, {"deck": pasted})).response()


def precons(game: str, leader: str) -> Deck:
    """A leader's preconstructed deck of any game with decks."""
    made: Deck = importlib.import_module(f"engine.games.{game}.decks").precon(leader)
    return made


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
        assert res.embeds, (res.content, fake_discord.handler_errors)
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

        assert "Unknown kard: Banana Punch." in await said(
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
              "deck": to_code(decks.typed_deck(decks.builder(MK),
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


async def test_saved_decks_save_list_show_import_edit_delete(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    """A player saves a list, shares its code, a friend imports it; edits are checked and
    saved; the list, show and delete see only one's own decks."""
    alice, bob = fake_discord.user("alice"), fake_discord.user("bob")
    async with bot_running(fake_discord, tmp_path / "h.sqlite3") as bot:
        res = await (await alice.slash("deck save", game=MK, name="Ice wall",
                                       deck=precon_list("subzero"),
                                       leader="Sub-Zero")).response()
        code = to_code(precon("subzero"))
        assert res.ephemeral and "Deck saved: Ice wall" in res.embeds[0]["title"]
        assert f"`{code}`" in repr(res.embeds)
        res = await (await alice.slash("deck show", game=MK, code="ice WALL")).response()
        assert res.ephemeral and "Sub-Zero · 50 kards" in res.embeds[0]["title"]
        assert f"`{code}`" in repr(res.embeds)  # the code to share
        auto = await (await alice.autocomplete("deck show", "code", "ice",
                                               game=MK)).response()
        assert [c["value"] for c in auto.choices] == ["Ice wall"]
        auto = await (await bob.autocomplete("deck show", "code", "", game=MK)).response()
        assert auto.choices == []
        res = await imported(bob, MK, "Alice's", code)  # a code pasted in the box
        assert res.ephemeral and "Deck saved: Alice's" in res.embeds[0]["title"]
        # edit: take two of a kard out, add two of another: still 50, checked, saved
        names = {cid: n for n, cid in decks.builder(MK).deck_names().items()}
        out = [cid for cid in precon("subzero").cards if names[cid] != "High Kick"][:2]
        res = await (await alice.slash("deck edit", game=MK, name="ice wall",
                                       remove=", ".join(f"1 {names[c]}" for c in out),
                                       add="2 High Kick")).response()
        assert res.embeds, res.content
        assert res.ephemeral and "Deck edited: Ice wall" in res.embeds[0]["title"]
        mine = await bot.store.get_deck(alice.id, MK, "Ice wall")
        assert mine is not None and mine.code != code
        edited = decks.deck_of(MK, mine.code)
        assert edited.size == 50
        kick = decks.resolve(decks.builder(MK), "High Kick")
        assert kick is not None
        assert edited.cards[kick] == precon("subzero").cards.get(kick, 0) + 2
        for c in out:
            assert edited.cards.get(c, 0) == precon("subzero").cards[c] - 1
        res = await (await alice.slash("deck list", game=MK)).response()
        assert res.ephemeral and "**Ice wall** · Sub-Zero · 50 kards" in repr(res.embeds)
        res = await (await alice.slash("deck delete", game=MK, name="Ice Wall")).response()
        assert res.ephemeral and "Deck deleted: Ice wall" in (res.content or "")
        assert await bot.store.user_decks(alice.id, MK) == []
        res = await (await alice.slash("deck list", game=MK)).response()
        assert res.ephemeral and "no saved" in (res.content or "")
        assert len(await bot.store.user_decks(bob.id, MK)) == 1
    assert fake_discord.schema_errors == [] and fake_discord.handler_errors == []


async def test_saved_decks_bad_input_saves_nothing(fake_discord: FakeDiscord,
                                                   tmp_path: pathlib.Path) -> None:
    """Unknown kard, over a limit, malformed code, a missing name, someone else's deck, a
    bad edit: each answered ephemerally, and the store is unchanged."""
    alice, bob = fake_discord.user("alice"), fake_discord.user("bob")
    async with bot_running(fake_discord, tmp_path / "h.sqlite3") as bot:
        async def said(user: object, command: str, **options: str) -> str:
            res = await (await user.slash(command, **options)).response()  # type: ignore[attr-defined]
            assert res.ephemeral, (command, options)
            return res.content or repr(res.embeds)

        assert "Unknown kard: Banana Punch." in await said(
            alice, "deck save", game=MK, name="x", deck="3 Low Kick, Banana Punch",
            leader="Kano")
        over = await said(alice, "deck save", game=MK, name="x", level="advanced",
                          deck="17 Adrenaline, 33 Low Kick", leader="Kano")
        assert "Not saved" in over and "At most 4 of one Special Effect" in over
        for bad in ("MK1-garbage", to_code(precon("kano"))[:-2]):
            got = await imported(alice, MK, "x", bad)
            assert got.ephemeral and "code" in (got.content or "").lower()
        assert "1 to 32 characters" in await said(  # refused before the box opens
            alice, "deck import", game=MK, name="y" * 40)
        assert await bot.store.user_decks(alice.id) == []
        await imported(bob, MK, "Bobs", to_code(precon("kano")))
        for command, options in (("deck show", {"code": "Bobs"}),
                                 ("deck delete", {"name": "Bobs"}),
                                 ("deck edit", {"name": "Bobs", "add": "1 Low Kick"})):
            text = await said(alice, command, game=MK, **options)
            assert "You have no saved Mortal Kombat" in text and "Bobs" in text, text
        before = await bot.store.get_deck(bob.id, MK, "Bobs")
        assert "cannot be taken out" in await said(
            bob, "deck edit", game=MK, name="Bobs", remove="9 Fireball (Goro)")
        assert "Unknown kard: Nope." in await said(
            bob, "deck edit", game=MK, name="Bobs", add="Nope")
        assert await bot.store.get_deck(bob.id, MK, "Bobs") == before
        assert "no decks" in await said(alice, "deck list", game="sushido")
    assert fake_discord.schema_errors == [] and fake_discord.handler_errors == []


async def test_a_saved_deck_in_a_challenge_and_the_opponents_deck_on_accept(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    """The challenger names a saved deck (autocompleted); the opponent, who has saved
    decks, is asked which one to bring: a deck of another size is refused naming both
    sizes and nothing starts; a deck of the same size starts the match with both codes."""
    alice, bob = fake_discord.user("alice"), fake_discord.user("bob")
    ice, goro, big = (to_code(precon("subzero")), to_code(precon("goro")),
                      to_code(precon("kano", 60)))
    async with bot_running(fake_discord, tmp_path / "h.sqlite3") as bot:
        await bot.store.save_deck(alice.id, MK, "Ice", ice)
        await bot.store.save_deck(bob.id, MK, "Big", big)
        await bot.store.save_deck(bob.id, MK, "Goro", goro)
        auto = await (await alice.autocomplete("challenge", "deck", "i",
                                               game=MK)).response()
        assert [c["value"] for c in auto.choices] == ["Ice"]
        res = await (await alice.slash("challenge", opponent=bob, game=MK,
                                       deck="Carrot")).response()
        assert res.ephemeral and "no saved Mortal Kombat" in (res.content or "")
        res = await (await alice.slash("challenge", opponent=bob, game=MK,
                                       deck="Ice")).response()
        assert res.message is not None and not res.ephemeral, res.content
        assert "MK1-" not in (res.content or "")
        challenge = res.message
        accept = next(c for c in challenge.custom_ids if c.endswith(":accept"))
        picker = await (await bob.click(challenge, accept)).response()
        assert picker.ephemeral and picker.message is not None
        select = next(c for c in picker.message.custom_ids if c.endswith(":deck"))
        res = await (await bob.select(picker.message, select, ["Big"])).response()
        assert res.ephemeral and "yours has 60 kards, the challenger's 50" in (
            res.content or ""), res.content
        assert await bot.store.live_matches(bob.id) == []
        await (await bob.select(picker.message, select, ["Goro"])).response()
        await idle(fake_discord, bot)
        live = await bot.store.live_matches(bob.id)
        assert len(live) == 1 and sorted(live[0].options["decks"]) == sorted([ice, goro])
        seat = live[0].seats.index(bob.id)
        assert live[0].options["decks"][seat] == goro
        text = fake_discord.messages(fake_discord.channel)[-1].content or ""
        assert "Accepted!" in text and "MK1-" not in text, text
    assert fake_discord.schema_errors == [] and fake_discord.handler_errors == []


def text_input(modal: dict[str, Any]) -> dict[str, Any]:
    """The modal's one text field (in its row or label)."""
    found = []
    for comp in modal["components"]:
        inner = comp.get("components") or [comp.get("component") or {}]
        found += [c for c in inner if c.get("type") == 4]
    assert len(found) == 1, modal
    return found[0]


@pytest.mark.parametrize("game", sorted(decks.builders()))
async def test_import_a_pasted_list_then_export_it_back(fake_discord: FakeDiscord,
                                                        tmp_path: pathlib.Path,
                                                        game: str) -> None:
    """``/deck import`` opens a box for a list, one card a line; a list naming unknown
    cards is refused line by line and saves nothing; ``/deck export`` gives the saved
    deck back as that list, which imports to the same deck, in English and French."""
    alice, bob = fake_discord.user("alice"), fake_discord.user("bob")
    bob.locale = "fr"
    hooks = decks.builder(game)
    leader, lid = next(iter(hooks.deck_leaders().items()))
    deck = precons(game, lid)
    async with bot_running(fake_discord, tmp_path / "h.sqlite3") as bot:
        box = await (await alice.slash("deck import", game=game, name="Pasted")).response()
        assert box.response_type == 9 and box.modal is not None
        field = text_input(box.modal)
        assert field["style"] == 2 and field["custom_id"] == "deck"  # multi-line
        assert box.modal["title"].endswith(": import a deck")
        listed = decks.listing(game, deck).replace(" × ", " ").splitlines()
        bad = "\n".join([f"Leader: {leader}", *listed[:2], "2 Banana Punch", *listed[2:]])
        refused = await (await alice.submit_modal(box, {"deck": bad})).response()
        assert refused.ephemeral and "line 4: `2 Banana Punch`" in (refused.content or "")
        assert await bot.store.user_decks(alice.id) == []  # nothing saved

        box = await (await alice.slash("deck import", game=game, name="Pasted")).response()
        good = "\n".join([f"Leader: {leader}", *listed])
        saved = await (await alice.submit_modal(box, {"deck": good})).response()
        assert saved.ephemeral and "Deck saved: Pasted" in saved.embeds[0]["title"]
        mine = await bot.store.get_deck(alice.id, game, "Pasted")
        assert mine is not None and decks.deck_of(game, mine.code) == deck

        out = await (await alice.slash("deck export", game=game, name="pasted")).response()
        content = out.content or ""
        assert out.ephemeral and content.startswith("📋 **Pasted**") and f"`{mine.code}`" in content
        exported = content.split("```\n", 1)[1].rsplit("\n```", 1)[0]
        assert exported.splitlines()[0] == f"Leader: {leader}"
        assert exported.splitlines()[1:] == listed  # one card a line, with its count

        # Bob, in French, pastes Alice's list: the same deck; his own export reads back
        box = await (await bob.slash("deck import", game=game, name="Copie")).response()
        assert box.modal is not None and box.modal["title"].endswith(" : importer un deck")
        again = await (await bob.submit_modal(box, {"deck": exported})).response()
        assert again.ephemeral and "Deck enregistré : Copie" in again.embeds[0]["title"]
        copy = await bot.store.get_deck(bob.id, game, "Copie")
        assert copy is not None and copy.code == mine.code
        out = await (await bob.slash("deck export", game=game, name="Copie")).response()
        french = (out.content or "").split("```\n", 1)[1].rsplit("\n```", 1)[0]
        assert french.splitlines()[0] == f"Chef : {leader}"
        assert decks.pasted_deck(game, french) == deck

        nothing = await (await bob.slash("deck export", game=game, name="Autre")).response()
        assert nothing.ephemeral and "Autre" in (nothing.content or "")
    assert fake_discord.schema_errors == [] and fake_discord.handler_errors == []
    assert fake_discord.protocol_errors == []
