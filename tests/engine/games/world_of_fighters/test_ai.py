"""World of Fighters' AI: the sampler only knows the view and rebuilds a coherent state."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import decide, make
from engine.core.rng import Rng
from engine.games.world_of_fighters.ai import MODEL
from engine.games.world_of_fighters.data import full_deck
from engine.games.world_of_fighters.model import WofState
from engine.games.world_of_fighters.rules import GAME
from engine.simulate import next_move


def _at_decision(seed: int, skip: int) -> tuple[WofState, int]:
    """A random match at a decision after the picks (after ``skip`` earlier ones)."""
    state = GAME.setup(GAME.parse_options({}), 2, seed)
    rng = Rng(seed=seed)
    while True:
        open_ = [s for s, p in GAME.prompts(state).items() if not p.committed]
        if state.phase != "pick" and open_:
            if skip == 0:
                return state, open_[0]
            skip -= 1
        if state.result is not None:
            state = GAME.setup(GAME.parse_options({}), 2, seed + 1000)
        seat, action, _ = next_move(GAME, state, rng)
        state, _ = GAME.apply(state, seat, action)


def _reshuffle_rival(state: WofState, me: int, rng: random.Random) -> WofState:
    """The same state with the rival's hand, face-down card and the deck redrawn."""
    new = GAME.clone(state)
    rival = new.fighters[1 - me]
    table = [new.table[1 - me]] if 1 - me in new.table else []
    hidden = [*rival.hand, *table, *new.deck]
    rng.shuffle(hidden)
    n = len(rival.hand)
    rival.hand = hidden[:n]
    if table:
        new.table[1 - me] = hidden[n]
        n += 1
    new.deck = hidden[n:]
    new.commits.pop(1 - me, None)  # its hidden commit may no longer be playable
    return new


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12), st.integers(0, 2**31))
def test_the_rivals_hidden_cards_do_not_reach_the_agent(seed: int, skip: int,
                                                        salt: int) -> None:
    state, me = _at_decision(seed, skip)
    state.commits.pop(1 - me, None)
    other = _reshuffle_rival(state, me, random.Random(salt))
    view, view2 = GAME.view(state, me), GAME.view(other, me)
    assert view == view2  # the agent's whole input
    assert MODEL.sample(view, random.Random(3)) == MODEL.sample(view2, random.Random(3))
    for level in ("easy", "normal", "hard"):
        a1 = decide(GAME, state, me, make("world_of_fighters", level), random.Random(salt))
        a2 = decide(GAME, other, me, make("world_of_fighters", level), random.Random(salt))
        assert a1 == a2


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12))
def test_a_sampled_state_is_coherent_with_the_view(seed: int, skip: int) -> None:
    state, me = _at_decision(seed, skip)
    view = GAME.view(state, me)
    world = MODEL.sample(view, random.Random(seed))
    cards = [*world.deck, *world.discard, *world.table.values()]
    for f in world.fighters:
        cards += f.hand
    assert Counter(cards) == Counter(full_deck())
    assert world.fighters[me].hand == state.fighters[me].hand
    assert world.table.get(me) == state.table.get(me)
    assert [len(f.hand) for f in world.fighters] == [len(f.hand) for f in state.fighters]
    assert world.queue == state.queue and world.phase == state.phase
    assert 1 - me not in world.commits
    assert GAME.legal(world, me) == GAME.legal(state, me)
