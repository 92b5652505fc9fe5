"""State, options and actions of the Kingdom of Loathing card game (pydantic, exact JSON).

The state holds everything, hidden parts included (hands, decks, location and skill pile
orders); only :mod:`views` decides what a viewer may see.

Card ids: a stat card is its code ``<stat><value>`` (``mu1``, ``my3``, ``mx4``; cards of
one code are identical); a monster/item card is ``k01``..``k72``; a newbie item is
``nw1``/``nh1``/``np1`` (weapon, hat, pants of set 1); a skill is ``s01``..``s60``;
a location is ``0``..``8`` (row-major on the 3x3 map).

One seat decides at a time (:attr:`KolState.actor`); a turn is a sequence of single
actions (see :class:`Act` for the kinds and their ``aid``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.core import ActionBase, BaseState, Mutable, SharedTable

HAND_SIZE = 6
TRAINER_SIZE = 4
LOCATIONS = 9
STATS = ("mu", "my", "mx")
"""Muscle, Mysticality, Moxie."""
Maneuver = Literal["melee", "spell", "ranged", "evade"]
MANEUVERS: tuple[Maneuver, ...] = ("melee", "spell", "ranged", "evade")
MANEUVER_STAT: dict[str, str] = {"melee": "mu", "spell": "my", "ranged": "mx", "evade": "mx"}

Phase = Literal[
    "noncombat",  # the actor's non-combat phase (also in a March)
    "combat",     # step 1 (combat items/skills) and the maneuver choice
    "choose",     # picking maneuver cards one by one (sub-decision of combat)
    "kill",       # step 3: pick a showing monster (or none)
    "discard",    # end of turn: voluntary discards, then draw (or trim) to 6
    "rollover",   # deck empty while drawing: pick a discard card to replace (or skip)
    "rollto",     # ... and what it becomes
    "offer",      # start of a round: March on the Tower or pass
    "over",
]


class Options(BaseModel):
    """Match options: the Sorceress's side (20 or 25) and the round cap (0 = none)."""

    model_config = ConfigDict(extra="forbid")

    sorceress: int = 20
    round_cap: int = Field(default=30, ge=0, le=200)

    @field_validator("sorceress")
    @classmethod
    def _two_sides(cls, value: int) -> int:
        if value not in (20, 25):
            raise ValueError("the Sorceress has two sides: 20 or 25")
        return value


class Hit(BaseModel):
    """One combat effect of step 1: damage (or a reduction) with element modifiers."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str
    """The card id that produced it."""
    amount: int
    vs: dict[str, int] = {}
    """Element -> modifier added to ``amount`` against a monster of that element."""

    def against(self, element: str | None) -> int:
        """The value against a monster of ``element`` (never below zero)."""
        return max(0, self.amount + (self.vs.get(element, 0) if element else 0))


class Combat(Mutable):
    """The combat in progress (public: everything in it was played face up)."""


    model_config = ConfigDict(extra="forbid")

    damage: list[Hit] = []
    reductions: list[Hit] = []
    maneuver: Maneuver | None = None
    cards: list[str] = []
    """Stat cards played for the maneuver."""
    choosing: Maneuver | None = None
    """In phase ``choose``: the maneuver whose cards are being picked."""
    chosen: list[str] = []
    """In phase ``choose``: the cards picked so far (still in hand)."""
    done: bool = False
    """The maneuver step is over (played, or skipped)."""


class PlayerState(Mutable):
    """One seat: display case, meat, mojo and stat cards."""


    model_config = ConfigDict(extra="forbid")

    meat: int
    mojo: int = 0
    hand: list[str] = []
    deck: list[str] = []
    """Top is index 0 (secret order)."""
    discard: list[str] = []
    played: list[str] = []
    """Stat cards played this turn (to the discard at cleanup)."""
    items: list[str] = []
    """Item cards in the display case, in order of arrival."""
    equipped: list[str] = []
    skills: list[str] = []
    buffs_on: list[str] = []
    used: list[str] = []
    """Skills activated this turn (each once a turn)."""
    escrow: list[str] = []
    """Items sold or used this turn, in order (to the Heap at cleanup)."""
    out: bool = False
    """Eliminated by a failed March."""
    kills: int = 0


class March(BaseModel):
    """A March on the Tower in progress (or the round-cap forced March)."""

    model_config = ConfigDict(extra="forbid")

    announcer: int | None
    """``None`` for the forced March at the round cap (nobody is eliminated)."""
    order: list[int]
    """Seats in play from the announcer's left, announcer last."""
    stage: Literal["noncombat", "combat"] = "noncombat"
    index: int = 0
    scores: dict[int, int] = {}
    bars: dict[int, int] = {}
    """Each seat's Sorceress threshold after its own reductions."""


