"""Sushido content: pydantic models of cards, fighters and effects, and their loader.

Content lives in ``data/deck.toml`` and ``data/fighters.toml``. Every model forbids extra
fields, so a typo in a data file fails at load time. Effects are a small discriminated
union on ``type``; each type has exactly one handler in :mod:`effects`.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA_DIR = Path(__file__).parent / "data"

CardType = Literal["super", "hit", "block", "move"]
Symbol = Literal["wave", "coral", "fin", "pearl"]
Weight = Literal["light", "medium", "heavy"]
Trigger = Literal["combo", "parry", "push", "hit", "round_start"]

LIFE: dict[str, int] = {"light": 12, "medium": 15, "heavy": 18}
"""Full life by weight class."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Damage(_Strict):
    """Deal ``amount`` damage to the rival (combo and Super Combo damage is unblockable)."""

    type: Literal["damage"] = "damage"
    amount: int = Field(ge=1)


class Push(_Strict):
    """Push the rival ``amount`` squares away from you (past the edge: Ring Out)."""

    type: Literal["push"] = "push"
    amount: int = Field(ge=1)


class Step(_Strict):
    """Move yourself ``amount`` squares toward the rival (stops at contact) or away."""

    type: Literal["step"] = "step"
    amount: int = Field(ge=1)
    toward: bool


class SuperGain(_Strict):
    """Gain ``amount`` Super (the gauge stops at 5)."""

    type: Literal["super"] = "super"
    amount: int = Field(ge=1)


class Heal(_Strict):
    """Regain ``amount`` life (never above full life)."""

    type: Literal["heal"] = "heal"
    amount: int = Field(ge=1)


class Draw(_Strict):
    """Draw ``amount`` cards."""

    type: Literal["draw"] = "draw"
    amount: int = Field(ge=1)


class Guard(_Strict):
    """Gain ``amount`` guards: each cancels one rival Hit later this turn."""

    type: Literal["guard"] = "guard"
    amount: int = Field(ge=1)


Effect = Annotated[
    Damage | Push | Step | SuperGain | Heal | Draw | Guard, Field(discriminator="type")
]
EFFECT_TYPES: tuple[type[BaseModel], ...] = (Damage, Push, Step, SuperGain, Heal, Draw, Guard)


class Combo(_Strict):
    """A fighter's combo: exact multiset of symbols and its effects."""

    name: str
    text: str
    symbols: tuple[Symbol, ...] = Field(min_length=2, max_length=4)
    ranged: bool = False
    effects: tuple[Effect, ...] = Field(min_length=1)


class Passive(_Strict):
    """A passive skill: effects applied when ``trigger`` happens (once per turn)."""

    name: str
    text: str
    trigger: Trigger
    effects: tuple[Effect, ...] = Field(min_length=1)


class SuperCombo(_Strict):
    """The Super Combo, usable at any decision point with a full gauge; ignores range."""

    name: str
    text: str
    effects: tuple[Effect, ...] = Field(min_length=1)


class Fighter(_Strict):
    """One fighter: weight class, three combos (2, 3 and 4 symbols), passive, Super Combo."""

    id: str
    name: str
    weight: Weight
    combos: tuple[Combo, Combo, Combo]
    passive: Passive
    super_combo: SuperCombo

    @model_validator(mode="after")
    def _combo_sizes(self) -> Fighter:
        sizes = sorted(len(c.symbols) for c in self.combos)
        if sizes != [2, 3, 4]:
            raise ValueError(f"{self.id}: combos must have 2, 3 and 4 symbols, got {sizes}")
        return self

    @property
    def life(self) -> int:
        """Full life for this fighter's weight class."""
        return LIFE[self.weight]


class Card(_Strict):
    """One action card (``id`` 0..59)."""

    id: int
    type: CardType
    symbol: Symbol


class CardGroup(_Strict):
    """``count`` identical cards in ``deck.toml``."""

    type: CardType
    symbol: Symbol
    count: int = Field(ge=1)


class DeckFile(_Strict):
    """The schema of ``deck.toml``."""

    symbols: dict[Symbol, str]
    cards: tuple[CardGroup, ...]


class FightersFile(_Strict):
    """The schema of ``fighters.toml``."""

    fighters: tuple[Fighter, ...]


class Content(_Strict):
    """Everything the rules need from the data files."""

    glyphs: dict[str, str]
    cards: tuple[Card, ...]
    fighters: dict[str, Fighter]

    def card(self, cid: int) -> Card:
        """The card with id ``cid``."""
        return self.cards[cid]


EXPECTED_DECK = {"super": 8, "hit": 20, "block": 20, "move": 12}


def load_deck(path: Path = DATA_DIR / "deck.toml") -> tuple[dict[str, str], tuple[Card, ...]]:
    """Parse ``deck.toml``: symbol glyphs and the 60 cards with ids in file order."""
    deck = DeckFile.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    cards: list[Card] = []
    for group in deck.cards:
        for _ in range(group.count):
            cards.append(Card(id=len(cards), type=group.type, symbol=group.symbol))
    counts = Counter(c.type for c in cards)
    if dict(counts) != EXPECTED_DECK:
        raise ValueError(f"deck must be {EXPECTED_DECK}, got {dict(counts)}")
    return {str(k): v for k, v in deck.symbols.items()}, tuple(cards)


def load_fighters(path: Path = DATA_DIR / "fighters.toml") -> dict[str, Fighter]:
    """Parse ``fighters.toml`` into fighters keyed by id."""
    parsed = FightersFile.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    fighters = {f.id: f for f in parsed.fighters}
    if len(fighters) != len(parsed.fighters):
        raise ValueError("duplicate fighter id")
    return fighters


@cache
def content() -> Content:
    """The game's content, loaded once."""
    glyphs, cards = load_deck()
    return Content(glyphs=glyphs, cards=cards, fighters=load_fighters())
