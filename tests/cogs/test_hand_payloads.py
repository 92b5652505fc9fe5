"""The hands the table keeps (:class:`cogs.table_hand.Hands`) and the words the renderers
remember (``functools`` caches) change nothing Discord is sent: over random matches of
every game, in both languages, every hand and board payload serialises exactly as the
uncached builder's (the table's code before the caches), caches emptied, its components
serialised by discord.py's own items."""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.controls import board_buttons, button, controls
from cogs.router import StaticView
from cogs.table import Table, names_of
from cogs.table_hand import Hands
from db.base import MatchRecord
from engine.games import REGISTRY
from engine.simulate import walk
from referee import i18n
from referee.i18n import t
from referee.render.base import Choice, Group
from referee.render.embed import Style
from referee.render.registry import renderer_for

LOCALES = ("en-US", "fr")


def _walk(game: Any, seed: int, steps: int) -> Iterator[Any]:
    """Copies of the states along a random two-seat match (:func:`engine.simulate.walk`)."""
    state = game.setup(game.parse_options({}), 2, seed)
    return (game.clone(s) for s in walk(game, state, seed, steps))


def _forget_words() -> None:
    """Empty every ``functools`` cache of the renderers and the catalog look-ups."""
    modules = [m for name, m in sys.modules.items()
               if name.startswith("referee.render.") or name == "referee.i18n"]
    for module in modules:
        for value in list(vars(module).values()):
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()


def _uncached_hand(game: Any, rec: MatchRecord, state: Any, seat: int, with_controls: bool,
                   page: int, loc: str) -> dict[str, Any]:
    """``Table.hand_payload`` as it was written before any cache."""
    renderer = renderer_for(rec.game)
    prompt = game.prompts(state).get(seat)
    embed = renderer.hand_embed(game.view(state, seat), seat, names_of(rec, loc),
                                prompt, loc=loc)
    view = StaticView()
    offered: list[Any] = []
    if with_controls and game.outcome(state) is None:
        if prompt is not None and not prompt.committed:
            offered = list(game.offered(state, seat))
        offered += game.interrupts(state, seat)
    if offered:
        choices = [(getattr(a, "kind", "action"),
                    Choice(aid=a.aid, label=game.label(state, seat, a)))
                   for a in offered]
        groups = renderer.groups(choices, loc=loc)
        view = controls(rec.id, state.version, seat, groups, page, loc)
    if prompt is not None and prompt.committed:
        embed.set_footer(text=t(loc, "table.committed" if len(state.in_play()) <= 2
                                else "table.committed_many"))
    elif prompt is not None:
        if not with_controls:
            embed.set_footer(text=t(loc, "table.your_decision"))
    elif game.outcome(state) is None:
        embed.set_footer(text=t(loc, "table.nothing_interrupt" if offered
                                else "table.nothing"))
    return {"embed": embed, "view": view}


def _sent(payload: dict[str, Any], items: bool = False) -> Any:
    """What Discord receives of a payload (as discord.py serialises it); ``items``: from
    discord.py's own items (a :class:`cogs.controls.Rows` view builds them when its
    children are read), not the dicts a view of ours writes directly."""
    if items:
        assert payload["view"].children is not None
    return (payload["embed"].to_dict(), payload["view"].to_components(),
            sorted(k for k in payload if k not in ("embed", "view")))


class _Referee:
    def game(self, game_id: str) -> Any:
        return REGISTRY[game_id]


