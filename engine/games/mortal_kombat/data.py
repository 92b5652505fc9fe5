"""The 300 kards, loaded from ``data/kards.toml`` into strict pydantic models.

``extra="forbid"`` everywhere, so a typo in the data file fails at load time. Each kard's
effects come from a closed set (:data:`EffectKind`); :mod:`effects` has one handler per
kind, checked when that module is imported. The file is read once and cached.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA_DIR = Path(__file__).resolve().parent / "data"

KardType = Literal["kombatant", "basic", "special", "defense", "se", "kombo"]
Location = Literal["high", "mid", "low", "var", "area"]
Reach = Literal["ranged", "h2h", "cq"]
Allegiance = Literal["earthworld", "outworld", "neutral"]
Finisher = Literal["fatality", "babality", "friendship"]
DefenseKind = Literal["block", "evade", "counter", "breaker"]
AttackKind = Literal["punch", "kick", "throw", "projectile"]
"""The kinds of attack the rulebook names: Kombos, burning (fuel) and Specific Counters
read them."""
Guard = Literal["high", "mid", "low", "area", "ranged", "cq", "projectile", "throw"]
EffectKind = Literal[
    "stun", "knockdown", "knockback", "movement", "followup",
    "speed", "strength", "heal", "damage", "draw", "discard",
    "vendetta", "copy_move", "break_kombo", "break_followup", "friendship",
    "teleport", "behind", "airborne", "pull", "turn",
]
KomboStep = Literal["basic", "special", "any", "punch", "kick", "throw", "projectile"]
MOVING = ("movement", "teleport")
"""Effects that carry the attacker in from Ranged distance (no step penalty)."""
ON_PLAY = ("movement", "teleport", "behind", "airborne")
"""Effects that happen as the attack is played (the others when it lands)."""


class Effect(BaseModel):
    """One effect of a kard; ``kind`` is one of the closed set, each with one handler."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: EffectKind
    value: int = 0
    target: Literal["self", "rival"] = "self"
    """Whose value a Speed/Strength modifier changes: the player's or the rival's attack."""
    turns: int = Field(default=0, ge=0, le=5)
    """Actions it lasts past its first one (a duration, shown among modifiers in force)."""
    nonaccum: bool = False
    """Nonaccumulative: only on an unmodified value, and then nothing more is added."""


