"""State, options and actions of the Mortal Kombat Kard Game (pydantic, exact JSON round-trip).

One action model (:class:`Act`) with a ``kind`` and up to two kard ids; its ``aid`` is
short and stable (``at-b03``, ``ak-b03-k01``, ``bl-d01``...). The state holds everything,
hidden parts included; only :mod:`views` decides what a viewer may see.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from engine.core import ActionBase, BaseState, Mutable, SharedTable

Level = Literal["starter", "basic", "advanced"]
Distance = Literal["ranged", "h2h"]
Phase = Literal["pick", "discard", "act", "boost", "respond", "burn", "kombo", "breaker",
                "followup", "over"]

OPENING_HAND = 9
REFILL_TO = 8
MAX_DISCARD = 2
STUN_DAMAGE = 8
KOMBO_MAX = 12
FATALITY_KP = 5
BABALITY_KP = 3
VENDETTA_BONUS = 3
BEHIND_BONUS = 1
"""Moving behind the opponent: +1 Speed on the attack (the rulebook)."""
ROUND_TURN_CAP = 80
"""Turns in a round before the round goes to the most KP (decision: guarantees an end)."""
MATCH_ROUND_CAP = 9
"""Rounds (replays included) before the match goes to the most round wins."""
BRAWL_TURN_CAP = 40
"""Turns in a Brawl round (three or more Kombatants at its start) before the most KP wins."""
MAX_SEATS = 6


class Options(BaseModel):
    """Match options: rule level, starting KP, deck size and Timer or Infinity."""

    model_config = ConfigDict(extra="forbid")

    level: Level = "basic"
    kp: int = 30
    deck_size: int = 50
    timer: Literal["timer", "infinity"] = "timer"
    decks: list[str] = []
    """Deck codes (``MK1-...``), one per seat, or none for the preconstructed decks; each
    is validated again when the match starts and fixes that seat's Kombatant. An empty
    code leaves that seat a free pick with its precon (of ``deck_size`` kards, so both
    decks are the same size: a built deck must hold ``deck_size`` kards)."""

    @field_validator("decks")
    @classmethod
    def _two(cls, value: list[str]) -> list[str]:
        if value and not 2 <= len(value) <= MAX_SEATS:
            raise ValueError("give a deck code for each of the two players (each player in a "
                             "Brawl), or none")
        return value

    @field_validator("kp")
    @classmethod
    def _kp(cls, value: int) -> int:
        if value not in (30, 40, 50):
            raise ValueError("kp must be 30, 40 or 50")
        return value

    @field_validator("deck_size")
    @classmethod
    def _size(cls, value: int) -> int:
        if value not in (50, 60):
            raise ValueError("deck_size must be 50 or 60")
        return value


ActKind = Literal["aim", "pick", "dd", "pass", "step", "at", "ak", "fx", "cm", "se", "go", "take",
                  "bl", "ev", "ct", "sc", "fr", "bn", "kn", "br", "fu"]


class Act(ActionBase):
    """Every action of the game: ``kind`` plus up to two kard ids (``a``, ``b``).

    ``pick`` a Kombatant; ``dd`` discard 0-2 kards; ``pass``; ``step`` (move before the
    action); ``at`` attack; ``ak`` attack with a Kombo kard; ``fx`` a finishing move;
    ``cm`` Copy Move; ``se`` a Special Effect; ``go`` (done adding Special Effects);
    ``take`` the hit; ``bl`` block; ``ev`` evade; ``ct`` counterattack; ``sc`` Specific
    Counter; ``fr`` Friendship; ``bn`` burn a kard (``a`` None: stop); ``kn`` the next
    kard of a Kombo; ``br`` a breaker (``a`` None: none); ``fu`` a Follow-up (or none).
    ``aim`` (Brawl) turns the acting seat's attacks on another Kombatant (``a``: its
    Kombatant, ``b``: its seat number).
    """

    kind: ActKind
    a: str | None = None
    b: str | None = None

    @property
    def aid(self) -> str:
        """``kind``, then the kard ids, joined by ``-`` (at most 40 characters, no ``:``)."""
        k, a, b = self.kind, self.a, self.b  # the kards that are set, joined by "-"
        if a:
            return f"{k}-{a}-{b}" if b else f"{k}-{a}"
        return f"{k}-{b}" if b else k


_ACTS = SharedTable(Act, ("kind", "a", "b"))


def act(kind: str, a: str | None = None, b: str | None = None) -> Act:
    """The shared :class:`Act` ``kind`` with kards ``a`` and ``b`` (validated once; the
    legal actions of every decision are drawn from this table)."""
    return _ACTS.get(kind, a, b)


class Fighter(Mutable):
    """One seat: its Kombatant, KP, kards (hand and deck secret) and penalties."""


    model_config = ConfigDict(extra="forbid")

    kombatant: str | None = None
    kp: int = 30
    hand: list[str] = []
    deck: list[str] = []
    discard: list[str] = []
    decklist: list[str] = []
    """The whole Kombat deck, for each round's reset."""
    rounds: int = 0
    losses: int = 0
    """Rounds lost (Brawl: two put the Kombatant out of the match)."""
    penalty: int = 0
    """Speed lost on the next attack or defence (a step, getting up); a pass clears it."""


