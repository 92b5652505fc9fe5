"""What the referee's renderers build, as Discord's objects: an embed
(:class:`referee.render.embed.Embed` -> ``discord.Embed``) and a control's style
(:class:`referee.render.embed.Style` -> ``discord.ButtonStyle``)."""

from __future__ import annotations

import discord

from referee.render.embed import Embed, Style

STYLES: dict[Style, discord.ButtonStyle] = {s: discord.ButtonStyle(s.value) for s in Style}
"""A renderer's button style as Discord's."""


def to_discord(embed: Embed) -> discord.Embed:
    """``embed`` as Discord's object, with the same JSON (``to_dict``)."""
    return discord.Embed.from_dict(embed.to_dict())
