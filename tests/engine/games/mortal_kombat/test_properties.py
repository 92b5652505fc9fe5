"""Property tests: random legal play never errors and ends; views hide hands and decks."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Rng
from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.model import MATCH_ROUND_CAP, ROUND_TURN_CAP, MkState, Options
from engine.simulate import pick

SETTINGS = settings(max_examples=8, deadline=None)
levels = st.sampled_from(["starter", "basic", "advanced"])
seeds = st.integers(0, 2**32)


def random_match(seed: int, agent_seed: int, level: str, check: object = None) -> MkState:
    s = GAME.setup(Options(level=level), 2, seed)  # type: ignore[arg-type]
    agent = Rng(seed=agent_seed)
    bound = MATCH_ROUND_CAP * ROUND_TURN_CAP * 40
    n = 0
    while s.result is None:
        n += 1
        assert n < bound
        open_seats = sorted(x for x, p in GAME.prompts(s).items() if not p.committed)
        seat = open_seats[agent.below(len(open_seats))]
        raw = GAME.dump(s) if callable(check) else ""
        new, _ = GAME.apply(s, seat, pick(GAME, s, seat, agent))
        if callable(check):
            assert GAME.dump(s) == raw  # apply never mutates its input
            check(s, new)
        s = new
    return s


@SETTINGS
@given(seeds, seeds, levels)
def test_random_legal_play_never_errors_and_ends(seed: int, agent: int, level: str) -> None:
    s = random_match(seed, agent, level)
    assert s.result is not None and GAME.prompts(s) == {}
    assert max(f.rounds for f in s.fighters) == 2 or len(s.round_winners) == MATCH_ROUND_CAP


@SETTINGS
@given(seeds, seeds, levels)
def test_kards_are_conserved_json_round_trips_and_apply_never_mutates(
        seed: int, agent: int, level: str) -> None:
    def check(before: MkState, after: MkState) -> None:
        assert GAME.load(GAME.dump(after)) == after
        if after.phase in ("pick", "over"):
            return
        for seat in (0, 1):
            f = after.fighters[seat]
            ex = after.exchange
            table: list[str] = []
            if ex is not None:
                if ex.attacker == seat:
                    table = [*([] if ex.copied else [ex.kard]), *([ex.kombo] if ex.kombo
                             else []), *ex.se, *ex.extra]
                else:
                    table = [*ex.dse, *([ex.defense] if ex.defense else [])]
            held = Counter(f.hand + f.deck + f.discard + table)
            assert held == Counter(f.decklist)

    raw = GAME.dump(GAME.setup(Options(level=level), 2, seed))  # type: ignore[arg-type]
    random_match(seed, agent, level, check)
    assert GAME.dump(GAME.load(raw)) == raw


@SETTINGS
@given(seeds, seeds, levels)
def test_views_never_show_a_rivals_hand_or_any_deck_order(seed: int, agent: int,
                                                         level: str) -> None:
    def check(before: MkState, after: MkState) -> None:
        for viewer in (None, 0, 1):
            text = GAME.view(after, viewer).model_dump_json()
            assert '"deck"' not in text
            v = GAME.view(after, viewer)
            assert v.hand == (None if viewer is None else sorted(after.fighters[viewer].hand))
            assert "hand=" not in repr(v.fighters)
        if after.picks:
            for seat, k in after.picks.items():
                assert GAME.view(after, 1 - seat).fighters[seat].kombatant is None
                assert k not in GAME.view(after, None).model_dump_json() or \
                    after.fighters[seat].kombatant

    random_match(seed, agent, level, check)


def test_every_legal_action_has_a_short_id_and_a_label() -> None:
    s = random_match(7, 8, "advanced")
    assert s.result is not None
    t = GAME.setup(Options(level="advanced"), 2, 1)
    seen = 0
    agent = Rng(seed=2)
    while t.result is None and seen < 400:
        for seat, p in GAME.prompts(t).items():
            if p.committed:
                continue
            for a in GAME.legal(t, seat):
                assert len(a.aid) <= 40 and ":" not in a.aid
                assert GAME.label(t, seat, a) and "seat" not in GAME.label(t, seat, a).lower()
                assert GAME.parse_action(a.model_dump()) == a
        open_seats = sorted(x for x, p in GAME.prompts(t).items() if not p.committed)
        seat = open_seats[agent.below(len(open_seats))]
        t, _ = GAME.apply(t, seat, pick(GAME, t, seat, agent))
        seen += 1


@SETTINGS
@given(seeds, seeds, levels, seeds)
def test_views_unchanged_when_hidden_kards_are_redealt(seed: int, agent: int, level: str,
                                                      deal: int) -> None:
    """Re-deal a seat's hand and deck (same counts): the other seat's and the spectator's
    views do not change, so nothing hidden reaches them."""
    rng = Rng(seed=deal)

    def check(before: MkState, after: MkState) -> None:
        for hidden in (0, 1):
            other = GAME.clone(after)
            f = other.fighters[hidden]
            pool = f.hand + f.deck
            rng.shuffle(pool)
            f.hand, f.deck = pool[:len(f.hand)], pool[len(f.hand):]
            for viewer in (None, 1 - hidden):
                assert GAME.view(other, viewer) == GAME.view(after, viewer)

    random_match(seed, agent, level, check)
