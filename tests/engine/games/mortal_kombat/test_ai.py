"""Mortal Kombat's AI level (engine/games/mortal_kombat/ai.py): the greedy agent run from
the seat's view chooses exactly what the state-reading greedy agent chooses, and beats
random play."""

from __future__ import annotations

import random

import pytest

from engine.ai import make
from engine.ai.agent import options_of
from engine.ai.play import simulate_agents
from engine.core import Rng
from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.agents import greedy_action
from engine.games.mortal_kombat.ai import MkGreedy


def test_normal_and_greedy_are_the_view_greedy_agent() -> None:
    assert isinstance(make("mortal_kombat", "normal"), MkGreedy)
    assert isinstance(make("mortal_kombat", "greedy"), MkGreedy)


@pytest.mark.parametrize("level", ["starter", "basic", "advanced"])
def test_the_view_agent_chooses_what_the_state_agent_chooses(level: str) -> None:
    agent, rng = MkGreedy(), random.Random(1)
    compared = 0
    for seed in range(3):
        state = GAME.setup(GAME.parse_options({"level": level}), 2, seed)
        pick = Rng(seed=seed)
        for _ in range(400):
            if state.result is not None:
                break
            seat = next(s for s, p in GAME.prompts(state).items() if not p.committed)
            expected = greedy_action(state, seat, pick)
            if state.phase != "pick":
                got = agent.choose(GAME.view(state, seat), options_of(GAME, state, seat), rng)
                assert got == expected, (state.phase, got, expected)
                compared += 1
            state, _ = GAME.apply(state, seat, expected)
    assert compared > 100


def test_normal_beats_random() -> None:
    stats = simulate_agents(GAME, ["normal", "random"], 12, 7, {"level": "basic"})
    assert stats.errors == 0
    assert stats.as_dict()["win_rate_agent"]["normal"] >= 0.75
