"""Decks of cards any game can use: a model, a shareable text code, and a game hook.

A :class:`Deck` is card ids with counts (and an optional leader: a Kombatant, a hero).
:func:`encode` turns it into a short code a player can paste to a friend (a game tag, a
version, then URL-safe base64 of the packed entries and a 3-byte checksum); :func:`decode`
reads it back, refusing malformed codes with a :class:`DeckCodeError` whose reason says
what is wrong. A code is relative to a *universe*: the game's ordered list of card ids
(append new cards at the end so old codes keep their meaning).

A game that takes decks implements :class:`DeckRules` (``validate_deck``): a list of
human reasons, one per broken limit, empty when the deck is legal.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, field_validator

from engine.core.errors import IllegalAction

CODE_VERSION = 1
_NO_LEADER = 0


class DeckCodeError(IllegalAction):
    """A deck code or list that cannot be read (the reason says why)."""


class Deck(BaseModel):
    """Card ids and how many of each (all counts positive), plus an optional leader."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cards: dict[str, int]
    leader: str | None = None

    @field_validator("cards")
    @classmethod
    def _positive(cls, value: dict[str, int]) -> dict[str, int]:
        bad = [cid for cid, n in value.items() if n < 1]
        if bad:
            raise ValueError(f"counts must be positive (not for {', '.join(bad)})")
        return dict(sorted(value.items()))

    @classmethod
    def of(cls, ids: Iterable[str], leader: str | None = None) -> Deck:
        """The deck holding these card ids (repeats count)."""
        counts: dict[str, int] = {}
        for cid in ids:
            counts[cid] = counts.get(cid, 0) + 1
        return cls(cards=counts, leader=leader)

    @property
    def size(self) -> int:
        """How many cards in all."""
        return sum(self.cards.values())

    def ids(self) -> list[str]:
        """Every card id, repeated by its count, in sorted order."""
        return [cid for cid, n in self.cards.items() for _ in range(n)]


class DeckRules(Protocol):
    """The game hook for decks: what a deck must respect under the match options."""

    def validate_deck(self, deck: Deck, options: Any) -> list[str]:
        """Every broken limit as one human sentence (empty: the deck is legal)."""
        ...


