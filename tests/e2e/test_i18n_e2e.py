"""English and French end to end: the real bot answers each player in their own locale.

A French user (``locale: fr`` in INTERACTION_CREATE) and an American one use /help, /rules,
/card, /leaderboard, /profile and /history (plus paging, /replay, /privacy, /ladder reset and
refusals). Every French answer must hold French catalog texts and no English one, and the
other way round.
"""

from __future__ import annotations

import pathlib
import re
import string
from collections.abc import AsyncIterator
from functools import cache
from typing import Any

import pytest

from bot import HajimeBot
from db import ResultRow, SqliteStore
from referee.i18n import CATALOGS
from tests.e2e.harness import bot_running
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.users import InteractionResult

GAME = "world_of_fighters"


def fragments(locale: str, other: str) -> set[str]:
    """Fixed parts (6+ characters, with a letter) of ``locale``'s texts that appear in no
    text of ``other``: finding one in an answer means it was written in ``locale``."""
    others: list[str] = []
    for text in CATALOGS[other].values():
        others.extend(text.values() if isinstance(text, dict) else [text])
    pool = "\n".join(others)
    out: set[str] = set()
    for text in CATALOGS[locale].values():
        for form in text.values() if isinstance(text, dict) else [text]:
            for literal, _, _, _ in string.Formatter().parse(form):
                for piece in literal.splitlines():
                    piece = piece.strip(" .,;:()*`·-—!?\"'«»")
                    if (len(piece) >= 6 and any(c.isalpha() for c in piece)
                            and piece not in pool):
                        out.add(piece)
    return out


ENGLISH_ONLY = fragments("en-US", "fr")
FRENCH_ONLY = fragments("fr", "en-US")


def text_of(res: InteractionResult) -> str:
    """Everything the player reads in the answer: content, embeds, button labels."""
    msg = res.message
    assert msg is not None, f"no answer: {res}"
    parts = [msg.content or ""]
    for e in msg.embeds:
        parts += [e.get("title", ""), e.get("description", ""),
                  (e.get("footer") or {}).get("text", "")]
        parts += [f"{f['name']}\n{f['value']}" for f in e.get("fields", [])]
    parts += [str(c.get("label", "")) for row in msg.components
              for c in row.get("components", [])]
    return "\n".join(parts)


@cache
def foreign_words(locale: str) -> re.Pattern[str]:
    """One pattern for every fragment of the other locale's catalog, as whole words.

    Compiled once: searching each fragment's own pattern (thousands of them, past the
    ``re`` module's cache) recompiled them all for every text, most of a whole match's
    checking time. The alternation backtracks through every fragment at each position,
    so it matches exactly where one of the separate patterns would."""
    foreign = ENGLISH_ONLY if locale == "fr" else FRENCH_ONLY
    either = "|".join(re.escape(f) for f in sorted(foreign, key=lambda f: (-len(f), f)))
    return re.compile(rf"(?<!\w)(?:{either})(?!\w)")


def assert_speaks(text: str, locale: str) -> None:
    """``text`` has no fragment of the other locale's catalog."""
    hit = foreign_words(locale).search(text)
    if hit is None:
        return
    foreign = ENGLISH_ONLY if locale == "fr" else FRENCH_ONLY
    found = sorted(f for f in foreign
                   if re.search(rf"(?<!\w){re.escape(f)}(?!\w)", text)) or [hit.group(0)]
    raise AssertionError(f"{locale} answer has {found}: {text[:1500]}")


async def slash(who: FakeUser, command: str, /, **options: Any) -> InteractionResult:
    return await (await who.slash(command, **options)).response()


async def seed_match(store: SqliteStore, guild_id: int, seats: list[int]) -> int:
    rec = await store.create_match(guild_id=guild_id, channel_id=1, game=GAME, options={},
                                   seats=seats, state="{}", version=0, deadline=None)
    ok = await store.commit_action(
        rec.id, expected_version=0, state="{}", version=1,
        events=[(None, "match_over", {"ranks": [1, 2]})], log=None, deadline=None,
        timeouts=[0, 0], status="finished",
        results=[ResultRow(seat=i, user_id=u, rank=i + 1, label=label)
                 for i, (u, label) in enumerate(zip(seats, ["Aiko Tanaka", "Hai Wu"],
                                                    strict=True))])
    assert ok
    return rec.id


