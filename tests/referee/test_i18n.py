"""English and French: locale-file parity, command localizations, the Translator, t()."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from hypothesis import given
from hypothesis import strategies as st

from bot import HajimeBot
from cogs import i18n_discord
from cogs.config import Settings
from cogs.i18n_discord import L, Translator, locale_of
from cogs.library import find_topic, rule_sections
from db import store_from_url
from engine.core import IllegalAction
from engine.games import REGISTRY
from referee import i18n
from referee.i18n import (
    CATALOGS,
    DEFAULT,
    I18nError,
    Refusal,
    check_catalogs,
    flatten,
    placeholders,
    reason,
    t,
)

LOCALIZED_COGS = ("Library", "Ladder", "Lobby", "Decks", "Seating")
"""Cogs whose commands are localized (the table has buttons only)."""
NAME = re.compile(r"^[-_'\w]{1,32}$")
"""Discord's command/option name rule (letters of any script, digits, - _ ')."""


# ------------------------------------------------------------------ catalogs
def test_locale_files_have_the_same_keys_and_placeholders() -> None:
    assert check_catalogs(CATALOGS) == []
    assert set(CATALOGS) == {"en-US", "fr"}
    assert set(CATALOGS["en-US"]) == set(CATALOGS["fr"])
    for key, text in CATALOGS["en-US"].items():
        assert placeholders(CATALOGS["fr"][key]) == placeholders(text), key


def test_check_catalogs_reports_missing_keys_and_placeholder_mismatches() -> None:
    catalogs: dict[str, dict[str, i18n.Text]] = {
        "en-US": {"a": "Hello {name}", "b": "x", "c": {"one": "{count} cat",
                                                     "other": "{count} cats"}},
        "fr": {"a": "Bonjour {nom}", "d": "y", "c": "{count} chats"},
    }
    problems = check_catalogs(catalogs)
    assert "fr: missing b" in problems
    assert "fr: d is not in en-US" in problems
    assert any(p.startswith("fr: a has placeholders ['nom']") for p in problems)
    assert "fr: c is plural in one locale only" in problems


def test_flatten_reads_plural_tables_and_rejects_non_text() -> None:
    flat = flatten({"a": {"b": "x", "n": {"one": "1", "other": "2"}}})
    assert flat == {"a.b": "x", "a.n": {"one": "1", "other": "2"}}
    with pytest.raises(I18nError):
        flatten({"a": 3})


async def test_a_disagreeing_locale_file_stops_the_translator(
        monkeypatch: pytest.MonkeyPatch) -> None:
    broken = {loc: dict(texts) for loc, texts in CATALOGS.items()}
    del broken["fr"]["help.text"]
    monkeypatch.setattr(i18n, "CATALOGS", broken)
    monkeypatch.setattr(i18n_discord, "CATALOGS", broken)
    with pytest.raises(I18nError, match=r"fr: missing help\.text"):
        await Translator().load()


def test_game_names_in_the_catalog_match_the_registry() -> None:
    for gid, game in REGISTRY.items():
        assert t(DEFAULT, f"game.{gid}") == game.name
        assert i18n.has(f"game.{gid}")


# ------------------------------------------------------------------------- t
def test_t_fills_placeholders_and_falls_back_to_english() -> None:
    assert t("fr", "ladder.no_match", id=5) == "Il n'y a pas de match n° 5."
    assert t("en-US", "ladder.no_match", id=5) == "There is no match #5."
    assert t("de", "ladder.no_match", id=5) == "There is no match #5."
    assert t(None, "ladder.no_match", id=5) == "There is no match #5."
    assert t(discord.Locale.french, "ladder.global") == "Mondial"
    assert t("fr-CA", "ladder.global") == "Mondial"
    assert t("fr", "no.such.key") == "no.such.key"


@given(st.integers(min_value=0, max_value=10**6))
def test_plurals_follow_each_language(n: int) -> None:
    en = t("en-US", "board.players", count=n)
    fr = t("fr", "board.players", count=n)
    assert en == f"{n} player" + ("" if n == 1 else "s")
    assert fr == f"{n} joueur" + ("" if n < 2 else "s")  # French: 0 and 1 are singular


def locale_interaction(locale: str | None, guild_locale: str | None) -> Any:
    def as_locale(code: str | None) -> discord.Locale | None:
        return None if code is None else discord.Locale(code)
    return SimpleNamespace(locale=as_locale(locale), guild_locale=as_locale(guild_locale))


@pytest.mark.parametrize(("user", "guild", "expected"), [
    ("fr", "en-US", "fr"), ("en-US", "fr", "en-US"), ("en-GB", None, "en-US"),
    ("ja", "fr", "en-US"), (None, "fr", "fr"), (None, None, "en-US")])
def test_locale_of_prefers_the_user_then_the_server(user: str | None, guild: str | None,
                                                    expected: str) -> None:
    assert locale_of(locale_interaction(user, guild)) == expected


def test_refusals_are_worded_per_locale() -> None:
    exc = Refusal("ladder.other_server", id=9)
    assert exc.reason == "Match #9 was played on another server."
    assert reason(exc, "fr") == "Le match n° 9 s'est joué sur un autre serveur."
    assert reason(IllegalAction("as written"), "fr") == "as written"


# ------------------------------------------------------------------- rules
@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_rules_have_a_french_version_with_the_same_topics(game: str) -> None:
    english, french = rule_sections(game, "en-US"), rule_sections(game, "fr")
    assert english and list(english) == list(french)
    for tid in english:
        assert french[tid][1] != english[tid][1], f"{game}/{tid} is not translated"
    assert find_topic(french, french["overview"][0].upper()) == "overview"
    assert find_topic(french, "turn") == "turn" or "turn" not in french


# ----------------------------------------------------------------- commands
async def localized_commands(tmp_path: Path) -> list[dict[str, Any]]:
    """The payloads the bot syncs for the localized cogs (translated)."""
    settings = Settings(token="x", database=str(tmp_path / "h.db"))
    bot = HajimeBot(settings, store_from_url(settings.database))
    from cogs.decks import Decks
    from cogs.ladder import Ladder
    from cogs.library import Library
    from cogs.lobby import Lobby
    from cogs.router import Router
    from cogs.seating import Seating

    factories: dict[str, Any] = {  # a swept cog joins here and in LOCALIZED_COGS
        "Library": lambda: Library(bot),
        "Ladder": lambda: Ladder(bot, bot.store),  # type: ignore[arg-type]
        "Lobby": lambda: Lobby(bot, bot.store, bot.referee),
        "Decks": lambda: Decks(bot),
        "Seating": lambda: Seating(bot, bot.store, bot.referee),
    }
    await bot.tree.set_translator(Translator())
    await bot.add_cog(Router(bot))
    for name in LOCALIZED_COGS:
        await bot.add_cog(factories[name]())
    cogs: list[commands.Cog] = [c for c in bot.cogs.values()
                                if c.qualified_name in LOCALIZED_COGS]
    assert {c.qualified_name for c in cogs} == set(LOCALIZED_COGS)
    names = {cmd.name for cog in cogs for cmd in cog.get_app_commands()}
    return [p for p in await bot.command_payloads(None) if p["name"] in names]


def walk(payload: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every command, subcommand and option of a payload, with its path."""
    here = f"{path}/{payload['name']}"
    out = [(here, payload)]
    for opt in payload.get("options") or []:
        out.extend(walk(opt, here))
    return out


