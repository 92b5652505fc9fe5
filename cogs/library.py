"""The library: /rules, /card (with autocomplete) and /help.

Rules summaries live in ``cogs/text/<game>.md`` as ``## topic`` sections; cards come from
each game's own data (``Game.catalog()``), so the bot never restates a card differently
from the engine that plays it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from engine.core import CatalogEntry
from engine.games import REGISTRY

TEXT = Path(__file__).with_name("text")
GAME_CHOICES = [app_commands.Choice(name=g.name, value=gid) for gid, g in REGISTRY.items()]


@cache
def rule_topics(game_id: str) -> dict[str, str]:
    """``topic -> text`` from the game's rules summary (the intro is ``overview``)."""
    path = TEXT / f"{game_id}.md"
    if not path.exists():
        return {}
    topics: dict[str, str] = {}
    current = "overview"
    lines: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            topics[current] = "\n".join(lines).strip()
            current, lines = line[3:].strip().lower(), []
        elif not line.startswith("# "):
            lines.append(line)
    topics[current] = "\n".join(lines).strip()
    return {k: v for k, v in topics.items() if v}


@cache
def catalog(game_id: str) -> dict[str, CatalogEntry]:
    """``lower-case name -> entry`` for a game."""
    return {e.name.lower(): e for e in REGISTRY[game_id].catalog()}


class Library(commands.Cog):
    """Rules, cards and help."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="How a game is played.")
    @app_commands.describe(game="Which game", topic="A part of the rules (optional)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction[Any], game: str,
                    topic: str | None = None) -> None:
        """The overview, or one topic, of a game's rules (ephemeral)."""
        topics = rule_topics(game)
        name = REGISTRY[game].name if game in REGISTRY else game
        if not topics:
            await interaction.response.send_message(f"No rules summary for {name} yet.",
                                                    ephemeral=True)
            return
        key = (topic or "overview").lower().strip()
        if key not in topics:
            await interaction.response.send_message(
                f"No topic '{(topic or '')[:80]}' in {name}. Topics: {', '.join(topics)}.",
                ephemeral=True)
            return
        embed = discord.Embed(title=f"{name}: {key}", description=topics[key][:4000],
                              color=0x5865F2)
        others = [t for t in topics if t != key]
        if others:
            embed.set_footer(text="Other topics: " + ", ".join(others))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @rules.autocomplete("topic")
    async def topic_autocomplete(self, interaction: discord.Interaction[Any],
                                 current: str) -> list[app_commands.Choice[str]]:
        """Topics of the chosen game matching what is typed."""
        game = getattr(interaction.namespace, "game", None) or next(iter(REGISTRY), "")
        cur = current.lower()
        return [app_commands.Choice(name=t, value=t) for t in rule_topics(str(game))
                if cur in t][:25]

    @app_commands.command(name="card", description="Look up a card, fighter or character.")
    @app_commands.describe(game="Which game", name="Start typing a name")
    @app_commands.choices(game=GAME_CHOICES)
    async def card(self, interaction: discord.Interaction[Any], game: str, name: str) -> None:
        """One catalog entry (ephemeral)."""
        entry = catalog(game).get(name.lower().strip()) if game in REGISTRY else None
        if entry is None:
            await interaction.response.send_message(
                f"Nothing called '{name[:80]}' in that game. Pick one from the suggestions.",
                ephemeral=True)
            return
        embed = discord.Embed(title=entry.name, description=entry.text[:4000], color=0x5865F2)
        embed.set_footer(text=f"{REGISTRY[game].name} · {entry.kind}")
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

    @app_commands.command(name="help", description="What Hajime does and how to start.")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        """A short guide to every command (ephemeral)."""
        games = ", ".join(g.name for g in REGISTRY.values())
        text = (
            f"**Hajime** referees fighting card games between friends: {games}.\n\n"
            "**/challenge** `opponent` `game` — they get Accept/Decline buttons. On accept, "
            "the match opens in its own thread with the board.\n"
            "On the board, **Act** shows your private hand and your choices (only you see "
            "them); **Show hand** just shows it. Simultaneous choices are committed "
            "privately and revealed together.\n"
            "**/matches** — your live matches. **/forfeit** — concede one.\n"
            "**/rules** `game` `[topic]` · **/card** `game` `name` — the rules and the cards.\n"
            "Server admins: **/settings turn_timer** sets the time per decision; a player "
            "who times out 3 decisions in a row forfeits."
        )
        await interaction.response.send_message(text, ephemeral=True)
