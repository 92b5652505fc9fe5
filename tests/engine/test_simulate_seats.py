"""``python -m engine simulate GAME --seats N``: any allowed N, others refused clearly;
the random agent never plays a seat that left."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import __main__ as cli
from engine.core import Rng
from engine.games import REGISTRY
from engine.simulate import check_seats, next_move, play_one, simulate
from tests.engine.toyturns import TURNS


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_simulate_any_allowed_number_of_seats(seats: int) -> None:
    res = simulate(TURNS, 20, seed=1, seats=seats)
    figures = res.as_dict()
    assert figures["seats"] == seats and figures["finished"] == 20 and res.errors == 0
    assert len(figures["win_rate"]) == seats


def test_other_numbers_of_seats_are_refused() -> None:
    assert check_seats(TURNS, None) == 2
    for bad in (0, 1, 5):
        with pytest.raises(ValueError, match="played by 2 to 4 players, not"):
            check_seats(TURNS, bad)


def test_cli_seats_option(monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(REGISTRY, TURNS.id, TURNS)
    assert cli.main(["simulate", TURNS.id, "--seats", "3", "--matches", "5"]) == 0
    assert json.loads(capsys.readouterr().out)["seats"] == 3
    with pytest.raises(SystemExit) as stop:
        cli.main(["simulate", TURNS.id, "--seats", "5", "--matches", "5"])
    assert stop.value.code == 2
    assert "Turns is played by 2 to 4 players, not 5" in capsys.readouterr().err


@given(st.integers(3, 4), st.integers(0, 2**32), st.data())
def test_random_agent_never_plays_a_seat_that_left(seats: int, seed: int,
                                                   data: st.DataObject) -> None:
    state = TURNS.setup(TURNS.parse_options({"target": 9}), seats, seed)
    leaver = data.draw(st.integers(0, seats - 1))
    state, _ = TURNS.concede(state, leaver, "forfeit")
    agent = Rng(seed=seed)
    while state.result is None:
        seat, action, _ = next_move(TURNS, state, agent)
        assert seat != leaver
        state, _ = TURNS.apply(state, seat, action)
    assert state.result.ranks[leaver] == seats  # the leaver ranks last


def test_play_one_with_seats() -> None:
    state, actions = play_one(TURNS, 3, seats=4)
    assert state.seats == 4 and state.result is not None and actions > 0
