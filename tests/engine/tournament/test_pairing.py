"""Pairing properties (hypothesis) and rulebook-style scenarios for every format."""

from __future__ import annotations

import itertools
import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.tournament import (
    Event,
    Pairing,
    Result,
    auto_result,
    bracket_order,
    champion,
    circle_rounds,
    next_round,
    planned_rounds,
    standings,
)


def play(event: Event, rng: random.Random, draws: bool = False,
         drop_at: dict[int, int] | None = None) -> Event:
    """Run ``event`` to its end with random results (``drop_at``: round -> player)."""
    while True:
        rnd = len(event.history) + 1
        if drop_at and rnd in drop_at:
            event.dropped.add(drop_at[rnd])
        pairings = next_round(event)
        if pairings is None:
            return event
        results = []
        for p in pairings:
            auto = auto_result(rnd, p, event.dropped)
            if auto is not None:
                results.append(auto)
                continue
            assert p.b is not None
            roll = rng.random()
            winner = None if draws and roll < 0.1 else (p.a if roll < 0.55 else p.b)
            results.append(Result(rnd, p.a, p.b, winner))
        event.history.append(results)
        assert len(event.history) < 200


def rematch_free_exists(players: list[int], met: set[frozenset[int]]) -> bool:
    """Brute force: can ``players`` (even count) be paired without a rematch?"""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(frozenset((first, o)) not in met
               and rematch_free_exists([p for p in rest if p != o], met) for o in rest)


# ------------------------------------------------------------------------ swiss
@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 16), seed=st.integers(0, 10**6), extra=st.integers(0, 2))
def test_swiss_never_rematches_while_avoidable_and_byes_rotate(n: int, seed: int,
                                                                extra: int) -> None:
    rng = random.Random(seed)
    rounds = min(math.ceil(math.log2(n)) + extra, n - 1)
    event = Event("swiss", list(range(100, 100 + n)), rounds=rounds)
    while len(event.history) < rounds:
        met = {frozenset((r.a, r.b)) for r in event.played if r.b is not None}
        had = [r.a for r in event.played if r.b is None]
        pairings = next_round(event)
        assert pairings is not None
        seen = [x for p in pairings for x in (p.a, p.b) if x is not None]
        assert sorted(seen) == sorted(event.players)  # everyone once
        byes = [p.a for p in pairings if p.b is None]
        assert len(byes) == n % 2
        if byes:
            # at most one bye each until everyone had one
            assert byes[0] not in had or set(had) >= set(event.players)
        # no rematch when some pairing of the others avoids them all
        others = [p for p in event.players if p not in byes]
        rematches = [p for p in pairings if p.b is not None and frozenset((p.a, p.b)) in met]
        if n <= 10 and rematch_free_exists(others, met):
            assert not rematches, (pairings, met)
        rnd = len(event.history) + 1
        event.history.append([auto_result(rnd, p, set()) or
                              Result(rnd, p.a, p.b, rng.choice([p.a, p.b]))
                              for p in pairings])
    assert next_round(event) is None
    counts = {p: sum(1 for r in event.played if r.b is None and r.a == p)
              for p in event.players}
    if rounds * (n % 2) <= n:
        assert max(counts.values()) <= 1


def test_swiss_rounds_default_to_ceil_log2_and_the_bye_goes_to_the_lowest() -> None:
    event = Event("swiss", list(range(1, 8)))
    assert planned_rounds(event) == 3
    first = next_round(event)
    assert first is not None and first[-1] == Pairing(7, None)
    event.history.append([Result(1, p.a, p.b, p.a) for p in first])
    second = next_round(event)
    assert second is not None
    bye = second[-1]
    assert bye.b is None and bye.a != 7  # 7 already had its bye
    # the score groups: the three winners of round one (and the bye) meet each other
    winners = {1, 3, 5, 7}
    for p in second[:2]:
        assert {p.a, p.b} <= winners


def test_swiss_dropped_player_is_never_paired_again() -> None:
    event = play(Event("swiss", list(range(8)), rounds=3), random.Random(4), drop_at={2: 5})
    later = [r for rnd in event.history[1:] for r in rnd]
    assert all(5 not in (r.a, r.b) for r in later)
    assert [s.player for s in standings(event) if s.dropped] == [5]


# --------------------------------------------------------------- round robin
@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 15))
def test_round_robin_everyone_meets_everyone_once(n: int) -> None:
    players = list(range(n))
    rounds = circle_rounds(players)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    pairs = [frozenset((p.a, p.b)) for rnd in rounds for p in rnd if p.b is not None]
    assert sorted(map(sorted, pairs)) == sorted(map(sorted, map(frozenset,
                                                            itertools.combinations(players, 2))))
    for rnd in rounds:
        seen = [x for p in rnd for x in (p.a, p.b) if x is not None]
        assert sorted(seen) == players
    byes = [p.a for rnd in rounds for p in rnd if p.b is None]
    assert sorted(byes) == (players if n % 2 else [])


