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
from engine.games.kingdom_of_loathing.ai import ExpertAgent, HardAgent
from engine.games.kingdom_of_loathing.ai_search import march_choice, sample, unseen_stats
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


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
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
    stats = simulate_agents(GAME, ["hard", "greedy"], matches=24, seed=1000)
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


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_sampled_state_looks_to_the_seat_exactly_as_the_real_one(seats: int) -> None:
    """The search's worlds: the seat's view of a sample is its view of the real state,
    with the same options; every stat card is somewhere (hands, decks, discards, piles)."""
    state = GAME.setup(Options(), seats, 40 + seats)
    agents = [make(GAME_ID, "normal") for _ in range(seats)]
    rng = random.Random(seats)
    checked = 0
    while state.result is None and checked < 150:
        me = state.actor
        view = GAME.view(state, me)
        world = sample(view, random.Random(checked))
        assert GAME.view(world, me) == view
        assert GAME.legal(world, me) == GAME.legal(state, me)
        held = sorted(c for s in state.players if s is not state.players[me]
                      for c in [*s.hand, *s.deck]) + sorted(state.players[me].deck)
        assert sorted(unseen_stats(view)) == sorted(held)
        state, _ = GAME.apply(state, me, decide(GAME, state, me, agents[me], rng))
        checked += 1
    assert checked >= 100


def _march_noncombat(meat: int) -> KolState:
    """Seat 0 alone in its March's non-combat phase (it announced), a Cannonball (6
    damage, 5 meat) on top of the Heap."""
    s = arrange(fresh(), 1, phase="offer")
    s, _ = GAME.apply(s, 1, next(a for a in GAME.legal(s, 1) if a.kind == "pass"))
    s = arrange(s, 0, hand=["mu4", "mu4", "mu3", "mu3", "mu2", "mx1"], phase="offer")
    s.players[0].meat = meat
    s.heap = ["k45"]
    s, _ = GAME.apply(s, 0, next(a for a in GAME.legal(s, 0) if a.kind == "march"))
    s = arrange(s, 0, phase="noncombat")
    return s


def test_in_a_march_the_search_spends_its_meat_on_the_heaps_combat_item() -> None:
    s = _march_noncombat(meat=6)
    options = GAME.legal(s, 0)
    assert any(a.kind == "dive" and a.ref == "k45" for a in options)
    chosen = march_choice(s, 0, options, random.Random(1))
    assert (chosen.kind, chosen.ref) == ("dive", "k45")  # the greedy March would fight
    hard = HardAgent().choose(GAME.view(s, 0), options, random.Random(1))
    assert (hard.kind, hard.ref) == ("dive", "k45")


def test_hard_keeps_its_combat_items_for_the_march() -> None:
    s = arrange(fresh(), 0, hand=["mu1", "mx1"], phase="combat")
    s.players[0].items.append("k45")
    options = GAME.legal(s, 0)
    assert any(a.kind == "use" for a in options)
    action = HardAgent().choose(GAME.view(s, 0), options, random.Random(1))
    assert action.kind != "use"


def test_hard_announces_a_march_it_wins_and_not_one_it_cannot_qualify_for() -> None:
    s = arrange(fresh(), 0, hand=["mu4", "mu4", "mu4", "mu4", "mu4", "mu3"],
                phase="offer")
    options = GAME.legal(s, 0)
    view = GAME.view(s, 0)
    assert HardAgent().choose(view, options, random.Random(1)).kind == "march"
    assert ExpertAgent().choose(view, options, random.Random(1)).kind == "march"
    low = arrange(s, 0, hand=["mu4", "mu4", "mu3", "mx1", "mx1", "my1"])
    view = GAME.view(low, 0)
    assert HardAgent().choose(view, options, random.Random(1)).kind == "pass"
