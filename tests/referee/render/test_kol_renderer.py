"""The Kingdom of Loathing renderer: board, hand, controls, result and picture from views.

Hand-made views (tests/referee/render/kol_views.py) cover every phase the board words; the
engine-driven checks (whole random matches, resampled hidden cards) are in
test_kol_matches.py.
"""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from cogs.controls import MAX_ROWS, control_rows
from engine.core import Outcome, Prompt
from referee.i18n import LOCALES
from referee.render.base import BoardContext, Choice
from referee.render.kingdom_of_loathing import KolRenderer
from referee.render.kol_board import render_board
from referee.render.registry import renderer_for
from tests.referee.render.kol_views import HAND, NAMES, combat_view, kol_view, march_view

R = KolRenderer()
PNG = b"\x89PNG\r\n\x1a\n"
UNKNOWN_KEY = re.compile(r"\bkol\.[a-z_.]+")
BAD = re.compile(r"\bSeat\b|\bseat \d|\d{15,}")


def board(view: Any, loc: str = "en-US", finished: bool = False,
          summary: str = "") -> dict[str, Any]:
    names = NAMES[: len(view.seats)]
    prompts = {} if view.actor is None else {
        view.actor: Prompt(seat=view.actor, kind=view.phase, text="x")}
    ctx = BoardContext(match_id=9, game_name="Kingdom of Loathing", view=view, names=names,
                       prompts=prompts, finished=finished, summary=summary, locale=loc)
    return R.board_embed(ctx).to_dict()  # type: ignore[return-value]


def texts(embed: dict[str, Any]) -> str:
    parts = [embed.get("title", ""), embed.get("description", "")]
    parts += [f["name"] + "\n" + f["value"] for f in embed.get("fields", [])]
    parts.append((embed.get("footer") or {}).get("text", ""))
    return "\n".join(parts)


def test_registered() -> None:
    assert isinstance(renderer_for("kingdom_of_loathing"), KolRenderer)


@pytest.mark.parametrize("loc", LOCALES)
@pytest.mark.parametrize("make", [kol_view, combat_view, march_view])
def test_board_names_players_and_game_words(make: Any, loc: str) -> None:
    view = make()
    text = texts(board(view, loc))
    for name in NAMES[:3]:
        assert name in text
    assert "Possessed Silverware Drawer" in text and "The Haunted Pantry" in text  # the map
    assert "Sweet Ninja Sword" in text  # gear
    assert "Spooky Mushroom" in text  # the Heap's top
    assert not UNKNOWN_KEY.search(text) and not BAD.search(text), text
    assert len(text) < 6000


def test_board_marks_turn_certificate_out_and_left() -> None:
    seats = [s for s in kol_view(4).seats]
    seats[2] = seats[2].model_copy(update={"out": True})
    seats[3] = seats[3].model_copy(update={"left": True})
    embed = board(kol_view(4, seats=seats))
    titles = [f["name"] for f in embed["fields"][:4]]
    assert "📜" in titles[0] and "▶" in titles[1]
    assert "out" in titles[2] and "left" in titles[3]
    assert "▶ <@102>'s turn: non-combat phase." in embed["description"]


def test_a_long_display_case_stays_short() -> None:
    seats = list(kol_view(4).seats)
    many = [f"k{i:02d}" for i in range(1, 41)]
    seats = [s.model_copy(update={"items": many}) for s in seats]
    embed = board(kol_view(4, seats=seats))
    assert "34 more" in texts(embed)
    assert len(texts(embed)) < 4000  # room for the table's recent lines (1000)


def test_board_shows_combat_and_march() -> None:
    fight = texts(board(combat_view()))
    assert "Melee: 💪 Muscle 1 + 💪 Muscle 2" in fight and "picks a monster" in fight
    march = texts(board(march_view()))
    assert "Announced by <@101>" in march and "<@102>: score 14 against 20" in march


def test_a_march_pings_every_seat_of_its_order_at_once() -> None:
    """Issue 31: a March asks each seat of its order in the same turn; one ping message."""
    m = march_view()
    assert R.ping_ahead(m) == list(m.march.order) and R.ping_ahead(kol_view()) == []


