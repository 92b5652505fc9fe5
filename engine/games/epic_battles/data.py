"""Epic Battles content loaded from ``data/*.toml`` into strict pydantic models.

``extra="forbid"`` everywhere, so a typo in a data file fails at load time. Effects come
from a closed set (:data:`EffectType`); :mod:`effects` has exactly one handler per type
and checks it at import. Deck limits (the shared decisions page) live in
:func:`validate_deck`, which the shared deck module will call.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA_DIR = Path(__file__).resolve().parent / "data"

Universe = Literal["MK", "SF", "any"]
CardType = Literal["attack", "block", "event", "kamidogu", "piece"]
"""``piece``: one of the 4 pieces of a King card (they make one character together)."""
Height = Literal["High", "Low"]
Subtype = Literal["punch", "kick", "throw", "projectile", "weapon", "special", "bite"]
SUBTYPES: tuple[str, ...] = get_args(Subtype)
EffectType = Literal[
    "draw", "mill", "energize", "recover", "power", "bonus", "chip", "combo_bonus",
    "multi_block", "unblockable", "strip", "drain", "swap_weapons", "search",
    "block_tax", "armor", "sharpen", "siphon", "flip_draw", "event_reveal",
    "freeze", "pierce",
]
"""The closed set of effect types; each has one handler in :mod:`effects`."""
EFFECT_TYPES: tuple[str, ...] = get_args(EffectType)
Trigger = Literal["start_draw", "start_battle", "play", "play_combo", "hit", "block",
                  "flip", "static"]
FlipTime = Literal["draw", "attack"]
CostWhen = Literal["combo", "behind"]
"""When a variable cost changes: ``combo`` (played as the 2nd+ attack of a combo),
``behind`` (your deck holds fewer cards than your rival's)."""
UNIVERSE_NAME = {"MK": "Mortal Kombat", "SF": "Street Fighter"}
KING_PIECES = 4

DECK_SIZE = 59
MAX_COPIES = 4
MAX_NAMES = 24


class Effect(BaseModel):
    """One effect: its type, an amount, and an optional subtype filter."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: EffectType
    n: int = Field(default=1, ge=0, le=5)
    subtype: Subtype | None = None
    """For ``block_tax``: the attacks it applies to."""


class CostMod(BaseModel):
    """A variable cost printed on a card: ``n`` more (negative: less) ``when``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    when: CostWhen
    n: int = Field(ge=-3, le=3)


class Card(BaseModel):
    """One card. Fields by type: attacks have height, subtype, damage...; blocks the
    heights they stop; events a flip time; kamidogu only static effects."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9_]{1,20}$")
    name: str
    type: CardType
    universe: Universe
    text: str
    character: str | None = None
    """A signature card: only this character's decks may hold it."""
    limit1: bool = False
    only: bool = False
    """Marked "<universe> ONLY": only that universe's characters may hold it (any other
    card fits any deck)."""
    king: str | None = None
    """For a King card's piece: the King character it is a piece of."""
    cost: int = Field(default=0, ge=0, le=5)
    cost_mods: tuple[CostMod, ...] = ()
    """Where the card says its cost varies (attacks only)."""
    height: Height | None = None
    subtype: Subtype | None = None
    damage: int = Field(default=0, ge=0, le=8)
    chip: int = Field(default=0, ge=0, le=4)
    links: tuple[Subtype, ...] = ()
    on_play: tuple[Effect, ...] = ()
    """Step 2: effects when the attack is played."""
    effects: tuple[Effect, ...] = ()
    """Step 5 (attack text), step 7 (block text), an event's effect, a kamidogu's
    static effects."""
    hit: tuple[Effect, ...] = ()
    """Step 10: ``HIT -`` effects, only when the attack was not blocked."""
    energy: tuple[Effect, ...] = ()
    """Static effects while the card is in its owner's energy pile."""
    blocks: tuple[Height, ...] = ()
    """For blocks: the attack heights it stops (Parry: both)."""
    flip: FlipTime | None = None
    """For events: flipped at the start of Draw, or when you attack."""

    @model_validator(mode="after")
    def _fields_fit_type(self) -> Card:
        if self.type == "attack" and (self.height is None or self.subtype is None):
            raise ValueError(f"{self.id}: an attack needs a height and a subtype")
        if self.type != "attack" and (self.height or self.subtype or self.links
                                      or self.hit or self.on_play or self.damage):
            raise ValueError(f"{self.id}: only attacks have height, subtype, damage, links")
        if (self.type == "block") != bool(self.blocks):
            raise ValueError(f"{self.id}: blocks (and only blocks) list the heights they stop")
        if (self.type == "event") != (self.flip is not None):
            raise ValueError(f"{self.id}: events (and only events) have a flip time")
        if self.type == "kamidogu" and (self.universe != "MK" or not self.only):
            raise ValueError(f"{self.id}: kamidogu are Mortal Kombat only")
        if self.only and (self.universe == "any"
                          or f"{UNIVERSE_NAME[self.universe]} only." not in self.text):
            raise ValueError(f"{self.id}: a card marked ONLY names its universe in its text")
        if (self.type == "piece") != (self.king is not None):
            raise ValueError(f"{self.id}: pieces (and only pieces) name their King")
        if self.cost_mods and self.type != "attack":
            raise ValueError(f"{self.id}: only attacks have variable costs")
        return self


class Ability(BaseModel):
    """A character's triggered or static ability."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    trigger: Trigger
    subtype: Subtype | None = None
    """For ``play``/``hit``/``flip``: only attacks of this subtype trigger it."""
    effects: tuple[Effect, ...]


class Character(BaseModel):
    """A character card: universe, ability and its rules text."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9_]{1,16}$")
    name: str
    universe: Literal["MK", "SF"]
    text: str
    abilities: tuple[Ability, ...]
    king: bool = False
    """A King card: made of 4 pieces (cards of type ``piece``), all needed to play it."""


