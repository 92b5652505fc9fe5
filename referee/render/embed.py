"""A board or hand as the renderers write it, without Discord: an :class:`Embed` (title,
description, colour, fields, footer) and each control's :class:`Style`.

They mirror the part of ``discord.Embed`` and ``discord.ButtonStyle`` the renderers use (the
same attribute names, the same ``to_dict``), so that the referee layer imports no
``discord``; ``cogs/`` turns them into Discord's objects (:func:`cogs.embeds.to_discord`,
:data:`cogs.controls.STYLES`) where a message is sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any


class Style(IntEnum):
    """A button's colour: ``discord.ButtonStyle``'s values."""

    primary = 1
    secondary = 2
    success = 3
    danger = 4


@dataclass(slots=True)
class Field:
    """One named block of an embed."""

    name: str
    value: str
    inline: bool = True


@dataclass(slots=True)
class Footer:
    """An embed's footer (``text`` None when it has none)."""

    text: str | None = None


class Embed:
    """What ``discord.Embed(title=..., description=..., color=...)`` holds for a renderer,
    with ``add_field`` and ``set_footer``; strings are kept as ``str(...)`` as Discord's
    does."""

    __slots__ = ("_description", "_footer", "_title", "color", "fields")

    def __init__(self, *, title: Any = None, description: Any = None,
                 color: int | None = None) -> None:
        self._title = None if title is None else str(title)
        self._description = None if description is None else str(description)
        self.color = color
        self.fields: list[Field] = []
        self._footer: Footer | None = None

    @property
    def title(self) -> str | None:
        """The title (None when none)."""
        return self._title

    @title.setter
    def title(self, value: Any) -> None:
        self._title = None if value is None else str(value)

    @property
    def description(self) -> str | None:
        """The description (None when none)."""
        return self._description

    @description.setter
    def description(self, value: Any) -> None:
        self._description = None if value is None else str(value)

    @property
    def footer(self) -> Footer:
        """The footer (its ``text`` None when none was set)."""
        return self._footer or Footer()

    def __len__(self) -> int:
        """The characters Discord counts against its 6000 limit (``len(discord.Embed)``)."""
        return (len(self._title or "") + len(self._description or "")
                + sum(len(f.name) + len(f.value) for f in self.fields)
                + len(self.footer.text or ""))

    def add_field(self, *, name: Any, value: Any, inline: bool = True) -> Embed:
        """Append a field (``discord.Embed.add_field``)."""
        self.fields.append(Field(str(name), str(value), inline))
        return self

    def set_footer(self, *, text: Any = None) -> Embed:
        """Set the footer's text (``discord.Embed.set_footer``)."""
        self._footer = Footer(None if text is None else str(text))
        return self

    def to_dict(self) -> dict[str, Any]:
        """The embed as Discord's JSON (``discord.Embed.to_dict``'s keys)."""
        out: dict[str, Any] = {}
        if self._footer is not None:
            out["footer"] = {} if self._footer.text is None else {"text": self._footer.text}
        if self.fields:
            out["fields"] = [{"inline": f.inline, "name": f.name, "value": f.value}
                             for f in self.fields]
        out["flags"] = 0
        if self.color is not None:
            out["color"] = self.color
        out["type"] = "rich"
        if self._description is not None:
            out["description"] = self._description
        if self._title is not None:
            out["title"] = self._title
        return out
