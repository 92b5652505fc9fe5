"""Match, round and turn flow: setup after the picks, rounds, turns, reveal, end of turn."""

from __future__ import annotations

from functools import cache

from engine.core import Outcome, public
from engine.games.sushido.data import content
from engine.games.sushido.effects import (
    Events,
    card_info,
    draw,
    fire_passive,
    full_life,
    gain_super,
    in_arena,
    other,
)
from engine.games.sushido.model import (
    MAX_CHAIN,
    START_HAND,
    TURN_DRAW,
    VS_SQUARES,
    DeclareT,
    EndTurnT,
    PlayT,
    SeqT,
    SushidoState,
    Task,
)

TARGET = {"iaijutsu": 1, "entrainement": 2, "rencontre": 3}
"""Round wins needed, by duel type."""
START_SUPER = {"iaijutsu": (2, 3), "entrainement": (0, 0), "rencontre": (0, 0)}
"""Super (P1, P2) at the start of the match."""
FIRST_TURN_SUPER = {"iaijutsu": (0, 0), "entrainement": (1, 2), "rencontre": (0, 1)}
"""Super (P1, P2) gained at the start of the first turn."""

def order(state: SushidoState) -> tuple[int, int]:
    """(P1, P2) seats of the current round."""
    return state.p1, other(state.p1)


def start_match(state: SushidoState, ev: Events) -> None:
    """Both fighters are picked: set gauges and life, start round 1 (seat 0 is P1)."""
    for s in (0, 1):
        seat = state.seat[s]
        assert seat.pick is not None
        seat.fighter = seat.pick
        seat.life = full_life(state, s)
    p1, p2 = order(state)
    state.seat[p1].gauge, state.seat[p2].gauge = START_SUPER[state.duel]
    ev.append(
        public("match_start", duel=state.duel, fighters=[state.seat[0].fighter,
               state.seat[1].fighter], gauges=[state.seat[0].gauge, state.seat[1].gauge])
    )
    start_round(state, ev)


def start_round(state: SushidoState, ev: Events) -> None:
    """Gather and shuffle every card, back to the VS squares, draw 3 each, first turn."""
    state.round += 1
    state.turn = 0
    state.deck = list(range(len(content().cards)))
    state.rng.shuffle(state.deck)
    state.discard, state.inplay, state.kata, state.tasks = [], [], None, []
    state.last_reveal = []
    for s in (0, 1):
        seat = state.seat[s]
        seat.assign(hand=[], chain=[], revealed=[], commit=None, reveal=None,
                    pos=VS_SQUARES[s])
    ev.append(public("round_start", round=state.round, p1=state.p1,
                     life=[s.life for s in state.seat], gauges=[s.gauge for s in state.seat]))
    for s in order(state):
        draw(state, s, START_HAND, ev)
    for s in order(state):
        fire_passive(state, s, "round_start", ev)
    start_turn(state, ev)


def start_turn(state: SushidoState, ev: Events) -> None:
    """Draw 2 each (after the first-turn Super of the duel type), then Hajime."""
    # last_reveal is turn-scoped: those cards may be reshuffled and drawn now
    state.assign(turn=state.turn + 1, turns_total=state.turns_total + 1, escape_offered=[],
                 last_reveal=[])
    for seat in state.seat:
        seat.assign(declared="", answered=False, guards=0, passive_used=False, commit=None,
                    reveal=None, revealed=[])
    ev.append(public("turn_start", round=state.round, turn=state.turn))
    if state.round == 1 and state.turn == 1:
        for s, bonus in zip(order(state), FIRST_TURN_SUPER[state.duel], strict=True):
            if bonus:
                gain_super(state, s, bonus, ev, "first turn")
    for s in order(state):
        draw(state, s, TURN_DRAW, ev)
    state.phase = "hajime"