class DeckBuilding(DeckRules, Protocol):
    """What a deck builder needs from a game beyond :class:`DeckRules`: the code's tag
    and universe, and the names players type (unique, case-insensitive)."""

    deck_tag: str
    """The code's game tag (``MK`` in ``MK1-...``)."""

    def deck_universe(self) -> list[str]:
        """The ordered card ids that codes refer to (new cards appended at the end)."""
        ...

    def deck_names(self) -> dict[str, str]:
        """Each card that may go in a deck: its display name -> its id."""
        ...

    def deck_leaders(self) -> dict[str, str]:
        """Each possible leader (Kombatant, hero): its name -> its id (empty: none)."""
        ...


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _read_varint(data: bytes, pos: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        if pos >= len(data) or shift > 28:
            raise DeckCodeError("This deck code is cut short or damaged.")
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, pos


def _checksum(payload: bytes) -> bytes:
    return hashlib.blake2b(payload, digest_size=3).digest()


def encode(deck: Deck, universe: Sequence[str], tag: str) -> str:
    """The short code of ``deck`` (``TAG1-...``); every card must be in ``universe``."""
    index = {cid: i for i, cid in enumerate(universe)}
    unknown = [cid for cid in deck.cards if cid not in index]
    if deck.leader is not None and deck.leader not in index:
        unknown.append(deck.leader)
    if unknown:
        raise DeckCodeError(f"Unknown card id(s): {', '.join(unknown)}.")
    body = bytearray(_varint(_NO_LEADER if deck.leader is None else index[deck.leader] + 1))
    last = -1
    for i, n in sorted((index[cid], n) for cid, n in deck.cards.items()):
        body += _varint(i - last - 1) + _varint(n - 1)
        last = i
    payload = bytes([CODE_VERSION]) + bytes(body)
    raw = payload + _checksum(payload)
    return f"{tag}{CODE_VERSION}-" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode(code: str, universe: Sequence[str], tag: str) -> Deck:
    """The deck of a code made by :func:`encode`; a clear :class:`DeckCodeError` if not."""
    text = code.strip()
    head = f"{tag}{CODE_VERSION}-"
    if not text.startswith(head):
        raise DeckCodeError(f"A deck code for this game starts with {head}")
    b64 = text[len(head):]
    if not re.fullmatch(r"[A-Za-z0-9_-]+", b64):
        raise DeckCodeError("A deck code has only letters, digits, '-' and '_' after its "
                            "prefix; check that it was copied whole.")
    try:
        raw = base64.urlsafe_b64decode(b64 + "=" * (-len(b64) % 4))
    except (binascii.Error, ValueError) as exc:
        raise DeckCodeError("This deck code is damaged (it is not valid base64).") from exc
    if len(raw) < 5:
        raise DeckCodeError("This deck code is too short to be a deck.")
    payload, check = raw[:-3], raw[-3:]
    if _checksum(payload) != check:
        raise DeckCodeError("This deck code's checksum does not match: a character was "
                            "changed or lost while copying.")
    if payload[0] != CODE_VERSION:
        raise DeckCodeError(f"Unknown deck code version {payload[0]}.")
    leader_code, pos = _read_varint(payload, 1)
    if leader_code > len(universe):
        raise DeckCodeError("This deck code names a leader this game does not have.")
    leader = None if leader_code == _NO_LEADER else universe[leader_code - 1]
    cards: dict[str, int] = {}
    last = -1
    while pos < len(payload):
        gap, pos = _read_varint(payload, pos)
        extra, pos = _read_varint(payload, pos)
        last += gap + 1
        if last >= len(universe):
            raise DeckCodeError("This deck code names a card this game does not have.")
        cards[universe[last]] = extra + 1
    return Deck(cards=cards, leader=leader)


LIST_REFUSALS: dict[str, tuple[str, str, str]] = {
    "card": ("Unknown card: {names}.", "Unknown cards: {names}.", "This list holds no cards."),
    "kard": ("Unknown kard: {names}.", "Unknown kards: {names}.", "This list holds no kards."),
}
"""A list's refusals (one unknown name, several, no card at all) in each game's word for
a card; the cogs translate these very texts (their ``reason.*`` entries)."""

ITEM = re.compile(r"^\s*(?:(\d{1,3})\s*[xX×]?\s+)?(.+?)\s*$")
"""One item of a deck list: an optional count (``3``, ``3x``, ``3 ×``), then a name."""


def parse_list(text: str, resolve: Callable[[str], str | None], *, separators: str = r"\n",
               comment: str | None = "#", word: str = "card", leader: str | None = None,
               echo: int | None = None) -> Deck:
    """A deck from a list of items such as ``3 Card Name`` or ``3x Card Name``.

    The one deck-list reader of the bot: ``separators`` is a regex of what splits items
    (one a line by default; ``[,;\n]`` for a list typed in one slash-command option),
    items starting with ``comment`` are skipped (``None``: no comments), ``word`` is how
    the game names a card in its refusals (a key of :data:`LIST_REFUSALS`: ``kard`` in
    Mortal Kombat), ``leader`` goes into the deck as is, and ``echo`` cuts what the
    player typed when a refusal repeats it. ``resolve`` maps a name to a card id
    (``None`` if unknown). Every unknown name is named in one :class:`DeckCodeError`; a
    list with no card at all is refused too.
    """
    one, many, empty = LIST_REFUSALS[word]

    def cut(typed: str) -> str:
        return typed if echo is None else typed[:echo]

    counts: dict[str, int] = {}
    unknown: list[str] = []
    for item in re.split(separators, text):
        if not item.strip() or (comment is not None and item.lstrip().startswith(comment)):
            continue
        match = ITEM.match(item)
        assert match is not None  # the pattern matches any non-blank item
        n = int(match.group(1) or 1)
        cid = resolve(match.group(2))
        if cid is None:
            unknown.append(cut(match.group(2)))
        elif n < 1:
            raise DeckCodeError(f"A count must be 1 or more ({cut(item.strip())}).")
        else:
            counts[cid] = counts.get(cid, 0) + n
    if unknown:
        said = many if len(unknown) > 1 else one
        raise DeckCodeError(said.format(names=", ".join(unknown)))
    if not counts:
        raise DeckCodeError(empty)
    return Deck(cards=counts, leader=leader)
