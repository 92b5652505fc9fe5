"""A match's controls as Discord components: the board's buttons and a seat's actions.

Built from the choices a renderer groups (never from a state): buttons for small groups,
selects of up to 25 options, pages with Previous/Next when Discord's 5 rows are not enough.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs import ids
from cogs.i18n import DEFAULT, t
from cogs.render.base import Group
from cogs.router import StaticView

MAX_ROWS = 5
"""Discord's limit of component rows in one message."""


def board_buttons(match_id: int, loc: str = DEFAULT) -> StaticView:
    """The board's persistent buttons: Show hand and Act."""
    view = StaticView()
    view.add_item(discord.ui.Button(label=t(loc, "button.show_hand"), emoji="🂠",
                                    custom_id=ids.make("hand", match_id)))
    view.add_item(discord.ui.Button(label=t(loc, "button.act"),
                                    style=discord.ButtonStyle.primary,
                                    emoji="⚔️", custom_id=ids.make("act", match_id)))
    return view


def control_rows(match_id: int, version: int, seat: int,
                 groups: list[Group]) -> list[list[discord.ui.Item[Any]]]:
    """Every legal action as rows: a row of buttons per small group, selects of 25."""
    rows: list[list[discord.ui.Item[Any]]] = []
    select_no = 0
    for group in groups:
        if not group.select and len(group.choices) <= 5:
            rows.append([discord.ui.Button(
                label=c.label[:80], emoji=c.emoji, style=c.style, disabled=c.disabled,
                custom_id=ids.make("a", match_id, version, seat, c.aid))
                for c in group.choices])
            continue
        for start in range(0, len(group.choices), 25):
            options = [discord.SelectOption(label=c.label[:100], value=c.aid, emoji=c.emoji)
                       for c in group.choices[start:start + 25]]
            rows.append([discord.ui.Select(
                placeholder=group.title[:150], options=options,
                custom_id=ids.make("s", match_id, version, seat, select_no))])
            select_no += 1
    return rows


def controls(match_id: int, version: int, seat: int, groups: list[Group],
             page: int = 0, loc: str = DEFAULT) -> StaticView:
    """A seat's legal actions as components, at most 5 rows.

    When they need more rows, they are shown 4 rows a page with Previous/Next buttons
    (``hj:act:<match>:<page>``), so no legal action is ever out of reach.
    """
    rows = control_rows(match_id, version, seat, groups)
    if len(rows) > MAX_ROWS:
        per = MAX_ROWS - 1
        pages = -(-len(rows) // per)
        page = min(max(page, 0), pages - 1)
        rows = rows[page * per:(page + 1) * per]
        rows.append([
            discord.ui.Button(label=t(loc, "table.previous"), disabled=page == 0,
                              custom_id=ids.make("act", match_id, max(page - 1, 0))),
            discord.ui.Button(label=t(loc, "table.next", page=page + 1, pages=pages),
                              disabled=page == pages - 1,
                              custom_id=ids.make("act", match_id, min(page + 1, pages - 1))),
        ])
    view = StaticView()
    for number, row in enumerate(rows):
        for item in row:
            item.row = number
            view.add_item(item)
    return view