async def test_every_command_option_and_choice_has_a_valid_french_localization(
        tmp_path: Path) -> None:
    payloads = await localized_commands(tmp_path)
    assert {p["name"] for p in payloads} >= {"rules", "card", "help", "leaderboard",
                                              "profile", "history", "replay", "privacy",
                                              "ladder", "challenge", "forfeit", "matches",
                                              "settings"}
    seen = 0
    for top in payloads:
        for where, item in walk(top):
            seen += 1
            fr = item.get("name_localizations") or {}
            assert "fr" in fr, f"{where} has no French name"
            assert NAME.match(fr["fr"]) and fr["fr"] == fr["fr"].lower(), (where, fr["fr"])
            assert NAME.match(item["name"]) and item["name"] == item["name"].lower()
            desc = item.get("description_localizations") or {}
            assert desc.get("fr") and desc["fr"] != item["description"], where
            assert len(desc["fr"]) <= 100
            for choice in item.get("choices") or []:
                assert "fr" in (choice.get("name_localizations") or {}), (where, choice)
            siblings = [o["name_localizations"]["fr"] for o in item.get("options") or []]
            assert len(siblings) == len(set(siblings)), f"{where}: French names collide"
    tops = [p["name_localizations"]["fr"] for p in payloads]
    assert len(tops) == len(set(tops))
    assert seen >= 34  # 13 commands, 3 subcommands, 18 options


