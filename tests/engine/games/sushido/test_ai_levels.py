"""Sushido's hard and expert levels are view-only: every hidden card re-dealt, the same
decision (same random generator); the fighter is chosen from the pick table."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import decide, make
from engine.ai.budget import Budget
from engine.ai.picks import rate
from engine.games.sushido.model import SushidoState
from engine.games.sushido.rules import Sushido
from tests.engine.games.sushido.test_ai import _at_hajime

GAME = Sushido()


def redeal(state: SushidoState, me: int, rng: random.Random) -> SushidoState:
    """Every card ``me`` cannot see re-dealt (sizes kept): the rival's hand, chain and
    placed cards, both chains (face down to their owner too), the deck and the discard
    pile under its top card."""
    new = GAME.clone(state)
    rival, mine = new.seat[1 - me], new.seat[me]
    under = new.discard[:-1]
    commit = rival.commit or []
    pool = [*rival.hand, *rival.chain, *commit, *mine.chain, *new.deck, *under]
    rng.shuffle(pool)

    def take(n: int) -> list[int]:
        out, pool[:] = pool[:n], pool[n:]
        return out

    rival.hand, rival.chain = take(len(rival.hand)), take(len(rival.chain))
    if rival.commit is not None:
        rival.commit = take(len(commit))
    mine.chain, new.deck = take(len(mine.chain)), take(len(new.deck))
    new.discard = [*take(len(under)), *new.discard[-1:]]
    return new


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 6), st.integers(0, 2**31))
def test_hidden_cards_do_not_change_hard_or_expert_decisions(seed: int, skip: int,
                                                              salt: int) -> None:
    state, me = _at_hajime(seed, skip)
    other = redeal(state, me, random.Random(salt))
    assert GAME.view(state, me) == GAME.view(other, me)
    for level in ("hard", "expert"):
        budget = Budget(iterations=40) if level == "expert" else None
        for k in range(1):
            a1 = decide(GAME, state, me, make("sushido", level, budget), random.Random(salt + k))
            a2 = decide(GAME, other, me, make("sushido", level, budget), random.Random(salt + k))
            assert a1 == a2


def test_hard_and_expert_pick_the_best_measured_fighter() -> None:
    state = GAME.setup(GAME.parse_options({}), 2, 1)
    options = GAME.legal(state, 0)
    best = max(rate("sushido", str(o.aid)) for o in options)
    for level in ("hard", "expert"):
        for k in range(3):
            a = decide(GAME, state, 0, make("sushido", level), random.Random(k))
            assert rate("sushido", str(a.aid)) == best
