"""Decks as the referee reads and checks them, for any game whose engine builds decks: the
deck-building games, a kard's id from its typed name, a typed list or a pasted code read
into a deck, a pasted list (one card a line, :func:`pasted_deck`) and the same list to
copy (:func:`export_text`, which reads back to the same deck), its broken limits at a
level, its code, listing and leader, kard autocompletion. Discord-free: ``/deck``
(:mod:`cogs.decks`), the saved decks (:mod:`cogs.saved_decks`) and the sealed tournaments
(:mod:`referee.tournament_sealed`) use it.
"""

from __future__ import annotations

import re
from typing import Any, cast

from engine.core import EngineError
from engine.core.decks import (
    ITEM,
    LIST_REFUSALS,
    Deck,
    DeckBuilding,
    DeckCodeError,
    decode,
    encode,
    parse_list,
)
from engine.games import REGISTRY
from referee.i18n import DEFAULT, LOCALES, Refusal, game_name, t

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


LEADER_LINE = re.compile(r"^\s*([^:\d][^:]*?)\s*:\s*(.+?)\s*$")
"""A list's leader line: ``Leader: Scorpion`` (the label in any of the catalog's languages)."""
PASTE_LINES = 12
"""At most this many unknown lines are quoted back."""


def is_code(game_id: str, text: str) -> bool:
    """Whether ``text`` is written as one of the game's deck codes (``MK1-...``)."""
    tag = re.escape(builder(game_id).deck_tag)
    return re.match(rf"\s*{tag}\d+-", text, re.IGNORECASE) is not None


def leader_words() -> set[str]:
    """The labels a leader line may start with, in every language (``leader``, ``chef``)."""
    return {t(loc, key).strip().lower() for loc in LOCALES
            for key in ("deck.leader", "cmd.deck.opt.leader.name")}


def pasted_deck(game_id: str, text: str, leader: str | None = None) -> Deck:
    """A deck pasted in ``/deck import``'s box: a deck code, or a list with one card a
    line (``3 Low Kick``, ``3x Low Kick``, ``3 × Low Kick``, blank lines and ``#`` comments
    skipped) and its leader on a ``Leader: Scorpion`` line or given as ``leader``.

    Read by the engine's one list reader (:func:`engine.core.decks.parse_list`). Refused,
    saying what is wrong: the lines naming no card of the game (each quoted, with its line
    number), two different leaders, an unknown leader, a list with no card."""
    hooks = builder(game_id)
    stripped = text.strip()
    if is_code(game_id, stripped):
        return deck_of(game_id, stripped)
    words = leader_words()
    named: str | None = None
    cards: list[str] = []
    unknown: list[tuple[int, str]] = []
    for number, line in enumerate(stripped.splitlines(), start=1):
        head = LEADER_LINE.match(line)
        if head is not None and head.group(1).lower() in words:
            named = head.group(2)
            continue
        cards.append(line)
        item = ITEM.match(line)
        if line.strip() and not line.lstrip().startswith("#") and item is not None \
                and resolve(hooks, item.group(2)) is None:
            unknown.append((number, line.strip()[:ECHO]))
    if unknown:
        raise UnknownLines(game_id, card_word(hooks), unknown)
    lid = leader_id(hooks, named) if named else None
    if leader:
        given = leader_id(hooks, leader)
        if lid is not None and given != lid:
            raise Refusal("decks.two_leaders", listed=(named or "")[:ECHO],
                          given=leader[:ECHO])
        lid = given
    if not "".join(cards).strip():
        raise DeckCodeError(LIST_REFUSALS[card_word(hooks)][2])
    return parse_list("\n".join(cards), lambda name: resolve(hooks, name), separators=r"\n",
                      comment="#", word=card_word(hooks), leader=lid, echo=ECHO)


class UnknownLines(Refusal):
    """A pasted list's lines that name no card of the game: each quoted with its line
    number, in the reader's language (at most :data:`PASTE_LINES`, then how many more)."""

    def __init__(self, game_id: str, word: str, lines: list[tuple[int, str]]) -> None:
        self.game_id, self.word, self.lines = game_id, word, lines
        super().__init__("decks.unknown_lines", **self.words(DEFAULT))

    def words(self, loc: str) -> dict[str, Any]:
        """The refusal's parameters in ``loc``."""
        quoted = [t(loc, "decks.paste_line", n=n, line=line)
                  for n, line in self.lines[:PASTE_LINES]]
        if len(self.lines) > PASTE_LINES:
            quoted.append(t(loc, "decks.paste_more", count=len(self.lines) - PASTE_LINES))
        return {"count": len(self.lines), "game": game_name(self.game_id, loc),
                "cards": t(loc, f"deck.word.{self.word}"), "lines": "\n".join(quoted)}

    def text(self, locale: str) -> str:
        """The refusal in ``locale``."""
        return t(locale, self.key, **self.words(locale))


def export_text(game_id: str, deck: Deck, loc: str) -> str:
    """A deck as a list to copy, read back by :func:`pasted_deck` to the same deck: its
    leader line (``Leader: Scorpion``, in ``loc``), then one card a line with its count
    (``3 Low Kick``), in the deck's order."""
    names = {cid: n for n, cid in builder(game_id).deck_names().items()}
    lines = [t(loc, "deck.leader_line", leader=leader_name(game_id, deck))] if deck.leader \
        else []
    return "\n".join([*lines, *(f"{n} {names.get(cid, cid)}" for cid, n in deck.cards.items())])
