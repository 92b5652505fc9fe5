"""Decks in the sandbox: a deck list (pasted), a deck code, a precon or a saved deck per
seat, read by the engine's own deck parsing.

A game takes decks when its engine implements :class:`engine.core.decks.DeckBuilding`
(Mortal Kombat, Epic Battles). What a page sends for each seat is read here into the
deck code the match options hold (``options.decks``, one code per seat, ``""`` for "pick
your fighter in the match and play its precon"):

- a pasted list (``3 Low Kick, 2x High Block`` or one a line) with a leader (the
  Kombatant, the character), read by :func:`engine.core.decks.parse_list`;
- a pasted deck code (``MK1-...``), read by :func:`engine.core.decks.decode`;
- a leader alone: that leader's preconstructed deck (the game's ``precon``);
- the name of a deck saved in the sandbox (:data:`SANDBOX_USER`'s decks in the store).

The engine checks each deck again when the match starts and refuses an illegal one in
words.
"""

from __future__ import annotations

import importlib
import inspect
import re
from typing import Any, cast

from db.base import Store
from engine.core.decks import Deck, DeckBuilding, DeckCodeError, decode, encode, parse_list
from engine.games import REGISTRY
from referee.i18n import DEFAULT, Refusal, t

SANDBOX_USER = 0
"""The store's user whose saved decks the sandbox offers (a sandbox has one person)."""
ECHO = 80
"""At most this many characters of what a player typed are echoed back."""
NAME_MAX = 32


def builder(game_id: str) -> DeckBuilding | None:
    """The game's deck hooks, or None for a game without decks."""
    game = REGISTRY.get(game_id)
    if game is None or not (hasattr(game, "deck_names") and hasattr(game, "validate_deck")):
        return None
    return cast(DeckBuilding, game)


def offer(game_id: str, loc: str = DEFAULT) -> dict[str, Any] | None:
    """What the start page offers for a game's decks: the leaders (each has a precon),
    or None for a game without decks."""
    hooks = builder(game_id)
    if hooks is None:
        return None
    word = str(getattr(hooks, "card_word", "card"))
    return {"word": t(loc, f"deck.word.{word}"),
            "leaders": [{"id": lid, "name": name}
                        for name, lid in sorted(hooks.deck_leaders().items())]}


def looks_like_code(hooks: DeckBuilding, text: str) -> bool:
    """Whether ``text`` is written as one of the game's deck codes (``MK1-...``)."""
    return re.match(rf"\s*{re.escape(hooks.deck_tag)}\d+-", text, re.IGNORECASE) is not None


def leader_id(hooks: DeckBuilding, name: Any) -> str | None:
    """A leader's id from its name or id (None when not given); unknown ones refused."""
    if not name:
        return None
    leaders = hooks.deck_leaders()
    if name in leaders.values():
        return str(name)
    found = {n.lower(): lid for n, lid in leaders.items()}.get(" ".join(str(name).lower().split()))
    if found is None:
        raise DeckCodeError(f"Unknown leader: {str(name)[:ECHO]}.")
    return found


def precon(game_id: str, leader: str, size: int | None) -> Deck:
    """The preconstructed deck of ``leader`` (of ``size`` cards where the game has
    sizes), from the game's decks module."""
    hooks = builder(game_id)
    module = importlib.import_module(f"engine.games.{game_id}.decks")
    make = getattr(module, "precon", None) or getattr(hooks, "deck_precon", None)
    if make is None:
        raise DeckCodeError("This game has no preconstructed decks.")
    if size is not None and "size" in inspect.signature(make).parameters:
        return cast(Deck, make(leader, size=size))
    return cast(Deck, make(leader))


def read(game_id: str, text: str, leader: Any) -> Deck:
    """A deck from a pasted code, or from a list of card names with ``leader``."""
    hooks = builder(game_id)
    assert hooks is not None
    stripped = str(text).strip()
    if looks_like_code(hooks, stripped):
        return decode(stripped, hooks.deck_universe(), hooks.deck_tag)
    names = {n.lower(): cid for n, cid in hooks.deck_names().items()}
    word = str(getattr(hooks, "card_word", "card"))
    return parse_list(stripped, lambda n: names.get(" ".join(n.lower().split())),
                      separators=r"[,;\n]", comment="#", word=word,
                      leader=leader_id(hooks, leader), echo=ECHO)


def code(game_id: str, deck: Deck) -> str:
    """A deck's shareable code."""
    hooks = builder(game_id)
    assert hooks is not None
    return encode(deck, hooks.deck_universe(), hooks.deck_tag)


async def codes(store: Store, game_id: str, asked: Any, seats: int,
                options: dict[str, Any]) -> list[str] | None:
    """The ``decks`` option from what the page sent per seat (see the module), or None
    when no seat brings a deck (everyone picks a fighter in the match)."""
    hooks = builder(game_id)
    if hooks is None or asked in (None, [], {}):
        return None
    if not isinstance(asked, list) or len(asked) > seats:
        raise Refusal("sandbox.bad_decks")
    size = options.get("deck_size")
    out: list[str] = []
    for entry in asked + [None] * (seats - len(asked)):
        if entry is None or entry == "":
            out.append("")
            continue
        if isinstance(entry, str):
            entry = {"text": entry}
        if not isinstance(entry, dict):
            raise Refusal("sandbox.bad_decks")
        text = str(entry.get("text") or "")[:20_000]
        leader = entry.get("leader") or None
        saved = entry.get("saved") or None
        if saved:
            found = await store.get_deck(SANDBOX_USER, game_id, str(saved)[:NAME_MAX])
            if found is None:
                raise Refusal("sandbox.no_saved_deck", name=str(saved)[:NAME_MAX])
            out.append(found.code)
        elif text.strip():
            out.append(code(game_id, read(game_id, text, leader)))
        elif leader:
            lid = leader_id(hooks, leader)
            assert lid is not None
            out.append(code(game_id, precon(game_id, lid,
                                            size if isinstance(size, int) else None)))
        else:
            out.append("")
    return out if any(out) else None


async def saved(store: Store, game_id: str) -> list[dict[str, Any]]:
    """The decks saved in the sandbox for a game: name, leader and size."""
    hooks = builder(game_id)
    if hooks is None:
        return []
    names = {lid: n for n, lid in hooks.deck_leaders().items()}
    out = []
    for d in await store.user_decks(SANDBOX_USER, game_id):
        try:
            deck = decode(d.code, hooks.deck_universe(), hooks.deck_tag)
        except DeckCodeError:
            continue
        out.append({"name": d.name, "leader": names.get(deck.leader or "", ""),
                    "size": deck.size})
    return out


async def save(store: Store, game_id: str, name: Any, text: Any, leader: Any) -> Deck:
    """Keep a deck (a pasted list or code) under ``name`` in the sandbox."""
    if builder(game_id) is None:
        raise Refusal("sandbox.no_decks")
    tidy = " ".join(str(name or "").split())
    if not tidy or len(tidy) > NAME_MAX:
        raise Refusal("decks.bad_name", max=NAME_MAX)
    deck = read(game_id, str(text or ""), leader)
    await store.save_deck(SANDBOX_USER, game_id, tidy, code(game_id, deck))
    return deck
