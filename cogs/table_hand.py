"""A seat's private hand as a Discord payload, and the few last ones kept.

One step asks for the same hand more than once: the refresh of a seat's open hand
(:meth:`cogs.table.Table.refresh_hands`) builds it at the new version, then the player's
Act click at that same version asks for it again. :class:`Hands` keeps each seat's last
hand, served again only if asked with everything it depends on unchanged: the match, its
version (a committed version is one state), the seat (a seat's hand is never served to
another), controls or not, the page, the language and the seats' names.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import discord

from cogs.controls import controls
from cogs.embeds import to_discord
from cogs.router import StaticView
from engine.core import BaseState, Game
from referee.i18n import t
from referee.render.base import Choice, Renderer

MATCHES_KEPT = 2048
"""Matches whose seats' last hands are kept (the most recently asked): each seat's last
hand, ~6 KB (24 MB at most for two seats each). Per seat, not per ask: a refreshed hand
is still kept when its player opens it, however many other matches were asked since
(a global last-256 covered about one second at 200 clicks/s across a thousand live
matches, and the Act click after a refresh built the hand again)."""


def build_hand(game: Game[Any, Any], renderer: Renderer, match_id: int, state: BaseState,
               seat: int, names: list[str], with_controls: bool, page: int,
               loc: str) -> tuple[discord.Embed, StaticView]:
    """A seat's private view and, when asked, controls built from its legal actions, in
    the seat's language ``loc`` (nothing kept: :class:`Hands` keeps them)."""
    prompt = game.asked(state).get(seat)
    outcome = game.outcome(state)
    embed = to_discord(renderer.hand_embed(game.viewed(state, seat), seat, names, prompt, loc=loc))
    offered: list[Any] = []
    labels: list[str] = []
    if with_controls and outcome is None:
        if prompt is not None and not prompt.committed:
            shown = game.offered(state, seat)  # what a player is shown
            labels = game.labels(state, seat, shown)  # worded at once (may be shared)
            offered = list(shown)
        extra = game.interrupts(state, seat)  # actions taken without a prompt
        if extra:
            offered += extra
            labels = [*labels, *(game.label(state, seat, a) for a in extra)]
    if offered:
        choices = [(getattr(a, "kind", "action"), Choice(aid=a.aid, label=text))
                   for a, text in zip(offered, labels, strict=True)]
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
    """The last hand built (:func:`build_hand`) for each seat of the last
    :data:`MATCHES_KEPT` matches asked, served again while it is asked at the same
    version, controls, page, language and names.

    The embed and view of a kept hand are shared by every payload served for it: nothing
    may change them once built (callers add keys to the payload's dict, e.g. its
    ``content``, never to its embed or view). Only committed states may be asked for (a
    version is then one state), as the table does.
    """

    def __init__(self, kept: int = MATCHES_KEPT) -> None:
        self.kept = kept
        self._hands: OrderedDict[int, dict[int, tuple[tuple[Any, ...], discord.Embed,
                                                      StaticView]]] = OrderedDict()

    def __len__(self) -> int:
        return sum(len(seats) for seats in self._hands.values())

    def forget(self, match_id: int) -> None:
        """Drop a match's kept hands (it ended, or its memory is reloaded)."""
        self._hands.pop(match_id, None)

    def payload(self, game: Game[Any, Any], renderer: Renderer, match_id: int,
                state: BaseState, seat: int, names: list[str], with_controls: bool,
                page: int, loc: str) -> dict[str, Any]:
        """A new payload dict of the seat's hand (built, or kept from an earlier ask)."""
        key = (state.version, with_controls, page, loc, *names)
        hands = self._hands
        seats = hands.get(match_id)
        if seats is None:
            seats = hands[match_id] = {}
            if len(hands) > self.kept:
                hands.popitem(last=False)
        else:
            hands.move_to_end(match_id)
        got = seats.get(seat)
        if got is None or got[0] != key:
            embed, view = build_hand(game, renderer, match_id, state, seat, names,
                                     with_controls, page, loc)
            got = seats[seat] = (key, embed, view)
        return {"embed": got[1], "view": got[2]}