def test_round_robin_drop_forfeits_the_remaining_matches() -> None:
    event = play(Event("round_robin", [1, 2, 3, 4]), random.Random(1), drop_at={2: 4})
    for r in event.played:
        if r.round >= 2 and 4 in (r.a, r.b):
            assert r.forfeit and r.winner == r.opponent(4)


# ------------------------------------------------------------ single elimination
def test_bracket_order_keeps_the_top_seeds_apart() -> None:
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert bracket_order(4) == [1, 4, 2, 3]


@settings(max_examples=80, deadline=None)
@given(n=st.integers(2, 33), seed=st.integers(0, 10**6))
def test_elimination_shape_byes_and_seeding(n: int, seed: int) -> None:
    players = list(range(10, 10 + n))
    event = Event("single_elimination", players)
    first = next_round(event)
    assert first is not None
    size = 2 ** math.ceil(math.log2(n))
    assert len(first) == size // 2
    byes = [p.a for p in first if p.b is None]
    assert set(byes) == set(players[: size - n])  # the top seeds
    # seeds 1 and 2 are in different halves
    half = len(first) // 2
    if half:
        top = [x for p in first[:half] for x in (p.a, p.b)]
        assert players[0] in top and (n < 2 or players[1] not in top)
    play(event, random.Random(seed))
    sizes = [len(r) for r in event.history]
    assert sizes == [size // 2 ** (i + 1) for i in range(len(sizes))] and sizes[-1] == 1
    assert len(event.history) == planned_rounds(event)
    final = event.history[-1][0]
    assert champion(event) == final.winner
    # every later match is between the winners of two neighbouring slots
    for prev, rnd in zip(event.history, event.history[1:], strict=False):
        for i, r in enumerate(rnd):
            assert {r.a, r.b} == {prev[2 * i].winner, prev[2 * i + 1].winner}


def test_five_players_elimination_gives_the_three_top_seeds_a_bye() -> None:
    first = next_round(Event("single_elimination", ["a", "b", "c", "d", "e"]))  # type: ignore[list-item]
    assert first == [Pairing("a", None), Pairing("d", "e"),  # type: ignore[arg-type]
                     Pairing("b", None), Pairing("c", None)]  # type: ignore[arg-type]


# -------------------------------------------------------------------- series
def test_series_most_wins_takes_it() -> None:
    event = Event("series", [1, 2], matches=3)
    assert planned_rounds(event) == 3
    for rnd, winner in enumerate([1, 2, 1], start=1):
        pairings = next_round(event)
        assert pairings is not None and len(pairings) == 1
        p = pairings[0]
        event.history.append([Result(rnd, p.a, p.b, winner)])
    assert next_round(event) is None and champion(event) == 1


def test_series_tie_gets_a_decider() -> None:
    event = Event("series", [1, 2], matches=2)
    sides = []
    for rnd, winner in enumerate([1, 2], start=1):
        pairings = next_round(event)
        assert pairings is not None
        sides.append(pairings[0])
        event.history.append([Result(rnd, pairings[0].a, pairings[0].b, winner)])
    assert sides[0].a == sides[1].b  # sides swap in the second cycle
    decider = next_round(event)
    assert decider is not None and {decider[0].a, decider[0].b} == {1, 2}
    event.history.append([Result(3, decider[0].a, decider[0].b, 2)])
    assert next_round(event) is None and champion(event) == 2


# ----------------------------------------------------------------- tie-breaks
def test_buchholz_then_sonneborn_berger() -> None:
    # 1 beat 2, 3 beat 4; then 1 beat 3, 4 beat 2: 1 has 2, 3 and 4 have 1, 2 has 0.
    event = Event("swiss", [1, 2, 3, 4], rounds=2)
    event.history = [[Result(1, 1, 2, 1), Result(1, 3, 4, 3)],
                     [Result(2, 1, 3, 1), Result(2, 2, 4, 4)]]
    table = standings(event)
    assert [s.player for s in table] == [1, 3, 4, 2]
    by = {s.player: s for s in table}
    assert by[3].buchholz == 3.0 and by[4].buchholz == 1.0  # 3 met 1 and 4; 4 met 3 and 2
    assert by[1].sonneborn_berger == 1.0  # beat 2 (0) and 3 (1)


def test_elimination_draw_sends_the_better_seed_on() -> None:
    event = Event("single_elimination", [1, 2, 3, 4])
    first = next_round(event)
    assert first == [Pairing(1, 4), Pairing(2, 3)]
    event.history.append([Result(1, 1, 4, None), Result(1, 2, 3, 3)])
    assert next_round(event) == [Pairing(1, 3)]
