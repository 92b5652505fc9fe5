"""Epic Battles decks through the shared deck module: codes, precons, built decks in play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import IllegalAction
from engine.core.decks import Deck, DeckCodeError
from engine.games.epic_battles import GAME
from engine.games.epic_battles import decks as eb_decks
from engine.games.epic_battles.data import cards, characters
from engine.games.epic_battles.model import Options
from tests.engine.games.epic_battles.helpers import play

ROSTER = sorted(characters())


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(ROSTER))
def test_every_precon_is_legal_and_round_trips_through_its_code(who: str) -> None:
    deck = eb_decks.precon(who)
    code = eb_decks.to_code(deck)
    assert code.startswith("EB1-")
    assert eb_decks.from_code(code) == deck
    assert GAME.validate_deck(deck, None) == []


def test_codes_of_the_other_game_are_refused_with_the_prefix() -> None:
    with pytest.raises(DeckCodeError, match="starts with EB1-"):
        eb_decks.from_code("MK1-AQEBAQ")


def test_the_hooks_name_cards_and_characters_by_their_printed_names() -> None:
    assert GAME.deck_names()["Sparring"] == "sparring"
    assert GAME.deck_leaders()["Sub-Zero"] == "sub_zero"
    assert len(GAME.deck_names()) == len(cards())
    assert eb_decks.validate(Deck(cards=eb_decks.precon("ryu").cards)) [0] == \
        "The deck needs a character."


def _built() -> Deck:
    """Ryu's precon with its Training swapped for more Focus, Fierce Punch, Sparring..."""
    cards_ = dict(eb_decks.precon("ryu").cards)
    n = cards_.pop("training")
    for cid in ("focus", "fierce_punch", "sparring", "snap_kick", "sweep"):
        while n and cid in cards_ and cards_[cid] < 4:
            cards_[cid] += 1
            n -= 1
    return Deck(cards=cards_, leader="ryu")


def test_a_built_deck_fixes_the_pick_and_is_the_deck_played() -> None:
    built = _built()
    assert GAME.validate_deck(built, None) == []
    s = GAME.setup(Options(decks=[eb_decks.to_code(built), ""]), 2, 3)
    assert [a.aid for a in GAME.legal(s, 0)] == ["pk-ryu"]
    assert len(GAME.legal(s, 1)) == len(characters())
    s = play(play(s, 0, "pk-ryu"), 1, "pk-ken")
    assert sorted(s.sides[0].decklist) == sorted(built.ids())
    assert sorted(s.sides[1].decklist) == sorted(eb_decks.precon("ken").ids())


def test_an_illegal_deck_is_refused_when_the_match_starts() -> None:
    bad = Deck(cards={**eb_decks.precon("ryu").cards, "hadoken": 4, "jab": 4},
               leader="ryu")
    with pytest.raises(IllegalAction, match="first player's deck is not legal"):
        GAME.setup(Options(decks=[eb_decks.to_code(bad), ""]), 2, 3)
    with pytest.raises(ValueError):
        Options(decks=["x"])
