"""Mortal Kombat's hard and expert levels, two players and Brawls: every hidden kard
re-dealt, the same decision (same random generator); the Kombatant from the pick table."""

from __future__ import annotations

import random

import pytest

from engine.ai import decide, make
from engine.ai.budget import Budget
from engine.ai.picks import rate
from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.model import MkState


def _positions(seed: int, seats: int, count: int) -> list[tuple[MkState, int]]:
    """Decision points (past the pick) of a match between normal agents."""
    state = GAME.setup(GAME.parse_options({}), seats, seed)
    agents = [make("mortal_kombat", "normal") for _ in range(seats)]
    rng, out = random.Random(seed), []
    while state.result is None and len(out) < count:
        seat = min(s for s, p in GAME.prompts(state).items() if not p.committed)
        if state.phase != "pick" and not state.discards:
            out.append((state, seat))
        state, _ = GAME.apply(state, seat, decide(GAME, state, seat, agents[seat], rng))
    return out


def redeal(state: MkState, me: int, rng: random.Random) -> MkState:
    """Every kard ``me`` cannot see re-dealt: each rival's hand and deck (sizes kept),
    and the order of ``me``'s own deck."""
    new = GAME.clone(state)
    for s, f in enumerate(new.fighters):
        if s == me:
            rng.shuffle(f.deck)
            continue
        pool = f.hand + f.deck
        rng.shuffle(pool)
        f.hand, f.deck = pool[:len(f.hand)], pool[len(f.hand):]
    return new


@pytest.mark.parametrize("seats", [2, 3])
def test_hidden_kards_do_not_change_hard_or_expert_decisions(seats: int) -> None:
    compared = 0
    for i, (state, me) in enumerate(_positions(8 + seats, seats, 60)[5::9]):
        other = redeal(state, me, random.Random(i))
        assert GAME.view(state, me) == GAME.view(other, me)
        for level in ("hard", "expert"):
            budget = Budget(iterations=24) if level == "expert" else None
            a = decide(GAME, state, me, make("mortal_kombat", level, budget), random.Random(i))
            b = decide(GAME, other, me, make("mortal_kombat", level, budget), random.Random(i))
            assert a == b
        compared += 1
    assert compared >= 4


def test_hard_and_expert_pick_the_best_measured_kombatant() -> None:
    state = GAME.setup(GAME.parse_options({}), 2, 1)
    options = GAME.legal(state, 0)
    best = max(rate("mortal_kombat", str(o.aid)) for o in options)
    for level in ("hard", "expert"):
        a = decide(GAME, state, 0, make("mortal_kombat", level), random.Random(3))
        assert rate("mortal_kombat", str(a.aid)) == best
