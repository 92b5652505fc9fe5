"""A match's controls as Discord components: the board's buttons and a seat's actions.

Built from the choices a renderer groups (never from a state): buttons for small groups,
selects of up to 25 options, pages with Previous/Next when Discord's 5 rows are not enough.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

import discord

from cogs import ids
from cogs.embeds import STYLES
from cogs.router import StaticView
from referee.i18n import DEFAULT, t
from referee.render.base import Group

MAX_ROWS = 5
"""Discord's limit of component rows in one message."""

Spec = tuple[Callable[[], discord.ui.Item[Any]], Callable[[], dict[str, Any]]]
"""One component: how to build it as discord.py's item, and its dict as sent."""


class Rows(StaticView):
    """A static view of rows of components, sent as their dicts built directly.

    discord.py's items (``discord.ui.Button``, ``discord.ui.Select``) cost more to build
    than the message they describe: a view that is only sent (a hand, a board) is
    serialised from plain dicts (:meth:`to_components`); the items are built, once, the
    first time anything reads or changes :attr:`children` (then the view is discord.py's
    own, item for item, and serialises through them).
    """

    def __init__(self, rows: list[list[Spec]]) -> None:
        self._specs: list[list[Spec]] | None = rows
        self._ready = False
        super().__init__()
        self._ready = True

    def _build(self) -> None:
        """The items, built and added once."""
        if self._specs is None:
            return
        rows, self._specs = self._specs, None
        for number, row in enumerate(rows):
            for make, _ in row:
                item = make()
                item.row = number
                super().add_item(item)

    @property
    def children(self) -> list[discord.ui.Item[Any]]:
        """The items (built now if they were not)."""
        if self._ready:
            self._build()
        return super().children

    def add_item(self, item: discord.ui.Item[Any]) -> Rows:
        """Add an item (after building the others)."""
        self._build()
        super().add_item(item)
        return self

    def remove_item(self, item: discord.ui.Item[Any]) -> Rows:
        """Remove an item (after building the others)."""
        self._build()
        super().remove_item(item)
        return self

    def clear_items(self) -> Rows:
        """Remove every item."""
        self._specs = None
        super().clear_items()
        return self

    def has_components_v2(self) -> bool:
        """Whether any item is of Discord's components v2 (never one of ours)."""
        return self._specs is None and super().has_components_v2()

    def to_components(self) -> list[dict[str, Any]]:
        """The rows as Discord receives them (what discord.py's items would give)."""
        if self._specs is None:
            return super().to_components()
        return [{"type": 1, "components": [as_dict() for _, as_dict in row]}
                for row in self._specs if row]


@cache
def _fixed(kind: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
           disabled: bool = False) -> dict[str, Any]:
    """The keys discord.py writes for every button (or select) of this kind, style and
    state, whatever its label, id, emoji, placeholder or options: read from a real one."""
    if kind == "button":
        made: dict[str, Any] = dict(discord.ui.Button(
            style=style, disabled=disabled, custom_id="x").to_component_dict())
    else:
        made = dict(discord.ui.Select(custom_id="x").to_component_dict())
    for key in ("label", "custom_id", "emoji", "placeholder", "options"):
        made.pop(key, None)
    return made


@lru_cache(maxsize=256)
def _emoji(emoji: str) -> tuple[tuple[str, Any], ...]:
    """An emoji as discord.py sends it (``PartialEmoji.from_str(...).to_dict()``)."""
    return tuple(discord.PartialEmoji.from_str(emoji).to_dict().items())


def button(label: str, custom_id: str, emoji: str | None = None,
           style: discord.ButtonStyle = discord.ButtonStyle.secondary,
           disabled: bool = False) -> Spec:
    """A button of a :class:`Rows` view (``discord.ui.Button`` with these arguments)."""
    def make() -> discord.ui.Item[Any]:
        return discord.ui.Button(label=label, emoji=emoji, style=style, disabled=disabled,
                                 custom_id=custom_id)

    def as_dict() -> dict[str, Any]:
        out = dict(_fixed("button", style, disabled))
        if label:
            out["label"] = label
        out["custom_id"] = custom_id
        if emoji:
            out["emoji"] = dict(_emoji(emoji))
        return out

    return make, as_dict


