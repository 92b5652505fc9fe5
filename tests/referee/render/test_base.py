"""The generic renderer: results in players' names, and which events are turning points."""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, Outcome
from referee.render.base import Renderer, readable

NAMES = ["<@1>", "<@2>"]
R = Renderer()


class Empty(BaseModel):
    """A view with nothing in it."""


def test_readable_replaces_every_seat_with_a_name() -> None:
    assert readable("Seat 2 forfeits.", NAMES) == "<@2> forfeits."
    assert readable("Biwa (seat 1) wins 1-0.", NAMES) == "Biwa (<@1>) wins 1-0."
    assert readable("Seat 9 is not here.", NAMES) == "Seat 9 is not here."


def test_result_line_generic_win_draw_and_forfeit() -> None:
    win = Outcome.win(0, 2, "ko", "Seat 1 wins 1-0 by K.-O.")
    assert R.result_line(win, Empty(), NAMES) == "<@1> wins 1-0 by K.-O."
    terse = Outcome.win(1, 2, "ko", "By K.-O.")
    assert R.result_line(terse, Empty(), NAMES) == "<@2> wins. By K.-O."
    assert R.result_line(Outcome.tie(2, "draw"), Empty(), NAMES) == "A draw."
    gone = Outcome(ranks=(2, 1), reason="forfeit", summary="Seat 1 forfeits.", forfeited=(0,))
    assert R.result_line(gone, Empty(), NAMES) == "<@2> wins: <@1> forfeited."
    late = Outcome(ranks=(1, 2), reason="timeout", summary="Seat 2 timed out.", forfeited=(1,))
    line = R.result_line(late, Empty(), NAMES)
    assert line == "<@1> wins: <@2> timed out too often." and "Seat" not in line


def test_default_turning_points() -> None:
    assert R.turning_point(Event(kind="match_over"))
    assert not R.turning_point(Event(kind="move"))
