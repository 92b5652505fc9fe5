"""The library: /rules, /card (with autocomplete) and /help.

Rules summaries live in ``referee/text/<game>.md`` as ``## topic`` sections (French in
``referee/text/fr/<game>.md``); every other text is in ``referee/locales``; cards come from
each game's own data (``Game.catalog()``), so the bot never restates a card differently
from the engine that plays it (translations are checked against it: ``referee.card_text``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.i18n_discord import L, game_choices, locale_of
from engine.core import CatalogEntry
from engine.games import REGISTRY
from referee.card_text import entry_text
from referee.i18n import DEFAULT, game_name, has, rules_path, t

GAME_CHOICES = game_choices()
ECHO = 80
"""Longest part of a player's input repeated in an answer."""


@cache
def rule_sections(game_id: str, locale: str = DEFAULT) -> dict[str, tuple[str, str]]:
    """``topic id -> (title, text)`` from the game's rules summary in ``locale``.

    Sections are ``## id`` (English) or ``## id | title`` (translations keep the English
    id so a topic is the same in every locale); the intro is ``overview``.
    """
    path = rules_path(game_id, locale)
    if not path.exists():
        return {}
    topics: dict[str, tuple[str, str]] = {}
    current, title = "overview", t(locale, "rules.overview")
    lines: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            topics[current] = (title, "\n".join(lines).strip())
            head, _, named = line[3:].partition("|")
            current, lines = head.strip().lower(), []
            title = named.strip() or current
        elif not line.startswith("# "):
            lines.append(line)
    topics[current] = (title, "\n".join(lines).strip())
    return {k: v for k, v in topics.items() if v[1]}


def rule_topics(game_id: str, locale: str = DEFAULT) -> dict[str, str]:
    """``topic id -> text`` of the game's rules summary in ``locale``."""
    return {tid: text for tid, (_, text) in rule_sections(game_id, locale).items()}


def find_topic(topics: dict[str, tuple[str, str]], typed: str) -> str | None:
    """The id of the topic whose id or title is ``typed`` (any case), if any."""
    key = typed.lower().strip()
    for tid, (title, _) in topics.items():
        if key in (tid, title.lower()):
            return tid
    return None


@cache
def catalog(game_id: str) -> dict[str, CatalogEntry]:
    """``lower-case name -> entry`` for a game."""
    return {e.name.lower(): e for e in REGISTRY[game_id].catalog()}



def help_embed(loc: str) -> discord.Embed:
    """``/help``: every command, then each game's turn in a few lines, in ``loc``."""
    games = ", ".join(game_name(gid, loc) for gid in REGISTRY)
    embed = discord.Embed(description=t(loc, "help.text", games=games)[:4096], color=0x5865F2)
    for gid in REGISTRY:
        embed.add_field(name=t(loc, "help.turn_title", game=game_name(gid, loc))[:256],
                        value=t(loc, f"help.turn.{gid}")[:1024], inline=False)
    return embed

class Library(commands.Cog):
    """Rules, cards and help."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=L("cmd.rules.name"), description=L("cmd.rules.description"))
    @app_commands.rename(game=L("cmd.rules.opt.game.name"),
                         topic=L("cmd.rules.opt.topic.name"))
    @app_commands.describe(game=L("cmd.rules.opt.game.description"),
                           topic=L("cmd.rules.opt.topic.description"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[Any], game: str,
                    topic: str | None = None) -> None:
        """The overview, or one topic, of a game's rules (ephemeral)."""
        loc = locale_of(interaction)
        topics = rule_sections(game, loc)
        name = game_name(game, loc)
        if not topics:
            await interaction.response.send_message(t(loc, "rules.no_summary", game=name),
                                                    ephemeral=True)
            return
        key = find_topic(topics, topic or "overview")
        if key is None:
            await interaction.response.send_message(
                t(loc, "rules.no_topic", topic=(topic or "")[:ECHO], game=name,
                  topics=", ".join(title for title, _ in topics.values())), ephemeral=True)
            return
        title, text = topics[key]
        embed = discord.Embed(title=t(loc, "rules.title", game=name, topic=title),
                              description=text[:4000], color=0x5865F2)
        others = [other for tid, (other, _) in topics.items() if tid != key]
        footer = [t(loc, "rules.other_topics", topics=", ".join(others))] if others else []
        embed.set_footer(text="\n".join([*footer, t(loc, "rules.help_link")]))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @rules.autocomplete("topic")
    async def topic_autocomplete(self, interaction: discord.Interaction[Any],
                                 current: str) -> list[app_commands.Choice[str]]:
        """Topics of the chosen game matching what is typed (titles in the user's locale)."""
        game = getattr(interaction.namespace, "game", None) or next(iter(REGISTRY), "")
        cur = current.lower()
        return [app_commands.Choice(name=title[:100], value=tid)
                for tid, (title, _) in rule_sections(str(game),
                                                     locale_of(interaction)).items()
                if cur in tid or cur in title.lower()][:25]

    @app_commands.command(name=L("cmd.card.name"), description=L("cmd.card.description"))
    @app_commands.rename(game=L("cmd.card.opt.game.name"), name=L("cmd.card.opt.name.name"))
    @app_commands.describe(game=L("cmd.card.opt.game.description"),
                           name=L("cmd.card.opt.name.description"))
    @app_commands.choices(game=GAME_CHOICES)
    async def card(self, interaction: discord.Interaction[Any], game: str, name: str) -> None:
        """One catalog entry (ephemeral)."""
        loc = locale_of(interaction)
        entry = catalog(game).get(name.lower().strip()) if game in REGISTRY else None
        if entry is None:
            await interaction.response.send_message(
                t(loc, "card.not_found", name=name[:ECHO]), ephemeral=True)
            return
        embed = discord.Embed(title=entry.name, description=entry_text(game, entry, loc)[:4000],
                              color=0x5865F2)
        kind = t(loc, f"kind.{entry.kind}") if has(f"kind.{entry.kind}") else entry.kind
        embed.set_footer(text=t(loc, "card.footer", game=game_name(game, loc), kind=kind))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @card.autocomplete("name")
    async def card_autocomplete(self, interaction: discord.Interaction[Any],
                                current: str) -> list[app_commands.Choice[str]]:
        """Names in the chosen game's catalog matching what is typed."""
        game = str(getattr(interaction.namespace, "game", "") or "")
        if game not in REGISTRY:
            return []
        cur = current.lower()
        names = [e.name for key, e in catalog(game).items() if cur in key]
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names[:25]]

    @app_commands.command(name=L("cmd.help.name"), description=L("cmd.help.description"))
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        """A short guide to every command (ephemeral)."""
        loc = locale_of(interaction)
        await interaction.response.send_message(embed=help_embed(loc), ephemeral=True)
