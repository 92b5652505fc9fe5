"""Game content loaded from ``data/*.toml`` into strict pydantic models (``extra="forbid"``).

A closed set of activated effect types (:data:`EffectType`); each has exactly one handler
in :mod:`engine.games.kingdom_of_loathing.effects` (checked when that module is imported).
Passive things (maneuver icons, element resistances, extra meat drop) are card fields.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA_DIR = Path(__file__).resolve().parent / "data"

Element = Literal["sleaze", "spooky", "hot", "cold", "stench"]
ELEMENTS: tuple[Element, ...] = ("sleaze", "spooky", "hot", "cold", "stench")
EffectType = Literal["damage", "reduce", "gear_damage", "spell", "count_damage", "meat",
                     "draw", "mojo", "stat", "upgrade", "pulverize", "dive"]
"""``damage``/``reduce``/``gear_damage``/``spell``/``count_damage`` are combat effects,
the rest non-combat. ``gear_damage``: the power of the equipped ``slot`` (``all``: of
every equipped piece) plus ``amount``; ``count_damage``: ``amount`` plus ``each`` per card
of type ``per`` in the display case (an item kind or a skill subtype); ``upgrade``: the
lowest ``stat`` card of the discard pile becomes one value higher; ``pulverize``: an item
with power goes to the Heap and a ``stat`` card of that value (4 at most) comes;
``dive``: the Heap's top item, if it has a price, for free."""
COMBAT_EFFECTS = ("damage", "reduce", "gear_damage", "spell", "count_damage")
Slot = Literal["weapon", "hat", "pants", "all"]
Counted = Literal["weapon", "hat", "pants", "food", "booze", "combat", "skill", "spell",
                  "song", "craft"]
ItemKind = Literal["weapon", "hat", "pants", "food", "booze", "combat"]
EQUIPMENT = ("weapon", "hat", "pants")
SkillKind = Literal["combat", "spell", "noncombat", "buff", "passive"]
STAT_NAMES = {"mu": "Muscle", "my": "Mysticality", "mx": "Moxie"}


class Icons(BaseModel):
    """Maneuver bonus icons: Melee, Spell, Ranged, Evade (defense)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    melee: int = Field(default=0, ge=0, le=6)
    spell: int = Field(default=0, ge=0, le=6)
    ranged: int = Field(default=0, ge=0, le=6)
    evade: int = Field(default=0, ge=0, le=6)

    def get(self, maneuver: str) -> int:
        """The bonus for one maneuver."""
        value: int = getattr(self, maneuver)
        return value


class Effect(BaseModel):
    """One activated effect. ``amount`` meaning depends on ``type``; ``vs`` are element
    modifiers (damage and reductions); ``stat`` a stat code for ``type="stat"``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: EffectType
    amount: int = Field(default=0, ge=0, le=12)
    vs: dict[Element, int] = {}
    stat: str = ""
    slot: Slot = "weapon"
    """``gear_damage``: whose power counts."""
    per: Counted | None = None
    """``count_damage``: the card type counted."""
    each: int = Field(default=1, ge=1, le=3)
    """``count_damage``: damage per counted card."""

    @model_validator(mode="after")
    def _check(self) -> Effect:
        if self.type == "stat" and self.stat not in {f"{s}{v}" for s in STAT_NAMES
                                                     for v in range(1, 5)}:
            raise ValueError("a stat effect needs a stat code like mu2")
        if self.type in ("upgrade", "pulverize") and self.stat not in STAT_NAMES:
            raise ValueError("upgrade and pulverize name a stat: mu, my or mx")
        if (self.type == "count_damage") != (self.per is not None):
            raise ValueError("count_damage (only) counts a card type")
        return self

    @property
    def combat(self) -> bool:
        """Whether it is used in combat (else in the non-combat phase)."""
        return self.type in COMBAT_EFFECTS


class Item(BaseModel):
    """An item side (or a newbie item)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    kind: ItemKind
    attack: Literal["melee", "ranged", ""] = ""
    power: int = Field(default=0, ge=0, le=8)
    icons: Icons = Icons()
    resist: dict[Element, int] = {}
    """Passive: added to Evasion against a monster of that element (when equipped)."""
    meat_drop: int = Field(default=0, ge=0, le=3)
    effect: Effect | None = None
    autosell: int = Field(ge=0, le=10)
    cost: int | None = Field(default=None, ge=1, le=15)
    """Heap price; ``None``: cannot be bought from the Heap."""
    text: str

    @model_validator(mode="after")
    def _check(self) -> Item:
        equip = self.kind in EQUIPMENT
        if equip and self.effect is not None:
            raise ValueError("equipment is passive")
        if not equip and (self.effect is None or self.power or self.resist
                          or self.icons != Icons() or self.meat_drop):
            raise ValueError("consumables have one effect and no passives")
        if self.kind in ("food", "booze") and self.effect and self.effect.combat:
            raise ValueError("food and booze are non-combat")
        if self.kind == "combat" and self.effect and not self.effect.combat:
            raise ValueError("combat items have a combat effect")
        if (self.kind == "weapon") != bool(self.attack):
            raise ValueError("weapons (only) have an attack type")
        return self


class Monster(BaseModel):
    """A monster side: where it lives, its power, element and loot."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    power: int = Field(ge=1, le=20)
    element: Element | None = None
    meat: int = Field(ge=0, le=12)
    stat: str = Field(pattern=r"^(mu|my|mx)[1-4]$")
    """The stat pile its loot draws from."""
    text: str


