"""Decks as the referee reads and checks them, for any game whose engine builds decks: the
deck-building games, a kard's id from its typed name, a typed list or a pasted code read
into a deck, its broken limits at a level, its code, listing and leader, kard
autocompletion. Discord-free: ``/deck`` (:mod:`cogs.decks`), the saved decks
(:mod:`cogs.saved_decks`) and the sealed tournaments (:mod:`referee.tournament_sealed`) use
it.
"""

from __future__ import annotations

from typing import Any, cast

from engine.core import EngineError
from engine.core.decks import (
    ITEM,
    Deck,
    DeckBuilding,
    DeckCodeError,
    decode,
    encode,
    parse_list,
)
from engine.games import REGISTRY
from referee.i18n import t

ECHO = 80
"""At most this many characters of what a player typed are echoed back."""
LEVELS = ("starter", "basic", "advanced")


def card_word(game: DeckBuilding) -> str:
    """How the game's texts name a card (``kard`` in Mortal Kombat, else ``card``)."""
    return str(getattr(game, "card_word", "card"))


def builders() -> dict[str, DeckBuilding]:
    """The registered games that build decks."""
    return {gid: cast(DeckBuilding, g) for gid, g in REGISTRY.items()
            if hasattr(g, "deck_names") and hasattr(g, "validate_deck")}


def builder(game_id: str) -> DeckBuilding:
    """The game's deck hooks; a game without decks is refused."""
    found = builders().get(game_id)
    if found is None:
        name = REGISTRY[game_id].name if game_id in REGISTRY else game_id
        raise DeckCodeError(f"{name} has no decks to build.")
    return found


def resolve(game: DeckBuilding, name: str) -> str | None:
    """A kard's id from its name as typed (case and spacing ignored)."""
    key = " ".join(name.lower().split())
    return {n.lower(): cid for n, cid in game.deck_names().items()}.get(key)


def typed_deck(game: DeckBuilding, text: str, leader: str | None) -> Deck:
    """A deck from ``"3 Low Kick, 2x High Block; Fireball (Goro)"`` typed in one
    slash-command option: the engine's one list reader
    (:func:`engine.core.decks.parse_list`) with commas, semicolons or new lines between
    items, no comments, and the game's own word for a card. Its English
    refusal reaches the player in their language through the ``reason.*`` texts
    (:func:`referee.i18n.reason`)."""
    return parse_list(text, lambda name: resolve(game, name), separators=r"[,;\n]",
                      comment=None, word=card_word(game), leader=leader, echo=ECHO)


def leader_id(game: DeckBuilding, name: str | None) -> str | None:
    """A leader's id from its name (``None`` when not given); unknown names refused."""
    if not name:
        return None
    leaders = {n.lower(): lid for n, lid in game.deck_leaders().items()}
    found = leaders.get(" ".join(name.lower().split()))
    if found is None:
        raise DeckCodeError(f"Unknown leader: {name[:ECHO]}.")
    return found


def problems(game_id: str, deck: Deck, level: str | None) -> list[str]:
    """Every broken limit of ``deck`` at ``level`` (the game's default level if None);
    the deck size is the deck's own when the game has a size option."""
    game = REGISTRY[game_id]
    fields = game.options_model.model_fields
    raw: dict[str, Any] = {}
    if level and "level" in fields:
        raw["level"] = level
    if "deck_size" in fields:
        raw["deck_size"] = deck.size
    try:
        options = game.parse_options(raw)
    except EngineError:
        options = game.parse_options({k: v for k, v in raw.items() if k != "deck_size"})
    return builder(game_id).validate_deck(deck, options)


def code_of(game_id: str, deck: Deck) -> str:
    """The deck's shareable code."""
    game = builder(game_id)
    return encode(deck, game.deck_universe(), game.deck_tag)


def deck_of(game_id: str, code: str) -> Deck:
    """The deck of a pasted code (a malformed one is refused with its reason)."""
    game = builder(game_id)
    return decode(code.strip(), game.deck_universe(), game.deck_tag)


def listing(game_id: str, deck: Deck) -> str:
    """``3 × Low Kick`` lines, by name."""
    names = {cid: n for n, cid in builder(game_id).deck_names().items()}
    return "\n".join(f"{n} × {names.get(cid, cid)}" for cid, n in deck.cards.items())


def leader_name(game_id: str, deck: Deck) -> str:
    """The deck's leader by name (or a dash)."""
    names = {lid: n for n, lid in builder(game_id).deck_leaders().items()}
    return names.get(deck.leader or "", "—")


def kard_suggestions(game: DeckBuilding, current: str) -> list[str]:
    """Autocomplete for a kard list: the typed list with its last item completed."""
    head, sep, last = current.rpartition(",")
    match = ITEM.match(last) if last.strip() else None
    count = (match.group(1) + " ") if match and match.group(1) else ""
    typed = (match.group(2) if match else "").lower()
    prefix = f"{head}{sep} " if sep else ""
    names = [f"{prefix}{count}{n}".strip() for n in game.deck_names() if typed in n.lower()]
    return [n for n in names if len(n) <= 100][:25]  # a longer one could not be sent whole


def cards_word(game_id: str, loc: str) -> str:
    """``kards``/``cards`` (in ``loc``) for the game's deck texts."""
    return t(loc, f"deck.word.{card_word(builder(game_id))}")