class Kard(BaseModel):
    """One kard of the set."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9]{2,12}$")
    name: str
    type: KardType
    text: str
    allegiance: Allegiance | None = None
    kombatant: str | None = None
    finisher: Finisher | None = None
    location: Location | None = None
    speed: int | None = Field(default=None, ge=0, le=9)
    strength: int | None = Field(default=None, ge=0, le=12)
    hits: int = Field(default=1, ge=1, le=6)
    range: Reach = "h2h"
    kind: AttackKind | None = None
    """Punch, kick, throw or projectile (every attack has one)."""
    burns: list[AttackKind] = []
    """A multi-hit move's fuel: the kinds of attack kard it may burn (empty: any)."""
    needs: int | None = Field(default=None, ge=1, le=3)
    """A Kombo kard's exception: only its first ``needs`` later attacks are required;
    the rest may be left out (``None``: all of them, the rule)."""
    defense: DefenseKind | None = None
    guards: list[Guard] = []
    kombo: list[KomboStep] = []
    limit: int | None = Field(default=None, ge=1, le=4)
    effects: list[Effect] = []

    @model_validator(mode="after")
    def _shape(self) -> Kard:
        attack = self.type in ("basic", "special") and self.finisher is None
        if attack and (self.location is None or self.speed is None or self.strength is None
                       or self.kind is None):
            raise ValueError(f"{self.id}: an attack needs a location, Speed, Strength and kind")
        if self.needs is not None and self.needs >= len(self.kombo):
            raise ValueError(f"{self.id}: a Kombo exception leaves at least one attack out")
        kinds = [e.kind for e in self.effects]
        if len(set(kinds)) != len(kinds):
            raise ValueError(f"{self.id}: an effect kind appears twice")
        if self.burns and self.hits < 2:
            raise ValueError(f"{self.id}: only a multi-hit move burns kards")
        if self.type == "special" and self.kombatant is None:
            raise ValueError(f"{self.id}: a Special Move names its Kombatant")
        if self.type == "defense" and self.defense is None:
            raise ValueError(f"{self.id}: a Defense kard says how it defends")
        if self.type == "kombo" and not self.kombo:
            raise ValueError(f"{self.id}: a Kombo kard lists its attacks")
        if self.type == "kombatant" and self.allegiance is None:
            raise ValueError(f"{self.id}: a Kombatant has an allegiance")
        if self.strength is not None and self.strength * self.hits > 12:
            raise ValueError(f"{self.id}: a Kombo attack does 12 at most")
        return self

    @property
    def is_attack(self) -> bool:
        """A Basic Attack or a Special Move that is not a finisher."""
        return self.type in ("basic", "special") and self.finisher is None

    @property
    def is_kombo_attack(self) -> bool:
        """Counts as a Kombo (never a counterattack, never inside a Kombo)."""
        return self.hits > 1 or any(e.kind in ("followup", "stun") for e in self.effects)

    def has(self, kind: str) -> bool:
        """Whether one of its effects is ``kind``."""
        return any(e.kind == kind for e in self.effects)

    @property
    def moving(self) -> bool:
        """It carries the attacker in from Ranged distance (movement or a teleport)."""
        return any(e.kind in MOVING for e in self.effects)

    @property
    def airborne(self) -> bool:
        """The attacker is in the air (jumping, flying): no Low attack and no throw can
        counter it."""
        return self.has("airborne")


class KardFile(BaseModel):
    """The ``kards.toml`` file."""

    model_config = ConfigDict(extra="forbid")

    kards: list[Kard]

    @model_validator(mode="after")
    def _consistent(self) -> KardFile:
        ids = [k.id for k in self.kards]
        if len(set(ids)) != len(ids):
            raise ValueError("kard ids must be unique")
        fighters = {k.id for k in self.kards if k.type == "kombatant"}
        for k in self.kards:
            if k.kombatant is not None and k.kombatant not in fighters:
                raise ValueError(f"{k.id}: unknown Kombatant {k.kombatant}")
        for f in fighters:
            own = [k for k in self.kards if k.kombatant == f]
            kinds = sorted(k.finisher for k in own if k.finisher)
            if kinds != ["babality", "fatality", "friendship"]:
                raise ValueError(f"{f}: needs one Fatality, one Babality, one Friendship")
        return self


@cache
def kards() -> dict[str, Kard]:
    """Every kard by id, in file order."""
    raw = tomllib.loads((DATA_DIR / "kards.toml").read_text(encoding="utf-8"))
    return {k.id: k for k in KardFile.model_validate(raw).kards}


def kard(kid: str) -> Kard:
    """One kard by id (``KeyError`` if unknown)."""
    return kards()[kid]


@cache
def kombatants() -> dict[str, Kard]:
    """The 20 Kombatant kards by id."""
    return {k.id: k for k in kards().values() if k.type == "kombatant"}


@cache
def specials_of(kombatant: str) -> tuple[str, ...]:
    """A Kombatant's Special Moves (finishers included), in file order."""
    return tuple(k.id for k in kards().values() if k.kombatant == kombatant)


@cache
def deckable() -> tuple[str, ...]:
    """Every kard that may go in a Kombat deck (all but the Kombatant kards)."""
    return tuple(k.id for k in kards().values() if k.type != "kombatant")


def by_name(name: str) -> list[Kard]:
    """Kards whose name is ``name`` (case-insensitive); several Kombatants share names."""
    low = name.strip().lower()
    return [k for k in kards().values() if k.name.lower() == low]
