"""A seat's private hand as a Discord payload, and the few last ones kept.

One step asks for the same hand more than once: the refresh of a seat's open hand
(:meth:`cogs.table.Table.refresh_hands`) builds it at the new version, then the player's
Act click at that same version asks for it again. :class:`Hands` keeps the last hands
built, by everything they depend on: the match, its version (a committed version is one
state), the seat (a seat's hand is never served to another), controls or not, the page,
the language and the seats' names.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import discord

from cogs.controls import controls
from cogs.i18n import t
from cogs.render.base import Choice, Renderer
from cogs.router import StaticView
from engine.core import BaseState, Game

HANDS_KEPT = 256
"""Hands kept (the most recently asked): a step's few seats across the live matches."""


def build_hand(game: Game[Any, Any], renderer: Renderer, match_id: int, state: BaseState,
               seat: int, names: list[str], with_controls: bool, page: int,
               loc: str) -> tuple[discord.Embed, StaticView]:
    """A seat's private view and, when asked, controls built from its legal actions, in
    the seat's language ``loc`` (nothing kept: :class:`Hands` keeps them)."""
    prompt = game.prompt(state, seat)
    outcome = game.outcome(state)
    embed = renderer.hand_embed(game.view(state, seat), seat, names, prompt, loc=loc)
    offered: list[Any] = []
    if with_controls and outcome is None:
        if prompt is not None and not prompt.committed:
            offered = list(game.listed(state, seat))
        offered += game.interrupts(state, seat)  # actions taken without a prompt
    if offered:
        label = game.label
        choices = [(getattr(a, "kind", "action"),
                    Choice(aid=a.aid, label=label(state, seat, a))) for a in offered]
        view = controls(match_id, state.version, seat, renderer.groups(choices, loc=loc),
                        page, loc)
    else:
        view = StaticView()
    if prompt is not None and prompt.committed:
        embed.set_footer(text=t(loc, "table.committed" if len(state.in_play()) <= 2
                                else "table.committed_many"))
    elif prompt is not None:
        if not with_controls:
            embed.set_footer(text=t(loc, "table.your_decision"))
    elif outcome is None:
        embed.set_footer(text=t(loc, "table.nothing_interrupt" if offered
                                else "table.nothing"))
    return embed, view


class Hands:
    """The last :data:`HANDS_KEPT` hands built (:func:`build_hand`), by match, version,
    seat, controls, page, language and names.

    The embed and view of a kept hand are shared by every payload served for it: nothing
    may change them once built (callers add keys to the payload's dict, e.g. its
    ``content``, never to its embed or view). Only committed states may be asked for (a
    version is then one state), as the table does.
    """

    def __init__(self, kept: int = HANDS_KEPT) -> None:
        self.kept = kept
        self._hands: OrderedDict[tuple[Any, ...], tuple[discord.Embed, StaticView]] = (
            OrderedDict())

    def __len__(self) -> int:
        return len(self._hands)

    def payload(self, game: Game[Any, Any], renderer: Renderer, match_id: int,
                state: BaseState, seat: int, names: list[str], with_controls: bool,
                page: int, loc: str) -> dict[str, Any]:
        """A new payload dict of the seat's hand (built, or kept from an earlier ask)."""
        key = (match_id, state.version, seat, with_controls, page, loc, *names)
        hands = self._hands
        got = hands.get(key)
        if got is None:
            got = hands[key] = build_hand(game, renderer, match_id, state, seat, names,
                                          with_controls, page, loc)
            if len(hands) > self.kept:
                hands.popitem(last=False)
        else:
            hands.move_to_end(key)
        return {"embed": got[0], "view": got[1]}