class KolState(BaseState):
    """The whole match."""


    sorceress: int
    round_cap: int
    players: list[PlayerState]
    locations: list[list[str]]
    """Per location, the monster cards, index 0 showing (secret order below it)."""
    refresh: list[int] = []
    """Locations whose monster was killed this turn (bottom card up at end of turn)."""
    trainer: list[str | None]
    """Slot 0 is where new skills enter; the last slot holds the oldest."""
    trained: bool = False
    skill_deck: list[str]
    skill_discard: list[str] = []
    heap: list[str] = []
    """In order of arrival: the last one is the top (the only one for sale)."""
    piles: dict[str, int]
    """Stat pile counts by code."""
    certificate: int
    first_player: int = 0
    """Who held the Certificate at setup (turn order position 1)."""
    turn: int
    """The seat whose (normal) turn it is."""
    actor: int
    """The seat deciding now."""
    round: int = 1
    turns: int = 0
    phase: Phase = "noncombat"
    combat: Combat = Field(default_factory=Combat)
    pending_draw: int = 0
    """Cards still to draw when a rollover interrupted the drawing."""
    resume: Literal["noncombat", "combat", "endturn"] = "endturn"
    """Where play goes once the pending draws are done."""
    roll_card: str | None = None
    target: str | None = None
    """The item a Pulverize being resolved aims at (only during that action)."""
    offer_index: int = 0
    """In phase ``offer``: how many seats (from the Certificate holder) have passed."""
    march: March | None = None
    last: str = ""
    out_order: list[int] = []
    """Seats eliminated by failed Marches, in order."""
    """A short public line about the last thing that happened (for the board)."""


ActKind = Literal[
    "equip", "unequip", "sell", "use", "train", "cast", "spell", "buff", "mojo", "dive",
    "fight", "man", "pick", "add", "go", "back", "nomove", "kill", "nokill", "disc",
    "keep", "roll", "rollto", "noroll", "march", "pass", "smash", "do",
]


class Act(ActionBase):
    """Every action of the game, one model: ``kind`` plus an optional ``ref`` and ``n``.

    ====== ======================================== =====================================
    kind   ref                                      meaning
    ====== ======================================== =====================================
    equip  item id                                  equip it (the slot's other goes off)
    unequip item id                                 take it off
    sell   item id                                  AutoSell (meat now, card to escrow)
    use    item id                                  use a non-combat / combat item
    train  skill id                                 buy a trainer skill
    cast   skill id                                 a non-combat or combat skill (mojo)
    smash  item id                                  Pulverize this item (the seat's
                                                    unused Pulverize skill, its mojo)
    spell  skill id, ``n`` mojo                     a spell skill spending ``n`` mojo
    buff   skill id                                 switch a Buff on (mojo)
    mojo   stat code (``my1``..``my4``)             discard one Myst card for mojo
    dive   item id                                  buy the Heap's top item
    fight  ``""``                                   end the non-combat phase
    man    maneuver, ``cards``                      play these stat cards as the maneuver
    pick   maneuver                                 choose the maneuver's cards one by one
    add    stat code                                add one card to the chosen set
    go     ``""``                                   play the chosen cards
    back   ``""``                                   leave the card choice
    nomove ``""``                                   no maneuver (score = step-1 damage)
    kill   location index                           kill that location's showing monster
    nokill ``""``                                   kill nothing
    disc   stat code                                end of turn: discard one card
    keep   ``""``                                   end of turn: done discarding, draw
    roll   stat code                                rollover: replace one discard card...
    rollto stat code                                ... by this one
    noroll ``""``                                   rollover without replacing
    march  ``""``                                   announce a March on the Tower
    pass   ``""``                                   do not march
    do     ``t`` (a chain) or ``m`` (a multi-      several of the above as one choice
           select); ``cards`` its steps or parts    (see :mod:`.choices`)
    ====== ======================================== =====================================
    """

    kind: ActKind
    ref: str = ""
    n: int = 0
    cards: tuple[str, ...] = ()

    @property
    def aid(self) -> str:
        """``kind[-ref][-n][-values]``: e.g. ``sell-k12``, ``spell-s31-3``, ``man-melee-113``;
        a compound (``do``) reads ``t=fight.man-melee-113.kill-3`` (a decision with its
        follow-ups) or ``d=disc-mu1+d=disc-mx2`` (the parts picked in a multi-select, each
        with its head, joined by ``engine.core.JOIN``)."""
        if self.kind == "do":
            if self.ref == "t":
                return "t=" + ".".join(self.cards)
            return "+".join(self.cards)
        if not self.n and not self.cards:  # most actions: no join needed
            return (f"{self.kind}-{self.ref}" if self.ref else self.kind)[:40]
        parts: list[str] = [self.kind]
        if self.ref:
            parts.append(self.ref)
        if self.n:
            parts.append(str(self.n))
        if self.cards:
            parts.append("".join(c[-1] for c in self.cards))
        return "-".join(parts)[:40]


_ACTS = SharedTable(Act, ("kind", "ref", "n", "cards"))


def act(kind: str, ref: str | None = None, n: int | None = None,
        cards: tuple[str, ...] | None = None) -> Act:
    """The shared :class:`Act` with these fields (validated once; the legal actions of
    every decision are drawn from this table). Fields left ``None`` keep their default."""
    return _ACTS.get(kind, ref, n, cards)