class CardFile(BaseModel):
    """The ``cards.toml`` file."""

    model_config = ConfigDict(extra="forbid")

    cards: list[Card]


class CharacterFile(BaseModel):
    """The ``characters.toml`` file."""

    model_config = ConfigDict(extra="forbid")

    characters: list[Character] = Field(min_length=2)


class Precon(BaseModel):
    """A preconstructed deck: a character and card counts."""

    model_config = ConfigDict(extra="forbid")

    character: str
    cards: dict[str, int]


class DeckFile(BaseModel):
    """The ``decks.toml`` file."""

    model_config = ConfigDict(extra="forbid")

    decks: list[Precon]


def _read(name: str) -> Any:
    with (DATA_DIR / name).open("rb") as fh:
        return tomllib.load(fh)


@cache
def cards() -> dict[str, Card]:
    """Every card by id, in file order (ids unique)."""
    out: dict[str, Card] = {}
    for c in CardFile.model_validate(_read("cards.toml")).cards:
        if c.id in out:
            raise ValueError(f"duplicate card id {c.id}")
        out[c.id] = c
    chars = characters()
    for c in out.values():
        if c.character is not None and c.character not in chars:
            raise ValueError(f"{c.id}: unknown character {c.character}")
        if c.king is not None and (c.king not in chars or not chars[c.king].king):
            raise ValueError(f"{c.id}: {c.king} is not a King")
    for cid, ch in chars.items():
        n = sum(1 for c in out.values() if c.king == cid)
        if ch.king and n != KING_PIECES:
            raise ValueError(f"King {cid} has {n} pieces, not {KING_PIECES}")
    return out


def pieces(king: str) -> list[str]:
    """The ids of the 4 pieces of King ``king`` (empty for another character)."""
    return [c.id for c in cards().values() if c.king == king]


@cache
def characters() -> dict[str, Character]:
    """Every character by id, in file order."""
    roster = CharacterFile.model_validate(_read("characters.toml")).characters
    out = {c.id: c for c in roster}
    if len(out) != len(roster):
        raise ValueError("duplicate character id")
    return out


@cache
def precons() -> dict[str, dict[str, int]]:
    """The preconstructed deck of every character (checked legal at load)."""
    out: dict[str, dict[str, int]] = {}
    for d in DeckFile.model_validate(_read("decks.toml")).decks:
        problems = validate_deck(d.cards, {"character": d.character})
        if problems:
            raise ValueError(f"precon {d.character}: {'; '.join(problems)}")
        out[d.character] = dict(d.cards)
    missing = set(characters()) - set(out)
    if missing:
        raise ValueError(f"no precon for {sorted(missing)}")
    return out


def validate_deck(deck_counts: Mapping[str, int], options: Mapping[str, Any]) -> list[str]:
    """Human reasons naming each broken deck limit (empty when the deck is legal).

    ``deck_counts`` maps card ids to copies; ``options["character"]`` is the character
    id. Limits (shared decisions page): exactly 59 cards besides the character, at most
    4 of a name, "Limit 1" cards once, at most 24 different names; a card marked
    "<universe> ONLY" only with that universe's characters (any other card fits any deck:
    the rulebook's Dudley deck holds Insanity and Catfight), a signature card only with
    its character. A King character needs all 4 of its pieces (once each); the pieces
    are the character, so they count neither in the 59 cards nor in the 24 names.
    """
    problems: list[str] = []
    pool, chars = cards(), characters()
    who = options.get("character")
    char = chars.get(who) if isinstance(who, str) else None
    if char is None:
        problems.append(f"Unknown character {who!r}: pick one of the roster.")
    total = names = 0
    for cid, n in deck_counts.items():
        card = pool.get(cid)
        if card is None:
            problems.append(f"Unknown card {cid!r}.")
            continue
        if n < 1:
            problems.append(f"{card.name}: a count must be at least 1 (got {n}).")
        if card.king is not None:
            if card.king != who or n != 1:
                owner = chars[card.king].name
                problems.append(f"{card.name} is a piece of {owner}'s King card: only "
                                f"{owner}'s deck holds it, once.")
            continue
        total += n
        names += 1
        if n > MAX_COPIES:
            problems.append(f"{card.name}: at most {MAX_COPIES} copies (got {n}).")
        if card.limit1 and n > 1:
            problems.append(f"{card.name} is Limit 1 per deck (got {n}).")
        if char is not None and card.only and card.universe != char.universe:
            problems.append(f"{card.name} is a {card.universe} card; {char.name} plays "
                            f"{char.universe} cards only.")
        if card.character is not None and card.character != who:
            owner = chars[card.character].name
            problems.append(f"{card.name} belongs to {owner}'s deck only.")
    if char is not None and char.king:
        missing = [pool[p].name for p in pieces(char.id) if deck_counts.get(p, 0) < 1]
        if missing:
            problems.append(f"{char.name} is a King card: the deck needs all "
                            f"{KING_PIECES} pieces (missing: {', '.join(missing)}).")
    if total != DECK_SIZE:
        problems.append(f"A deck holds exactly {DECK_SIZE} cards besides the character "
                        f"(this one has {total}).")
    if names > MAX_NAMES:
        problems.append(f"At most {MAX_NAMES} different cards (this deck has "
                        f"{names}).")
    return problems


def decklist(counts: Mapping[str, int]) -> list[str]:
    """The card ids of a deck, one per copy, in a stable order (a King's pieces are the
    character, not cards of the deck)."""
    pool = cards()
    return [cid for cid in sorted(counts) if cid not in pool or pool[cid].king is None
            for _ in range(counts[cid])]
