"""What each viewer may see, by allow-list: never a hand (but one's own), never deck order.

Public: every Kombatant, KP, rounds won and lost, who is out or down, whose action it is
and whom it aims at, who has spent the action, the Hand-to-Hand groups (Brawl),
hand/deck/discard counts and the face-up discard piles, distance (Advanced), initiative,
the exchange on the table, modifiers in force, the phase and the story of the last plays.
A seat also sees its own hand.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.core.copying import deep_copy
from engine.core.views import Shared, assemble, construct, shared
from engine.games.mortal_kombat.data import kombatants
from engine.games.mortal_kombat.model import Exchange, MkState, Modifier


class FighterView(BaseModel):
    """One side of the board as anyone may see it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kombatant: str | None
    name: str | None
    kp: int
    rounds: int
    losses: int = 0
    out: bool = False
    """Out of the match (two round losses, or left)."""
    down: bool = False
    """Knocked out of this round."""
    spent: bool = False
    """Brawl: has spent the action this turn."""
    hand_count: int
    deck_count: int
    discard: list[str]
    penalty: int
    picked: bool
    discard_chosen: bool


class MkView(BaseModel):
    """The board for one viewer (``hand`` is ``None`` for spectators)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    viewer: int | None
    level: str
    timer: str
    start_kp: int
    phase: str
    round: int
    turn: int
    initiative: int
    distance: str | None
    fighters: list[FighterView]
    exchange: Exchange | None
    modifiers: list[Modifier]
    notes: list[str]
    hand: list[str] | None = None
    brawl: bool = False
    """This turn is played under Brawl rules."""
    aim: int | None = None
    """Brawl: the seat the acting Kombatant aims at."""
    turn_starter: int = 0
    groups: list[list[int]] = []
    """Brawl (Advanced): the Hand-to-Hand groups; every other pair is at Ranged distance."""


def shared_view(state: MkState) -> Shared:
    """The fields of every viewer's view that do not depend on the viewer (see
    :mod:`engine.core.views`): built once per state version for the bot's views."""
    both = state.phase != "pick"
    fighters = []
    roster = kombatants()
    out, left, down, spent = state.out, state.left, state.down, state.spent
    for s, f in enumerate(state.fighters):
        k = f.kombatant if both else None
        fighters.append(construct(
            FighterView,
            kombatant=k, name=roster[k].name if k else None, kp=f.kp, rounds=f.rounds,
            losses=f.losses, out=s in out or s in left, down=s in down,
            spent=s in spent,
            hand_count=len(f.hand), deck_count=len(f.deck), discard=list(f.discard),
            penalty=f.penalty, picked=s in state.picks or f.kombatant is not None,
            discard_chosen=s in state.discards))
    options = state.options
    return shared(
        MkView, _OWN,
        level=options.level, timer=options.timer,
        start_kp=options.kp, phase=state.phase, round=state.round, turn=state.turn,
        initiative=state.initiative,
        distance=state.distance if options.level == "advanced" and state.seats == 2
        else None,
        fighters=fighters,
        exchange=deep_copy(state.exchange) if state.exchange else None,
        modifiers=[m.model_copy() for m in state.modifiers], notes=list(state.notes[-8:]),
        brawl=state.brawl, aim=state.aim, turn_starter=state.turn_starter,
        groups=[list(g) for g in state.groups] if options.level == "advanced" else [],
    )


_OWN = ("viewer", "hand")
"""The fields of a view that depend on its viewer."""


def view_with(state: MkState, viewer: int | None, common: Shared) -> MkView:
    """The view of ``viewer`` (a seat, or ``None``) from :func:`shared_view`'s fields."""
    return assemble(MkView, common, {
        "viewer": viewer,
        "hand": sorted(state.fighters[viewer].hand) if viewer is not None
        and 0 <= viewer < state.seats else None,
    })


def build_view(state: MkState, viewer: int | None) -> MkView:
    """The view for a seat (its own hand included) or a spectator (``None``)."""
    return view_with(state, viewer, shared_view(state))