class MonsterCard(BaseModel):
    """A two-sided card."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^k[0-9]{2}$")
    location: int = Field(ge=0, le=8)
    monster: Monster
    item: Item


class Location(BaseModel):
    """A map location."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    tier: int = Field(ge=1, le=3)


class Skill(BaseModel):
    """A class skill."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^s[0-9]{2}$")
    name: str
    cls: Literal["seal", "turtle", "pasta", "sauce", "disco", "accordion"]
    kind: SkillKind
    subtype: Literal["skill", "spell", "song", "craft"] = "skill"
    cost: int = Field(ge=1, le=15)
    """Meat to train it."""
    mojo: int = Field(default=0, ge=0, le=8)
    """Activation or Buff cost (spells: the minimum of 1 is implied)."""
    icons: Icons = Icons()
    resist: dict[Element, int] = {}
    meat_drop: int = Field(default=0, ge=0, le=3)
    needs: Literal["", "melee", "ranged"] = ""
    """Passives and Buffs: they count only while a weapon of this attack type is
    equipped."""
    effect: Effect | None = None
    text: str

    @model_validator(mode="after")
    def _check(self) -> Skill:
        active = self.kind in ("combat", "spell", "noncombat")
        if active != (self.effect is not None):
            raise ValueError("combat, spell and non-combat skills (only) have an effect")
        if self.kind == "spell" and (self.effect is None or self.effect.type != "spell"):
            raise ValueError("a spell skill has a spell effect")
        if self.kind == "combat" and self.effect and not self.effect.combat:
            raise ValueError("a combat skill has a combat effect")
        if self.kind == "noncombat" and self.effect and self.effect.combat:
            raise ValueError("a non-combat skill has a non-combat effect")
        if self.kind in ("combat", "noncombat", "buff") and self.mojo < 1:
            raise ValueError("this skill needs a mojo cost")
        if self.needs and self.kind not in ("passive", "buff"):
            raise ValueError("only passives and Buffs need a weapon type")
        return self


class StatCard(BaseModel):
    """A stat card kind: its name and the size of its pile."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    code: str = Field(pattern=r"^(mu|my|mx)[1-4]$")
    name: str
    pile: int = Field(ge=4, le=30)


class Content(BaseModel):
    """All the content files together."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    locations: list[Location] = Field(min_length=9, max_length=9)
    cards: list[MonsterCard] = Field(min_length=72, max_length=72)
    skills: list[Skill] = Field(min_length=60, max_length=60)
    stats: list[StatCard] = Field(min_length=12, max_length=12)
    newbie: list[Item] = Field(min_length=3, max_length=3)
    newbie_sets: int = Field(ge=4, le=5)
    sorceress_name: str
    sorceress_text: str

    @model_validator(mode="after")
    def _check(self) -> Content:
        for loc in range(9):
            if sum(1 for c in self.cards if c.location == loc) != 8:
                raise ValueError(f"location {loc} needs 8 cards")
        if len({c.id for c in self.cards}) != 72 or len({s.id for s in self.skills}) != 60:
            raise ValueError("duplicate card or skill id")
        for cls in ("seal", "turtle", "pasta", "sauce", "disco", "accordion"):
            if sum(1 for s in self.skills if s.cls == cls) != 10:
                raise ValueError(f"class {cls} needs 10 skills")
        if sorted(n.kind for n in self.newbie) != ["hat", "pants", "weapon"]:
            raise ValueError("newbie gear is a weapon, a hat and pants")
        if len({s.code for s in self.stats}) != 12:
            raise ValueError("one entry per stat card code")
        return self


def _read(name: str) -> dict[str, object]:
    with (DATA_DIR / name).open("rb") as fh:
        return tomllib.load(fh)


@cache
def content() -> Content:
    """The validated content (read once)."""
    raw: dict[str, object] = {}
    for name in ("map.toml", "skills.toml", "stats.toml", "newbie.toml"):
        raw.update(_read(name))
    return Content.model_validate(raw)


@cache
def cards() -> dict[str, MonsterCard]:
    """Monster/item cards by id."""
    return {c.id: c for c in content().cards}


@cache
def skills() -> dict[str, Skill]:
    """Skills by id."""
    return {s.id: s for s in content().skills}


@cache
def newbie_items() -> dict[str, Item]:
    """Newbie item instances by id: ``nw<k>``, ``nh<k>``, ``np<k>`` for set k (1-based)."""
    out: dict[str, Item] = {}
    for k in range(1, content().newbie_sets + 1):
        for item in content().newbie:
            out[f"n{item.kind[0]}{k}"] = item
    return out


def item(card: str) -> Item:
    """The item side of a card id (monster card or newbie item)."""
    if card.startswith("n"):
        return newbie_items()[card]
    return cards()[card].item


def slot(card: str) -> str | None:
    """The equipment slot of an item (``weapon``, ``hat``, ``pants``) or ``None``."""
    kind = item(card).kind
    return kind if kind in EQUIPMENT else None


@cache
def stat_piles() -> dict[str, int]:
    """Stat pile sizes by code (the whole stock, starting decks included)."""
    return {s.code: s.pile for s in content().stats}


def stat_name(code: str) -> str:
    """``Muscle 2``-style name of a stat card code."""
    return f"{STAT_NAMES[code[:2]]} {code[2]}"
