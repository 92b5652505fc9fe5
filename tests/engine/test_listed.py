"""``Game.listed`` and ``Game.asked``: the legal actions and prompts remembered per state
object never go stale."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Rng
from engine.games import REGISTRY
from engine.simulate import pick, walk


@settings(max_examples=12, deadline=None)
@given(game_id=st.sampled_from(sorted(REGISTRY)), seed=st.integers(0, 10_000))
def test_listed_equals_legal_through_a_match_played_in_place(game_id: str, seed: int) -> None:
    """A random match played in place (``owned``, as the bot does): at every step the
    listing of every seat equals ``legal``, before and after the state changed."""
    game = REGISTRY[game_id]
    state = game.setup(game.parse_options({}), game.min_seats, seed)
    rng = Rng(seed=seed)
    for _ in range(60):
        if state.result is not None:
            break
        for s in range(state.seats):
            assert game.listed(state, s) == game.legal(state, s)
        assert game.asked(state) == game.prompts(state)  # remembered alike (Game.asked)
        seats = [s for s, p in game.prompts(state).items() if not p.committed]
        seat = seats[rng.below(len(seats))]
        action = pick(game, state, seat, rng)
        same = state
        _, state, _ = game.perform(state, seat, action.aid, state.version, owned=True)
        assert state is same
        for s in range(state.seats):
            assert game.listed(state, s) == game.legal(state, s)
        assert game.asked(state) == game.prompts(state)


def test_a_copy_or_a_new_object_never_gets_another_states_listing() -> None:
    """Two states at the same version (a copy that then moves on) keep their own lists."""
    game = REGISTRY["sushido"]
    state = game.setup(game.parse_options({}), 2, 3)
    first = game.listed(state, 0)
    copy = game.clone(state)
    new, _ = game.apply(copy, 0, first[0])
    assert game.listed(state, 0) == first
    assert game.listed(new, 0) == game.legal(new, 0) != first


@settings(max_examples=10, deadline=None)
@given(game_id=st.sampled_from(sorted(REGISTRY)), seed=st.integers(0, 10_000))
def test_prompt_of_one_seat_agrees_with_prompts(game_id: str, seed: int) -> None:
    """``Game.prompt`` (one seat, on every click's path; games may build only that one)
    is always ``prompts(state).get(seat)``, for every seat and a seat out of range."""
    game = REGISTRY[game_id]
    for state in walk(game, game.setup(game.parse_options({}), game.min_seats, seed), seed,
                       120):
        prompts = game.prompts(state)
        for s in range(state.seats + 1):
            assert game.prompt(state, s) == prompts.get(s)


@settings(max_examples=15, deadline=None)
@given(game_id=st.sampled_from(sorted(REGISTRY)), seed=st.integers(0, 10_000),
       seats=st.integers(2, 4))
def test_legal_is_empty_for_a_seat_not_asked_when_a_game_says_so(
        game_id: str, seed: int, seats: int) -> None:
    """``Game.legal_when_asked``: ``find`` skips the prompt, so ``legal`` must be empty for
    every seat (and a seat out of range) with no prompt or a committed one, at every step
    of a random match; ``find`` then agrees with the prompt-checking ``act``."""
    game = REGISTRY[game_id]
    if not game.legal_when_asked:
        return
    seats = min(max(seats, game.min_seats), game.max_seats)
    for state in walk(game, game.setup(game.parse_options({}), seats, seed), seed, 150):
        prompts = game.prompts(state)
        for s in range(state.seats + 1):
            prompt = prompts.get(s)
            if prompt is None or prompt.committed:
                assert game.legal(state, s) == []


@settings(max_examples=12, deadline=None)
@given(game_id=st.sampled_from(sorted(REGISTRY)), seed=st.integers(0, 10_000))
def test_labels_at_once_equal_each_label(game_id: str, seed: int) -> None:
    """``Game.labels`` of a seat's listing and of its offered choices equals ``label`` of
    each action, at every step of a random match played in place (Sushido's placements
    are labelled once per hand and shared)."""
    game = REGISTRY[game_id]
    state = game.setup(game.parse_options({}), game.min_seats, seed)
    for st_ in walk(game, state, seed, 80):
        for s in range(st_.seats):
            for actions in (game.listed(st_, s), game.offered(st_, s)):
                assert game.labels(st_, s, actions) == [game.label(st_, s, a)
                                                         for a in actions]


def test_sushido_placements_are_listed_once_per_hand() -> None:
    """Two states whose seat holds the same hand share its placements' listing and
    labels; ``legal`` gives the same actions."""
    game = REGISTRY["sushido"]
    state = game.setup(game.parse_options({}), 2, 3)
    while state.phase not in ("hajime", "reveal"):
        seats = [s for s, p in game.prompts(state).items() if not p.committed]
        _, state, _ = game.perform(state, seats[0], game.legal(state, seats[0])[0].aid)
    copy = game.clone(state)
    assert game.listed(copy, 0) is game.listed(state, 0)
    assert game.listed(state, 0) == game.legal(state, 0)
    assert game.labels(copy, 0, game.listed(copy, 0)) is game.labels(
        state, 0, game.listed(state, 0))
    listed, index = game._listed(state, 0)
    assert index == {a.aid: a for a in reversed(listed)}  # each id, as the actions word it
    assert game.labels(state, 0, listed) == [game.label(state, 0, a) for a in listed]


def test_sushido_apply_checks_a_placement_in_the_hands_index() -> None:
    """``apply`` finds a placement (here parsed anew from JSON, as a replayed log row is)
    in its hand's shared index, and still refuses one the hand cannot place."""
    import pytest

    from engine.core import IllegalAction
    from engine.games.sushido.model import Place

    game = REGISTRY["sushido"]
    state = game.setup(game.parse_options({}), 2, 3)
    while state.phase not in ("hajime", "reveal"):
        seats = [s for s, p in game.prompts(state).items() if not p.committed]
        _, state, _ = game.perform(state, seats[0], game.legal(state, seats[0])[0].aid)
    legal = game.legal(state, 0)
    again = game.parse_action(legal[-1].model_dump())
    assert again is not legal[-1] and again == legal[-1]
    moved, _ = game.apply(state, 0, again)
    assert moved.version == state.version + 1
    other = next(c for c in range(1, 500) if c not in state.seat[0].hand)
    with pytest.raises(IllegalAction):
        game.apply(state, 0, Place(cards=(state.seat[0].hand[0], other), show="both"))