def test_multi_selects_and_chains_are_grouped_and_worded() -> None:
    """Issue 31: the non-combat and combat parts share one multi-select, the maneuvers with
    their kills one select; each label is the parts' (a second copy of a card numbered)."""
    choices = [("do", Choice("n=sell-k03", "AutoSell")), ("do", Choice("c=mojo-my1", "Mojo")),
               ("do", Choice("t=fight.man-melee-11.kill-0", "Melee → Kill X")),
               ("do", Choice("t=fight.nomove.nokill", "No maneuver → Kill nothing"))]
    groups = R.groups(choices)
    assert [(g.multi, len(g.choices)) for g in groups] == [(True, 2), (False, 2)]
    assert "AutoSell" in groups[0].choices[0].label and "→" in groups[1].choices[0].label
    discards = [("do", Choice(f"d=disc-mu1{'_' + str(k) if k > 1 else ''}", "Discard"))
                for k in range(1, 9)]
    (group,) = R.groups(discards)
    assert group.multi and group.min_values == 2  # eight cards: down to six
    assert group.choices[1].label.endswith("(2)")


def test_board_never_shows_a_hand() -> None:
    # the seat's own view carries its hand; the board is drawn from the spectator view
    spectator = kol_view(viewer=None)
    own = kol_view(viewer=1)
    assert own.hand == HAND and spectator.hand is None
    assert "Mysticality 2" not in texts(board(spectator))
    hand = R.hand_embed(own, 1, NAMES[:3], None).to_dict()
    assert "Mysticality 2" in texts(hand)  # type: ignore[arg-type]


def test_hand_shows_cards_skills_and_the_decision() -> None:
    prompt = Prompt(seat=1, kind="noncombat", text="x")
    embed = R.hand_embed(combat_view(viewer=1), 1, NAMES[:3], prompt).to_dict()
    text = texts(embed)  # type: ignore[arg-type]
    assert "💪 Muscle 1 ×2" in text and "Clobber" in text
    assert "Your decision" in text and "Non-combat phase" in text
    assert not UNKNOWN_KEY.search(text)


def choices(pairs: list[tuple[str, str]]) -> list[tuple[str, Choice]]:
    return [(kind, Choice(aid=aid, label=aid)) for kind, aid in pairs]


def test_single_actions_are_buttons_and_card_choices_selects() -> None:
    pairs = [("sell", "sell-k03"), ("use", "use-k10"), ("equip", "equip-k03"),
             ("train", "train-s01"), ("train", "train-s02"), ("mojo", "mojo-my2"),
             ("fight", "fight")]
    groups = R.groups(choices(pairs))
    selects = [g for g in groups if g.select]
    buttons = [g for g in groups if not g.select]
    assert {c.aid for g in selects for c in g.choices} == {a for _, a in pairs[:-1]}
    assert [c.aid for g in buttons for c in g.choices] == ["fight"]
    labels = {c.aid: c.label for g in groups for c in g.choices}
    assert labels["sell-k03"] == "AutoSell Flame-Broiled Meat Loaf (+1 meat)"
    assert labels["train-s01"] == "Train Clobber (combat, 1 mojo): 5 meat"
    assert labels["fight"] == "To combat"
    assert labels["mojo-my2"] == "Mojo: discard 🔮 Mysticality 2"


def test_few_choices_are_one_row_of_buttons() -> None:
    pairs = [("kill", Choice(aid="kill-0", label="Kill Possessed Silverware Drawer")),
             ("kill", Choice(aid="kill-3", label="Kill Knob Goblin Assistant Chef")),
             ("nokill", Choice(aid="nokill", label="Kill nothing"))]
    groups = R.groups(pairs)
    assert len(groups) == 1 and not groups[0].select
    assert [c.label for c in groups[0].choices] == [
        "Kill Possessed Silverware Drawer (2 👻) at The Haunted Pantry",
        "Kill Knob Goblin Assistant Chef (6 🔥) at Cobb's Knob", "Kill nothing"]


def test_maneuver_labels_read_the_cards() -> None:
    pairs = [("man", "man-melee-113"), ("man", "man-spell-2"), ("pick", "pick-ranged"),
             ("nomove", "nomove")]
    labels = [c.label for g in R.groups(choices(pairs)) for c in g.choices]
    assert labels == ["Melee: 1 + 1 + 3 = 5", "Spell: 2 = 2", "Ranged: choose cards",
                      "No maneuver"]


