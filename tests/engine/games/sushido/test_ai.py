"""Sushido's AI: the sampler only knows the view, rebuilds a coherent state, and the
agents answer every kind of decision."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import decide, make, options_of
from engine.core.rng import Rng
from engine.games.sushido.ai import ChainMemory, SushidoModel
from engine.games.sushido.data import content
from engine.games.sushido.model import SushidoState
from engine.games.sushido.rules import Sushido
from engine.simulate import next_move

GAME = Sushido()


def _at_hajime(seed: int, skip: int) -> tuple[SushidoState, int]:
    """A random match at a Hajime/reveal choice (after ``skip`` earlier ones)."""
    state = GAME.setup(GAME.parse_options({}), 2, seed)
    rng = Rng(seed=seed)
    while True:
        prompts = GAME.prompts(state)
        open_ = [s for s, p in prompts.items() if not p.committed and p.kind in
                 ("hajime", "reveal")]
        if open_ and state.result is None:
            if skip == 0:
                return state, open_[0]
            skip -= 1
        if state.result is not None:
            state = GAME.setup(GAME.parse_options({}), 2, seed + 1000)
        seat, action, _ = next_move(GAME, state, rng)
        state, _ = GAME.apply(state, seat, action)


def _reshuffle_rival(state: SushidoState, me: int, rng: random.Random) -> SushidoState:
    """The same state with the rival's hidden cards (hand, chain) and the deck redrawn."""
    new = GAME.clone(state)
    rival = new.seat[1 - me]
    hidden = [*rival.hand, *rival.chain, *new.deck]
    rng.shuffle(hidden)
    n, k = len(rival.hand), len(rival.chain)
    rival.hand, rival.chain, new.deck = hidden[:n], hidden[n:n + k], hidden[n + k:]
    return new


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 6), st.integers(0, 2**31))
def test_the_rivals_hidden_cards_do_not_reach_the_agent(seed: int, skip: int,
                                                        salt: int) -> None:
    state, me = _at_hajime(seed, skip)
    other = _reshuffle_rival(state, me, random.Random(salt))
    assert other.seat[1 - me].hand != state.seat[1 - me].hand or not state.deck
    view, view2 = GAME.view(state, me), GAME.view(other, me)
    assert view == view2  # the agent's whole input
    s1 = SushidoModel().sample(view, random.Random(7))
    s2 = SushidoModel().sample(view2, random.Random(7))
    assert s1 == s2
    for level in ("easy", "normal"):
        a1 = decide(GAME, state, me, make("sushido", level), random.Random(salt))
        a2 = decide(GAME, other, me, make("sushido", level), random.Random(salt))
        assert a1 == a2


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 8))
def test_a_sampled_state_is_coherent_with_the_view(seed: int, skip: int) -> None:
    state, me = _at_hajime(seed, skip)
    view = GAME.view(state, me)
    world = SushidoModel().sample(view, random.Random(seed))
    cards = [*world.deck, *world.discard, *world.inplay]
    for s in world.seat:
        cards += [*s.hand, *s.chain, *(s.commit or []), *s.revealed]
    assert Counter(cards) == Counter(range(len(content().cards)))
    mine = world.seat[me]
    assert mine.hand == state.seat[me].hand and mine.commit == state.seat[me].commit
    assert [len(s.chain) for s in world.seat] == [len(s.chain) for s in state.seat]
    assert len(world.deck) == len(state.deck)
    rival = 1 - me
    # The rival has taken its placed cards back: the choice stays simultaneous.
    assert world.seat[rival].commit is None
    assert len(world.seat[rival].hand) == len(state.seat[rival].hand) + len(
        state.seat[rival].commit or [])
    assert GAME.legal(world, me) == GAME.legal(state, me)


def test_chain_memory_follows_what_the_agent_sent_and_forgets_when_unsure() -> None:
    state, me = _at_hajime(4, 0)
    mem = ChainMemory()
    mem.observe(GAME.view(state, me))
    assert mem.known() == []
    mem.sent([5, 9], "first")
    assert mem.pending == [9]
    # While its cards are placed, nothing moves; once the turn resolves, 9 is in the chain.
    state.seat[me].chain = [9]
    mem.observe(GAME.view(state, me))
    assert mem.known() == [9]
    state.seat[me].chain = [9, 3]  # a card it did not send: no longer sure
    mem.observe(GAME.view(state, me))
    assert mem.known() is None
    state.seat[me].chain = []
    mem.observe(GAME.view(state, me))
    assert mem.known() == []


def test_the_agents_answer_every_decision_of_whole_matches() -> None:
    kinds: Counter[str] = Counter()
    for seed in (1, 2):
        state = GAME.setup(GAME.parse_options({"duel": "iaijutsu"}), 2, seed)
        agents = [make("sushido", "normal"), make("sushido", "easy")]
        rng = random.Random(seed)
        while state.result is None:
            seat = min(s for s, p in GAME.prompts(state).items() if not p.committed)
            kinds[GAME.prompts(state)[seat].kind] += 1
            action = decide(GAME, state, seat, agents[seat], rng)
            assert action in options_of(GAME, state, seat)
            state, _ = GAME.apply(state, seat, action)
    assert {"pick", "hajime", "reveal", "declare"} <= set(kinds)
