"""State and actions of World of Fighters (pydantic, JSON round-trip exact).

Actions are a discriminated union on ``kind``; each has a short stable ``aid`` (no ``:``)
that a Discord button can carry. The state holds everything, hidden parts included; only
:mod:`views` decides what a viewer may see.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.core import ActionBase, BaseState, Interned, Mutable
from engine.games.world_of_fighters.board import Direction, Pos
from engine.games.world_of_fighters.data import Card

MAX_HP = 20
HAND_SIZE = 3
SUPER_HP = 7
"""A super move may be called at this HP or lower."""
SUPER_SCORE = 6
"""A super move's attack score (decision: a flat 6, not added to the stat)."""
MAX_TURNS = 40
"""Turns per bout before the judges decide on HP (decision: guarantees an end)."""
MOVES = (1, 2, 3)

Phase = Literal["pick", "commit", "move", "counter", "over"]


class Options(BaseModel):
    """Match options: one bout (default) or best of three.

    ``bouts`` is an ``int`` (so ``"3"`` from a command line is accepted) limited to 1 or 3.
    """

    model_config = ConfigDict(extra="forbid")

    bouts: int = 1

    @field_validator("bouts")
    @classmethod
    def _one_or_three(cls, value: int) -> int:
        if value not in (1, 3):
            raise ValueError("bouts must be 1 or 3 (best of three)")
        return value


# ---------------------------------------------------------------------------- actions
class Pick(ActionBase):
    """Choose a character (simultaneous, hidden until both have picked)."""

    kind: Literal["pick"] = "pick"
    character: str

    @property
    def aid(self) -> str:
        """``pick-<id>``."""
        return f"pick-{self.character}"


class Commit(ActionBase):
    """Lay a Movement card and an Action card face down, maybe calling the super move."""

    kind: Literal["commit"] = "commit"
    move: int = Field(ge=1, le=3)
    card: Card
    call_super: bool = False

    @property
    def aid(self) -> str:
        """``c<move>-<card>`` with ``-s`` when the super is called."""
        return f"c{self.move}-{self.card}{'-s' if self.call_super else ''}"


class Move(ActionBase):
    """Move the revealed number of squares in one of the eight directions."""

    kind: Literal["move"] = "move"
    direction: Direction

    @property
    def aid(self) -> str:
        """``mv-<direction>``."""
        return f"mv-{self.direction}"


class Counter(ActionBase):
    """After a Block: counter with an attack card from hand, or not (``card=None``)."""

    kind: Literal["counter"] = "counter"
    card: Card | None = None

    @property
    def aid(self) -> str:
        """``ctr-<card>`` or ``ctr-none``."""
        return f"ctr-{self.card or 'none'}"


Action = Annotated[Pick | Commit | Move | Counter, Field(discriminator="kind")]
AnyAction = Pick | Commit | Move | Counter


# ------------------------------------------------------------------------------ state
class Fighter(Mutable):
    """One seat's fighter. ``hand`` is secret; everything else is public."""

    model_config = ConfigDict(extra="forbid")

    character: str | None = None
    hp: int = MAX_HP
    pos: Pos
    prev_pos: Pos | None = None
    hand: list[Card] = []
    last_move: int | None = None
    """Movement card used last turn: not available this turn."""
    super_used: bool = False
    bouts_won: int = 0


class Pending(Interned):
    """A decision in the middle of a turn's resolution (the state's queue): frozen, built
    with ``of`` (validated once per content, then shared)."""

    kind: Literal["move", "counter"]
    seat: int


class Reveal(Mutable):
    """The public record of the current (or last) turn, filled in as it resolves."""

    model_config = ConfigDict(extra="forbid")

    bout: int
    turn: int
    first: int
    moves: list[int]
    supers: list[bool]
    """Super move called, per seat (public with the Movement cards)."""
    directions: list[Direction | None] = [None, None]
    start: list[Pos]
    """Positions at the start of the turn."""
    cards: list[Card | None] = [None, None]
    """Action cards, ``None`` until they are turned over."""
    range: int | None = None
    damage: list[int] = [0, 0]
    """Damage taken per seat this turn."""
    counter: Card | None = None
    counter_seat: int | None = None
    notes: list[str] = []
    """Human sentences of what happened, in order."""


class WofState(BaseState):
    """A World of Fighters match."""

    options: Options
    phase: Phase = "pick"
    picks: dict[int, str] = {}
    """Hidden character picks (until both have picked)."""
    fighters: list[Fighter]
    deck: list[Card] = []
    discard: list[Card] = []
    commits: dict[int, Commit] = {}
    """Buffered commits: secret until both have committed."""
    table: dict[int, Card] = {}
    """Action cards face down on the table (secret until turned over)."""
    called: dict[int, bool] = {}
    """Super calls of the cards on the table (public)."""
    queue: list[Pending] = []
    bout: int = 1
    turn: int = 1
    """Turn number within the bout."""
    turns_played: int = 0
    """Turns played in the whole match."""
    first: int = 0
    reveal: Reveal | None = None
    bout_winners: list[int | None] = []
    """Winner of each finished bout (``None`` for a drawn bout)."""
