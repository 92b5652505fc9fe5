"""World of Fighters' hard and expert levels are view-only: every hidden card re-dealt,
the same decision (same random generator); the character is chosen from the pick table."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import decide, make
from engine.ai.budget import Budget
from engine.ai.picks import rate
from engine.games.world_of_fighters.model import Commit, WofState
from engine.games.world_of_fighters.rules import GAME
from tests.engine.games.world_of_fighters.test_ai import _at_decision


def redeal(state: WofState, me: int, rng: random.Random) -> WofState:
    """Every card ``me`` cannot see re-dealt (sizes kept): the rival's hand, its face-down
    table card and its pending commit, and the deck."""
    new = GAME.clone(state)
    rival = new.fighters[1 - me]
    table = [new.table[1 - me]] if 1 - me in new.table else []
    pool = [*rival.hand, *table, *new.deck]
    rng.shuffle(pool)
    n = len(rival.hand)
    rival.hand = pool[:n]
    if table:
        new.table[1 - me] = pool[n]
        n += 1
    new.deck = pool[n:]
    if 1 - me in new.commits:  # a commit of a card now in its (re-dealt) hand
        moves = [m for m in (1, 2, 3) if m != rival.last_move]
        new.commits[1 - me] = Commit(move=rng.choice(moves), card=rng.choice(rival.hand))
    return new


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 12), st.integers(0, 2**31))
def test_hidden_cards_do_not_change_hard_or_expert_decisions(seed: int, skip: int,
                                                              salt: int) -> None:
    state, me = _at_decision(seed, skip)
    other = redeal(state, me, random.Random(salt))
    assert GAME.view(state, me) == GAME.view(other, me)
    for level in ("hard", "expert"):
        budget = Budget(iterations=80) if level == "expert" else None
        for k in range(1):
            a1 = decide(GAME, state, me, make(GAME.id, level, budget), random.Random(salt + k))
            a2 = decide(GAME, other, me, make(GAME.id, level, budget), random.Random(salt + k))
            assert a1 == a2


def test_hard_and_expert_pick_the_best_measured_character() -> None:
    state = GAME.setup(GAME.parse_options({}), 2, 1)
    options = GAME.legal(state, 0)
    best = max(rate(GAME.id, str(o.aid)) for o in options)
    for level in ("hard", "expert"):
        for k in range(3):
            a = decide(GAME, state, 0, make(GAME.id, level), random.Random(k))
            assert rate(GAME.id, str(a.aid)) == best
