"""``Game.offered`` and ``Game.compound`` (issue 31): what a player is shown is always
playable, goes through the same checks, and replays from the log like any action."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import IllegalAction, UnknownAction, chains
from engine.games import REGISTRY


def _random_offered_match(game_id: str, seed: int, steps: int = 250) -> int:
    """Play a match choosing only among what is offered (as the bot's player does);
    every choice is found by its id, and its logged form replays to the same state.
    Returns how many compound actions were played."""
    game = REGISTRY[game_id]
    rng = random.Random(seed)
    state = game.setup(game.parse_options({}), game.min_seats, seed)
    compounds = 0
    for _ in range(steps):
        if state.result is not None:
            break
        seats = [s for s, p in game.prompts(state).items() if not p.committed]
        seat = rng.choice(seats)
        offered = game.offered(state, seat)
        assert offered, (game_id, seed, state.version)
        action = rng.choice(offered)
        found = game.find(state, seat, action.aid)
        assert found is not None, (game_id, action.aid)
        legal = found in game.legal(state, seat)
        compounds += not legal
        logged = game.parse_action(found.model_dump(mode="json"))
        replayed, _ = game.apply(state, seat, logged)  # the replay's path: full checks
        _, state, _ = game.perform(state, seat, action.aid, state.version)
        assert game.dump(replayed) == game.dump(state)
    return compounds


@settings(max_examples=12, deadline=None)
@given(game_id=st.sampled_from(sorted(REGISTRY)), seed=st.integers(0, 10_000))
def test_every_offered_choice_is_found_applied_and_replayed(game_id: str, seed: int) -> None:
    _random_offered_match(game_id, seed)


@pytest.mark.parametrize("game_id", ["sushido", "epic_battles", "kingdom_of_loathing"])
def test_the_merging_games_do_offer_compound_choices(game_id: str) -> None:
    assert sum(_random_offered_match(game_id, seed) for seed in range(4)) > 0


def test_a_compound_id_is_refused_when_it_is_not_legal_now() -> None:
    game = REGISTRY["sushido"]
    state = game.setup(game.parse_options({}), 2, 1)
    bogus = chains.chain_aid(("s-adv", "s-ret"))
    assert game.find(state, 0, bogus) is None
    with pytest.raises((IllegalAction, UnknownAction)):
        game.act(state, 0, bogus)


def test_chain_ids_round_trip_and_stay_within_a_custom_id_field() -> None:
    steps = ("c-58-1-x", "s-adv", "s-ret")
    aid = chains.chain_aid(steps)
    assert chains.steps_of(aid) == steps and chains.steps_of("c-58-1-x") is None
    assert len(aid) <= chains.MAX_AID
