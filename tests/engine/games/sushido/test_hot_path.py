"""The shortcuts of a click's path agree with the generic code they replace: ``find``
(no prompt built) with :meth:`Game.find`, and the log lines with ``str`` of each value."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Game, Rng
from engine.games.sushido import GAME
from engine.games.sushido.log import line
from engine.games.sushido.model import LEGACY_AIDS, Options
from engine.simulate import next_move

BOGUS = ["super-combo", "accept", "r-both", "h-1-2", "d-kata", "nope", *LEGACY_AIDS]
duels = st.sampled_from(["iaijutsu", "entrainement", "rencontre"])


def reference_line(kind: str, data: dict[str, object]) -> str:
    """The log line as it was first written: each value as ``str`` shows it."""
    items = ", ".join([f"{k}={v}" for k, v in data.items() if k != "twin_of"])
    return f"{kind}: {items}" if items else kind


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), duel=duels)
def test_find_agrees_with_the_generic_find_at_every_step(seed: int, duel: str) -> None:
    """Every legal id, the Super Combo, legacy and unknown ids, for both seats, through a
    whole random match (interrupts included) and on the final state."""
    state = GAME.setup(Options(duel=duel), 2, seed)  # type: ignore[arg-type]
    rng = Rng(seed=seed)
    while True:
        for seat in (0, 1):
            aids = [a.aid for a in GAME.legal(state, seat)] + BOGUS
            for aid in aids:
                assert GAME.find(state, seat, aid) == Game.find(GAME, state, seat, aid)
        if state.result is not None:
            break
        seat, action, _ = next_move(GAME, state, rng)
        state, _ = GAME.apply(state, seat, action)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), duel=duels)
def test_log_lines_are_the_values_as_str_shows_them(seed: int, duel: str) -> None:
    """Every public event of a random match (cards, nested lists of cards, twins)."""
    state = GAME.setup(Options(duel=duel), 2, seed)  # type: ignore[arg-type]
    rng = Rng(seed=seed)
    kinds = set()
    while state.result is None:
        seat, action, _ = next_move(GAME, state, rng)
        state, events = GAME.apply(state, seat, action)
        for e in events:
            if e.audience is None:
                assert line(e) == reference_line(e.kind, e.data)
                kinds.add(e.kind)
    assert {"reveal", "card"} <= kinds


def test_log_lines_of_values_that_only_look_like_cards() -> None:
    """A dict with a card's keys in another order, or a bool id, is still shown as ``str``
    shows it (the table of card descriptions answers only for the exact items)."""
    from engine.core import public

    odd = [{"type": "hit", "id": 0, "symbol": "x"}, {"id": True, "type": "hit"},
           {"id": 10_000}, {"id": "3"}, [[{"id": 0}], []], ("a", 1), "text", None, 1.5]
    for value in odd:
        e = public("probe", value=value, more=[value], twin_of=[0])
        assert line(e) == reference_line(e.kind, e.data)
    for e in (public("not a kind", **{"a b": {"id": 0}}), public("k", **{"{x}": 1}),
              public("quote\"d", n=2), public("bare")):
        assert line(e) == reference_line(e.kind, e.data)
