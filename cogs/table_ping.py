"""The thread's ping: who is asked what now, in players' names and the game's words."""

from __future__ import annotations

from typing import Any

from cogs.i18n import and_list, t
from cogs.render.base import Renderer


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
