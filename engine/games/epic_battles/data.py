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
CardType = Literal["attack", "block", "event", "kamidogu"]
Height = Literal["High", "Low"]
Subtype = Literal["punch", "kick", "throw", "projectile", "weapon", "special", "bite"]
SUBTYPES: tuple[str, ...] = get_args(Subtype)
EffectType = Literal[
    "draw", "mill", "energize", "recover", "power", "bonus", "chip", "combo_bonus",
    "multi_block", "unblockable", "strip", "drain", "swap_weapons", "search",
    "block_tax", "armor", "sharpen", "siphon", "flip_draw", "event_reveal",
]
"""The closed set of effect types; each has one handler in :mod:`effects`."""
EFFECT_TYPES: tuple[str, ...] = get_args(EffectType)
Trigger = Literal["start_draw", "start_battle", "play", "play_combo", "hit", "block",
                  "flip", "static"]
FlipTime = Literal["draw", "attack"]

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
    cost: int = Field(default=0, ge=0, le=5)
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
        if self.type == "kamidogu" and self.universe != "MK":
            raise ValueError(f"{self.id}: kamidogu are Mortal Kombat only")
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
    return out


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
    4 of a name, "Limit 1" cards once, cards of the character's universe (or any), a
    signature card only with its character, at most 24 different names.
    """
    problems: list[str] = []
    pool, chars = cards(), characters()
    who = options.get("character")
    char = chars.get(who) if isinstance(who, str) else None
    if char is None:
        problems.append(f"Unknown character {who!r}: pick one of the roster.")
    total = 0
    for cid, n in deck_counts.items():
        card = pool.get(cid)
        if card is None:
            problems.append(f"Unknown card {cid!r}.")
            continue
        total += n
        if n < 1:
            problems.append(f"{card.name}: a count must be at least 1 (got {n}).")
        if n > MAX_COPIES:
            problems.append(f"{card.name}: at most {MAX_COPIES} copies (got {n}).")
        if card.limit1 and n > 1:
            problems.append(f"{card.name} is Limit 1 per deck (got {n}).")
        if char is not None and card.universe not in ("any", char.universe):
            problems.append(f"{card.name} is a {card.universe} card; {char.name} plays "
                            f"{char.universe} cards only.")
        if card.character is not None and card.character != who:
            owner = chars[card.character].name
            problems.append(f"{card.name} belongs to {owner}'s deck only.")
    if total != DECK_SIZE:
        problems.append(f"A deck holds exactly {DECK_SIZE} cards besides the character "
                        f"(this one has {total}).")
    if len(deck_counts) > MAX_NAMES:
        problems.append(f"At most {MAX_NAMES} different cards (this deck has "
                        f"{len(deck_counts)}).")
    return problems


def decklist(counts: Mapping[str, int]) -> list[str]:
    """The card ids of a deck, one per copy, in a stable order."""
    return [cid for cid in sorted(counts) for _ in range(counts[cid])]