def resolve_reveal(state: SushidoState, ev: Events) -> None:
    """Both reveal choices are in: reveal together, chain the rest, queue the turn's tasks."""
    shown: list[list[int]] = []
    chained: list[int] = []
    for s in (0, 1):
        seat = state.seat[s]
        cards, choice = seat.commit or [], seat.reveal
        keep = _KEPT[choice or "none"]
        revealed = [c for i, c in enumerate(cards) if i in keep]
        shown.append(list(revealed))
        n = 0
        for i, c in enumerate(cards):
            if i in keep:
                continue
            if len(seat.chain) < MAX_CHAIN:
                seat.chain.append(c)
                n += 1
            else:  # decision: a full chain discards the extra card, face up
                state.discard.append(c)
                ev.append(public("chain_full_discard", seat=s, card=card_info(c)))
        chained.append(n)
        seat.assign(revealed=revealed, commit=None, reveal=None)
    ev.append(public("reveal", cards=[[card_info(c) for c in cs] for cs in shown],
                     chained=chained, chain_sizes=[len(s.chain) for s in state.seat]))
    state.assign(last_reveal=shown, tasks=list(_turn_tasks(*order(state))), phase="resolve")


_KEPT: dict[str, tuple[int, ...]] = {"none": (), "first": (0,), "second": (1,),
                                     "both": (0, 1)}
"""The committed cards (by position) each reveal choice turns face up."""


@cache
def _turn_tasks(p1: int, p2: int) -> tuple[Task, ...]:
    """The tasks of a turn's resolution, P1 first (frozen: built once per order)."""
    return (
        DeclareT.of(seat=p1), DeclareT.of(seat=p2), DeclareT.of(seat=p1, answer=True),
        SeqT.of(seat=p1), SeqT.of(seat=p2), SeqT.of(seat=p1, answer=True),
        PlayT.of(seat=p1), PlayT.of(seat=p2), EndTurnT.of(),
    )


def end_turn(state: SushidoState, ev: Events) -> None:
    """K.-O. and Ring Out checks; round end, match end, or the next turn.

    There is no round cap: turns follow each other as long as needed (the rulebook).
    """
    state.discard.extend(state.inplay)
    state.inplay = []
    losers = [s for s in (0, 1) if state.seat[s].life <= 0 or not in_arena(state.seat[s].pos)]
    reason = "ko" if any(state.seat[s].life <= 0 for s in losers) else "ring_out"
    if not losers:
        ev.append(public("turn_end", turn=state.turn))
        start_turn(state, ev)
        return
    for s in losers:
        seat = state.seat[s]
        ev.append(public("ko" if seat.life <= 0 else "round_lost", seat=s, reason=reason))
    winners = [other(s) for s in losers]
    for w in winners:
        state.seat[w].tokens += 1
    ev.append(public("round_end", round=state.round, winners=sorted(winners), reason=reason,
                     tokens=[s.tokens for s in state.seat]))
    reached = [s for s in (0, 1) if state.seat[s].tokens >= state.target]
    if reached:
        finish(state, reached, reason, ev)
        return
    for s in (0, 1):
        if state.seat[s].life <= 0:
            state.seat[s].life = full_life(state, s)
    state.p1 = other(state.p1)
    start_round(state, ev)


def finish(state: SushidoState, reached: list[int], reason: str, ev: Events) -> None:
    """End the match: one seat reached the target, or both at once (a draw, decision).

    The summary names fighters, never seats (renderers add the players' names).
    """
    names = [content().fighters[s.fighter].name for s in state.seat]
    why = {"ko": "K.-O.", "ring_out": "Ring Out"}[reason]
    if len(reached) == 2:
        score = f"{state.seat[0].tokens}-{state.seat[1].tokens}"
        state.result = Outcome.tie(
            2, reason, f"Draw {score}: {names[0]} and {names[1]} lose the last round together "
            f"by {why}".rstrip(".") + ".")
    else:
        w = reached[0]
        score = f"{state.seat[w].tokens}-{state.seat[other(w)].tokens}"
        summary = f"{names[w]} wins {score} by {why}".rstrip(".") + "."
        state.result = Outcome.win(w, 2, reason, summary)
    state.phase = "over"
    state.tasks = []
    ev.append(public("match_over", ranks=list(state.result.ranks), reason=reason,
                     tokens=[s.tokens for s in state.seat]))
