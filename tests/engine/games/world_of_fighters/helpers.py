"""Builders for World of Fighters scenario tests: set up a position, play a turn."""

from __future__ import annotations

import random

from engine.core import Event
from engine.games.world_of_fighters import GAME
from engine.games.world_of_fighters.board import Direction, Pos
from engine.games.world_of_fighters.data import Card
from engine.games.world_of_fighters.model import (
    Commit,
    Counter,
    Move,
    Options,
    Pick,
    WofState,
)


def started(c0: str = "rocco", c1: str = "aiko", seed: int = 1, bouts: int = 1) -> WofState:
    """A match after both picks: bout 1, turn 1, commit phase."""
    s = GAME.setup(Options(bouts=bouts), 2, seed)  # type: ignore[arg-type]
    s, _ = GAME.apply(s, 0, Pick(character=c0))
    s, _ = GAME.apply(s, 1, Pick(character=c1))
    return s


def arrange(
    s: WofState,
    *,
    pos: tuple[Pos, Pos] | None = None,
    hands: tuple[list[Card], list[Card]] | None = None,
    hp: tuple[int, int] | None = None,
    first: int | None = None,
    last_move: tuple[int | None, int | None] | None = None,
) -> WofState:
    """A copy of ``s`` with chosen positions, hands, HP... (cards kept conserved)."""
    s = GAME.clone(s)
    if pos is not None:
        for f, p in zip(s.fighters, pos, strict=True):
            f.pos = p
    if hands is not None:
        for f, h in zip(s.fighters, hands, strict=True):
            s.deck += f.hand
            f.hand = []
            for card in h:
                s.deck.remove(card)
                f.hand.append(card)
    if hp is not None:
        for f, v in zip(s.fighters, hp, strict=True):
            f.hp = v
    if first is not None:
        s.first = first
    if last_move is not None:
        for f, m in zip(s.fighters, last_move, strict=True):
            f.last_move = m
    return s


def commit(move: int, card: Card, sup: bool = False) -> Commit:
    """Shorthand for a commit action."""
    return Commit(move=move, card=card, call_super=sup)


def play_turn(
    s: WofState,
    c0: Commit,
    c1: Commit,
    d0: Direction,
    d1: Direction,
    counter: Card | str | None = "skip",
) -> tuple[WofState, list[Event]]:
    """Both commit, both move (in queue order); answer a counter prompt if asked."""
    events: list[Event] = []
    s, ev = GAME.apply(s, 0, c0)
    events += ev
    s, ev = GAME.apply(s, 1, c1)
    events += ev
    dirs = (d0, d1)
    while s.result is None and s.phase == "move":
        seat = s.queue[0].seat
        s, ev = GAME.apply(s, seat, Move(direction=dirs[seat]))
        events += ev
    if s.result is None and s.phase == "counter" and counter != "skip":
        seat = s.queue[0].seat
        s, ev = GAME.apply(s, seat, Counter(card=counter))  # type: ignore[arg-type]
        events += ev
    return s, events


def kinds(events: list[Event]) -> list[str]:
    """Kinds of the public events, in order."""
    return [e.kind for e in events if e.audience is None]


def total_cards(s: WofState) -> int:
    """Every Action card in the match, wherever it is."""
    return (len(s.deck) + len(s.discard) + len(s.table)
            + sum(len(f.hand) for f in s.fighters))


def redeal(state: WofState, seed: int) -> WofState:
    """The same public position with every hidden card redealt (counts kept): deck,
    hands, face-down table cards and pending commits."""
    s = GAME.clone(state)
    rnd = random.Random(seed)
    pool = list(s.deck) + [c for f in s.fighters for c in f.hand] + list(s.table.values())
    rnd.shuffle(pool)
    s.deck = [pool.pop() for _ in s.deck]
    for f in s.fighters:
        f.hand = [pool.pop() for _ in f.hand]
    s.table = {seat: pool.pop() for seat in sorted(s.table)}
    for seat in list(s.commits):
        f = s.fighters[seat]
        moves = [m for m in (1, 2, 3) if m != f.last_move]
        s.commits[seat] = Commit(move=rnd.choice(moves), card=rnd.choice(f.hand))
    return s
