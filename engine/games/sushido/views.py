"""Views built by allow-list: each field is copied on purpose, never filtered from a copy.

A seat sees its own hand, pending commit and pick. A chain is face down to its owner too
(the rulebook: nobody may look at a chain's cards until they are revealed): the owner,
like everyone, sees only its size, its cards being numbered in order of arrival. Of the
rival a seat sees only counts (hand size, chain size) and public facts. A spectator
(``None``) gets the public view.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.core import Outcome
from engine.core.views import Shared, assemble, construct, shared
from engine.games.sushido.data import content
from engine.games.sushido.model import SushidoState


class _View(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CardView(_View):
    """A visible card."""

    id: int
    type: str
    symbol: str
    glyph: str


class SeatView(_View):
    """Public facts about one seat."""

    seat: int
    picked: bool
    fighter: str
    fighter_name: str
    life: int
    max_life: int
    gauge: int
    pos: int
    tokens: int
    hand_count: int
    chain_size: int
    committed_cards: bool
    committed_reveal: bool
    revealed: list[CardView]
    guards: int
    declared: str
    answered: bool


class PrivateView(_View):
    """What only the viewing seat may see."""

    seat: int
    pick: str | None
    hand: list[CardView]
    commit: list[CardView] | None
    reveal: str | None


class KataView(_View):
    """A Kata being resolved (its cards were shown when announced/opposed)."""

    attacker: int
    att: list[CardView]
    dfn: list[CardView]


class PromptView(_View):
    """Who is asked what (public: being asked reveals nothing)."""

    seat: int
    kind: str
    committed: bool


class SushidoView(_View):
    """Everything a viewer may see of a match."""

    viewer: int | None
    duel: str
    target: int
    phase: str
    round: int
    turn: int
    p1: int
    seats: list[SeatView]
    me: PrivateView | None
    deck_count: int
    discard_count: int
    discard_top: CardView | None
    inplay: list[CardView]
    kata: KataView | None
    last_reveal: list[list[CardView]]
    prompts: list[PromptView]
    log: list[str]
    result: Outcome | None


def card_view(cid: int) -> CardView:
    """A card as the views show it (one shared, frozen model per card id: a view shows
    a dozen cards on every click)."""
    got = _CARD_VIEWS.get(cid)
    if got is None:
        c = content().card(cid)
        got = CardView(id=cid, type=c.type, symbol=c.symbol, glyph=content().glyphs[c.symbol])
        if type(cid) is int:  # not a bool equal to an id
            _CARD_VIEWS[cid] = got
    return got


_CARD_VIEWS: dict[int, CardView] = {}
""":func:`card_view` by card id (the content never changes)."""


def _cards(ids: list[int]) -> list[CardView]:
    views = _CARD_VIEWS
    return [views.get(c) or card_view(c) for c in ids]


def _seat(state: SushidoState, s: int) -> SeatView:
    seat = state.seat[s]
    f = content().fighters.get(seat.fighter)
    return construct(
        SeatView,
        seat=s, picked=seat.pick is not None, fighter=seat.fighter,
        fighter_name=f.name if f else "", life=seat.life, max_life=f.life if f else 0,
        gauge=seat.gauge, pos=seat.pos, tokens=seat.tokens, hand_count=len(seat.hand),
        chain_size=len(seat.chain), committed_cards=seat.commit is not None,
        committed_reveal=seat.reveal is not None, revealed=_cards(seat.revealed),
        guards=seat.guards, declared=seat.declared, answered=seat.answered,
    )


def shared_view(state: SushidoState, prompts: dict[int, tuple[str, bool]]) -> Shared:
    """The fields of every viewer's view that do not depend on the viewer (all but
    ``viewer`` and ``me``): built once per state version for the bot's views."""
    kata = None
    if state.kata is not None:
        kata = construct(KataView, attacker=state.kata.attacker, att=_cards(state.kata.att),
                         dfn=_cards(state.kata.dfn))
    return shared(
        SushidoView, ("viewer", "me"),
        duel=state.duel, target=state.target, phase=state.phase,
        round=state.round, turn=state.turn, p1=state.p1,
        seats=[_seat(state, s) for s in (0, 1)],
        deck_count=len(state.deck), discard_count=len(state.discard),
        discard_top=card_view(state.discard[-1]) if state.discard else None,
        inplay=_cards(state.inplay), kata=kata,
        last_reveal=[_cards(cs) for cs in state.last_reveal],
        prompts=[construct(PromptView, seat=s, kind=k, committed=c)
                 for s, (k, c) in sorted(prompts.items())],
        log=list(state.log), result=state.result,
    )


def view_with(state: SushidoState, viewer: int | None, common: Shared) -> SushidoView:
    """The view of ``viewer`` (a seat, or ``None``) from :func:`shared_view`'s fields."""
    me = None
    if viewer is not None:
        seat = state.seat[viewer]
        me = construct(
            PrivateView,
            seat=viewer, pick=seat.pick, hand=_cards(seat.hand),
            commit=_cards(seat.commit) if seat.commit is not None else None, reveal=seat.reveal,
        )
    return assemble(SushidoView, common, {"viewer": viewer, "me": me})


def build_view(
    state: SushidoState, viewer: int | None, prompts: dict[int, tuple[str, bool]]
) -> SushidoView:
    """The view of ``viewer`` (a seat) or of a spectator (``None``)."""
    return view_with(state, viewer, shared_view(state, prompts))
