"""A Brawl always plays the Infinity Rule (the rulebook): the options a table shows and
the match it starts agree."""

from __future__ import annotations

from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.model import Options


def test_three_or_more_seats_play_the_infinity_rule_and_setup_agrees() -> None:
    timer = Options(timer="timer")
    assert GAME.seated_options(timer, 2) == timer
    for seats in (3, 4, 6):
        played = GAME.seated_options(timer, seats)
        assert isinstance(played, Options) and played.timer == "infinity"
        assert played.model_copy(update={"timer": "timer"}) == timer  # nothing else changes
        assert GAME.setup(timer, seats, 1).options == played
    assert GAME.setup(timer, 2, 1).options.timer == "timer"
