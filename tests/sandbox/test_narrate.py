"""The sandbox's lines: players' names for seats, Sushido's cards in its words."""

from __future__ import annotations

from engine.core import Event, Outcome
from sandbox.narrate import line, result_line

NAMES = ["Ann", "Ben"]


def test_seats_are_players_names_and_cards_are_worded() -> None:
    drawn = Event(kind="draw", audience=(0,), data={"seat": 0, "count": 2, "cards": [51, 15]})
    assert line(drawn, NAMES, "sushido") == "Ann · Draw: count 2, cards Move ●, Hit ●"
    clash = Event(kind="kata_clash", data={
        "attacker": 1, "card": {"id": 16, "type": "hit", "symbol": "coral"},
        "against": {"id": 40, "type": "block", "symbol": "fin"}, "result": "blocked"})
    assert line(clash, NAMES, "sushido") == (
        "Kata clash: attacker Ben, card Hit ●, against Block ▲, result blocked")
    over = Event(kind="round_end", data={"round": 1, "winners": [1], "mode": ""})
    assert line(over, NAMES) == "Round end: round 1, winners Ben"


def test_results_name_the_players() -> None:
    won = Outcome(ranks=(2, 1), reason="ko", summary="Seat 2 wins by K.-O.")
    assert result_line(won, NAMES) == "Ben wins by K.-O."
    fighters = Outcome(ranks=(1, 2), reason="ring_out", summary="Kujira wins 2-0 by Ring Out.")
    assert result_line(fighters, NAMES) == "Ann wins. Kujira wins 2-0 by Ring Out."
    gone = Outcome(ranks=(1, 2), reason="forfeit", forfeited=(1,))
    assert result_line(gone, NAMES) == "Ann wins: Ben forfeited."
    late = Outcome(ranks=(2, 1), reason="timeout", forfeited=(0,))
    assert result_line(late, NAMES) == "Ben wins: Ann ran out of time."
    assert result_line(Outcome(ranks=(1, 1), reason="draw"), NAMES) == "A draw."
