"""Sushido state, actions and pending tasks (all plain serializable data).

The resolution of a turn is a queue of *tasks* kept in the state: an automatic task runs
as soon as it reaches the front; a decision task waits there until its seat answers.
Nothing is ever a suspended generator, so a state can be stored and reloaded anywhere.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.core import ActionBase, BaseState, Interned, Mutable
from engine.core.chains import Chain
from engine.core.copying import deep_copy

ARENA = 8
"""Squares 0..7; -1 and 8 are the Ring Out squares of seat 0 and seat 1."""
VS_SQUARES = (3, 4)
MAX_CHAIN = 4
MAX_SUPER = 5
START_HAND = 3
TURN_DRAW = 2

Duel = Literal["iaijutsu", "entrainement", "rencontre"]
RevealChoice = Literal["none", "first", "second", "both"]

LEGACY_DECLARE = {"combo0": "combo", "combo1": "combo", "combo2": "combo"}
"""Announcements stored before "Combo!" stopped naming one of the fighter's three combos
(``d-combo0``..``d-combo2``, in action logs, seat states and live buttons). Their current
equivalent is "Combo!": the chain is checked against the fighter's combo of its size."""

LEGACY_AIDS = {f"d-{old}": f"d-{new}" for old, new in LEGACY_DECLARE.items()}
"""Old action ids still on live buttons, and the current id each one means."""


def current_declare(value: Any) -> Any:
    """An announcement as it is spelled now (``combo0``..``combo2`` become ``combo``)."""
    return LEGACY_DECLARE.get(value, value) if isinstance(value, str) else value


class Options(BaseModel):
    """Match options: the duel type."""

    model_config = ConfigDict(extra="forbid")

    duel: Duel = "entrainement"


# ----------------------------------------------------------------------------- actions
class PickFighter(ActionBase):
    """Simultaneous fighter choice at the start of the match."""

    kind: Literal["pick"] = "pick"
    fighter: str

    @property
    def aid(self) -> str:
        """Short stable id."""
        return f"f-{self.fighter}"


class Hajime(ActionBase):
    """Commit the (ordered) cards placed face down this turn."""

    kind: Literal["hajime"] = "hajime"
    cards: tuple[int, ...]

    @property
    def aid(self) -> str:
        """Short stable id (remembered per placement: a click scans up to 20 of them)."""
        cards = self.cards
        got = _HAJIME_AIDS.get(cards)
        if got is None:
            got = _HAJIME_AIDS[cards] = "h-" + "-".join(map(str, cards))
        return got


_HAJIME_AIDS: dict[tuple[int, ...], str] = {}
"""Hajime ids by placement (card ids of one deck: a few thousand at most)."""


class Reveal(ActionBase):
    """Simultaneous choice of which committed cards to reveal."""

    kind: Literal["reveal"] = "reveal"
    show: RevealChoice

    @property
    def aid(self) -> str:
        """Short stable id."""
        return f"r-{self.show}"


class Place(ActionBase):
    """Hajime and reveal in one choice: the (ordered) cards placed face down and which of
    them to reveal. Nothing is learnt between the two (a seat that has placed chooses its
    reveal at once, both stay hidden until both are in), so one decision does both."""

    kind: Literal["place"] = "place"
    cards: tuple[int, ...]
    show: RevealChoice

    @property
    def aid(self) -> str:
        """Short stable id (``p-10-51-first``)."""
        key = (self.cards, self.show)
        got = _PLACE_AIDS.get(key)
        if got is None:
            got = _PLACE_AIDS[key] = "p-" + "-".join(map(str, self.cards)) + f"-{self.show}"
        return got


_PLACE_AIDS: dict[tuple[tuple[int, ...], str], str] = {}
"""Place ids by placement and reveal."""