def select(placeholder: str, custom_id: str,
           options: list[tuple[str, str, str | None]], min_values: int = 1,
           max_values: int = 1) -> Spec:
    """A select of a :class:`Rows` view: (label, value, emoji) options; a multi-select
    when ``max_values`` is above 1 (the player picks ``min_values`` to ``max_values``)."""
    def make() -> discord.ui.Item[Any]:
        return discord.ui.Select(placeholder=placeholder, custom_id=custom_id, options=[
            discord.SelectOption(label=label, value=value, emoji=emoji)
            for label, value, emoji in options], min_values=min_values,
            max_values=max_values)

    def as_dict() -> dict[str, Any]:
        out = dict(_fixed("select"))
        out["custom_id"] = custom_id
        if placeholder:
            out["placeholder"] = placeholder
        if options:
            out["options"] = [_option(*o) for o in options]
        out["min_values"], out["max_values"] = min_values, max_values  # as discord.py
        return out

    return make, as_dict


def _option(label: str, value: str, emoji: str | None) -> dict[str, Any]:
    """A select's option as discord.py sends it."""
    out: dict[str, Any] = {"label": label, "value": value, "default": False}
    if emoji:
        out["emoji"] = dict(_emoji(emoji))
    return out


def board_buttons(match_id: int, loc: str = DEFAULT,
                  more: list[Spec] | None = None) -> Rows:
    """The board's persistent buttons: Show hand and Act (then ``more``, on a row of
    their own: see :meth:`cogs.table.Table.board_payload`)."""
    rows = [[button(t(loc, "button.show_hand"), ids.make("hand", match_id), "🂠"),
             button(t(loc, "button.act"), ids.make("act", match_id), "⚔️",
                    discord.ButtonStyle.primary)]]
    return Rows([*rows, more] if more else rows)


def control_rows(match_id: int, version: int, seat: int,
                 groups: list[Group]) -> list[list[discord.ui.Item[Any]]]:
    """Every legal action as rows: a row of buttons per small group, selects of 25."""
    return [[make() for make, _ in row]
            for row in control_specs(match_id, version, seat, groups)]


def control_specs(match_id: int, version: int, seat: int,
                  groups: list[Group]) -> list[list[Spec]]:
    """:func:`control_rows` as the components of a :class:`Rows` view."""
    rows: list[list[Spec]] = []
    select_no = 0
    for group in groups:
        if not group.select and not group.multi and len(group.choices) <= 5:
            rows.append([button(c.label[:80], ids.make("a", match_id, version, seat, c.aid),
                                c.emoji, STYLES[c.style], c.disabled)
                         for c in group.choices])
            continue
        for start in range(0, len(group.choices), 25):
            options = [(c.label[:100], c.aid, c.emoji)
                       for c in group.choices[start:start + 25]]
            most = len(options) if group.multi else 1
            least = min(group.min_values, most) if group.multi else 1
            rows.append([select(group.title[:150],
                                ids.make("s", match_id, version, seat, select_no), options,
                                least, most)])
            select_no += 1
    return rows


def controls(match_id: int, version: int, seat: int, groups: list[Group],
             page: int = 0, loc: str = DEFAULT) -> StaticView:
    """A seat's legal actions as components, at most 5 rows.

    When they need more rows, they are shown 4 rows a page with Previous/Next buttons
    (``hj:act:<match>:<page>``), so no legal action is ever out of reach.
    """
    rows = control_specs(match_id, version, seat, groups)
    if len(rows) > MAX_ROWS:
        per = MAX_ROWS - 1
        pages = -(-len(rows) // per)
        page = min(max(page, 0), pages - 1)
        rows = rows[page * per:(page + 1) * per]
        rows.append([
            button(t(loc, "table.previous"), ids.make("act", match_id, max(page - 1, 0)),
                   disabled=page == 0),
            button(t(loc, "table.next", page=page + 1, pages=pages),
                   ids.make("act", match_id, min(page + 1, pages - 1)),
                   disabled=page == pages - 1),
        ])
    return Rows(rows)
