"""The simulator plays Kingdom of Loathing with 2-4 seats, randomly or greedily."""

from __future__ import annotations

import json

import pytest

from engine.__main__ import main
from engine.games.kingdom_of_loathing import GAME
from engine.simulate import simulate


@pytest.mark.parametrize("seats", [3, 4])
def test_simulate_with_seats_and_the_greedy_agent(seats: int, capsys: pytest.CaptureFixture[str],
                                                  ) -> None:
    assert main(["simulate", "kingdom_of_loathing", "--matches", "2", "--seats", str(seats),
                 "--agents", "greedy"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["errors"] == 0 and out["finished"] == 2
    assert set(out["win_rate"]) == {f"p{i + 1}" for i in range(seats)}
    assert out["median_turns"] > 0


def test_random_simulation_runs_for_four_seats() -> None:
    res = simulate(GAME, 3, 5, seats=4)
    assert res.errors == 0 and res.finished == 3
