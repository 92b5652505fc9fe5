"""The N-seat board at a glance: names in turn order, whose turn, who left, and the
renderer's per-seat public line (:meth:`Renderer.seat_lines`)."""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Prompt
from referee.render.base import BoardContext, Renderer
from tests.engine.toyturns import TURNS, TurnState

NAMES = ["<@1>", "<@2>", "<@3>"]


class Scores(Renderer):
    """A renderer that fills the per-seat line from the public view."""

    def seat_lines(self, view: BaseModel, names: list[str], loc: str = "en-US") -> list[str]:
        assert isinstance(view, TurnState)
        return [f"{points} pts" for points in view.scores]


def context(state: TurnState, names: list[str], finished: bool = False) -> BoardContext:
    return BoardContext(match_id=7, game_name="Turns", view=TURNS.view(state, None),
                        names=names, prompts=TURNS.prompts(state), finished=finished,
                        left=tuple(state.left))


def order_field(embed: object) -> str:
    fields = {f.name: f.value for f in embed.fields}  # type: ignore[attr-defined]
    return str(fields.get("Players, in turn order", ""))


def test_three_seats_show_turn_order_whose_turn_and_seat_lines() -> None:
    state = TURNS.setup(TURNS.parse_options({}), 3, seed=1)
    state, _ = TURNS.act(state, 0, "s2")  # seat 1 scored 2, seat 2 to play
    value = order_field(Scores().board_embed(context(state, NAMES)))
    assert value.splitlines() == ["· 1. <@1> · 2 pts", "▶️ 2. <@2> · 0 pts",
                                  "· 3. <@3> · 0 pts"]


def test_a_seat_that_left_is_marked_and_never_shown_as_deciding() -> None:
    state = TURNS.setup(TURNS.parse_options({}), 3, seed=1)
    state, _ = TURNS.concede(state, 0, "forfeit")  # seat 1 leaves on its own turn
    value = order_field(Renderer().board_embed(context(state, NAMES)))
    lines = value.splitlines()
    assert lines[0] == "🚪 1. ~~<@1>~~ (left)"
    assert lines[1] == "▶️ 2. <@2>" and lines[2] == "· 3. <@3>"


def test_committed_seat_is_ticked() -> None:
    state = TURNS.setup(TURNS.parse_options({}), 3, seed=1)
    ctx = context(state, NAMES)
    ctx.prompts = {0: Prompt(seat=0, kind="score", text="x", committed=True)}
    assert order_field(Renderer().board_embed(ctx)).splitlines()[0] == "✅ 1. <@1>"


def test_two_seat_boards_keep_their_layout() -> None:
    state = TURNS.setup(TURNS.parse_options({}), 2, seed=1)
    assert order_field(Scores().board_embed(context(state, NAMES[:2]))) == ""
