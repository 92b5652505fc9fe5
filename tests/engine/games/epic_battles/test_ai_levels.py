"""Epic Battles' hard and expert levels: every hidden card re-dealt, the same decision
(same random generator); the character from the pick table."""

from __future__ import annotations

import random

from engine.ai import decide, make
from engine.ai.budget import Budget
from engine.ai.picks import rate
from engine.games.epic_battles import GAME
from engine.games.epic_battles.model import EbState, SetEvent


def _positions(seed: int, count: int) -> list[tuple[EbState, int]]:
    """Decision points (past the pick) of a match between normal agents."""
    state = GAME.setup(GAME.parse_options({}), 2, seed)
    agents = [make("epic_battles", "normal") for _ in range(2)]
    rng, out = random.Random(seed), []
    while state.result is None and len(out) < count:
        seat = min(s for s, p in GAME.prompts(state).items() if not p.committed)
        if state.phase != "pick" and not any(
                p.committed for s, p in GAME.prompts(state).items() if s != seat):
            out.append((state, seat))
        state, _ = GAME.apply(state, seat, decide(GAME, state, seat, agents[seat], rng))
    return out


def redeal(state: EbState, me: int, rng: random.Random) -> EbState:
    """Every card ``me`` cannot see re-dealt: the rival's hand, deck and face-down
    events (sizes kept), and the order of ``me``'s own deck."""
    s = GAME.clone(state)
    for seat, side in enumerate(s.sides):
        if seat == me:
            rng.shuffle(side.deck)
            continue
        down = [e.card for e in side.events if not e.known]
        pool = side.hand + side.deck + down
        rng.shuffle(pool)
        side.hand, rest = pool[:len(side.hand)], pool[len(side.hand):]
        side.deck, rest = rest[:len(side.deck)], rest[len(side.deck):]
        side.events = [e if e.known else SetEvent(card=rest.pop()) for e in side.events]
    return s


def test_hidden_cards_do_not_change_hard_or_expert_decisions() -> None:
    compared = 0
    for i, (state, me) in enumerate(_positions(21, 80)[4::10]):
        other = redeal(state, me, random.Random(i))
        if GAME.view(state, me) != GAME.view(other, me):
            continue  # a card the seat has seen (set by itself) would have moved
        for level in ("hard", "expert"):
            budget = Budget(iterations=16) if level == "expert" else None
            a = decide(GAME, state, me, make("epic_battles", level, budget), random.Random(i))
            b = decide(GAME, other, me, make("epic_battles", level, budget), random.Random(i))
            assert a == b
        compared += 1
    assert compared >= 4


def test_hard_and_expert_pick_the_best_measured_character() -> None:
    state = GAME.setup(GAME.parse_options({}), 2, 1)
    options = GAME.legal(state, 0)
    best = max(rate("epic_battles", str(o.aid)) for o in options)
    for level in ("hard", "expert"):
        a = decide(GAME, state, 0, make("epic_battles", level), random.Random(3))
        assert rate("epic_battles", str(a.aid)) == best
