"""Leak audit (issue 29): re-deal the hidden kards and the table must see the same thing.

At every step of a random match, each seat other than the one acting has its hidden
kards (hand and deck) re-dealt: the same kards, another deal. The same action is applied
to the true state and to the re-dealt one; the spectator view, every other seat's view
and the prompts (who is asked, and for what) must be the same. A step whose own outcome
makes a hidden kard public (a random loss to a stun or a discard effect puts a kard face
up on the discard pile) is compared on the prompts only. Used by the unit test
(``tests/engine/games/mortal_kombat/test_hidden_hands.py``) and by
``bench/mk_redeal.py`` (thousands of matches).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Rng
from engine.games.mortal_kombat.model import MATCH_ROUND_CAP, ROUND_TURN_CAP, MkState, Options
from engine.games.mortal_kombat.rules import GAME

REVEALING = frozenset({"stunned", "discarded_random"})
"""Events that put a kard from a hidden hand face up (the rulebook's random losses)."""


@dataclass
class Leak:
    """One step where a re-deal changed what the table sees."""

    seat: int
    """The seat whose hidden kards were re-dealt."""
    action: str
    phase: str
    viewer: int | None


def redeal(state: MkState, seat: int, rng: Rng) -> MkState:
    """A copy of ``state`` with ``seat``'s hand and deck dealt again (same counts); the
    kards of a committed Discard/Draw choice stay in the hand (the choice names them)."""
    other = GAME.clone(state)
    f = other.fighters[seat]
    kept = list(other.discards.get(seat, []))
    hand = list(f.hand)
    for kid in kept:
        hand.remove(kid)
    pool = hand + f.deck
    rng.shuffle(pool)
    f.hand, f.deck = kept + pool[:len(hand)], pool[len(hand):]
    return other


def _prompts(state: MkState) -> list[tuple[int, str, bool]]:
    return sorted((s, p.kind, p.committed) for s, p in GAME.prompts(state).items())


def audit_match(seed: int, seats: int = 2, level: str = "basic",
                every: bool = True) -> tuple[int, list[Leak]]:
    """Play one random match, auditing every step; returns (steps audited, leaks).

    ``every``: re-deal each seat but the actor at every step, and compare every other
    seat's view too; otherwise one seat drawn at random, and the spectator's view (the
    public record) only: the fast form for the unit test."""
    state = GAME.setup(Options(level=level), seats, seed)
    agent = Rng(seed=seed ^ 0x5EED)
    deal = Rng(seed=seed ^ 0xDEA1)
    bound = MATCH_ROUND_CAP * ROUND_TURN_CAP * 40 * seats
    steps, leaks, n = 0, [], 0
    while state.result is None and n < bound:
        n += 1
        open_seats = sorted(s for s, p in GAME.prompts(state).items() if not p.committed)
        seat = open_seats[agent.below(len(open_seats))]
        options = GAME.legal(state, seat)
        action = options[agent.below(len(options))]
        new, events = GAME.apply(state, seat, action)
        if state.phase not in ("pick", "over"):
            steps += 1
            revealing = any(e.kind in REVEALING for e in events)
            others = [h for h in range(seats) if h != seat and state.fighters[h].hand]
            if not every and others:
                others = [others[deal.below(len(others))]]
            for hidden in others:
                twin, _ = GAME.apply(redeal(state, hidden, deal), seat, action)
                if _prompts(twin) != _prompts(new):
                    leaks.append(Leak(hidden, action.aid, state.phase, None))
                    continue
                if revealing:
                    continue
                viewers = (None, *(v for v in range(seats) if v != hidden)) if every else (
                    None,)
                for viewer in viewers:
                    if GAME.view(twin, viewer) != GAME.view(new, viewer):
                        leaks.append(Leak(hidden, action.aid, state.phase, viewer))
                        break
        state = new
    return steps, leaks
