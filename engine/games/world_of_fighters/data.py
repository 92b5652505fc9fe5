"""Game content loaded from ``data/*.toml`` into strict pydantic models.

``extra="forbid"`` everywhere, so a typo in a data file fails at load time. The files are
read once and cached; :func:`characters` and :func:`deck_counts` are the only entry points.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

DATA_DIR = Path(__file__).resolve().parent / "data"

Card = Literal["punch", "kick", "grapple", "block"]
"""An Action card. Cards of one type are identical, so a card is just its type."""
CARDS: tuple[Card, ...] = ("punch", "kick", "grapple", "block")
ATTACKS: tuple[Card, ...] = ("punch", "kick", "grapple")
Reach = Literal["close", "long"]


class SuperMove(BaseModel):
    """A character's one super move: its name and its requirement (card type and range)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    card: Card
    range: int = Field(ge=1, le=3)

    @property
    def code(self) -> str:
        """The rulebook's short notation, e.g. ``G.R3``."""
        return f"{self.card[0].upper()}.R{self.range}"


class Character(BaseModel):
    """A fighter: stats per card type, reach and super move."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9]{1,16}$")
    name: str
    art: str
    reach: Reach
    punch: int = Field(ge=0, le=5)
    kick: int = Field(ge=0, le=5)
    grapple: int = Field(ge=0, le=5)
    block: int = Field(ge=0, le=5)
    super: SuperMove
    joke: bool = False
    """A comic character (the roster has one)."""

    def stat(self, card: Card) -> int:
        """The stat this character adds to (or blocks with) ``card``."""
        value: int = getattr(self, card)
        return value

    @property
    def initials(self) -> str:
        """Up to two letters for small drawings (``"HW"`` for Hai Wu); remembered per name
        and id (every view shows both fighters')."""
        key = (self.name, self.id)
        got = _INITIALS.get(key)
        if got is None:
            parts = [p for p in self.name.replace("-", " ").split() if p[:1].isalpha()]
            got = _INITIALS[key] = ("".join(p[0].upper() for p in parts[:2])
                                    or self.id[:2].upper())
        return got


_INITIALS: dict[tuple[str, str], str] = {}
""":attr:`Character.initials` by name and id (characters are frozen)."""


class Roster(BaseModel):
    """The ``characters.toml`` file."""

    model_config = ConfigDict(extra="forbid")

    characters: list[Character] = Field(min_length=2)

    @field_validator("characters")
    @classmethod
    def _unique_ids(cls, value: list[Character]) -> list[Character]:
        ids = [c.id for c in value]
        if len(set(ids)) != len(ids):
            raise ValueError("duplicate character id")
        return value


class DeckSpec(BaseModel):
    """The ``deck.toml`` file: how many cards of each type the shared deck holds."""

    model_config = ConfigDict(extra="forbid")

    class Counts(BaseModel):
        """Card counts per type."""

        model_config = ConfigDict(extra="forbid")

        punch: int = Field(ge=1)
        kick: int = Field(ge=1)
        grapple: int = Field(ge=1)
        block: int = Field(ge=1)

    cards: Counts


def _read(name: str) -> object:
    with (DATA_DIR / name).open("rb") as fh:
        return tomllib.load(fh)


@cache
def characters() -> dict[str, Character]:
    """Every character by id, in file order."""
    roster = Roster.model_validate(_read("characters.toml"))
    return {c.id: c for c in roster.characters}


@cache
def deck_counts() -> dict[Card, int]:
    """Card counts of the shared Action deck, in :data:`CARDS` order."""
    spec = DeckSpec.model_validate(_read("deck.toml"))
    return {card: int(getattr(spec.cards, card)) for card in CARDS}


def full_deck() -> list[Card]:
    """The whole unshuffled deck, grouped by type."""
    return [card for card, n in deck_counts().items() for _ in range(n)]
