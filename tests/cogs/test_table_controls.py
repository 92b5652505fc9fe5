"""Controls for legal actions: Discord's 5-row limit never hides an action."""

from __future__ import annotations

import discord

from cogs import ids
from cogs.controls import controls
from referee.render.base import Choice, Group


def _ids(view: discord.ui.View) -> tuple[set[str], int]:
    aids: set[str] = set()
    rows = {item.row for item in view.children}
    for item in view.children:
        if isinstance(item, discord.ui.Select):
            aids |= {o.value for o in item.options}
            assert len(item.options) <= 25
        elif isinstance(item, discord.ui.Button) and item.custom_id.startswith("hj:a:"):
            aids.add(ids.parse(item.custom_id).fields[3])
    assert len(rows) <= 5 and all(len(c.custom_id or "") <= 100 for c in view.children)
    return aids, len(rows)


def test_small_sets_fit_one_page_without_navigation() -> None:
    groups = [Group("Reveal", [Choice(f"r{i}", f"R{i}") for i in range(4)]),
              Group("Pairs", [Choice(f"h{i}", f"H{i}") for i in range(40)], select=True)]
    view = controls(12345678, 999, 1, groups)
    aids, rows = _ids(view)
    assert rows == 3 and aids == {f"r{i}" for i in range(4)} | {f"h{i}" for i in range(40)}
    assert not any("hj:act:" in (c.custom_id or "") for c in view.children)


def test_too_many_actions_are_paged_and_all_reachable() -> None:
    big = [Choice(f"h{i}", f"Pair {i}") for i in range(132)]  # 12 cards: 132 ordered pairs
    groups = [Group("Pairs", big, select=True), Group("Super", [Choice("sc", "Super Combo")])]
    seen: set[str] = set()
    page, pages = 0, None
    while True:
        view = controls(99999999, 99999, 0, groups, page)
        aids, rows = _ids(view)
        assert rows <= 5
        seen |= aids
        nav = [c for c in view.children if (c.custom_id or "").startswith("hj:act:")]
        assert len(nav) == 2
        prev, nxt = nav
        assert prev.disabled == (page == 0)
        pages = pages or int(nxt.label.split("/")[1].rstrip(")"))
        if nxt.disabled:
            break
        page = ids.parse(nxt.custom_id).num(1)
    assert page == pages - 1 == 1
    assert seen == {c.aid for c in big} | {"sc"}
    # a page number past the end shows the last page
    last, _ = _ids(controls(1, 1, 0, groups, 99))
    assert last and last <= seen


def test_old_private_hands_are_forgotten(monkeypatch) -> None:
    """An idle match keeps no interaction in memory once Discord forbids editing it."""
    from typing import Any

    from cogs import table as table_mod

    t: Any = table_mod.Table.__new__(table_mod.Table)
    from types import SimpleNamespace

    t.hands = {}
    t.hand_tokens = {}
    t.board_hooks = {}
    clock = [1000.0]
    monkeypatch.setattr(table_mod.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(table_mod.time, "time", lambda: clock[0])
    t.remember_hand(1, 0, SimpleNamespace(token="old interaction"))
    t.claim_board(SimpleNamespace(id=1, message_id=11), SimpleNamespace(token="old click"))
    clock[0] += table_mod.HAND_SECONDS / 2
    t.remember_hand(2, 1, SimpleNamespace(token="fresh interaction"), 99)
    t.claim_board(SimpleNamespace(id=2, message_id=22), SimpleNamespace(token="fresh click"))
    clock[0] += table_mod.HAND_SECONDS / 2 + 1
    t.forget_old_hands()
    assert list(t.hands) == [(2, 1)]
    assert {m: list(s) for m, s in t.hand_tokens.items()} == {2: [1]}  # bounded alike
    assert list(t.board_hooks) == [2]  # a board's owner too, once its token is too old
    assert t.board_hook_for(2, 22) == "fresh click" and t.board_hook_for(2, 23) is None


def test_a_multi_select_lets_any_number_of_its_choices_be_picked_at_once() -> None:
    """A multi-select (issue 31): each chunk of 25 allows from ``min_values`` to all of its
    options; the dict sent is what discord.py's own item sends."""
    parts = [Choice(f"n=p{i}", f"Part {i}") for i in range(30)]
    groups = [Group("Before the fight", parts, multi=True, min_values=2),
              Group("Done", [Choice("fight", "Done")])]
    view = controls(12345678, 999, 1, groups)
    sent = view.to_components()
    selects = [c for row in sent for c in row["components"] if c["type"] == 3]
    assert [(s["min_values"], s["max_values"]) for s in selects] == [(2, 25), (2, 5)]
    items = [i for i in view.children if isinstance(i, discord.ui.Select)]
    assert [(i.min_values, i.max_values) for i in items] == [(2, 25), (2, 5)]
    assert view.to_components() == sent
