"""Epic Battles' AI levels: view-only input, samples consistent with the view, the
greedy rules rebuilt on the view, no errors anywhere, hard beats random."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import ViewAgent, decide, make, options_of
from engine.ai.play import simulate_agents
from engine.core import Rng
from engine.games.epic_battles import GAME
from engine.games.epic_battles.agent import best
from engine.games.epic_battles.ai import rebuild
from engine.games.epic_battles.model import EbState, Options, Pick
from engine.games.epic_battles.views import EbView
from engine.simulate import next_move

GAME_ID = "epic_battles"


def _position(seed: int, steps: int) -> EbState:
    """A match after ``steps`` random legal moves (or its end)."""
    state = GAME.setup(Options(), 2, seed)
    rng = Rng(seed=seed)
    for _ in range(steps):
        if state.result is not None:
            break
        seat, action, _ = next_move(GAME, state, rng)
        state, _ = GAME.apply(state, seat, action)
    return state


def _to_act(state: EbState) -> int | None:
    return next((s for s, p in sorted(GAME.prompts(state).items()) if not p.committed),
                None)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_reads_the_view_and_refuses_the_state(level: str) -> None:
    agent = make(GAME_ID, level)
    assert isinstance(agent, ViewAgent) and agent.level == level
    assert agent.view_model is EbView
    state = _position(5, 60)
    seat = _to_act(state)
    assert seat is not None
    options = options_of(GAME, state, seat)
    with pytest.raises(TypeError):
        agent.choose(state, options, random.Random(1))
    assert agent.choose(GAME.view(state, seat), options, random.Random(1)) in options


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(3, 300))
def test_a_sampled_state_shows_its_seat_the_same_view(seed: int, steps: int) -> None:
    """What the hard level searches is consistent with what the seat sees: the view of
    a sampled state, for that seat, has the same counts, piles, hand and arena."""
    state = _position(seed, steps)
    seat = _to_act(state)
    if state.result is not None or seat is None or state.phase == "pick":
        return
    view = GAME.view(state, seat)
    world = rebuild(view, random.Random(seed))
    again = GAME.view(world, seat)
    assert again.sides == view.sides
    assert again.my_hand == view.my_hand and again.my_set == view.my_set
    assert again.strike == view.strike and again.floats == view.floats
    assert (again.phase, again.round, again.turn, again.aggressor) == \
        (view.phase, view.round, view.turn, view.aggressor)
    stand_in = rebuild(view)  # the greedy agent's: nothing hidden at all
    rival = stand_in.sides[1 - seat]
    assert rival.hand == [] and rival.deck == [] and stand_in.sides[seat].deck == []
    assert [e.card for e in rival.events] == view.sides[1 - seat].set_known  # public


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(3, 300))
def test_normal_plays_the_greedy_rules_from_the_view(seed: int, steps: int) -> None:
    """The normal level's choice is the greedy agent's choice on the full state (the
    stand-in holds everything the greedy rules read)."""
    state = _position(seed, steps)
    seat = _to_act(state)
    if state.result is not None or seat is None or state.phase == "pick":
        return
    options = GAME.legal(state, seat)
    agent = make(GAME_ID, "normal")
    assert agent.choose(GAME.view(state, seat), options, random.Random(0)) == \
        best(state, seat, options)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 400))
def test_hard_never_errors_over_random_positions(seed: int, steps: int) -> None:
    state = _position(seed, steps)
    agents = [make(GAME_ID, "hard"), make(GAME_ID, "hard")]
    rng = random.Random(seed)
    for _ in range(40):  # and plays on from there, both seats
        seat = _to_act(state)
        if state.result is not None or seat is None:
            break
        action = decide(GAME, state, seat, agents[seat], rng)
        assert action in GAME.legal(state, seat)
        state, _ = GAME.apply(state, seat, action)


def test_every_level_picks_a_character_from_the_options() -> None:
    state = GAME.setup(Options(), 2, 3)
    for level in ("easy", "normal", "hard"):
        action = decide(GAME, state, 0, make(GAME_ID, level), random.Random(2))
        assert isinstance(action, Pick)


def test_hard_beats_random_over_a_fixed_sample() -> None:
    """Small and fixed (seeds 0-5, seats swapped): hard wins at least 5 of 6."""
    stats = simulate_agents(GAME, ["hard", "random"], 6, 0)
    assert stats.errors == 0, stats.first_error
    assert stats.finished == 6
    assert stats.wins["agent:hard"] >= 5