@pytest.fixture
async def bot(fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> AsyncIterator[HajimeBot]:
    async with bot_running(fake_discord, tmp_path / "h.db") as hajime:
        yield hajime


def test_the_fragment_sets_are_meaningful() -> None:
    assert "Nobody on this page" in ENGLISH_ONLY and "Personne sur cette page" in FRENCH_ONLY
    assert "World of Fighters" not in ENGLISH_ONLY  # a name is the same in both


async def test_each_player_is_answered_in_their_locale(fake_discord: FakeDiscord,
                                                       bot: HajimeBot) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    alice.locale, bob.locale = "fr", "en-US"
    store = bot.store
    assert isinstance(store, SqliteStore)
    for _ in range(12):  # two pages of history
        await seed_match(store, fake.guild_id, [alice.id, bob.id])

    # the synced commands carry French names, descriptions and choices
    synced = fake.commands[fake.guild_id]
    assert synced["rules"]["name_localizations"]["fr"] == "règles"
    board_opts = {o["name"]: o for o in synced["leaderboard"]["options"]}
    assert board_opts["scope"]["name_localizations"]["fr"] == "portée"
    assert {c["name_localizations"]["fr"] for c in board_opts["scope"]["choices"]} == {
        "Ce serveur", "Mondial"}

    answers: dict[str, list[tuple[str, str]]] = {"fr": [], "en-US": []}
    for user, loc in ((alice, "fr"), (bob, "en-US")):
        calls: list[tuple[str, str, dict[str, Any]]] = [
            ("help", "help", {}),
            ("rules", "rules", {"game": "sushido"}),
            ("rules duel", "rules", {"game": "sushido", "topic": "duel"}),
            ("rules super", "rules", {"game": GAME, "topic": "super"}),
            ("rules bad topic", "rules", {"game": GAME, "topic": "no such topic"}),
            ("card", "card", {"game": GAME, "name": "Aiko Tanaka"}),
            ("card unknown", "card", {"game": GAME, "name": "Nobody Atall"}),
            ("leaderboard", "leaderboard", {"game": GAME}),
            ("leaderboard empty", "leaderboard", {"game": "sushido", "scope": "global"}),
            ("profile", "profile", {}),
            ("history", "history", {}),
            ("replay", "replay", {"match_id": 999}),
            ("hide", "privacy leaderboard", {"mode": "hide"}),
            ("show", "privacy leaderboard", {"mode": "show"}),
        ]
        for what, command, options in calls:
            res = await slash(user, command, **options)
            answers[loc].append((what, text_of(res)))
        reset = await slash(user, "ladder reset", game=GAME)
        answers[loc].append(("reset", text_of(reset)))
        cancel = "Annuler" if loc == "fr" else "Cancel"
        cancelled = await (await user.click(reset.message, label=cancel)).response()  # type: ignore[arg-type]
        answers[loc].append(("reset cancelled", text_of(cancelled)))
        history = await slash(user, "history")
        label = "Suiv." if loc == "fr" else "Next"
        paged = await (await user.click(history.message, label=label)).response()  # type: ignore[arg-type]
        answers[loc].append(("history page 2", text_of(paged)))

    fr, en = dict(answers["fr"]), dict(answers["en-US"])
    assert "Hajime** arbitre" in fr["help"] and "referees fighting card games" in en["help"]
    # /help teaches each game's turn; /rules points to it (issue 31)
    assert "comment se passe un tour" in fr["help"] and "how a turn goes" in en["help"]
    assert "**/tournoi créer**" in fr["help"] and "**/tournament create**" in en["help"]
    assert "/aide" in fr["rules"] and "/help" in en["rules"]
    assert "enchaînements" in fr["rules"] and "chains" in en["rules"]
    assert "Super move" not in fr["rules super"] and "super move" in fr["rules super"]
    # a duel's name is a name: the same in both, explained in each language
    assert "**Entraînement** : le premier à 2 rounds" in fr["rules duel"]
    assert "**Entraînement**: first to 2 rounds" in en["rules duel"]
    assert "Pas de sujet « no such topic »" in fr["rules bad topic"]
    assert "Rien ne s'appelle « Nobody Atall »" in fr["card unknown"]
    assert "Aucun joueur classé" in fr["leaderboard empty"]
    assert "Vous n'apparaissez plus" in fr["hide"] and "You are listed" in en["show"]
    assert "personnage" in fr["card"] and "character" in en["card"]
    assert "allonge courte" in fr["card"] and "close reach" in en["card"]
    assert "2 joueurs" in fr["leaderboard"] and "2 players" in en["leaderboard"]
    assert "**Victoire** avec Aiko Tanaka" in fr["profile"]
    assert "**Lost** as Hai Wu" in en["profile"]
    assert "Historique des matchs" in fr["history"] and "Page 2/2" in fr["history page 2"]
    assert "Il n'y a pas de match n° 999." in fr["replay"]
    assert "Oui, remettre à zéro" in fr["reset"] and "Yes, reset" in en["reset"]
    assert fr["reset cancelled"].startswith("Remise à zéro annulée.")
    assert "There is no match #999." in en["replay"]
    for loc, pairs in answers.items():
        for command, text in pairs:
            assert text.strip(), (loc, command)
            assert_speaks(text, loc)
    # autocomplete shows the rules topics in the player's language
    typed = await (await alice.autocomplete("rules", "topic", "manc", game=GAME)).response()
    assert typed.choices == [{"name": "manches", "value": "bouts"}]
    assert fake.schema_errors == [] and fake.protocol_errors == []


async def test_refusals_on_a_board_are_in_the_clickers_language(fake_discord: FakeDiscord,
                                                                bot: HajimeBot) -> None:
    from tests.e2e.harness import challenge_accepted, press, raw_click

    fake = fake_discord
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    carol.locale, bob.locale = "fr", "en-US"
    match_id, board = await challenge_accepted(fake, bot, alice, bob, GAME)
    act = f"hj:act:{match_id}"
    french = await press(carol, board, act)
    english = await raw_click(bob, board, "hj:zz:1")
    assert french.ephemeral and french.content == "Vous ne jouez pas dans ce match."
    unknown = await raw_click(carol, board, "hj:zz:1")
    assert unknown.content is not None and unknown.content.startswith(
        "Je ne reconnais pas ce bouton")
    assert english.content is not None and english.content.startswith(
        "I don't recognise that button")
    for res, loc in ((french, "fr"), (unknown, "fr"), (english, "en-US")):
        assert_speaks(text_of(res), loc)


async def test_lobby_refusals_reach_a_french_player_in_french(fake_discord: FakeDiscord,
                                                             bot: HajimeBot) -> None:
    """The lobby still writes English; its refusals are matched to the catalog."""
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    alice.locale, bob.locale = "fr", "en-US"
    own = await slash(alice, "challenge", opponent=alice, game=GAME)
    assert own.ephemeral and own.content == "Vous ne pouvez pas vous défier vous-même."
    none = await slash(alice, "matches")
    assert none.content == "Aucun match n'est en cours sur ce serveur. Lancez-en un avec /défier."
    english = await slash(bob, "challenge", opponent=bob, game=GAME)
    assert english.content == "You can't challenge yourself."



def board_text(board: Any) -> str:
    """The board message's embed texts and button labels."""
    parts = [board.content or ""]
    for e in board.embeds:
        parts += [e.get("title", ""), e.get("description", ""),
                  (e.get("footer") or {}).get("text", "")]
        parts += [f"{f['name']}\n{f['value']}" for f in e.get("fields", [])]
    parts += [c.get("label") or "" for row in board.components
              for c in row.get("components", [])]
    return "\n".join(p for p in parts if p)


@pytest.mark.parametrize(("server", "players", "expected"), [
    ("en-US", ("fr", "fr"), "fr"),  # no language chosen: the players' shared one
    ("en-US", ("fr", "en-US"), "en-US"),  # they differ: the server's
    ("en-US", ("en-US", "en-US"), "en-US"),
])
async def test_a_server_without_a_language_speaks_its_players_shared_one(
        fake_discord: FakeDiscord, bot: HajimeBot, server: str, players: tuple[str, str],
        expected: str) -> None:
    from tests.e2e.harness import challenge_accepted

    fake = fake_discord  # its server has Discord's default language, en-US: none chosen
    assert fake.guild_locale(None) == server
    alice, bob = fake.user("alice"), fake.user("bob")
    alice.locale, bob.locale = players
    _, board = await challenge_accepted(fake, bot, alice, bob, GAME)
    text = board_text(board)
    assert_speaks(text, expected)
    word = {"fr": "On attend", "en-US": "Waiting for"}[expected]  # the board says who
    assert word in text, text
    assert fake.schema_errors == [] and fake.protocol_errors == []


def test_the_one_pattern_flags_exactly_what_the_fragments_do() -> None:
    """``assert_speaks``'s single pattern against each fragment searched alone, on texts of
    both catalogs (every 32nd); and a foreign text is still refused."""
    for locale, other in (("fr", "en-US"), ("en-US", "fr")):
        texts = [v if isinstance(v, str) else v["other"] for catalog in (locale, other)
                 for v in CATALOGS[catalog].values()][::32]
        foreign = ENGLISH_ONLY if locale == "fr" else FRENCH_ONLY
        for text in texts:
            alone = any(re.search(rf"(?<!\w){re.escape(f)}(?!\w)", text) for f in foreign)
            assert (foreign_words(locale).search(text) is not None) == alone, text
    with pytest.raises(AssertionError, match="Waiting for"):
        assert_speaks("On attend : Waiting for: alice", "fr")
    assert_speaks("On attend : alice", "fr")
