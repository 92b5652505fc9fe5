"""Kingdom of Loathing's levels are view-only: every card the seat cannot see re-dealt
(the rivals' hands and decks, its own deck order, the location piles under their showing
monster, the skill deck), the same decision (same random generator), at 2 to 4 seats."""

from __future__ import annotations

import random

import pytest

from engine.ai import decide, make
from engine.games.kingdom_of_loathing import GAME
from engine.games.kingdom_of_loathing.model import KolState, Options


def _positions(seed: int, seats: int, count: int) -> list[tuple[KolState, int]]:
    """Decision points of a match between normal agents."""
    state = GAME.setup(Options(), seats, seed)
    agents = [make("kingdom_of_loathing", "normal") for _ in range(seats)]
    rng, out = random.Random(seed), []
    while state.result is None and len(out) < count:
        seat = state.actor
        out.append((state, seat))
        state, _ = GAME.apply(state, seat, decide(GAME, state, seat, agents[seat], rng))
    return out


def redeal(state: KolState, me: int, rng: random.Random) -> KolState:
    """Every card ``me`` cannot see re-dealt (sizes kept)."""
    new = GAME.clone(state)
    for s, p in enumerate(new.players):
        if s == me:
            rng.shuffle(p.deck)
            continue
        pool = p.hand + p.deck
        rng.shuffle(pool)
        p.hand, p.deck = pool[:len(p.hand)], pool[len(p.hand):]
    for pile in new.locations:
        rest = pile[1:]
        rng.shuffle(rest)
        pile[1:] = rest
    rng.shuffle(new.skill_deck)
    return new


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_hidden_cards_do_not_change_any_levels_decision(seats: int) -> None:
    compared = 0
    for i, (state, me) in enumerate(_positions(30 + seats, seats, 300)[3::13]):
        if state.phase == "choose":
            continue  # the cards chosen so far are the actor's own: kept as they are
        other = redeal(state, me, random.Random(i))
        assert GAME.view(state, me) == GAME.view(other, me)
        for level in ("easy", "normal", "hard", "expert"):
            for k in range(2):
                a = decide(GAME, state, me, make("kingdom_of_loathing", level),
                           random.Random(i * 7 + k))
                b = decide(GAME, other, me, make("kingdom_of_loathing", level),
                           random.Random(i * 7 + k))
                assert a == b
        compared += 1
    assert compared >= 8
