"""Brawl property tests at 3-6 seats: random legal play (with leavers) never errors and
ends; kards are conserved; JSON round-trips; views hide hands (a re-deal of hidden kards
leaves every other seat's view unchanged)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Rng
from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.model import BRAWL_TURN_CAP, MATCH_ROUND_CAP, MkState, Options
from engine.games.mortal_kombat.seats import target_of
from engine.simulate import pick

SETTINGS = settings(max_examples=6, deadline=None)
levels = st.sampled_from(["starter", "basic", "advanced"])
seat_counts = st.integers(3, 6)
seeds = st.integers(0, 2**32)


def random_brawl(seed: int, agent_seed: int, level: str, seats: int, check: object = None,
                 leave_at: int | None = None) -> MkState:
    """A random legal Brawl to the end; ``leave_at``: after that many actions, the seat
    asked to decide leaves (forfeit)."""
    s = GAME.setup(Options(level=level), seats, seed)  # type: ignore[arg-type]
    agent = Rng(seed=agent_seed)
    bound = MATCH_ROUND_CAP * BRAWL_TURN_CAP * seats * 60
    n = 0
    while s.result is None:
        n += 1
        assert n < bound
        open_seats = sorted(x for x, p in GAME.prompts(s).items() if not p.committed)
        assert open_seats, "a match in play always asks someone"
        assert not set(open_seats) & set(s.left), "a seat that left is never asked"
        seat = open_seats[agent.below(len(open_seats))]
        raw = GAME.dump(s) if callable(check) else ""
        if n == leave_at:
            new, _ = GAME.concede(s, seat)
        else:
            new, _ = GAME.apply(s, seat, pick(GAME, s, seat, agent))
        if callable(check):
            assert GAME.dump(s) == raw  # apply never mutates its input
            check(s, new)
        s = new
    return s


@SETTINGS
@given(seeds, seeds, levels, seat_counts, st.none() | st.integers(1, 400))
def test_random_brawls_never_error_and_end(seed: int, agent: int, level: str, seats: int,
                                          leave_at: int | None) -> None:
    s = random_brawl(seed, agent, level, seats, leave_at=leave_at)
    assert s.result is not None and GAME.prompts(s) == {}
    assert sorted(s.result.ranks)[0] == 1 and len(s.result.ranks) == seats
    still = [x for x in range(seats) if x not in s.out and x not in s.left]
    assert (max(f.rounds for f in s.fighters) == 2 or len(still) <= 1
            or len(s.round_winners) == MATCH_ROUND_CAP)
    for x in s.left:  # leavers rank below everyone who stayed
        assert all(s.result.ranks[x] > s.result.ranks[y] for y in range(seats)
                   if y not in s.left)


@SETTINGS
@given(seeds, seeds, levels, seat_counts)
def test_brawl_kards_conserved_and_json_round_trips(seed: int, agent: int, level: str,
                                                   seats: int) -> None:
    def check(before: MkState, after: MkState) -> None:
        assert GAME.load(GAME.dump(after)) == after
        if after.phase in ("pick", "over"):
            return
        ex = after.exchange
        for seat in range(seats):
            f = after.fighters[seat]
            table: list[str] = []
            if ex is not None and ex.attacker == seat:
                table = [*([] if ex.copied else [ex.kard]), *([ex.kombo] if ex.kombo
                         else []), *ex.se, *ex.extra]
            elif ex is not None and seat == target_of(after, ex):
                table = [*ex.dse, *([ex.defense] if ex.defense else [])]
            if seat in after.down or seat in after.out or seat in after.left:
                continue  # out of the round: its kards stay where they fell
            assert Counter(f.hand + f.deck + f.discard + table) == Counter(f.decklist)

    random_brawl(seed, agent, level, seats, check)


@SETTINGS
@given(seeds, seeds, levels, seat_counts, seeds)
def test_brawl_views_hide_hands(seed: int, agent: int, level: str, seats: int,
                                deal: int) -> None:
    """Re-deal one seat's hand and deck (same counts): no other seat's view, nor the
    spectator's, changes; every view shows only its own hand."""
    rng = Rng(seed=deal)

    def check(before: MkState, after: MkState) -> None:
        hidden = rng.below(seats)
        for viewer in (None, *range(seats)):
            v = GAME.view(after, viewer)
            assert v.hand == (None if viewer is None else sorted(after.fighters[viewer].hand))
            assert '"deck"' not in v.model_dump_json()
        other = GAME.clone(after)
        f = other.fighters[hidden]
        pool = f.hand + f.deck
        rng.shuffle(pool)
        f.hand, f.deck = pool[:len(f.hand)], pool[len(f.hand):]
        for viewer in (None, *(x for x in range(seats) if x != hidden)):
            assert GAME.view(other, viewer) == GAME.view(after, viewer)

    random_brawl(seed, agent, level, seats, check)