async def test_translator_answers_french_and_nothing_for_unknown_keys() -> None:
    tr = Translator()
    ctx: app_commands.TranslationContext[Any, Any] = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.other, data=None)
    assert await tr.translate(L("cmd.rules.name"), discord.Locale.french, ctx) == "règles"
    assert await tr.translate(L("cmd.rules.name"), discord.Locale.american_english,
                              ctx) is None
    assert await tr.translate(L("cmd.rules.name"), discord.Locale.german, ctx) is None
    unknown = app_commands.locale_str("rules", key="cmd.nothing.here")
    assert await tr.translate(unknown, discord.Locale.french, ctx) is None
    assert await tr.translate(app_commands.locale_str("rules"), discord.Locale.french,
                              ctx) is None
    with pytest.raises(I18nError):
        L("cmd.nothing.here")


async def test_a_changed_translation_resyncs_and_nothing_else_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = Settings(token="x", database=str(tmp_path / "h.db"))
    bot = HajimeBot(settings, store_from_url(settings.database))
    from cogs.library import Library

    await bot.store.open()
    try:
        await bot.tree.set_translator(Translator())
        await bot.add_cog(Library(bot))
        synced: list[list[dict[str, Any]]] = []

        async def fake_sync(*, guild: Any = None) -> list[Any]:
            synced.append(await bot.command_payloads(guild))
            return []

        monkeypatch.setattr(bot.tree, "sync", fake_sync)
        await bot.sync_if_changed(None)
        await bot.sync_if_changed(None)
        assert len(synced) == 1  # unchanged: no second sync
        changed = {loc: dict(texts) for loc, texts in CATALOGS.items()}
        changed["fr"]["cmd.help.description"] = "Une autre description."
        monkeypatch.setattr(i18n, "CATALOGS", changed)
        monkeypatch.setattr(i18n_discord, "CATALOGS", changed)
        await bot.sync_if_changed(None)
        assert len(synced) == 2
        help_cmd = next(p for p in synced[1] if p["name"] == "help")
        assert help_cmd["description_localizations"]["fr"] == "Une autre description."
    finally:
        await bot.store.close()


# ---------------------------------------------------------- engine reasons
ROOT = Path(__file__).resolve().parents[2]


def source_text() -> str:
    """engine/, referee/ and cogs/ Python sources, with implicitly concatenated strings joined."""
    text = "\n".join(p.read_text(encoding="utf-8") for d in ("engine", "referee", "cogs")
                     for p in sorted((ROOT / d).rglob("*.py")))
    return re.sub(r"\"\s*\n\s*f?\"", "", text)


def test_every_translated_reason_is_still_raised_somewhere() -> None:
    import string

    src = source_text()
    for key, text in CATALOGS[DEFAULT].items():
        if not key.startswith(("reason.", "replay_problem.")) or not isinstance(text, str):
            continue
        # the longest fixed part (some reasons are composed, e.g. "You already have")
        longest = max((lit for lit, _, _, _ in string.Formatter().parse(text)), key=len)
        assert longest in src, (f"{key}: {longest!r} is raised nowhere any more; "
                                "update or remove it in both locale files")


@pytest.mark.parametrize(("english", "french"), [
    ("This match is over.", "Ce match est terminé."),
    ("Your Movement card 2 is resting this turn.",
     "Votre carte Déplacement 2 se repose ce tour-ci."),
    ("You have no kick card in hand.", "Vous n'avez pas de carte kick en main."),
    ("A super move needs 7 HP or less.", "Un super move demande 7 PV ou moins."),
    ("You are not playing in this match.", "Vous ne jouez pas dans ce match."),
    ("Your Super gauge is at 3/5: the Super Combo needs a full gauge (S-U-P-E-R).",
     "Votre jauge Super est à 3/5 : le Super Combo demande une jauge pleine (S-U-P-E-R)."),
    ("A reason nobody translated.", "A reason nobody translated."),
])
def test_engine_reasons_are_shown_in_french(english: str, french: str) -> None:
    assert reason(IllegalAction(english), "fr") == french
    assert reason(IllegalAction(english), "en-US") == english


