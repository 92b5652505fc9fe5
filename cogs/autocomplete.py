"""Helpers for autocomplete answers: readable labels and filtering by what was typed."""

from __future__ import annotations

from typing import TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from referee.ai_seats import is_virtual, mention

ChoiceV = TypeVar("ChoiceV", int, str)
"""A choice's value type (members, matches: int; games, decks: str)."""

NAMES: dict[int, str] = {}
"""Display names already fetched (autocomplete answers must come within 3 seconds)."""


async def user_name(bot: commands.Bot, guild: discord.Guild | None, user_id: int) -> str:
    """A user's display name (autocomplete labels can't hold mentions): from the cache,
    else fetched once; "a rival" when Discord can't tell; an AI seat's name for its
    virtual id (never looked up)."""
    if is_virtual(user_id):
        return mention(user_id)
    member = guild.get_member(user_id) if guild is not None else None
    user: discord.abc.User | None = member or bot.get_user(user_id)
    if user is not None:
        return user.display_name
    if user_id not in NAMES:
        try:
            NAMES[user_id] = (await bot.fetch_user(user_id)).display_name
        except discord.HTTPException:
            return "a rival"
    return NAMES[user_id]


def matching(choices: list[app_commands.Choice[ChoiceV]],
             typed: str) -> list[app_commands.Choice[ChoiceV]]:
    """Choices whose label contains what was typed (case-insensitive), at most 25."""
    typed = typed.strip().lower().lstrip("#")
    return [c for c in choices if typed in c.name.lower()][:25]