def _table() -> Table:
    return Table(SimpleNamespace(get_guild=lambda _id: None), None, _Referee())  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_kept_hands_and_boards_are_sent_as_the_uncached_builder_sends_them(
        game_id: str) -> None:
    game = REGISTRY[game_id]
    table = _table()
    kept = object()
    for seed in (1, 2):
        rec = MatchRecord(id=seed, guild_id=None, channel_id=1, game=game_id,
                          seats=[100 + seed, 200 + seed], state="", version=0)
        for state in _walk(game, seed, 45):
            asked = [(seat, controls_, page, loc) for loc in LOCALES
                     for seat in range(state.seats) for controls_ in (True, False)
                     for page in ((0, 1) if controls_ else (0,))]
            served = [_sent(table.hand_payload(rec, state, seat, c, page, loc))
                      for seat, c, page, loc in asked]  # built, then kept ones below
            again = [_sent(table.hand_payload(rec, state, seat, c, page, loc))
                     for seat, c, page, loc in asked]
            boards = [_sent(table.board_payload(rec, state, kept=kept)) for _ in range(2)]
            _forget_words()
            fresh = [_sent(_uncached_hand(game, rec, state, seat, c, page, loc), True)
                     for seat, c, page, loc in asked]
            assert served == again == fresh, (game_id, seed, state.version)
            _forget_words()
            board = _sent(_table().board_payload(rec, state, kept=kept), True)
            assert boards == [board, board], (game_id, seed, state.version)


def test_a_kept_hand_is_never_another_seats_or_versions_and_stays_bounded() -> None:
    game = REGISTRY["sushido"]
    table = _table()
    rec = MatchRecord(id=7, guild_id=None, channel_id=1, game="sushido", seats=[1, 2],
                      state="", version=0)
    states = list(_walk(game, 3, 6))
    first = table.hand_payload(rec, states[0], 0, True)
    assert table.hand_payload(rec, states[0], 0, True) is not first  # a dict of its own
    assert table.hand_payload(rec, states[0], 0, True)["embed"] is first["embed"]
    assert table.hand_payload(rec, states[0], 1, True)["embed"] is not first["embed"]
    assert table.hand_payload(rec, states[1], 0, True)["embed"] is not first["embed"]
    assert table.hand_payload(rec, states[0], 0, True, loc="fr")["embed"] is not (
        first["embed"])
    renamed = rec.model_copy(update={"seats": [1, 3]})
    assert table.hand_payload(renamed, states[0], 0, True)["embed"] is not first["embed"]
    hands = Hands(kept=3)
    for version, state in enumerate(states):  # a seat's last hand only, 3 matches at most
        for match_id in range(version, version + 4):
            for seat in (0, 1):
                hands.payload(game, renderer_for("sushido"), match_id, state, seat,
                              names_of(rec), True, 0, "en-US")
        assert len(hands) == 6
    hands.forget(version + 3)
    assert len(hands) == 4
    kept = table.hand_payload(rec, states[1], 0, True)
    table.forget(rec.id)  # the match ended: its hands are not kept
    assert table.hand_payload(rec, states[1], 0, True)["embed"] is not kept["embed"]


def test_translations_are_remembered_as_worded() -> None:
    for text in ("Pass", "not a label", "Pass"):
        assert i18n.translate_english(text, "sushido.label.", "fr") == (
            i18n._translated.__wrapped__(text, "sushido.label.", "fr"))


def test_rows_are_sent_as_discord_py_items_would_be_and_can_still_change() -> None:
    groups = [Group("Reveal", [Choice("r1", "R1", emoji="👊"), Choice("r2", "", disabled=True),
                               Choice("r3", "R3", style=Style.danger)]),
              Group("Pairs", [Choice(f"h{i}", f"H{i}", emoji="🂠" if i % 2 else None)
                              for i in range(30)], select=True),
              Group("", [Choice(f"x{i}", f"X{i}") for i in range(7)], select=True)]
    for page in (0, 1):
        direct = controls(5, 6, 1, groups * 2, page)
        built = controls(5, 6, 1, groups * 2, page)
        assert len(built.children) <= 25
        assert direct.to_components() == built.to_components()
    board = board_buttons(3, "fr", [button("Go", "hj:i:3:4:x", "🌟",
                                           discord.ButtonStyle.danger)])
    sent = board.to_components()
    assert [len(row["components"]) for row in sent] == [2, 1]
    assert board.children and board.to_components() == sent
    board.add_item(discord.ui.Button(label="more", custom_id="hj:i:3:4:y", row=1))
    assert [len(row["components"]) for row in board.to_components()] == [2, 2]