class Declare(ActionBase):
    """Announce ``combo`` ("Combo!" names nothing: the chain is checked against the
    fighter's combo of that many symbols), ``kata`` or ``pass`` (also P1's Kata answer)."""

    kind: Literal["declare"] = "declare"
    choice: Literal["pass", "kata", "combo"]

    _legacy = field_validator("choice", mode="before")(current_declare)

    @property
    def aid(self) -> str:
        """Short stable id."""
        return f"d-{self.choice}"


class Oppose(ActionBase):
    """Oppose the rival's Kata with one's own chain, or not."""

    kind: Literal["oppose"] = "oppose"
    yes: bool

    @property
    def aid(self) -> str:
        """Short stable id."""
        return f"o-{'y' if self.yes else 'n'}"


class Boost(ActionBase):
    """Spend 1 Super to double the effect of the Kata card about to resolve, or not."""

    kind: Literal["boost"] = "boost"
    yes: bool

    @property
    def aid(self) -> str:
        """Short stable id."""
        return f"b-{'y' if self.yes else 'n'}"


class StepDir(ActionBase):
    """One Move step: ``adv`` (toward the rival; pushes in contact) or ``ret`` (back)."""

    kind: Literal["step"] = "step"
    dir: Literal["adv", "ret"]

    @property
    def aid(self) -> str:
        """Short stable id."""
        return f"s-{self.dir}"


class Break(ActionBase):
    """Discard card ``index`` of seat ``owner``'s chain (a Block's combo breaker)."""

    kind: Literal["break"] = "break"
    owner: int
    index: int

    @property
    def aid(self) -> str:
        """Short stable id."""
        return f"k-{self.owner}-{self.index}"


class Parry(ActionBase):
    """Cancel an incoming Hit with a revealed, unplayed Block, or take it."""

    kind: Literal["parry"] = "parry"
    yes: bool

    @property
    def aid(self) -> str:
        """Short stable id."""
        return f"p-{'y' if self.yes else 'n'}"


class Play(ActionBase):
    """Play a revealed card in the action phase; ``mode`` is a Block's use."""

    kind: Literal["play"] = "play"
    card: int
    boost: bool = False
    mode: Literal["", "guard", "break"] = ""
    step: Literal["", "adv", "ret"] = ""
    """A Move played undoubled: its one step chosen with it (decision, issue 31: nothing
    happens between the play and the step, so one decision does both)."""

    @property
    def aid(self) -> str:
        """Short stable id."""
        tail = f"-{self.step}" if self.step else ""
        return f"c-{self.card}-{int(self.boost)}-{self.mode or 'x'}{tail}"


class Surplus(ActionBase):
    """The defender discards card ``index`` of its opposing chain (more cards than the Kata)."""

    kind: Literal["surplus"] = "surplus"
    index: int

    @property
    def aid(self) -> str:
        """Short stable id."""
        return f"x-{self.index}"


class Accept(ActionBase):
    """Accept the K.-O. or Ring Out instead of escaping with the Super Combo."""

    kind: Literal["accept"] = "accept"

    @property
    def aid(self) -> str:
        """Short stable id."""
        return "accept"


class UseSuperCombo(ActionBase):
    """Interrupt with the Super Combo (full gauge only, at any moment of a turn)."""

    kind: Literal["super_combo"] = "super_combo"

    @property
    def aid(self) -> str:
        """Short stable id."""
        return "super-combo"




AnyAction = (
    PickFighter | Hajime | Reveal | Place | Declare | Oppose | Boost | StepDir | Break
    | Parry | Play | Surplus | Accept | UseSuperCombo | Chain
)
Action = Annotated[AnyAction, Field(discriminator="kind")]


# ------------------------------------------------------------------------------- tasks
class _Task(Interned):
    """A pending task: frozen, built with ``of`` (validated once per content, shared)."""


class DeclareT(_Task):
    """Decision: announce Combo/Kata/pass (``answer``: P1's Kata-only answer)."""

    t: Literal["declare"] = "declare"
    seat: int
    answer: bool = False


class SeqT(_Task):
    """Automatic: resolve a seat's announced chain (Combo, or Kata)."""

    t: Literal["seq"] = "seq"
    seat: int
    answer: bool = False


