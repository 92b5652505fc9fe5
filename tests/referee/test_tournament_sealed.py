"""Sealed tournaments: the pool a seed deals, the default deck, and what a registered
deck must be (built from the pool, legal at Basic, the sealed deck's size)."""

from __future__ import annotations

import pytest

from cogs.tournaments import Tournaments
from db.base import EntrantRecord
from engine.core.decks import Deck
from referee.decks import code_of, deck_of
from referee.i18n import Refusal
from referee.tournament_sealed import check_deck, has_sealed, match_decks, pool_of

MK = "mortal_kombat"


def test_only_games_with_pools_run_sealed_and_at_basic() -> None:
    assert has_sealed(MK) and not has_sealed("sushido")
    assert Tournaments.check_create(MK, "swiss", None, None, None, True) == {
        "level": "basic", "sealed": True}
    for args, key in [((("sushido", "swiss", None, None, None, True)), "tournament.no_sealed"),
                      (((MK, "swiss", None, None, "advanced", True)), "tournament.sealed_basic")]:
        with pytest.raises(Refusal) as err:
            Tournaments.check_create(*args)
        assert err.value.key == key


def test_a_seed_deals_the_same_pool_and_its_default_deck_is_accepted() -> None:
    pool, deck = pool_of(MK, 4242)
    assert pool_of(MK, 4242) == (pool, deck) and pool_of(MK, 4243)[0] != pool
    code = code_of(MK, deck)
    assert check_deck(MK, 4242, code) == code


def test_a_deck_needs_the_pool_the_size_and_the_basic_limits() -> None:
    pool, deck = pool_of(MK, 4242)
    # a kard more often than the pool holds it
    counts = {k: pool.count(k) for k in set(pool)}
    outside = next(k for k in deck_of(MK, code_of(MK, pool_of(MK, 7)[1])).cards
                   if k not in counts)
    ids = deck.ids()
    ids[0] = outside
    with pytest.raises(Refusal) as err:
        check_deck(MK, 4242, code_of(MK, Deck.of(ids, leader=deck.leader)))
    assert err.value.key in ("tournament.sealed_not_in_pool", "tournament.sealed_illegal")
    with pytest.raises(Refusal) as err:  # too small
        check_deck(MK, 4242, code_of(MK, Deck.of(deck.ids()[:40], leader=deck.leader)))
    assert err.value.key == "tournament.sealed_size"


def test_match_decks_use_the_registered_deck_else_the_pools() -> None:
    a = EntrantRecord(tournament_id=1, user_id=1, position=1, pool=11, deck="MK1-MINE")
    b = EntrantRecord(tournament_id=1, user_id=2, position=2, pool=12)
    assert match_decks(MK, a, b) == ["MK1-MINE", code_of(MK, pool_of(MK, 12)[1])]
