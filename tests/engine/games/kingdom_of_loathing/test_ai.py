"""Kingdom of Loathing's AI levels: view-only input, no errors anywhere, hard > greedy."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import ViewAgent, decide, make, options_of
from engine.ai.play import simulate_agents
from engine.core import Rng
from engine.games.kingdom_of_loathing import GAME
from engine.games.kingdom_of_loathing.ai import HardAgent
from engine.games.kingdom_of_loathing.model import KolState, Options
from engine.games.kingdom_of_loathing.views import KolView
from engine.simulate import next_move

from .helpers import arrange, fresh

GAME_ID = "kingdom_of_loathing"


def _random_position(seed: int, seats: int, steps: int) -> KolState:
    """A match after ``steps`` random legal moves (or its end)."""
    state = GAME.setup(Options(), seats, seed)
    rng = Rng(seed=seed)
    for _ in range(steps):
        if state.result is not None:
            break
        seat, action, _ = next_move(GAME, state, rng)
        state, _ = GAME.apply(state, seat, action)
    return state


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_reads_the_view_and_refuses_the_state(level: str) -> None:
    agent = make(GAME_ID, level)
    assert isinstance(agent, ViewAgent) and agent.level == level
    assert agent.view_model is KolView
    state = _random_position(5, 2, 30)
    seat = next(s for s, p in GAME.prompts(state).items() if not p.committed)
    options = options_of(GAME, state, seat)
    with pytest.raises(TypeError):
        agent.choose(state, options, random.Random(1))
    assert agent.choose(GAME.view(state, seat), options, random.Random(1)) in options


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.sampled_from([2, 3, 4]),
       steps=st.integers(0, 400))
def test_hard_never_errors_over_random_positions(seed: int, seats: int,
                                                 steps: int) -> None:
    state = _random_position(seed, seats, steps)
    if state.result is not None:
        return
    agent = make(GAME_ID, "hard")
    rng = random.Random(seed)
    for _ in range(60):  # and plays on from there
        if state.result is not None:
            break
        seat = min(s for s, p in GAME.prompts(state).items() if not p.committed)
        action = decide(GAME, state, seat, agent, rng)
        assert action is not None
        state, _ = GAME.apply(state, seat, action)


def test_hard_cycles_an_off_stat_card_at_the_end_of_its_turn() -> None:
    s = arrange(fresh(), 0, hand=["mu3", "mu2", "mx1"], phase="discard",
                discard=["mu4", "mu3", "mu2"])
    view = GAME.view(s, 0)
    action = HardAgent().choose(view, GAME.legal(s, 0), random.Random(1))
    assert (action.kind, action.ref) == ("disc", "mx1")


def test_hard_does_not_announce_a_march_below_the_sorceress() -> None:
    s = arrange(fresh(), 0, hand=["mu1", "mu1", "mx1"], phase="offer")
    options = GAME.legal(s, 0)
    assert {a.kind for a in options} >= {"march", "pass"}
    action = HardAgent().choose(GAME.view(s, 0), options, random.Random(1))
    assert action.kind == "pass"


def test_a_short_seeded_simulation_hard_beats_greedy() -> None:
    stats = simulate_agents(GAME, ["hard", "greedy"], matches=60, seed=1000)
    figures = stats.as_dict()
    assert figures["errors"] == 0
    assert figures["win_rate_agent"]["hard"] > figures["win_rate_agent"]["greedy"]


def test_hard_wears_the_gear_of_its_main_stats_maneuver() -> None:
    # k01 (a Melee weapon) against k41 (more icons in all, but Ranged): a Muscle deck
    # wants k01; the greedy agent keeps k41.
    s = arrange(fresh(), 0, hand=["mu3", "mu2", "mu2", "mu1"], phase="noncombat",
                discard=["mu4", "mu3"])
    p = s.players[0]
    p.items, p.equipped = ["k41", "k01"], ["k41"]
    options = GAME.legal(s, 0)
    view = GAME.view(s, 0)
    greedy = make(GAME_ID, "greedy").choose(view, options, random.Random(1))
    assert (greedy.kind, greedy.ref) != ("equip", "k01")
    hard = HardAgent().choose(view, options, random.Random(1))
    assert (hard.kind, hard.ref) == ("equip", "k01")
