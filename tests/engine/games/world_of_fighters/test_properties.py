"""Property tests over random legal play: termination, conservation, JSON, replay, secrecy."""

from __future__ import annotations

from collections import Counter as Tally
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Rng
from engine.games.world_of_fighters import GAME
from engine.games.world_of_fighters.data import characters, deck_counts
from engine.games.world_of_fighters.model import MAX_TURNS, SUPER_HP, Commit, Options, WofState
from engine.simulate import pick

SETTINGS = settings(max_examples=25, deadline=None)
seeds = st.integers(0, 2**32)
bouts = st.sampled_from([1, 3])


def random_match(seed: int, agent_seed: int, n_bouts: int, check: Any = None) -> tuple[
        WofState, list[tuple[int, str]], list[Any]]:
    """Play one random match; call ``check(before, after)`` after every action."""
    s = GAME.setup(Options(bouts=n_bouts), 2, seed)  # type: ignore[arg-type]
    agent = Rng(seed=agent_seed)
    log: list[tuple[int, str]] = []
    events: list[Any] = []
    bound = 2 + n_bouts * MAX_TURNS * 5
    while s.result is None:
        assert len(log) < bound
        prompts = GAME.prompts(s)
        open_seats = sorted(x for x, p in prompts.items() if not p.committed)
        seat = open_seats[agent.below(len(open_seats))]
        action = pick(GAME, s, seat, agent)
        new, ev = GAME.apply(s, seat, action)
        if check is not None:
            check(s, new)
        log.append((seat, action.aid))
        events.append(ev)
        s = new
    return s, log, events


@SETTINGS
@given(seeds, seeds, bouts)
def test_random_play_terminates_with_an_outcome(seed: int, agent: int, n: int) -> None:
    s, _log, _ = random_match(seed, agent, n)
    assert s.result is not None and GAME.prompts(s) == {}
    assert s.turns_played <= n * MAX_TURNS and len(s.bout_winners) <= n


@SETTINGS
@given(seeds, seeds, bouts)
def test_cards_are_conserved_and_apply_never_mutates(seed: int, agent: int, n: int) -> None:
    full = Tally(deck_counts())

    def check(before: WofState, after: WofState) -> None:
        raw = GAME.dump(before)
        asked = sorted(x for x, p in GAME.prompts(after).items() if not p.committed)
        assert GAME.view(after, None).to_act == asked
        if after.phase == "pick":  # the deck is built when both fighters are known
            assert not after.deck and not any(f.hand for f in after.fighters)
            return
        tally = Tally(after.deck) + Tally(after.discard) + Tally(after.table.values())
        for f in after.fighters:
            tally += Tally(f.hand)
            assert len(f.hand) <= 3
        assert tally == full
        assert GAME.dump(before) == raw  # the input state is untouched
        assert all(0 <= f.hp <= 20 for f in after.fighters)

    random_match(seed, agent, n, check)


@SETTINGS
@given(seeds, seeds)
def test_json_round_trip_is_exact(seed: int, agent: int) -> None:
    def check(_: WofState, after: WofState) -> None:
        raw = GAME.dump(after)
        back = GAME.load(raw)
        assert back == after and GAME.dump(back) == raw

    random_match(seed, agent, 3, check)


@SETTINGS
@given(seeds, seeds, bouts)
def test_replay_is_deterministic(seed: int, agent: int, n: int) -> None:
    s, log, events = random_match(seed, agent, n)
    r = GAME.setup(Options(bouts=n), 2, seed)  # type: ignore[arg-type]
    for (seat, aid), ev in zip(log, events, strict=True):
        r, ev2 = GAME.act(r, seat, aid, expected_version=r.version)
        assert ev2 == ev
    assert GAME.dump(r) == GAME.dump(s)


@SETTINGS
@given(seeds, seeds)
def test_action_ids_are_short_unique_and_labelled(seed: int, agent: int) -> None:
    def check(before: WofState, _: WofState) -> None:
        for seat in (0, 1):
            acts = GAME.legal(before, seat)
            aids = [a.aid for a in acts]
            assert len(set(aids)) == len(aids)
            assert all(len(x) <= 40 and ":" not in x for x in aids)
            assert all(GAME.label(before, seat, a) for a in acts)
            assert all(GAME.parse_action(a.model_dump()) == a for a in acts)

    random_match(seed, agent, 1, check)


def resample(s: WofState, viewer: int | None, rng: Rng) -> WofState:
    """Another state the viewer cannot tell apart: hidden cards and choices redrawn."""
    t = GAME.clone(s)
    hidden = [x for x in (0, 1) if x != viewer]
    for o in hidden:
        f = t.fighters[o]
        pool = t.deck + f.hand + ([t.table[o]] if o in t.table else [])
        rng.shuffle(pool)
        f.hand = pool[: len(f.hand)]
        rest = pool[len(f.hand):]
        if o in t.table:
            t.table[o], rest = rest[0], rest[1:]
        t.deck = rest
        if o in t.picks:
            t.picks[o] = rng.choice(list(characters()))
        if o in t.commits:
            moves = [m for m in (1, 2, 3) if m != f.last_move]
            card = rng.choice(f.hand)
            sup = characters()[f.character or "rocco"].super
            call = card == sup.card and f.hp <= SUPER_HP and not f.super_used
            t.commits[o] = Commit(move=rng.choice(moves), card=card,
                                  call_super=call and rng.below(2) == 1)
    if viewer is None:
        t.deck.reverse()
    return t


@SETTINGS
@given(seeds, seeds)
def test_views_unchanged_when_hidden_cards_are_resampled(seed: int, agent: int) -> None:
    rng = Rng(seed=seed ^ agent)

    def check(_: WofState, after: WofState) -> None:
        for viewer in (0, 1, None):
            other = resample(after, viewer, rng)
            assert GAME.view(other, viewer) == GAME.view(after, viewer)

    random_match(seed, agent, 1, check)
