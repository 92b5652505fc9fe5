"""Epic Battles decks for the shared deck module (:mod:`engine.core.decks`).

A deck is an :class:`engine.core.decks.Deck` whose leader is the character; its limits
are :func:`engine.games.epic_battles.data.validate_deck` (the shared decisions page: the
character plus exactly 59 cards, at most 4 of a name, "Limit 1" cards once, the
character's universe, signature cards only with their character, at most 24 names).
Codes start with ``EB1-``. Every character's preconstructed deck is :func:`precon`.
"""

from __future__ import annotations

from engine.core.decks import Deck, decode, encode
from engine.games.epic_battles.data import cards, characters, precons, validate_deck

TAG = "EB"


FIRST_CARDS = 74
"""The cards of the first card list (before issue 28), then its 20 characters: codes made
then number them so, and what came later is appended after them."""
FIRST_CHARACTERS = 20


def universe() -> list[str]:
    """What codes refer to (append only): the first 74 card ids in data order, the first 20
    character ids, then the later card ids and the later character ids, in data order."""
    ids, chars = list(cards()), list(characters())
    return [*ids[:FIRST_CARDS], *chars[:FIRST_CHARACTERS], *ids[FIRST_CARDS:],
            *chars[FIRST_CHARACTERS:]]


def precon(character: str) -> Deck:
    """The preconstructed deck of ``character`` (legal; a ``KeyError`` if unknown)."""
    return Deck(cards=precons()[character], leader=character)


def to_code(deck: Deck) -> str:
    """The short shareable code of a deck (``EB1-...``)."""
    return encode(deck, universe(), TAG)


def from_code(code: str) -> Deck:
    """The deck of a code; :class:`engine.core.decks.DeckCodeError` names what is wrong."""
    return decode(code, universe(), TAG)


def validate(deck: Deck) -> list[str]:
    """Every broken limit of ``deck``, one sentence each (empty: legal)."""
    if deck.leader is None:
        return ["The deck needs a character."] + [
            p for p in validate_deck(deck.cards, {"character": ""})
            if not p.startswith("Unknown character")]
    return validate_deck(deck.cards, {"character": deck.leader})


def names() -> dict[str, str]:
    """Each card's printed name -> its id (names are unique)."""
    return {c.name: cid for cid, c in cards().items()}


def leaders() -> dict[str, str]:
    """Each character's name -> its id."""
    return {c.name: cid for cid, c in characters().items()}
