"""What each viewer may see, built by allow-list (never by deleting from a state copy).

Public (spectators and every seat): display cases (items, equipped, skills, Buffs on,
escrow), meat, mojo, discard piles, cards played this turn, the Heap in order, each
location's showing monster and card count, the trainer row, stat pile counts, the combat
in progress, the March. A seat also sees its own hand. Never: another seat's hand, any
deck order, the order of the cards below a location's top, the skill pile order.

Cards are ids; :mod:`engine.games.kingdom_of_loathing.data` names them.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.core.copying import deep_copy
from engine.core.views import Shared, assemble, construct, shared
from engine.games.kingdom_of_loathing.model import Combat, KolState, Phase


class SeatView(BaseModel):
    """Public facts about one seat."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int
    meat: int
    mojo: int
    hand_count: int
    deck_count: int
    discard: list[str]
    """Face up, in order (last = top)."""
    played: list[str]
    items: list[str]
    equipped: list[str]
    skills: list[str]
    buffs_on: list[str]
    used: list[str]
    escrow: list[str]
    out: bool
    """Eliminated by a failed March."""
    left: bool
    """Left the match (cards frozen)."""
    kills: int
    certificate: bool


class LocationView(BaseModel):
    """One map location: its showing monster (or none) and how many cards it holds."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    index: int
    top: str | None
    count: int


class MarchView(BaseModel):
    """The March on the Tower in progress."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    announcer: int | None
    order: list[int]
    stage: str
    current: int | None
    scores: dict[int, int]
    bars: dict[int, int]


class KolView(BaseModel):
    """One viewer's view of a Kingdom of Loathing match."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str = "kingdom_of_loathing"
    viewer: int | None
    version: int
    phase: Phase
    turn: int
    actor: int | None
    round: int
    round_cap: int
    sorceress: int
    certificate: int
    seats: list[SeatView]
    locations: list[LocationView]
    trainer: list[str | None]
    skill_deck_count: int
    skill_discard_count: int
    heap: list[str]
    """In order of arrival; the last is the top (the only one for sale)."""
    piles: dict[str, int]
    combat: Combat | None
    """The combat in progress (phases combat/choose/kill), else ``None``."""
    march: MarchView | None
    offer_index: int
    roll_card: str | None
    """In phase ``rollto``: the discard card being replaced (public: discards are)."""
    last: str
    hand: list[str] | None
    """The viewer's own hand, sorted (``None`` for spectators)."""
    result_summary: str | None
    winners: list[int] | None


def shared_view(state: KolState) -> Shared:
    """The fields of every viewer's view that do not depend on the viewer (see
    :mod:`engine.core.views`): built once per state version for the bot's views."""
    seats = [
        construct(
            SeatView,
            seat=i, meat=p.meat, mojo=p.mojo, hand_count=len(p.hand),
            deck_count=len(p.deck), discard=list(p.discard), played=list(p.played),
            items=list(p.items), equipped=list(p.equipped), skills=list(p.skills),
            buffs_on=list(p.buffs_on), used=list(p.used), escrow=list(p.escrow),
            out=p.out, left=i in state.left, kills=p.kills,
            certificate=state.certificate == i,
        )
        for i, p in enumerate(state.players)
    ]
    locations = [construct(LocationView, index=i,
                           top=(pile[0] if pile and i not in state.refresh else None),
                           count=len(pile))
                 for i, pile in enumerate(state.locations)]
    march = None
    if state.march is not None:
        m = state.march
        cur = m.order[m.index] if m.index < len(m.order) else None
        march = construct(MarchView, announcer=m.announcer, order=list(m.order),
                          stage=m.stage, current=cur, scores=dict(m.scores),
                          bars=dict(m.bars))
    res = state.result
    return shared(
        KolView, _OWN,
        version=state.version, phase=state.phase, turn=state.turn,
        actor=None if res is not None else state.actor, round=state.round,
        round_cap=state.round_cap, sorceress=state.sorceress,
        certificate=state.certificate, seats=seats, locations=locations,
        trainer=list(state.trainer), skill_deck_count=len(state.skill_deck),
        skill_discard_count=len(state.skill_discard), heap=list(state.heap),
        piles=dict(state.piles), march=march,
        offer_index=state.offer_index, roll_card=state.roll_card, last=state.last,
        result_summary=res.summary if res is not None else None,
        winners=list(res.winners) if res is not None else None,
    )


_OWN = ("viewer", "combat", "hand")
"""The fields of a view that depend on its viewer (the combat: its chosen cards are
still in the actor's hand while it chooses)."""


def view_with(state: KolState, viewer: int | None, common: Shared) -> KolView:
    """The view of ``viewer`` (a seat, or ``None``) from :func:`shared_view`'s fields."""
    combat = (deep_copy(state.combat)
              if state.phase in ("combat", "choose", "kill") else None)
    if combat is not None and state.phase == "choose" and viewer != state.actor:
        combat = combat.model_copy(update={"chosen": []})  # still in the hand: secret
    own = state.players[viewer].hand if viewer is not None and 0 <= viewer < state.seats else None
    return assemble(KolView, common, {
        "viewer": viewer, "combat": combat,
        "hand": sorted(own) if own is not None else None,
    })


def build_view(state: KolState, viewer: int | None) -> KolView:
    """The view of ``viewer`` (a seat, or ``None`` for a spectator)."""
    return view_with(state, viewer, shared_view(state))