class OpposeT(_Task):
    """Decision: oppose the running Kata with one's chain."""

    t: Literal["oppose"] = "oppose"
    seat: int


class KataStepT(_Task):
    """Automatic: resolve the next face-off of the running Kata."""

    t: Literal["kata_step"] = "kata_step"


class CardT(_Task):
    """Resolve one card; a decision (spend Super?) while ``boost`` is undecided."""

    t: Literal["card"] = "card"
    seat: int
    card: int
    ctx: Literal["kata", "action"]
    boost: bool | None = None
    mode: Literal["", "guard", "break"] = ""
    step: Literal["", "adv", "ret"] = ""
    """A Move's step, chosen when it was played (:class:`Play`)."""


class StepT(_Task):
    """Decision: direction of one Move step."""

    t: Literal["step"] = "step"
    seat: int
    pre: Literal["", "adv", "ret"] = ""
    """Chosen already with the Move's play: not asked again."""


class BreakT(_Task):
    """Decision: which chain card a Block discards."""

    t: Literal["break"] = "break"
    seat: int


class ParryT(_Task):
    """Decision: parry an incoming action-phase Hit with a revealed Block."""

    t: Literal["parry"] = "parry"
    seat: int
    amount: int


class PlayT(_Task):
    """Decision: which revealed card to play next in the action phase."""

    t: Literal["play"] = "play"
    seat: int


class SurplusT(_Task):
    """Decision: the defender picks an opposing chain card to discard (one per surplus card)."""

    t: Literal["surplus"] = "surplus"
    seat: int


class EscapeT(_Task):
    """Decision at the end of the turn: Super Combo to escape a K.-O. or Ring Out, or accept."""

    t: Literal["escape"] = "escape"
    seat: int


class EndTurnT(_Task):
    """Automatic: end of turn checks (K.-O., Ring Out, round and match end)."""

    t: Literal["end_turn"] = "end_turn"


Task = Annotated[
    DeclareT | SeqT | OpposeT | KataStepT | CardT | StepT | BreakT | ParryT | PlayT
    | SurplusT | EscapeT | EndTurnT,
    Field(discriminator="t"),
]


# ------------------------------------------------------------------------------- state
class Seat(Mutable):
    """Everything about one player (hidden parts are filtered by the views)."""

    model_config = ConfigDict(extra="forbid")

    fighter: str = ""
    pick: str | None = None
    life: int = 0
    gauge: int = 0
    pos: int = 0
    tokens: int = 0
    hand: list[int] = []
    chain: list[int] = []
    commit: list[int] | None = None
    reveal: RevealChoice | None = None
    revealed: list[int] = []
    declared: str = ""
    answered: bool = False
    guards: int = 0
    passive_used: bool = False

    _legacy = field_validator("declared", mode="before")(current_declare)


class KataCtx(Mutable):
    """A Kata being resolved: the attacker's cards against the defender's (if opposed)."""

    model_config = ConfigDict(extra="forbid")

    attacker: int
    att: list[int]
    dfn: list[int] = []


class SushidoState(BaseState):
    """A whole Sushido match."""

    duel: Duel
    target: int
    phase: Literal["pick", "hajime", "reveal", "resolve", "over"] = "pick"
    p1: int = 0
    round: int = 0
    turn: int = 0
    turns_total: int = 0
    seat: list[Seat]
    deck: list[int] = []
    discard: list[int] = []
    inplay: list[int] = []
    kata: KataCtx | None = None
    tasks: list[Task] = []
    last_reveal: list[list[int]] = []
    escape_offered: list[int] = []
    log: list[str] = []


def fast_copy(value: Any) -> Any:
    """A deep copy of state data that shares frozen models and immutable scalars.

    ``copy.deepcopy`` dominated the cost of an action; see :func:`engine.core.copying.deep_copy`
    (models rebuilt from their ``__dict__``, frozen models and tuples shared).
    """
    return deep_copy(value)
