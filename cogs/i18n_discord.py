"""The Discord side of the language catalogs (:mod:`referee.i18n`): a player's and a
server's locale from Discord's objects, the command definitions' strings and the
:class:`Translator` that localizes them.

Split from :mod:`referee.i18n` (issue 27), which holds the catalogs and every text
function and imports no ``discord``.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from engine.games import REGISTRY
from referee.i18n import CATALOGS, DEFAULT, I18nError, check_catalogs, player_locale, resolve


def locale_of(interaction: discord.Interaction[Any]) -> str:
    """The player's locale: the one Discord sent with the interaction, else the server's."""
    for value in (getattr(interaction, "locale", None),
                  getattr(interaction, "guild_locale", None)):
        code = value.value if isinstance(value, discord.Locale) else value
        if code:
            return resolve(code)
    return DEFAULT


def server_locale(guild: discord.Guild | None) -> str:
    """The locale of a server's public messages (match threads, boards, challenges): the
    server's preferred locale (Discord's ``guild_locale``), English when unknown."""
    found = getattr(guild, "preferred_locale", None)
    return resolve(found) if found else DEFAULT


def chosen_server_locale(guild: discord.Guild | None) -> str | None:
    """The server's preferred locale when it chose one we speak other than Discord's
    default; None when it has none (unset, ``en-US`` -- which Discord gives every server
    until its owner picks a language -- or a language we do not speak)."""
    found = getattr(guild, "preferred_locale", None)
    code = found.value if isinstance(found, discord.Locale) else found
    if not isinstance(code, str) or not code or code == DEFAULT:
        return None
    loc = resolve(code)
    return loc if loc != DEFAULT else None


def match_locale(guild: discord.Guild | None, players: list[int]) -> str:
    """The locale of a match's public texts: the server's chosen locale; when it chose
    none (:func:`chosen_server_locale`), the locale every seated player shares (their
    clients' languages, as last seen); else English."""
    chosen = chosen_server_locale(guild)
    if chosen is not None:
        return chosen
    seen = {player_locale(p) for p in players}
    if players and len(seen) == 1 and None not in seen:
        return seen.pop() or DEFAULT
    return server_locale(guild)


# ------------------------------------------------------------------- commands
def L(key: str) -> app_commands.locale_str:
    """A command-definition string: English from the catalog, localized by ``key``."""
    entry = CATALOGS[DEFAULT].get(key)
    if not isinstance(entry, str):
        raise I18nError(f"{DEFAULT}.toml has no text for {key}")
    return app_commands.locale_str(entry, key=key)


def game_choices() -> list[app_commands.Choice[str]]:
    """One localized choice per registered game."""
    return [app_commands.Choice(name=L(f"game.{gid}"), value=gid) for gid in REGISTRY]


class Translator(app_commands.Translator):
    """Localizes command names, descriptions, options and choices from the locale files."""

    async def load(self) -> None:
        """Refuse to start with locale files that disagree."""
        problems = check_catalogs(CATALOGS)
        if problems:
            raise I18nError("locale files disagree: " + "; ".join(problems[:10]))

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        """The text of the string's ``key`` in ``locale``; None when we have none for it."""
        key = string.extras.get("key")
        code = locale.value
        if not key or code == DEFAULT or code not in CATALOGS:
            return None
        entry = CATALOGS[code].get(key)
        return entry if isinstance(entry, str) else None