class Modifier(BaseModel):
    """A Special Effect lasting past its first action (a modifier in force)."""

    model_config = ConfigDict(extra="forbid")

    seat: int
    kard: str
    kind: Literal["speed", "strength"]
    value: int
    target: Literal["self", "rival"]
    turns: int
    """Turns still to run."""


class Exchange(Mutable):
    """The attack being resolved this turn and everything played on it (public)."""


    model_config = ConfigDict(extra="forbid")

    attacker: int
    kard: str
    target: int | None = None
    """The seat attacked (``None``: the other seat of a two-seat match). During a Brawl
    Area attack: the seat being asked now."""
    queue: list[int] = []
    """Brawl Area attack: the seats still to be asked, clockwise from the attacker's left."""
    stage: Literal["", "counter", "evade"] = ""
    """Brawl Area attack: who may counter it, then who may evade it."""
    hit: list[int] = []
    """Brawl Area attack: the seats it will hit (they did not stop it)."""
    kombo: str | None = None
    copied: bool = False
    followup: bool = False
    """This attack is a Follow-up: it cannot be defended, only broken."""
    stepped: bool = False
    finisher: str | None = None
    pen: int = 0
    """Move/fall penalty on the attack's Speed (applies even when nonaccumulative)."""
    def_pen: int = 0
    speed: list[int] = []
    strength: list[int] = []
    speed_locked: bool = False
    strength_locked: bool = False
    def_speed: list[int] = []
    def_strength: list[int] = []
    def_locked: bool = False
    vendetta: bool = False
    behind: bool = False
    """The attacker moved behind the defender: +1 Speed (a Quick Turn cancels it)."""
    se: list[str] = []
    dse: list[str] = []
    defense: str | None = None
    defense_kind: str | None = None
    extra: list[str] = []
    """Kards laid after the initial attack: the Kombo's rest, or burned kards."""
    landed: bool = False
    broken: bool = False
    cancelled: bool = False
    """A Friendship cancelled the finishing move."""


class Record(BaseModel):
    """The public story of the last turns (a few short sentences)."""

    model_config = ConfigDict(extra="forbid")

    notes: list[str] = []


class MkState(BaseState):
    """A Mortal Kombat Kard Game match (two players, or a Brawl of three to six)."""


    options: Options
    phase: Phase = "pick"
    picks: dict[int, str] = {}
    """Hidden Kombatant picks until both have picked."""
    fighters: list[Fighter]
    discards: dict[int, list[str]] = {}
    """Buffered Discard/Draw choices, secret until both have chosen."""
    initiative: int = 0
    """Who acts now: the initiative holder (two Kombatants) or the seat whose action it
    is (Brawl)."""
    starter: int = 0
    """Who had the initiative when this round began."""
    distance: Distance = "ranged"
    stepped: bool = False
    """The initiative holder moved before this action."""
    acted_se: bool = False
    """Special Effects were played in this action before any attack."""
    exchange: Exchange | None = None
    followup_for: int | None = None
    modifiers: list[Modifier] = []
    round: int = 1
    turn: int = 1
    turns_played: int = 0
    round_turns: list[int] = []
    """Turns of each finished round (for the simulator's figures)."""
    round_winners: list[int | None] = []
    """Winner of each finished round (``None``: a replayed draw)."""
    capped_rounds: int = 0
    time_up: bool = False
    """Timer Rule: a deck ran out; the round ends once the current phase is over."""
    notes: list[str] = []
    brawl: bool = False
    """This turn is played under Brawl rules (three or more Kombatants still standing)."""
    out: list[int] = []
    """Seats out of the match (two round losses), in the order they went out."""
    down: list[int] = []
    """Seats knocked out of the current round (0 KP or left), in order."""
    spent: list[int] = []
    """Brawl: seats that spent their action this turn (attack, pass or any defence)."""
    aim: int | None = None
    """Brawl: the seat the acting Kombatant's attacks go to."""
    turn_starter: int = 0
    """Brawl: the seat that began this turn (the next turn begins at its left)."""
    groups: list[list[int]] = []
    """Advanced Brawl distance: groups at Hand-to-Hand distance (all else is Ranged)."""