def test_menus_never_exceed_25_options_nor_are_empty() -> None:
    pairs = [("sell", f"sell-k{i:02d}") for i in range(1, 40)] + [("fight", "fight")]
    groups = R.groups(choices(pairs))
    rows = control_rows(1, 1, 0, groups)
    selects = [item for row in rows for item in row if isinstance(item, discord.ui.Select)]
    assert len(selects) == 2 and all(1 <= len(s.options) <= 25 for s in selects)
    assert sum(len(s.options) for s in selects) == 39
    assert len(rows) <= MAX_ROWS
    assert R.groups([]) == []


def test_result_lines() -> None:
    view = march_view()
    win = Outcome.placed([[1], [0, 2]], 3, "sorceress", "beat the Sorceress with 14")
    assert R.result_line(win, view, NAMES[:3]) == (
        "<@102> beats the Naughty Sorceress with a score of 14 against her 20 and wins!")
    cap = Outcome.placed([[0, 1], [2]], 3, "rounds", "nobody could beat the Sorceress")
    assert R.result_line(cap, view, NAMES[:3]) == (
        "Nobody beat the Naughty Sorceress by the round cap: a draw between <@101> and"
        " <@102>.")
    alone = Outcome.placed([[2], [1], [0]], 3, "last_standing", "", forfeited=(0,))
    assert R.result_line(alone, view, NAMES[:3]) == (
        "<@103> wins as the last adventurer standing. (<@101> left the match.)")
    gone = Outcome.placed([[0], [1]], 2, "forfeit", "", forfeited=(1,))
    assert R.result_line(gone, view, NAMES[:2]) == "<@101> wins: <@102> left the match."
    other = Outcome.win(2, 3, "whatever", "Seat 3 wins on points.")
    line = R.result_line(other, view, NAMES[:3])
    assert "<@103>" in line and "Seat" not in line


def test_picture_is_a_png_of_the_public_view() -> None:
    png = render_board(kol_view(4))
    assert png.startswith(PNG)
    assert R.picture(kol_view(4)) == png
    # what a seat holds never changes the picture (it reads the public parts only)
    assert R.picture_key(kol_view(4, viewer=1)) == R.picture_key(kol_view(4))


def _id(name: str) -> str:
    """A printed card's id by its item's or skill's name."""
    from engine.games.kingdom_of_loathing.data import content

    c = content()
    found = [x.id for x in c.cards if x.item.name == name]
    return (found or [s.id for s in c.skills if s.name == name])[0]


@pytest.mark.parametrize(("loc", "words"), [
    ("en-US", ("3 damage", "Muscle 1 in the discard pile becomes 💪 Muscle 2",
               "the item goes to the Heap, 💪 Muscle 4 comes to the discard pile",
               "takes Eyepatch from the Heap for free", "Pulverize Knob Goblin Elite "
               "Polearm (power 4)")),
    ("fr", ("3 dégâts", "Muscle 1 de la défausse devient 💪 Muscle 2",
            "l'objet va au Tas, 💪 Muscle 4 arrive dans la défausse",
            "prend Eyepatch du Tas gratuitement", "Pulvériser Knob Goblin Elite Polearm "
            "(puissance 4)")),
])
def test_effects_are_told_in_words(loc: str, words: tuple[str, ...]) -> None:
    from engine.core import public

    names = NAMES[:2]
    tomato, loaf = _id("Exploding Tomato"), _id("Flame-Broiled Meat Loaf")
    polearm, eyepatch = _id("Knob Goblin Elite Polearm"), _id("Eyepatch")
    lines = [
        R.line(public("use", seat=0, ref=tomato, n=0, did="damage", amount=3), names, loc),
        R.line(public("use", seat=1, ref=loaf, n=0, did="upgrade", card="mu1", to="mu2"),
               names, loc),
        R.line(public("smash", seat=0, ref=polearm, skill=_id("Pulverize"),
                      did="pulverize", card=polearm, to="mu4"), names, loc),
        R.line(public("cast", seat=1, ref=_id("Frantic Rummaging"), n=0, did="dive",
                      card=eyepatch), names, loc),
    ]
    text = "\n".join(x or "" for x in lines)
    for w in words[:4]:
        assert w in text, text
    assert "Pulverize" in lines[2] and "Knob Goblin Elite Polearm" in lines[2]  # type: ignore[operator]
    assert "Frantic Rummaging" in lines[3]  # type: ignore[operator]
    (group,) = R.groups([("smash", Choice(aid=f"smash-{polearm}", label="x"))], loc)
    assert group.choices[0].label == words[4] and group.choices[0].emoji == "🔨"
    assert not UNKNOWN_KEY.search(text)
