"""A seat leaving a 3-4 seat match: cards frozen, last place, turn and Certificate pass on."""

from __future__ import annotations

from engine.games.kingdom_of_loathing import GAME

from .helpers import arrange, fresh, play
from .test_march import STRONG, WEAK, all_melee, offer


def test_leaving_on_ones_turn_passes_the_turn_and_freezes_the_cards() -> None:
    s = arrange(fresh(3), phase="combat")
    s.players[0].escrow = ["k04"]
    items = list(s.players[0].items)
    s, ev = GAME.concede(s, 0)
    assert s.left == (0,) and s.result is None and s.turn == s.actor == 1
    assert s.certificate == 1 and s.heap == ["k04"] and s.players[0].items == items
    assert any(e.kind == "seat_left" for e in ev)
    for _ in range(2):
        s, _ = play(s, "fight", "nomove", "nokill", "keep")
    assert s.turn != 0 and s.phase == "offer" and s.actor == 1


def test_leaving_out_of_turn_changes_nothing_else_and_ranks_last() -> None:
    s = arrange(fresh(3), phase="noncombat")
    s, _ = GAME.concede(s, 2)
    assert s.turn == 0 and s.actor == 0 and s.certificate == 0
    s.players[0].hand = list(STRONG)
    s.phase = "offer"
    s.round = 2
    s, _ = play(s, "march")
    s = all_melee(s)
    assert s.result is not None and s.result.winners == (0,)
    assert s.result.ranks[2] == 3 and s.result.forfeited == (2,)


def test_leaving_during_a_march_takes_the_seat_out_of_its_order() -> None:
    s = offer([WEAK, STRONG, WEAK, WEAK])
    s, _ = play(s, "pass", "march")  # order 2, 3, 0, 1
    s, _ = GAME.concede(s, 2)
    assert s.march is not None and s.march.order == [3, 0, 1] and s.actor == 3
    s = all_melee(s)
    assert s.result is not None and s.result.winners == (1,) and s.result.ranks[2] == 4


def test_leaving_the_offer_skips_the_seat() -> None:
    s = offer([WEAK, WEAK, WEAK])
    s, _ = GAME.concede(s, 0)
    assert s.certificate == 1 and s.phase == "noncombat" and s.turn == 1


def test_last_seat_standing_after_an_elimination_and_a_leave_wins() -> None:
    s = offer([WEAK, WEAK, WEAK])
    s, _ = play(s, "pass", "march")
    s = all_melee(s)  # seat 1 is out
    s, _ = GAME.concede(s, 2)
    assert s.result is not None and s.result.winners == (0,)
    assert s.result.ranks == (1, 2, 3)


def test_two_seats_leaving_ends_the_match() -> None:
    s = fresh(2)
    s, _ = GAME.concede(s, 1)
    assert s.result is not None and s.result.winners == (0,)
