"""Mortal Kombat's ``hard`` level (engine/games/mortal_kombat/ai.py, ai_search.py): it reads
only the seat's view, its sampled worlds agree with that view, its Discard/Draw keeps the
good kards, and it beats the greedy agent."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import make
from engine.ai.agent import decide, options_of
from engine.ai.play import simulate_agents
from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.ai import MkEasy, MkHard, hard_discard
from engine.games.mortal_kombat.ai_search import MkModel, sample_state, unseen
from engine.games.mortal_kombat.model import Act, MkState
from tests.engine.games.mortal_kombat.helpers import position


def test_levels_are_registered() -> None:
    assert isinstance(make("mortal_kombat", "hard"), MkHard)
    assert isinstance(make("mortal_kombat", "easy"), MkEasy)


def _positions(seed: int, level: str = "basic", count: int = 60) -> list[tuple[MkState, int]]:
    """Decision points (past the pick) of a random-vs-greedy match."""
    state = GAME.setup(GAME.parse_options({"level": level}), 2, seed)
    agents, rng, out = [make("mortal_kombat", "random"), make("mortal_kombat", "normal")], \
        random.Random(seed), []
    while state.result is None and len(out) < count:
        seat = min(s for s, p in GAME.prompts(state).items() if not p.committed)
        if state.phase != "pick":
            out.append((state, seat))
        state, _ = GAME.apply(state, seat, decide(GAME, state, seat, agents[seat], rng))
    return out


def test_hard_refuses_a_state() -> None:
    state, seat = _positions(1, count=5)[-1]
    with pytest.raises(TypeError):
        MkHard().choose(state, options_of(GAME, state, seat), random.Random(0))


def _redealt(state: MkState, seat: int, rng: random.Random) -> MkState:
    """The same position with the rival's hand and both decks redealt (same counts)."""
    new = GAME.clone(state)
    rival = new.fighters[1 - seat]
    pool = rival.hand + rival.deck
    rng.shuffle(pool)
    rival.hand, rival.deck = pool[:len(rival.hand)], pool[len(rival.hand):]
    rng.shuffle(new.fighters[seat].deck)
    return new


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_hidden_kards_do_not_change_the_hard_choice(level: str) -> None:
    compared = 0
    for state, seat in _positions(4, level, 40)[::3]:
        other = _redealt(state, seat, random.Random(compared))
        if other.fighters[1 - seat].hand == state.fighters[1 - seat].hand:
            continue
        options = options_of(GAME, state, seat)
        assert options == options_of(GAME, other, seat)
        a = MkHard().choose(GAME.view(state, seat), options, random.Random(9))
        b = MkHard().choose(GAME.view(other, seat), options, random.Random(9))
        assert a == b
        compared += 1
    assert compared >= 5


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), level=st.sampled_from(["starter", "basic", "advanced"]),
       pick=st.integers(0, 59))
def test_a_sampled_world_shows_the_viewer_exactly_its_view(seed: int, level: str,
                                                           pick: int) -> None:
    points = _positions(seed, level)
    state, seat = points[pick % len(points)]
    view = GAME.view(state, seat)
    world = sample_state(view, random.Random(seed), state.stepped)
    again = GAME.view(world, seat)
    fighters = list(view.fighters)  # views are frozen: the expected one is a copy
    fighters[1 - seat] = fighters[1 - seat].model_copy(  # a committed discard, taken back
        update={"discard_chosen": False})
    expected = view.model_copy(update={"fighters": fighters})
    assert again.model_dump(exclude={"notes"}) == expected.model_dump(exclude={"notes"})
    # the rival's sampled hand comes from the kards the viewer cannot place
    rival_pool = unseen(view, 1 - seat, state.options.deck_size)
    left = list(rival_pool)
    for k in world.fighters[1 - seat].hand:
        assert k in left
        left.remove(k)
    assert GAME.legal(world, seat) == GAME.legal(state, seat)


def test_sampled_worlds_are_playable_and_evaluated_in_range() -> None:
    model = MkModel()
    for state, seat in _positions(8)[::4]:
        world = model.sample(GAME.view(state, seat), random.Random(1))
        for a in GAME.legal(world, seat):
            new, _ = GAME.apply(world, seat, a)
            assert -1.0 <= model.evaluate(new, seat) <= 1.0


def test_discard_swaps_finishers_that_cannot_be_used_and_keeps_them_when_they_can() -> None:
    # Sub-Zero's Fatality and Babality are dead kards while Kano has 30 KP
    hand = ["subzero8", "subzero9", "b05", "b07", "d04", "b09", "e05", "d12"]
    s = position(hands=(hand, ["b01"]), initiative=1)
    s.phase = "discard"
    view = GAME.view(s, 0)
    choice = hard_discard(view, GAME.legal(s, 0))
    assert choice == Act.of(kind="dd", a="subzero8", b="subzero9")
    # the finishers are kept once Kano is low enough to be finished
    s.fighters[1].kp = 4
    kept = hard_discard(GAME.view(s, 0), GAME.legal(s, 0))
    assert {kept.a, kept.b}.isdisjoint({"subzero8", "subzero9"})


def test_hard_finishes_when_it_can() -> None:
    s = position(hands=(["subzero8", "b16", "d01"], ["d01", "d02"]), initiative=0, kp=(30, 4))
    view = GAME.view(s, 0)
    choice = MkHard().choose(view, options_of(GAME, s, 0), random.Random(0))
    assert choice.kind == "fx"


def test_hard_beats_the_greedy_agent_on_a_fixed_sample() -> None:
    # a small fixed sample (seats rotated): the figures in README are the large runs
    stats = simulate_agents(GAME, ["hard", "normal"], 10, 11)
    assert stats.errors == 0, stats.first_error
    assert stats.as_dict()["win_rate_agent"]["hard"] >= 0.6


def test_hard_plays_every_level_through_the_referee() -> None:
    for level in ("starter", "advanced"):
        stats = simulate_agents(GAME, ["hard", "random"], 2, 3, {"level": level})
        assert stats.errors == 0, stats.first_error
        assert stats.finished == 2


def test_every_level_plays_a_brawl_from_the_view() -> None:
    # the search models two Kombatants: in a Brawl hard plays the greedy rules, and every
    # level reads a Brawl's view (aim, who is down or out) without error
    stats = simulate_agents(GAME, ["hard", "normal", "easy"], 3, seed=11,
                            options={"level": "starter"}, seats=3)
    assert stats.errors == 0, stats.first_error
    assert stats.finished == 3
