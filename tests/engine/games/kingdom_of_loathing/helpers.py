"""Builders for Kingdom of Loathing scenario tests: a match set up as the test needs."""

from __future__ import annotations

from engine.core import Event
from engine.games.kingdom_of_loathing import GAME
from engine.games.kingdom_of_loathing.model import Act, KolState, Options


def fresh(seats: int = 2, seed: int = 7, **opts: int) -> KolState:
    """A new match whose first player is seat 0 (the Certificate holder)."""
    s = GAME.setup(Options(**opts), seats, seed)  # type: ignore[arg-type]
    s.certificate = s.first_player = s.turn = s.actor = 0
    for i, p in enumerate(s.players):
        p.meat = 5 + i
    return s


def arrange(s: KolState, seat: int = 0, *, hand: list[str] | None = None,
            deck: list[str] | None = None, discard: list[str] | None = None,
            phase: str | None = None, tops: dict[int, str] | None = None) -> KolState:
    """A copy with the seat on turn and chosen cards (tests may break card counts)."""
    s = GAME.clone(s)
    s.turn = s.actor = seat
    p = s.players[seat]
    if hand is not None:
        p.hand = list(hand)
    if deck is not None:
        p.deck = list(deck)
    if discard is not None:
        p.discard = list(discard)
    if phase is not None:
        s.phase = phase  # type: ignore[assignment]
    for loc, card in (tops or {}).items():
        pile = s.locations[loc]
        pile.remove(card)
        pile.insert(0, card)
    return s


def play(s: KolState, *aids: str, seat: int | None = None) -> tuple[KolState, list[Event]]:
    """Play actions by id for the actor (or ``seat``); returns the state and all events."""
    events: list[Event] = []
    for aid in aids:
        s, ev = GAME.act(s, s.actor if seat is None else seat, aid)
        events += ev
    return s, events


def aids(s: KolState, seat: int | None = None) -> list[str]:
    """The legal action ids of the actor (or ``seat``)."""
    return [a.aid for a in GAME.legal(s, s.actor if seat is None else seat)]


def act(kind: str, ref: str = "", n: int = 0, cards: tuple[str, ...] = ()) -> str:
    """An action id."""
    return Act(kind=kind, ref=ref, n=n, cards=cards).aid  # type: ignore[arg-type]
