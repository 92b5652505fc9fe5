"""The renderer contract: one per game, turning views and events into Discord messages.

A renderer only ever receives a *view* (never a state), so what it can show is what the
engine allowed that viewer to see. The public board gets the spectator view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
from pydantic import BaseModel

from engine.core import Event, Outcome, Prompt


@dataclass
class Choice:
    """One legal action as a control: its id and label."""

    aid: str
    label: str
    emoji: str | None = None
    style: discord.ButtonStyle = discord.ButtonStyle.secondary
    disabled: bool = False
    """Shown greyed out (an illegal option worth showing, like a blocked direction)."""


@dataclass
class Group:
    """Controls shown together: buttons (5 or fewer) or a select menu (25 or fewer)."""

    title: str
    choices: list[Choice] = field(default_factory=list)
    select: bool = False


@dataclass
class BoardContext:
    """What the public board may use: the spectator view and public match facts."""

    match_id: int
    game_name: str
    view: BaseModel
    names: list[str]
    """Display name (or mention) per seat."""
    prompts: dict[int, Prompt]
    finished: bool
    summary: str = ""


def humanize(kind: str) -> str:
    """``super_combo`` -> ``Super combo``."""
    return kind.replace("_", " ").capitalize()


class Renderer:
    """Generic rendering; games subclass and override what they draw better."""

    game_id: str = ""
    color: int = 0x5865F2

    def board_embed(self, ctx: BoardContext) -> discord.Embed:
        """The public board (from the spectator view only)."""
        embed = discord.Embed(title=f"{ctx.game_name} · match #{ctx.match_id}", color=self.color)
        embed.description = " vs ".join(ctx.names)
        for key, value in ctx.view.model_dump(mode="json").items():
            embed.add_field(name=humanize(key), value=str(value)[:1000] or "-", inline=True)
        self.add_status(embed, ctx)
        return embed

    def add_status(self, embed: discord.Embed, ctx: BoardContext) -> None:
        """Whose decision is pending (never what anyone chose)."""
        if ctx.finished:
            embed.set_footer(text=f"Match over. {ctx.summary}".strip())
            return
        waiting = [ctx.names[s] for s, p in sorted(ctx.prompts.items()) if not p.committed]
        done = [ctx.names[s] for s, p in sorted(ctx.prompts.items()) if p.committed]
        lines = []
        if waiting:
            lines.append("Waiting for: " + ", ".join(waiting))
        if done:
            lines.append("Committed: " + ", ".join(done))
        embed.add_field(name="Now", value="\n".join(lines) or "-", inline=False)

    def board_controls(self, view: BaseModel) -> list[Choice]:
        """Interrupts the public board offers (e.g. Sushido's Super Combo), from the public
        view only: shown when some seat may use them; pressing one checks who pressed."""
        return []

    def result_line(self, outcome: Outcome, view: BaseModel, names: list[str]) -> str:
        """The match's result in players' names (the table's final message)."""
        return ("Draw. " if outcome.draw else " and ".join(names[s] for s in outcome.winners)
                + " wins. ") + outcome.summary

    def picture(self, view: BaseModel) -> bytes | None:
        """A PNG of the board, or None when the game has no picture."""
        return None

    def hand_embed(self, view: BaseModel, seat: int, names: list[str],
                   prompt: Prompt | None) -> discord.Embed:
        """A seat's private view (its hand and secrets), for an ephemeral message."""
        embed = discord.Embed(title="Your hand", color=self.color)
        for key, value in view.model_dump(mode="json").items():
            embed.add_field(name=humanize(key), value=str(value)[:1000] or "-", inline=True)
        if prompt is not None:
            embed.add_field(name="Your decision", value=prompt.text, inline=False)
        return embed

    def groups(self, choices: list[tuple[str, Choice]]) -> list[Group]:
        """Arrange ``(action kind, choice)`` pairs into groups (one per kind)."""
        by_kind: dict[str, Group] = {}
        for kind, choice in choices:
            group = by_kind.setdefault(kind, Group(title=humanize(kind)))
            group.choices.append(choice)
        return list(by_kind.values())

    def narrate(self, events: list[Event], names: list[str]) -> list[str]:
        """Public (or one seat's) events as short lines of text."""
        lines = []
        for ev in events:
            line = self.line(ev, names)
            if line:
                lines.append(line)
        return lines

    def line(self, event: Event, names: list[str]) -> str | None:
        """One event as a line, or None to skip it."""
        data: dict[str, Any] = {k: v for k, v in event.data.items() if k != "twin_of"}
        seat = data.pop("seat", None)
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
        rest = ", ".join(f"{k}={v}" for k, v in data.items())
        return f"{who} {humanize(event.kind)} {rest}".strip()
