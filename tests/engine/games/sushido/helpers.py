"""Helpers to build Sushido states directly for scenario tests."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.games.sushido import GAME, flow, resolve
from engine.games.sushido.data import content
from engine.games.sushido.model import Options, PickFighter, SushidoState


def cid(type_: str, symbol: str, k: int = 0) -> int:
    """The id of the k-th card of that type and symbol."""
    ids = [c.id for c in content().cards if c.type == type_ and c.symbol == symbol]
    return ids[k]


def take(state: SushidoState, card: int) -> int:
    """Remove a card from wherever it is (so it can be placed elsewhere)."""
    for pile in (state.deck, state.discard, state.inplay):
        if card in pile:
            pile.remove(card)
    for seat in state.seat:
        for pile in (seat.hand, seat.chain, seat.revealed, seat.commit or []):
            if card in pile:
                pile.remove(card)
    return card


def started(a: str = "biwa", b: str = "manta", duel: str = "entrainement",
            seed: int = 1) -> SushidoState:
    """Both fighters picked: round 1, turn 1, Hajime phase."""
    s = GAME.setup(Options(duel=duel), 2, seed)  # type: ignore[arg-type]
    s, _ = GAME.apply(s, 0, PickFighter(fighter=a))
    s, _ = GAME.apply(s, 1, PickFighter(fighter=b))
    return s


def set_chain(state: SushidoState, seat: int, cards: list[int]) -> None:
    """Put exactly these cards in a seat's chain."""
    for c in cards:
        take(state, c)
    state.discard.extend(state.seat[seat].chain)
    state.seat[seat].chain = list(cards)


def set_revealed(state: SushidoState, seat: int, cards: list[int]) -> None:
    """Cards a seat revealed this turn (played in the action phase)."""
    for c in cards:
        take(state, c)
    state.seat[seat].revealed = list(cards)


def to_chains(state: SushidoState, revealed: dict[int, list[int]] | None = None) -> list[Event]:
    """Skip Hajime/reveal: commit nothing new, queue the chains and action steps, run."""
    ev: list[Event] = []
    for s in (0, 1):
        state.seat[s].hand.extend(state.seat[s].commit or [])
        state.seat[s].commit, state.seat[s].reveal = [], "none"
    flow.resolve_reveal(state, ev)
    for s, cards in (revealed or {}).items():
        set_revealed(state, s, cards)
    resolve.run(state, ev)
    return ev


def act(state: SushidoState, seat: int, aid: str) -> tuple[SushidoState, list[Event]]:
    """Apply the legal action with this id."""
    return GAME.act(state, seat, aid, state.version)


def aids(state: SushidoState, seat: int) -> list[str]:
    """Ids of a seat's legal actions."""
    return [a.aid for a in GAME.legal(state, seat)]


def kinds(events: list[Event]) -> list[str]:
    """Kinds of the public events."""
    return [e.kind for e in events if e.audience is None]


def first(events: list[Event], kind: str) -> dict[str, Any]:
    """Data of the first public event of a kind."""
    return next(e.data for e in events if e.audience is None and e.kind == kind)


def prompt_kind(state: SushidoState) -> dict[int, str]:
    """Seat -> prompt kind."""
    return {s: p.kind for s, p in GAME.prompts(state).items()}
