"""Saved decks: what ``/deck save|list|delete|import|export|edit`` and ``/challenge deck``
share.

A player saves a deck under a name, per game (the store keeps its code, migration v005).
Nothing illegal is ever saved: a deck is read (a code, or a list of kard names), checked
at a level (each broken limit named) and only then stored. A saved deck is only its
owner's: every lookup is by the asking user's id, so someone else's deck is simply a
name that does not exist. The engine validates the deck again when a match starts.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs import ids
from cogs.router import StaticView
from db.base import ChallengeRecord, Store
from engine.core.decks import Deck
from engine.games import REGISTRY
from referee import decks
from referee.i18n import REASON_PREFIX, Refusal, t, translate_english

NAME_MAX = 32
"""A deck name's longest length."""
MAX_DECKS = 25
"""Most decks one player keeps per game (what one autocomplete list shows)."""


def check_name(name: str) -> str:
    """A deck name tidied (spaces collapsed); empty or too long names refused."""
    tidy = " ".join(name.split())
    if not tidy or len(tidy) > NAME_MAX:
        raise Refusal("decks.bad_name", max=NAME_MAX)
    return tidy


def looks_like_code(game_id: str, text: str) -> bool:
    """Whether ``text`` is written as one of the game's deck codes (``MK1-...``)."""
    return decks.is_code(game_id, text)


def read_deck(game_id: str, text: str, leader: str | None) -> Deck:
    """A deck from a code or from a list of kard names (with ``leader``)."""
    hooks = decks.builder(game_id)
    stripped = text.strip()
    if looks_like_code(game_id, stripped):
        return decks.deck_of(game_id, stripped)
    return decks.typed_deck(hooks, stripped, decks.leader_id(hooks, leader))


class DeckRefusal(Refusal):
    """A refusal naming a deck's broken limits, each in the reader's language (the
    engine words them in English; their ``reason.*`` texts translate them)."""

    def __init__(self, key: str, broken: list[str]) -> None:
        super().__init__(key, problems=" ".join(broken))
        self.broken = broken

    def text(self, locale: str) -> str:
        """The refusal in ``locale``, each limit translated."""
        words = " ".join(translate_english(p, REASON_PREFIX, locale) for p in self.broken)
        return t(locale, self.key, problems=words)


def require_legal(game_id: str, deck: Deck, level: str | None) -> None:
    """Refuse a deck that breaks a limit at ``level``, naming each one."""
    broken = decks.problems(game_id, deck, level)
    if broken:
        raise DeckRefusal("decks.illegal", broken)


async def saved(store: Any, user_id: int, game_id: str, name: str) -> Any:
    """The user's own saved deck called ``name``; a name they have not saved is refused."""
    found = await store.get_deck(user_id, game_id, name)
    if found is None:
        raise Refusal("decks.no_such", name=" ".join(name.split())[:NAME_MAX],
                      game=REGISTRY[game_id].name)
    return found


async def store_deck(store: Any, user_id: int, game_id: str, name: str, deck: Deck,
                     level: str | None) -> tuple[str, bool]:
    """Check and save ``deck`` as ``name``; returns its code and whether it is new.

    Refused (nothing saved): a bad name, a deck breaking a limit at ``level``, or a new
    deck over :data:`MAX_DECKS`."""
    tidy = check_name(name)
    require_legal(game_id, deck, level)
    code = decks.code_of(game_id, deck)
    if await store.get_deck(user_id, game_id, tidy) is None \
            and len(await store.user_decks(user_id, game_id)) >= MAX_DECKS:
        raise Refusal("decks.too_many", max=MAX_DECKS)
    return code, await store.save_deck(user_id, game_id, tidy, code)


def edited(game_id: str, deck: Deck, add: str | None, remove: str | None) -> Deck:
    """``deck`` with the kards of ``add`` added and those of ``remove`` taken out (lists of
    names with counts); removing a kard the deck does not hold is refused."""
    hooks = decks.builder(game_id)
    cards = dict(deck.cards)
    if add and add.strip():
        for cid, n in decks.typed_deck(hooks, add, None).cards.items():
            cards[cid] = cards.get(cid, 0) + n
    if remove and remove.strip():
        names = {cid: n for n, cid in hooks.deck_names().items()}
        for cid, n in decks.typed_deck(hooks, remove, None).cards.items():
            if cards.get(cid, 0) < n:
                raise Refusal("decks.not_in_deck", kard=names.get(cid, cid), n=n,
                              held=cards.get(cid, 0))
            cards[cid] -= n
    cards = {cid: n for cid, n in cards.items() if n > 0}
    if not cards:
        raise Refusal("decks.empty")
    return Deck(cards=cards, leader=deck.leader)


def name_choices(decks: list[Any], current: str) -> list[tuple[str, str]]:
    """``(label, value)`` autocomplete pairs of saved decks matching what is typed."""
    typed = current.lower().strip()
    return [(f"{d.name}"[:100], d.name) for d in decks if typed in d.name.lower()][:25]


PRECON = "~precon~" * 5
"""The deck picker's value for "the precon": longer than any saved deck's name."""


def deck_games() -> set[str]:
    """The games with decks (``/deck``)."""
    return set(decks.builders())


async def deck_picker(store: Store, ch: ChallengeRecord, loc: str) -> StaticView:
    """A select of the opponent's saved decks of the challenge's game, and the precon."""
    deck_of, leader_name = decks.deck_of, decks.leader_name

    view = StaticView()
    choices = [discord.SelectOption(label=t(loc, "lobby.precon"), value=PRECON)]
    for d in (await store.user_decks(ch.opponent_id, ch.game))[:24]:
        deck = deck_of(ch.game, d.code)
        choices.append(discord.SelectOption(
            label=d.name[:100], value=d.name[:100],
            description=t(loc, "decks.line", name=d.name, leader=leader_name(ch.game, deck),
                          size=deck.size, cards=decks.cards_word(ch.game, loc),
                          ).replace("**", "")[:100]))
    view.add_item(discord.ui.Select(custom_id=ids.make("ch", ch.id, "deck"),
                                    placeholder=t(loc, "lobby.pick_deck_placeholder"),
                                    options=choices))
    return view


async def opponent_deck_options(store: Store, ch: ChallengeRecord,
                                name: str) -> dict[str, Any]:
    """The match options once the opponent brings their saved deck ``name``: checked at
    the challenge's level, and of the same size as the challenger's deck (a challenger
    playing a precon gets one of the opponent's deck's size)."""
    deck_of, problems = decks.deck_of, decks.problems
    found = await saved(store, ch.opponent_id, ch.game, name)
    deck = deck_of(ch.game, found.code)
    broken = problems(ch.game, deck, ch.options.get("level"))
    if broken:
        raise DeckRefusal("lobby.deck_illegal", broken)
    codes = list(ch.options.get("decks") or ["", ""])
    if "deck_size" not in REGISTRY[ch.game].options_model.model_fields:
        return {"decks": [codes[0], found.code]}  # one deck size for every deck
    if codes[0] and deck.size != ch.options.get("deck_size"):
        raise Refusal("lobby.deck_sizes", mine=deck.size, theirs=ch.options.get("deck_size"))
    return {"decks": [codes[0], found.code], "deck_size": deck.size}