def test_lobby_refusals_are_worded_from_their_keys() -> None:
    limit = Refusal("lobby.they_at_limit", who="<@7>", count=5, limit=5)
    assert limit.reason == "<@7> already has 5 live matches (the limit is 5)."
    assert reason(limit, "fr") == "<@7> a déjà 5 matchs en cours (la limite est 5)."
    only = Refusal("lobby.only_opponent", who="<@42>")
    assert reason(only, "fr") == "Seul <@42> peut répondre à ce défi."


def test_replay_problems_are_shown_in_french() -> None:
    from referee.i18n import translate_english

    english = "v12 was re-simulated as v13"
    assert translate_english(english, "replay_problem.", "fr") == "v12 a été rejouée comme v13"
    assert translate_english(english, "replay_problem.", "en-US") == english
    assert translate_english("v1: no such thing", "replay_problem.", "fr") == (
        "v1: no such thing")


def test_a_real_engine_refusal_reaches_a_french_player_in_french() -> None:
    from engine.core import EngineError

    game = REGISTRY["world_of_fighters"]
    state = game.setup(game.parse_options({}), 2, 1)
    seat, other = 0, 1
    action = game.legal(state, seat)[0]
    done, _ = game.concede(state, other, "forfeit")
    with pytest.raises(EngineError) as over:
        game.apply(done, seat, action)
    with pytest.raises(EngineError) as stale:
        game.check_version(state, state.version - 1)
    assert reason(over.value, "fr") == "Ce match est terminé."
    assert reason(stale.value, "fr") == "Le plateau a changé depuis ; regardez à nouveau."


def test_a_match_speaks_the_servers_chosen_language_else_its_players_shared_one() -> None:
    from types import SimpleNamespace

    from cogs.guard import note_locale
    from cogs.i18n_discord import chosen_server_locale, match_locale
    from referee.i18n import player_locale

    unset, english, french, german = (SimpleNamespace(preferred_locale=x) for x in (
        None, discord.Locale.american_english, discord.Locale.french, discord.Locale.german))
    assert [chosen_server_locale(g) for g in (unset, english, french, german, None)] == [
        None, None, "fr", None, None]
    a, b, c = 9_000_000_001, 9_000_000_002, 9_000_000_003
    note_locale({"member": {"user": {"id": str(a)}}, "locale": "fr"})  # a guild interaction
    note_locale({"user": {"id": str(b)}, "locale": "fr-FR"})  # a DM
    note_locale({"user": {"id": "x"}, "locale": "fr"})  # unreadable: ignored, no error
    assert player_locale(a) == player_locale(b) == "fr" and player_locale(c) is None
    assert match_locale(english, [a, b]) == "fr"  # all French, no language chosen
    assert match_locale(unset, [a, b]) == "fr" and match_locale(german, [a, b]) == "fr"
    assert match_locale(english, [a, c]) == "en-US"  # one unknown: the server's
    note_locale({"user": {"id": str(c)}, "locale": "en-GB"})
    assert match_locale(english, [a, b, c]) == "en-US"  # they differ
    assert match_locale(french, [c]) == "fr"  # a chosen language always wins


def test_stored_languages_come_back_behind_the_ones_seen_since() -> None:
    from referee.i18n import player_locale, recall_players, remember_player

    a, b = 9_000_000_011, 9_000_000_012
    assert remember_player(a, "fr") == "fr"      # new: worth storing
    assert remember_player(a, "fr") is None      # the same again: nothing to store
    assert remember_player(a, "en-GB") == "en-US"
    recall_players({a: "fr", b: "fr"})           # a stored value never beats this run's
    assert player_locale(a) == "en-US" and player_locale(b) == "fr"
    assert remember_player(b, "fr") is None      # known from the store: not stored again
