"""What each viewer may see, built by allow-list (never by deleting from a state copy).

A seat sees its own hand, its own pending pick and commit, and its own face-down Action
card; of the rival only the hand *count* and whether they have committed. Spectators
(``viewer=None``) get the public view. No field here can hold a card its viewer may not see.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.core.copying import deep_copy
from engine.core.views import Shared, assemble, construct, shared
from engine.games.world_of_fighters.board import SIZE, START, Pos, distance, on_edge
from engine.games.world_of_fighters.data import Card, characters
from engine.games.world_of_fighters.model import MAX_HP, SUPER_HP, Phase, Reveal, WofState


class FighterView(BaseModel):
    """Public facts about one seat's fighter."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int
    character: str | None
    """Character id; ``None`` until both picks are revealed."""
    name: str | None
    initials: str | None
    art: str | None
    reach: str | None
    super_name: str | None
    super_code: str | None
    """Requirement in the rulebook's notation, e.g. ``G.R3``."""
    hp: int
    max_hp: int
    pos: Pos
    prev_pos: Pos | None
    """Square before this fighter's last move (for trails)."""
    last_move: int | None
    """Movement card used last turn (resting this turn)."""
    super_used: bool
    bouts_won: int
    hand_count: int
    committed: bool
    """Has picked (pick phase) or committed (commit phase) and waits."""
    on_edge: bool


class MyCommit(BaseModel):
    """The viewer's own pending choice (hidden from the rival until the reveal)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    move: int | None = None
    card: Card | None = None
    call_super: bool = False


class WofView(BaseModel):
    """One viewer's view of a World of Fighters match."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str = "world_of_fighters"
    viewer: int | None
    version: int
    phase: Phase
    board_size: int = SIZE
    start_squares: list[Pos] = [START[0], START[1]]
    bouts: int
    """1, or 3 for best of three."""
    bout: int
    turn: int
    first: int
    to_act: list[int]
    """Seats that still have to decide now."""
    fighters: list[FighterView]
    range: int
    my_hand: list[Card] | None
    """The viewer's hand (``None`` for spectators)."""
    my_pick: str | None
    my_commit: MyCommit | None
    my_table_card: Card | None
    """The viewer's own face-down Action card while the turn resolves."""
    can_super: bool
    """The viewer could call the super move this turn (HP, not used yet)."""
    deck_count: int
    discard_count: int
    last_reveal: Reveal | None
    bout_winners: list[int | None]
    result_summary: str | None
    winners: list[int] | None


def shared_view(state: WofState) -> Shared:
    """The fields of every viewer's view that do not depend on the viewer (see
    :mod:`engine.core.views`): built once per state version for the bot's views."""
    roster = characters()
    fighters: list[FighterView] = []
    for seat, f in enumerate(state.fighters):
        c = roster[f.character] if f.character else None
        waiting = (seat in state.picks) if state.phase == "pick" else (seat in state.commits)
        fighters.append(construct(
            FighterView,
            seat=seat, character=c.id if c else None, name=c.name if c else None,
            initials=c.initials if c else None, art=c.art if c else None,
            reach=c.reach if c else None,
            super_name=c.super.name if c else None, super_code=c.super.code if c else None,
            hp=f.hp, max_hp=MAX_HP, pos=f.pos, prev_pos=f.prev_pos, last_move=f.last_move,
            super_used=f.super_used, bouts_won=f.bouts_won, hand_count=len(f.hand),
            committed=waiting, on_edge=on_edge(f.pos),
        ))
    return shared(
        WofView, _OWN,
        version=state.version, phase=state.phase, bouts=state.options.bouts,
        bout=state.bout, turn=state.turn, first=state.first,
        to_act=_to_act(state),
        fighters=fighters,
        range=distance(state.fighters[0].pos, state.fighters[1].pos),
        deck_count=len(state.deck), discard_count=len(state.discard),
        last_reveal=deep_copy(state.reveal) if state.reveal else None,
        bout_winners=list(state.bout_winners),
        result_summary=state.result.summary if state.result else None,
        winners=list(state.result.winners) if state.result else None,
    )


_OWN = ("viewer", "my_hand", "my_pick", "my_commit", "my_table_card", "can_super")
"""The fields of a view that depend on its viewer."""


def view_with(state: WofState, viewer: int | None, common: Shared) -> WofView:
    """The view of ``viewer`` (a seat, or ``None``) from :func:`shared_view`'s fields."""
    mine = state.fighters[viewer] if viewer is not None else None
    commit = state.commits.get(viewer) if viewer is not None else None
    can_super = False
    if mine is not None and mine.character is not None and state.result is None:
        can_super = mine.hp <= SUPER_HP and not mine.super_used
    return assemble(WofView, common, {
        "viewer": viewer,
        "my_hand": list(mine.hand) if mine is not None else None,
        "my_pick": state.picks.get(viewer) if viewer is not None else None,
        "my_commit": construct(MyCommit, move=commit.move, card=commit.card,
                               call_super=commit.call_super)
        if commit is not None else None,
        "my_table_card": state.table.get(viewer) if viewer is not None else None,
        "can_super": can_super,
    })


def build_view(state: WofState, viewer: int | None) -> WofView:
    """The view of ``viewer`` (a seat, or ``None`` for a spectator)."""
    return view_with(state, viewer, shared_view(state))


def _to_act(state: WofState) -> list[int]:
    """Seats that still have a decision to make (the same seats ``prompts`` asks)."""
    if state.result is not None:
        return []
    if state.phase == "pick":
        return [s for s in (0, 1) if s not in state.picks]
    if state.phase == "commit":
        return [s for s in (0, 1) if s not in state.commits]
    return [state.queue[0].seat] if state.queue else []
