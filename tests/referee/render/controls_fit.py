"""A shared check of the renderer tests: a hand's choices grouped as Discord will show them."""

from __future__ import annotations

from typing import Any

import discord

from cogs.controls import control_rows
from referee.render.base import Choice


def grouped_in_french(renderer: Any, choices: list[tuple[str, Choice]]) -> list[Any]:
    """``renderer``'s French groups of ``choices``: every choice shown once, and every row
    within Discord's limits (5 items a row, 1-25 options a menu). Returns the groups."""
    groups = renderer.groups(choices, "fr")
    shown = [c.aid for g in groups for c in g.choices]
    assert sorted(shown) == sorted(c.aid for _, c in choices)
    for row in control_rows(42, 1, 0, groups):
        assert len(row) <= 5
        for item in row:
            if isinstance(item, discord.ui.Select):
                assert 1 <= len(item.options) <= 25
    return list(groups)
