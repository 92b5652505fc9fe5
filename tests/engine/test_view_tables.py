"""The tables the views and labels are drawn from (built once per process) give what the
uncached code gives, along random matches of every game."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.copying import deep_copy
from engine.games import REGISTRY
from engine.games.mortal_kombat import rules as mk_rules
from engine.games.sushido import effects as sushido_effects
from engine.games.sushido import views as sushido_views
from engine.games.sushido.data import content
from engine.games.sushido.model import Hajime
from engine.games.world_of_fighters.data import characters
from engine.simulate import walk


def test_sushido_card_tables_equal_the_cards_built_anew() -> None:
    """Every card's text and view, from the tables, equal the ones built from the content
    (twice: the second time from the filled tables)."""
    for _ in range(2):
        for c in content().cards:
            fresh = sushido_views.CardView(id=c.id, type=c.type, symbol=c.symbol,
                                           glyph=content().glyphs[c.symbol])
            assert sushido_views.card_view(c.id) == fresh
            assert sushido_effects.card_text(c.id) == sushido_effects._card_text(c.id)


def test_world_of_fighters_initials_are_remembered_as_computed() -> None:
    """``Character.initials`` from its table equals the formula, for every character."""
    for c in characters().values():
        parts = [p for p in c.name.replace("-", " ").split() if p[:1].isalpha()]
        assert c.initials == ("".join(p[0].upper() for p in parts[:2]) or c.id[:2].upper())
        assert c.initials == c.initials


def _same_copy(original: Any) -> None:
    """``deep_copy`` of a model equals ``model_copy(deep=True)`` and shares no list."""
    if original is None:
        return
    mine, theirs = deep_copy(original), original.model_copy(deep=True)
    assert mine == theirs and mine.model_dump_json() == theirs.model_dump_json()
    assert mine.model_fields_set == theirs.model_fields_set
    for name, value in original.__dict__.items():
        if isinstance(value, list):
            assert mine.__dict__[name] is not value


@settings(max_examples=10, deadline=None)
@given(game_id=st.sampled_from(sorted(REGISTRY)), seed=st.integers(0, 10_000))
def test_tables_and_copies_along_random_matches(game_id: str, seed: int) -> None:
    """At every step: each Sushido placement's and Mortal Kombat action's label equals
    the label built anew; the
    parts of a state the views copy (World of Fighters' turn record, Mortal Kombat's
    exchange, Kingdom of Loathing's combat) are copied as ``model_copy(deep=True)`` does."""
    game = REGISTRY[game_id]
    state = game.setup(game.parse_options({}), game.min_seats, seed)
    for st_ in walk(game, state, seed, 150):
        if game_id == "sushido":
            for seat in range(st_.seats):
                for action in game.legal(st_, seat):
                    if isinstance(action, Hajime):
                        fresh = " + ".join(sushido_effects._card_text(c)
                                           for c in action.cards) or "No card"
                        assert game.label(st_, seat, action) == fresh
        if game_id == "mortal_kombat":
            for seat in range(st_.seats):
                for action in game.legal(st_, seat):
                    fresh = mk_rules._label.__wrapped__(action.kind, action.a, action.b)
                    assert game.label(st_, seat, action) == fresh
        for name in ("reveal", "exchange", "combat"):
            if name in type(st_).model_fields:
                _same_copy(getattr(st_, name))
        for viewer in [*range(st_.seats), None]:
            game.view(st_, viewer)
