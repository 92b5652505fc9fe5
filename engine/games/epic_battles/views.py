"""What each viewer may see, built by allow-list (never by deleting from a state copy).

Public (common knowledge): characters, deck counts (the health bars), hand counts, the
discard and energy piles, set events as face-down counts (plus those revealed before being
set), kamidogu with their owners, rounds, the attack being resolved, floating effects and
the turn's log. A seat also sees its own hand, its own face-down events, its own pending
commit and, while it searches, the cards of its own deck (sorted, not in deck order).
Never: a rival's hand, a deck's order, a rival's face-down events or pending choice.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from engine.core import Game, Prompt
from engine.core.views import Shared, assemble, construct, shared
from engine.games.epic_battles.data import characters
from engine.games.epic_battles.model import EbState, Phase


class KamiView(BaseModel):
    """A kamidogu in play."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    card: str
    owner: int


class SideView(BaseModel):
    """Public facts about one seat."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int
    character: str | None
    name: str | None
    deck_count: int
    """The health bar."""
    hand_count: int
    discard: list[str]
    energy: list[str]
    set_count: int
    """Events set face down."""
    set_known: list[str]
    """Set events that were revealed before being set (Dudley)."""
    kamidogu: list[KamiView]
    rounds: int


class FloatView(BaseModel):
    """A floating effect in force (until the end of the turn)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int
    source: str
    type: str
    n: int


class StrikeView(BaseModel):
    """The attack being resolved (public: it is in the arena)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int
    card: str
    index: int
    step: int
    bonus: int
    blocks_needed: int
    unblockable: bool
    blocks: list[str]


class EbView(BaseModel):
    """One viewer's view of an Epic Battles match."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str = "epic_battles"
    viewer: int | None
    version: int
    phase: Phase
    round: int
    turn: int
    aggressor: int
    to_act: list[int]
    asked: str | None
    """What the seat(s) to act are asked (the prompt kind)."""
    sides: list[SideView]
    strike: StrikeView | None
    flipped: list[str]
    floats: list[FloatView]
    log: list[str]
    my_hand: list[str] | None
    my_set: list[str] | None
    my_pick: str | None
    my_commit: int | None
    my_search: list[str] | None
    round_winners: list[list[int]]
    to_win: int = 2
    """Rounds a player needs to win the match (the ``rounds`` option)."""
    result_summary: str | None
    winners: list[int] | None


def shared_view(state: EbState, prompts: dict[int, Prompt]) -> Shared:
    """The fields of every viewer's view that do not depend on the viewer (see
    :mod:`engine.core.views`), with the state's ``prompts``: built once per state version
    for the bot's views."""
    roster = characters()
    sides = []
    for s, side in enumerate(state.sides):
        c = roster[side.character] if side.character else None
        sides.append(construct(
            SideView,
            seat=s, character=side.character, name=c.name if c else None,
            deck_count=len(side.deck), hand_count=len(side.hand),
            discard=list(side.discard), energy=list(side.energy),
            set_count=len(side.events),
            set_known=[e.card for e in side.events if e.known],
            kamidogu=[construct(KamiView, card=k.card, owner=k.owner) for k in side.kamidogu],
            rounds=side.rounds,
        ))
    to_act = sorted(s for s, p in prompts.items() if not p.committed)
    st = state.strike
    strike = construct(StrikeView, seat=st.seat, card=st.card, index=st.index, step=st.step,
                       bonus=st.bonus, blocks_needed=st.blocks_needed,
                       unblockable=st.unblockable, blocks=list(st.blocks)) if st else None
    return shared(
        EbView, _OWN,
        version=state.version, phase=state.phase, round=state.round,
        turn=state.turn, aggressor=state.aggressor, to_act=to_act,
        asked=next(iter(prompts.values())).kind if prompts else None,
        sides=sides, strike=strike, flipped=list(state.flipped),
        floats=[construct(FloatView, seat=f.seat, source=f.source, type=f.effect.type,
                          n=f.effect.n)
                for f in state.floats],
        log=list(state.log),
        round_winners=[list(w) for w in state.round_winners],
        to_win=state.options.to_win,
        result_summary=state.result.summary if state.result else None,
        winners=list(state.result.winners) if state.result else None,
    )


_OWN = ("viewer", "my_hand", "my_set", "my_pick", "my_commit", "my_search")
"""The fields of a view that depend on its viewer."""


def view_with(state: EbState, viewer: int | None, common: Shared) -> EbView:
    """The view of ``viewer`` (a seat, or ``None``) from :func:`shared_view`'s fields."""
    mine = state.sides[viewer] if viewer is not None else None
    searching = (viewer is not None and state.asks and state.asks[0].seat == viewer
                 and state.asks[0].kind == "search")
    return assemble(EbView, common, {
        "viewer": viewer,
        "my_hand": list(mine.hand) if mine is not None else None,
        "my_set": [e.card for e in mine.events] if mine is not None else None,
        "my_pick": state.picks.get(viewer) if viewer is not None else None,
        "my_commit": state.commits.get(viewer) if viewer is not None else None,
        "my_search": sorted(mine.deck) if mine is not None and searching else None,
    })


def build_view(game: Game[EbState, Any], state: EbState, viewer: int | None) -> EbView:
    """The view of ``viewer`` (a seat, or ``None`` for a spectator)."""
    return view_with(state, viewer, shared_view(state, game.prompts(state)))
