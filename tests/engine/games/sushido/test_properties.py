"""Hypothesis properties over random legal play (interrupts included): termination, card
conservation, exact JSON round-trip, deterministic replay, and views blind to the cards
hidden from them (a seat's own chain included: it is face down to its owner too)."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Rng
from engine.games.sushido import GAME
from engine.games.sushido.model import AnyAction, Options, SushidoState
from engine.simulate import next_move

MAX_ACTIONS = 20_000
SETTINGS = settings(max_examples=20, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2**40)
duels = st.sampled_from(["iaijutsu", "entrainement", "rencontre"])


def play(seed: int, duel: str) -> Iterator[tuple[SushidoState, int, AnyAction]]:
    """Random legal play: yields (state before, seat, action) until the match is over."""
    s = GAME.setup(Options(duel=duel), 2, seed)  # type: ignore[arg-type]
    agent = Rng(seed=seed + 1)
    for _ in range(MAX_ACTIONS):
        if s.result is not None:
            return
        seat, action, _ = next_move(GAME, s, agent)
        yield s, seat, action
        s, _ = GAME.apply(s, seat, action)
    raise AssertionError("match did not end")


def all_cards(s: SushidoState) -> list[int]:
    """Every card in every place it can be."""
    cards = [*s.deck, *s.discard, *s.inplay]
    for x in s.seat:
        cards += [*x.hand, *x.chain, *x.revealed, *(x.commit or [])]
    if s.kata is not None:
        cards += [*s.kata.att, *s.kata.dfn]
    return cards


@SETTINGS
@given(seeds, duels)
def test_random_play_ends_with_an_outcome_within_bounds(seed: int, duel: str) -> None:
    last = None
    for n, (state, seat, action) in enumerate(play(seed, duel)):  # noqa: B007
        last = (state, seat, action)
    assert last is not None
    state, seat, action = last
    final, _ = GAME.apply(state, seat, action)
    assert final.result is not None and n < MAX_ACTIONS and GAME.prompts(final) == {}
    assert 1 <= final.round <= 5  # every round gives at least one token


@SETTINGS
@given(seeds, duels)
def test_cards_accounted_for_json_exact_and_apply_pure(seed: int, duel: str) -> None:
    state = GAME.setup(Options(duel=duel), 2, seed)  # type: ignore[arg-type]
    agent = Rng(seed=seed + 1)  # the moves of play(seed, duel), each applied once only
    for _ in range(MAX_ACTIONS):
        if state.result is not None:
            break
        if state.phase != "pick":
            cards = all_cards(state)
            assert sorted(cards) == list(range(60)), "a card was lost or duplicated"
        raw = GAME.dump(state)
        back = GAME.load(raw)
        assert back == state and GAME.dump(back) == raw
        seat, action, _ = next_move(GAME, state, agent)
        after, _ = GAME.apply(state, seat, action)
        assert GAME.dump(state) == raw, "apply mutated its input"
        state = after
    assert state.result is not None, "match did not end"


@SETTINGS
@given(seeds, duels)
def test_replay_is_deterministic(seed: int, duel: str) -> None:
    log: list[tuple[int, AnyAction]] = []
    final = None
    for state, seat, action in play(seed, duel):
        log.append((seat, action))
        final = (state, seat, action)
    assert final is not None
    end, _ = GAME.apply(*final)
    s = GAME.setup(Options(duel=duel), 2, seed)  # type: ignore[arg-type]
    for seat, action in log:
        s, _ = GAME.apply(s, seat, GAME.parse_action(action.model_dump()))
    assert GAME.dump(s) == GAME.dump(end)


def _resample(state: SushidoState, viewer: int | None, rng: Rng) -> SushidoState:
    """Permute the cards hidden from ``viewer`` among their hidden places: the deck, every
    chain (its owner's too) and the rival's hand and commit."""
    s = GAME.clone(state)
    hidden_seats = [x for x in (0, 1) if x != viewer]
    piles: list[list[int]] = [s.deck, *(x.chain for x in s.seat)]
    for x in hidden_seats:
        piles.append(s.seat[x].hand)
        if s.seat[x].commit is not None:
            piles.append(s.seat[x].commit)
    pool = [c for p in piles for c in p]
    rng.shuffle(pool)
    for p in piles:
        p[:], pool = pool[: len(p)], pool[len(p):]
    return s


@SETTINGS
@given(seeds, duels)
def test_views_do_not_change_when_hidden_cards_are_resampled(seed: int, duel: str) -> None:
    rng = Rng(seed=seed)
    for n, (state, _, _) in enumerate(play(seed, duel)):
        if n % 7:
            continue
        for viewer in (0, 1, None):
            other = _resample(state, viewer, rng)
            assert GAME.view(other, viewer) == GAME.view(state, viewer)
