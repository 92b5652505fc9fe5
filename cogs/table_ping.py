"""The thread's ping: who is asked what now, in players' names and the game's words;
and the narration's posts."""

from __future__ import annotations

from typing import Any

import discord

from cogs.table_memory import nonce
from referee.i18n import and_list, t
from referee.render.base import Renderer


def ping_text(prompts: dict[int, Any], targets: list[int], names: list[str],
              loc: str, renderer: Renderer) -> str:
    """``⏳ @bob: Move. Press Act on the board.`` (no buttons: the board has them);
    seats asked the same thing are named together (``@a, @b and @c: Discard...``), and
    seats pinged ahead of their turn are told to watch the board."""
    if not targets:
        return ""
    asked: dict[str, list[str]] = {}  # one line per distinct decision, its seats named
    for s in targets:
        if s in prompts:
            asked.setdefault(renderer.prompt_text(prompts[s], loc), []).append(names[s])
    text = " ".join(t(loc, "table.ping_line", who=and_list(loc, who), text=said)
                    for said, who in asked.items())
    if later := [names[s] for s in targets if s not in prompts]:  # pinged ahead
        text = f"{text} {t(loc, 'table.ping_ahead', who=and_list(loc, later))}".strip()
    return t(loc, "table.ping", text=text)


async def send_lines(where: discord.abc.Messageable, lines: list[str],
                     ping: list[discord.Object] | None = None,
                     key: tuple[int, int] | None = None) -> None:
    """Send narration, split under Discord's 2000-character limit.

    Names in narration are mentions that ping nobody; only the users in ``ping`` are
    pinged, by the last chunk (which ends with the ping line). With ``key`` (match,
    version) each chunk carries a nonce, so a repeated post is not posted twice.
    """
    chunks: list[str] = []
    chunk = ""
    for line in lines:
        if len(chunk) + len(line) + 1 > 1900:
            chunks.append(chunk)
            chunk = ""
        chunk += line[:1900] + "\n"
    if chunk:
        chunks.append(chunk)
    for number, text in enumerate(chunks):
        last = number == len(chunks) - 1
        await where.send(text, allowed_mentions=discord.AllowedMentions(users=ping)
                         if ping and last else discord.AllowedMentions.none(),
                         nonce=discord.utils.MISSING if key is None
                         else nonce(*key, number))
