"""Property tests over random legal play: no errors, termination, conservation, exact JSON,
deterministic replay, short unique ids, and views that hide hands, deck order and
face-down events (a view is unchanged when everything hidden from it is redrawn)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Rng
from engine.games.epic_battles import GAME
from engine.games.epic_battles.data import characters
from engine.games.epic_battles.model import EbState, Options, SetEvent
from engine.simulate import pick

SETTINGS = settings(max_examples=8, deadline=None)
seeds = st.integers(0, 2**32)
BOUND = 5000

Check = Callable[[EbState, EbState], None]


def random_match(seed: int, agent_seed: int, check: Check | None = None,
                 rounds: int = 1) -> tuple[EbState, list[tuple[int, str]]]:
    """One random match through the public API; ``check(before, after)`` each action."""
    s = GAME.setup(Options(rounds=rounds), 2, seed)
    agent = Rng(seed=agent_seed)
    log: list[tuple[int, str]] = []
    while s.result is None:
        assert len(log) < BOUND
        open_seats = sorted(x for x, p in GAME.prompts(s).items() if not p.committed)
        assert open_seats, "nobody can act but the match is not over"
        seat = open_seats[agent.below(len(open_seats))]
        action = pick(GAME, s, seat, agent)
        new, _ = GAME.apply(s, seat, action)
        if check is not None:
            check(s, new)
        log.append((seat, action.aid))
        s = new
    return s, log


@SETTINGS
@given(seeds, seeds)
def test_random_legal_play_never_errors_and_ends(seed: int, agent: int) -> None:
    s, _ = random_match(seed, agent, rounds=3)
    assert s.result is not None and GAME.prompts(s) == {}
    assert max(x.rounds for x in s.sides) == 2 or s.result.draw


@SETTINGS
@given(seeds, seeds)
def test_cards_are_conserved_and_apply_never_mutates(seed: int, agent: int) -> None:
    def check(before: EbState, after: EbState) -> None:
        raw = GAME.dump(before)
        if after.phase == "pick" or after.result is not None:
            return
        for s, side in enumerate(after.sides):
            zones = side.deck + side.hand + side.discard + side.energy
            zones += [e.card for e in side.events]
            zones += [k.card for x in after.sides for k in x.kamidogu if k.owner == s]
            if after.strike is not None:  # the attack is in the arena until step 11
                ours = after.strike.seat == s and after.strike.step <= 11
                zones += [after.strike.card] if ours else []
                zones += after.strike.blocks if after.strike.seat != s else []
            zones += after.flipped if after.flipper == s else []
            assert Counter(zones) == Counter(side.decklist)
        assert GAME.dump(before) == raw

    random_match(seed, agent, check)


@SETTINGS
@given(seeds, seeds)
def test_json_round_trip_and_replay_are_exact(seed: int, agent: int) -> None:
    def check(_: EbState, after: EbState) -> None:
        raw = GAME.dump(after)
        assert GAME.dump(GAME.load(raw)) == raw

    s, log = random_match(seed, agent, check)
    r = GAME.setup(Options(rounds=1), 2, seed)
    for seat, aid in log:
        r, _ = GAME.act(r, seat, aid, expected_version=r.version)
    assert GAME.dump(r) == GAME.dump(s)


@SETTINGS
@given(seeds, seeds)
def test_action_ids_are_short_unique_labelled_and_parse_back(seed: int, agent: int) -> None:
    def check(before: EbState, _: EbState) -> None:
        for seat in (0, 1):
            acts = GAME.legal(before, seat)
            ids = [a.aid for a in acts]
            assert len(set(ids)) == len(ids)
            assert all(len(x) <= 40 and ":" not in x for x in ids)
            assert all(GAME.label(before, seat, a) for a in acts)
            assert all(GAME.parse_action(a.model_dump()) == a for a in acts)
            if acts:
                assert GAME.timeout_action(before, seat) in acts

    random_match(seed, agent, check)


def resample(s: EbState, viewer: int | None, rng: Rng) -> EbState:
    """Another state the viewer cannot tell apart: every hidden card redrawn among the
    hidden cards of its owner (rival hands, all decks' order, face-down events)."""
    t = GAME.clone(s)
    for o, side in enumerate(t.sides):
        mine = o == viewer
        searching = mine and t.asks and t.asks[0].kind == "search" and t.asks[0].seat == o
        secret_events = [i for i, e in enumerate(side.events) if not e.known and not mine]
        reveal_pending = any(a.kind == "reveal" and a.seat == o for a in t.asks)
        if mine or reveal_pending:
            pool = list(side.deck)
            rng.shuffle(pool)
            if not searching:
                side.deck = pool
            continue
        pool = side.deck + side.hand + [side.events[i].card for i in secret_events]
        rng.shuffle(pool)
        side.hand = pool[:len(side.hand)]
        rest = pool[len(side.hand):]
        for i in secret_events:
            side.events[i] = SetEvent(card=rest.pop())
        side.deck = rest
    if viewer is not None and s.phase == "pick":
        o = 1 - viewer
        if o in t.picks:
            t.picks[o] = rng.choice(list(characters()))
    for o in (0, 1):
        if o != viewer and o in t.commits:
            t.commits[o] = rng.below(8)
    return t


@SETTINGS
@given(seeds, seeds)
def test_views_hide_hands_deck_order_and_face_down_events(seed: int, agent: int) -> None:
    rng = Rng(seed=seed ^ agent)

    def check(_: EbState, after: EbState) -> None:
        for viewer in (0, 1, None):
            other = resample(after, viewer, rng)
            assert GAME.view(other, viewer) == GAME.view(after, viewer)

    random_match(seed, agent, check)


@SETTINGS
@given(seeds, seeds)
def test_shared_notes_are_never_changed_in_place(seed: int, agent: int) -> None:
    """Notes are made once per set of fields and shared (``effects._note``, frozen): a
    match played in place, as the bot plays it, never edits a shared note's lists, so
    every note is still the one its fields name; the events' copies are not the note's."""
    from engine.games.epic_battles.effects import _note

    s = GAME.setup(Options(rounds=3), 2, seed)
    rng = Rng(seed=agent)
    seen: dict[int, object] = {}
    while s.result is None:
        seats = sorted(x for x, p in GAME.prompts(s).items() if not p.committed)
        seat = seats[rng.below(len(seats))]
        _, s, events = GAME.perform(s, seat, pick(GAME, s, seat, rng).aid, s.version,
                                    owned=True)
        for n in s.notes:
            seen[id(n)] = n
        for e in events:
            for value in e.data.values():
                assert all(value is not getattr(n, f, None) for n in s.notes
                           for f in ("seats", "cards"))
    for n in seen.values():
        assert _note(n.key, tuple(n.seats), tuple(n.cards), n.n, n.what) is n  # type: ignore[attr-defined]
