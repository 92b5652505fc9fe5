"""Property tests over random and greedy play: no errors, secrecy, JSON round-trip, menus."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Rng
from engine.games.kingdom_of_loathing import GAME
from engine.games.kingdom_of_loathing.agent import GreedyAgent
from engine.games.kingdom_of_loathing.model import KolState, Options
from engine.simulate import pick

SETTINGS = settings(max_examples=6, deadline=None)
seeds = st.integers(0, 2**32)
seat_counts = st.sampled_from([2, 3, 4])
PAGED = {"sell", "equip", "unequip"}
"""One option per item in the display case: the UI pages these menus."""


def resampled(s: KolState, keep: int | None, rng: Rng) -> KolState:
    """A copy where every secret the viewer ``keep`` cannot see is shuffled: other hands
    (with their decks), every deck order, the cards below each location top, skills."""
    t = GAME.clone(s)
    for seat, p in enumerate(t.players):
        if seat == keep:
            rng.shuffle(p.deck)
            continue
        pool = p.hand + p.deck
        rng.shuffle(pool)
        p.hand, p.deck = pool[:len(p.hand)], pool[len(p.hand):]
    for pile in t.locations:
        below = pile[1:]
        rng.shuffle(below)
        pile[1:] = below
    rng.shuffle(t.skill_deck)
    if t.phase == "choose" and keep != t.actor:
        t.combat.chosen = []
    return t


def check_state(s: KolState, rng: Rng) -> None:
    """Invariants after every action."""
    assert GAME.load(GAME.dump(s)) == s
    if s.result is None:
        (actor,) = GAME.prompts(s)
        legal = GAME.legal(s, actor)
        assert legal, f"no legal action in phase {s.phase}"
        ids = [a.aid for a in legal]
        assert len(set(ids)) == len(ids)
        assert all(len(i) <= 40 and ":" not in i for i in ids)
        kinds = Counter(a.kind for a in legal)
        assert all(n <= 25 for k, n in kinds.items() if k not in PAGED)
    # 156 stat cards are always somewhere
    total = sum(s.piles.values()) + sum(
        len(p.hand) + len(p.deck) + len(p.discard) + len(p.played) for p in s.players)
    assert total == 156
    for viewer in [None, *range(s.seats)]:
        other = resampled(s, viewer, rng)
        assert GAME.view(other, viewer) == GAME.view(s, viewer)


def run(seats: int, seed: int, agent: Any = None, check: bool = True) -> KolState:
    s = GAME.setup(Options(), seats, seed)
    rng = Rng(seed=seed ^ 99)
    py = random.Random(seed)
    for _ in range(20000):
        if s.result is not None:
            break
        (seat,) = GAME.prompts(s)
        if agent is None:
            action = pick(GAME, s, seat, rng)
        else:
            action = agent.choose(GAME.view(s, seat), GAME.legal(s, seat), py)
        s, events = GAME.apply(s, seat, action)
        if check:
            check_state(s, rng)
            # a public event never names a card still in a hand
            assert all("ref" not in e.data for e in events if e.public and e.kind == "add")
    assert s.result is not None
    return s


@SETTINGS
@given(seat_counts, seeds)
def test_random_play_never_errors_keeps_secrets_and_round_trips(n: int, seed: int) -> None:
    s = run(n, seed)
    assert GAME.prompts(s) == {}


@settings(max_examples=4, deadline=None)
@given(seat_counts, seeds)
def test_greedy_play_finishes(n: int, seed: int) -> None:
    s = run(n, seed, GreedyAgent(), check=False)
    assert s.result is not None and s.result.reason in ("sorceress", "last_standing",
                                                        "rounds")


def test_seat_view_shows_own_hand_only() -> None:
    s = GAME.setup(Options(), 3, 5)
    v = GAME.view(s, 1)
    assert v.hand == sorted(s.players[1].hand) and GAME.view(s, None).hand is None
    dumped = GAME.view(s, None).model_dump_json()
    assert "deck" not in dumped.replace("deck_count", "").replace("skill_deck_count", "")


@settings(max_examples=6, deadline=None)
@given(seat_counts, seeds, st.integers(0, 200))
def test_leaving_at_any_moment_keeps_the_match_playable(n: int, seed: int, at: int) -> None:
    s = GAME.setup(Options(), n, seed)
    rng = Rng(seed=seed)
    for _ in range(at):
        if s.result is not None:
            return
        (seat,) = GAME.prompts(s)
        s, _ = GAME.apply(s, seat, pick(GAME, s, seat, rng))
    if s.result is not None:
        return
    leaver = rng.below(n)
    s, _ = GAME.concede(s, leaver)
    for _ in range(20000):
        if s.result is not None:
            break
        (seat,) = GAME.prompts(s)
        assert seat != leaver
        s, _ = GAME.apply(s, seat, pick(GAME, s, seat, rng))
    assert s.result is not None and s.result.ranks[leaver] == n
