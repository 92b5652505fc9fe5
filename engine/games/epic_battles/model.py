"""State and actions of Epic Battles (pydantic, JSON round-trip exact).

The state holds everything, hidden parts included; only :mod:`views` decides what a
viewer may see. Cards are card ids (strings). A deck's top is the *end* of its list.
The flow is a small machine: ``asks`` are pending decisions (the head one is prompted),
``todo`` are micro-steps run in order until a decision is needed (see :mod:`flow`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.core import ActionBase, BaseState, Mutable
from engine.core.chains import Chain
from engine.games.epic_battles.data import Effect

HAND_KEEP = 3
"""Cards kept at the Discard step."""
OPENING = 3
"""Cards drawn at the start of a round, and at each Draw step."""

Phase = Literal["pick", "draw", "set", "battle", "discard", "over"]


class Options(BaseModel):
    """Match options: 3 rounds (first to two, the default) or a single round; optional
    built decks (one ``EB1-...`` code per seat, ``""`` for the character's precon)."""

    model_config = ConfigDict(extra="forbid")

    rounds: int = 3
    decks: list[str] = []
    """Built deck codes per seat (empty: both play the precon of the character picked)."""

    @field_validator("decks")
    @classmethod
    def _two_or_none(cls, value: list[str]) -> list[str]:
        if value and len(value) != 2:
            raise ValueError("decks holds one code per seat (two), or nothing")
        return value

    @field_validator("rounds")
    @classmethod
    def _one_or_three(cls, value: int) -> int:
        if value not in (1, 3):
            raise ValueError("rounds must be 3 (first to two) or 1")
        return value

    @property
    def to_win(self) -> int:
        """Rounds needed to win the match."""
        return 2 if self.rounds == 3 else 1


# ---------------------------------------------------------------------------- actions
def _mask(bits: int) -> str:
    return format(bits, "x")


class Pick(ActionBase):
    """Choose a character and its preconstructed deck (secret until both picked)."""

    kind: Literal["pick"] = "pick"
    character: str

    @property
    def aid(self) -> str:
        """``pk-<character>``."""
        return f"pk-{self.character}"


class SetCards(ActionBase):
    """Set step: set these hand cards (events face down, kamidogu face up); a bit mask
    over the hand. Simultaneous secret commit."""

    kind: Literal["set"] = "set"
    mask: int = Field(ge=0)

    @property
    def aid(self) -> str:
        """``set-<hex mask>``."""
        return f"set-{_mask(self.mask)}"


class Discard(ActionBase):
    """Discard step: discard these hand cards (bit mask) to keep 3. Simultaneous commit."""

    kind: Literal["discard"] = "discard"
    mask: int = Field(ge=0)

    @property
    def aid(self) -> str:
        """``dc-<hex mask>``."""
        return f"dc-{_mask(self.mask)}"


class Flip(ActionBase):
    """At a flip window: flip these set events (bit mask over your set events; 0: none)."""

    kind: Literal["flip"] = "flip"
    mask: int = Field(ge=0)
    spare: bool = False
    """Pay sparing the energy-pile-effect cards (only offered when one is there)."""

    @property
    def aid(self) -> str:
        """``fl-<hex mask>`` (``-k``: sparing)."""
        return f"fl-{_mask(self.mask)}{'-k' if self.spare else ''}"


class Order(ActionBase):
    """Choose which of your flipped events resolves next (index in the flipped list)."""

    kind: Literal["order"] = "order"
    index: int = Field(ge=0)

    @property
    def aid(self) -> str:
        """``or-<index>``."""
        return f"or-{self.index}"


class Attack(ActionBase):
    """Play an attack from hand (to start an action, or linked in a combo)."""

    kind: Literal["attack"] = "attack"
    card: str
    spare: bool = False

    @property
    def aid(self) -> str:
        """``at-<card>`` (``-k``: sparing)."""
        return f"at-{self.card}{'-k' if self.spare else ''}"


class Pass(ActionBase):
    """Battle: pass the action; at a link: end the combo."""

    kind: Literal["pass"] = "pass"

    @property
    def aid(self) -> str:
        """``pass``."""
        return "pass"


class Block(ActionBase):
    """Step 6: block with these hand cards (bit mask; 0: do not block)."""

    kind: Literal["block"] = "block"
    mask: int = Field(ge=0)
    spare: bool = False

    @property
    def aid(self) -> str:
        """``bk-<hex mask>`` (``-k``: sparing)."""
        return f"bk-{_mask(self.mask)}{'-k' if self.spare else ''}"


class Steal(ActionBase):
    """Step 9: take control of the rival's kamidogu at ``index``, or none (-1)."""

    kind: Literal["steal"] = "steal"
    index: int = Field(ge=-1)

    @property
    def aid(self) -> str:
        """``kd-<index>`` or ``kd-none``."""
        return "kd-none" if self.index < 0 else f"kd-{self.index}"


class Search(ActionBase):
    """A search: take this card from your deck into your hand, or nothing."""

    kind: Literal["search"] = "search"
    card: str | None = None

    @property
    def aid(self) -> str:
        """``sr-<card>`` or ``sr-none``."""
        return f"sr-{self.card or 'none'}"


class Swap(ActionBase):
    """Berserk Chop: switch a hand weapon with the energy card at ``index``; or stop."""

    kind: Literal["swap"] = "swap"
    card: str | None = None
    index: int = Field(default=0, ge=0)

    @property
    def aid(self) -> str:
        """``sw-<card>-<index>`` or ``sw-stop``."""
        return f"sw-{self.card}-{self.index}" if self.card else "sw-stop"


class Reveal(ActionBase):
    """Dudley: reveal the event just drawn and set it, or keep it in hand."""

    kind: Literal["reveal"] = "reveal"
    yes: bool

    @property
    def aid(self) -> str:
        """``rv-yes`` or ``rv-no``."""
        return "rv-yes" if self.yes else "rv-no"




AnyAction = (Pick | SetCards | Discard | Flip | Order | Attack | Pass | Block | Steal
             | Search | Swap | Reveal | Chain)
Action = Annotated[AnyAction, Field(discriminator="kind")]


# ------------------------------------------------------------------------------ state
class SetEvent(BaseModel):
    """An event set face down; ``known`` when it was revealed before being set."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    card: str
    known: bool = False


class Kami(BaseModel):
    """A kamidogu in play: its controller is the side holding it, ``owner`` its owner."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    card: str
    owner: int


class Side(Mutable):
    """One seat's zones. Public: discard, energy, kamidogu, counts; secret: the rest."""


    model_config = ConfigDict(extra="forbid")

    character: str | None = None
    decklist: list[str] = []
    """The deck as built (every round starts from it)."""
    deck: list[str] = []
    """Top is the end of the list."""
    hand: list[str] = []
    discard: list[str] = []
    """Oldest first (discard piles keep their order)."""
    energy: list[str] = []
    """Oldest first."""
    events: list[SetEvent] = []
    kamidogu: list[Kami] = []
    rounds: int = 0


class Float(BaseModel):
    """A floating effect (no listed duration: it ends with the turn)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int
    effect: Effect
    source: str


class Strike(Mutable):
    """The attack being resolved through the 12 steps."""


    model_config = ConfigDict(extra="forbid")

    seat: int
    card: str
    index: int
    """1 for the first attack of an action; 2+ are combo attacks."""
    step: int = 2
    bonus: int = 0
    chip: int = 0
    blocks_needed: int = 1
    no_lower: bool = False
    unblockable: bool = False
    blocks: list[str] = []
    blocked: bool = False
    dealt: int = 0

    @classmethod
    def fresh(cls, seat: int, card: str, index: int) -> Strike:
        """What ``trusted(Strike, seat=..., card=..., index=...)`` makes (the other fields
        at their defaults), without its walk over the fields: one per attack played."""
        data = dict(_STRIKE_DEFAULTS)
        data["seat"], data["card"], data["index"], data["blocks"] = seat, card, index, []
        new = _new(cls)
        _set(new, "__dict__", data)
        _set(new, "__pydantic_fields_set__", {"seat", "card", "index"})
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new


class Note(BaseModel):
    """One public thing that happened, for the narration (the table words it in the
    reader's language): a key, the seats and cards it names, a number, an effect type.
    Only public facts go in a note (see :mod:`effects`, :func:`note`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str
    seats: list[int] = []
    cards: list[str] = []
    n: int = 0
    what: str = ""

    @classmethod
    def trusted(cls, key: str, seats: list[int], cards: list[str], n: int, what: str,
                ) -> Note:
        """A note from engine code, without validation (the fields have their exact
        types: what validation would keep). Notes are frozen, so they share one fields
        set (nothing ever adds to it; a copy copies it)."""
        new = _new(cls)
        _set(new, "__dict__", {"key": key, "seats": seats, "cards": cards, "n": n,
                               "what": what})
        _set(new, "__pydantic_fields_set__", NOTE_FIELDS)
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new


class Task(BaseModel):
    """A micro-step of the flow (see :mod:`flow`)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str
    seat: int = 0
    effect: Effect | None = None
    source: str = ""

    @classmethod
    def of(cls, **fields: Any) -> Self:
        """The task with these fields, validated once and then shared (it is frozen): the
        flow makes several per action."""
        made: Self = _shared(cls, tuple(fields.items()))
        return made


class Ask(BaseModel):
    """A pending decision of one seat (the head of the queue is prompted)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["flip", "order", "act", "link", "block", "steal", "search", "swap",
                  "reveal"]
    seat: int
    window: Literal["draw", "attack", ""] = ""
    left: int = 0
    """Swaps left (Berserk Chop)."""
    card: str = ""
    """The event drawn (Dudley's reveal)."""

    @classmethod
    def of(cls, **fields: Any) -> Self:
        """The ask with these fields, validated once and then shared (it is frozen): the
        flow makes several per action."""
        made: Self = _shared(cls, tuple(fields.items()))
        return made


class EbState(BaseState):
    """An Epic Battles match."""


    options: Options
    phase: Phase = "pick"
    picks: dict[int, str] = {}
    sides: list[Side]
    round: int = 1
    turn: int = 1
    turns_played: int = 0
    aggressor: int = 0
    actor: int = 0
    passes: int = 0
    commits: dict[int, int] = {}
    """Set/Discard commits (hand bit masks), secret until both are in."""
    asks: list[Ask] = []
    todo: list[Task] = []
    flipped: list[str] = []
    """Events flipped together, waiting to resolve (their owner picks the order)."""
    flipper: int = 0
    strike: Strike | None = None
    floats: list[Float] = []
    round_winners: list[list[int]] = []
    log: list[str] = []
    """Public sentences of the current turn."""
    notes: list[Note] = []
    """What the last action made happen, in order (public; emitted as ``note`` events)."""


_set = object.__setattr__
_new = object.__new__
NOTE_FIELDS = {"key", "seats", "cards", "n", "what"}
"""The fields set of every note built by engine code (notes are frozen: one shared set)."""


_STRIKE_DEFAULTS = {n: f.default for n, f in Strike.model_fields.items()}
"""A strike's fields in order, with their defaults (the required ones: ``PydanticUndefined``,
always given)."""


@lru_cache(maxsize=4096)
def set_event(cid: str, known: bool = False) -> SetEvent:
    """The set event of card ``cid`` (made once: set events are frozen)."""
    return SetEvent(card=cid, known=True) if known else SetEvent(card=cid)


@lru_cache(maxsize=4096)
def kami(cid: str, owner: int) -> Kami:
    """The kamidogu ``cid`` of ``owner`` in play (made once: they are frozen)."""
    return Kami(card=cid, owner=owner)


@lru_cache(maxsize=4096)
def _shared(cls: type[BaseModel], fields: tuple[tuple[str, Any], ...]) -> Any:
    return cls(**dict(fields))

