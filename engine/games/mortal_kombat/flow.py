"""Rounds and turns: start of a round, Discard/Draw, end of a turn, end of a round/match.

Decisions (see docs/rules/mortal-kombat.md): each round resets KP, decks and hands; the
round's first turn skips Discard/Draw; round 1's initiative is a seeded coin, then the
last round's loser (after a replay: the seat that did not start it). Timer Rule: a deck
running out ends the round once the Discard/Draw (or the exchange) is over, most KP wins.
Caps: 80 turns a round, 9 rounds a match.
"""

from __future__ import annotations

from engine.core import Event, Outcome, public
from engine.games.mortal_kombat.data import kombatants
from engine.games.mortal_kombat.effects import draw
from engine.games.mortal_kombat.model import (
    MATCH_ROUND_CAP,
    OPENING_HAND,
    REFILL_TO,
    ROUND_TURN_CAP,
    MkState,
)
from engine.games.mortal_kombat.seats import left_of, standing


def name(state: MkState, seat: int) -> str:
    """The seat's Kombatant's name."""
    k = state.fighters[seat].kombatant
    return kombatants()[k].name if k else "?"


def start_round(state: MkState) -> list[Event]:
    """Reset KP, decks and hands; both draw nine; the initiative holder acts first."""
    state.time_up = False
    state.modifiers = []
    state.exchange = None
    state.followup_for = None
    state.distance = "ranged"
    state.stepped = False
    state.acted_se = False
    state.turn = 1
    state.down, state.spent, state.groups, state.aim = [], [], [], None
    state.discards = {}
    seats = standing(state)
    for s in seats:
        f = state.fighters[s]
        f.kp = state.options.kp
        f.deck = list(f.decklist)
        state.rng.shuffle(f.deck)
        f.hand, f.discard, f.penalty = [], [], 0
    for s in seats:
        draw(state, s, OPENING_HAND)
    state.starter = state.turn_starter = state.initiative
    state.brawl = len(seats) > 2
    if state.brawl:
        state.aim = left_of(state, state.initiative, seats)
    state.phase = "act"
    state.notes.append(f"Round {state.round}: {name(state, state.initiative)} "
                       + ("starts the Brawl." if state.brawl else "has the initiative."))
    more = {"brawl": True} if state.brawl else {}
    return [public("round_started", round=state.round, initiative=state.initiative, **more)]


def discard_draw(state: MkState) -> list[Event]:
    """Both Discard/Draw choices are in: discard, refill to eight, all draw one."""
    events: list[Event] = []
    for s in standing(state):
        f = state.fighters[s]
        chosen = state.discards.get(s, [])
        for kid in chosen:
            f.hand.remove(kid)
            f.discard.append(kid)
        if len(f.hand) < REFILL_TO:
            draw(state, s, REFILL_TO - len(f.hand))
        draw(state, s, 1)
        events.append(public("discard_draw", seat=s, discarded=list(chosen),
                             hand=len(f.hand), deck=len(f.deck)))
    state.discards = {}
    if state.time_up:
        return events + time_out(state)
    state.phase = "act"
    return events


def next_turn(state: MkState) -> list[Event]:
    """Close a turn: tick durations, check the clock and the cap, then Discard/Draw."""
    state.assign(exchange=None, followup_for=None, stepped=False, acted_se=False)
    if state.modifiers:
        for m in state.modifiers:
            m.turns -= 1
        state.modifiers = [m for m in state.modifiers if m.turns > 0]
    ko = [s for s in (0, 1) if state.fighters[s].kp <= 0]
    if ko:
        winner = None if len(ko) == 2 else 1 - ko[0]
        return end_round(state, winner, "ko")
    if state.time_up:
        return time_out(state)
    state.turns_played += 1
    state.turn += 1
    if state.turn > ROUND_TURN_CAP:
        state.capped_rounds += 1
        return end_round(state, most_kp(state), "cap")
    state.phase = "discard"
    return [public("turn_started", turn=state.turn, initiative=state.initiative)]


def most_kp(state: MkState) -> int | None:
    """The seat with the most KP (``None`` on equal KP)."""
    a, b = (f.kp for f in state.fighters)
    return None if a == b else (0 if a > b else 1)


def time_out(state: MkState) -> list[Event]:
    """Timer Rule: a deck ran out; the round goes to the most KP."""
    state.notes.append("Time! A Kombat deck has run out.")
    return end_round(state, most_kp(state), "timer")


def end_round(state: MkState, winner: int | None, reason: str) -> list[Event]:
    """Score the round, then start the next one or end the match."""
    state.round_turns.append(state.turn)
    state.round_winners.append(winner)
    events = [public("round_over", round=state.round, winner=winner, reason=reason,
                     kp=[f.kp for f in state.fighters])]
    if winner is None:
        state.notes.append(f"Round {state.round} is a draw: it is replayed.")
        state.initiative = 1 - state.starter
    else:
        state.fighters[winner].rounds += 1
        state.notes.append(f"{name(state, winner)} wins round {state.round} ({reason}).")
        state.initiative = 1 - winner
    wins = [f.rounds for f in state.fighters]
    if max(wins) >= 2 or len(state.round_winners) >= MATCH_ROUND_CAP:
        return events + end_match(state)
    state.round += 1
    return events + start_round(state)


def end_match(state: MkState) -> list[Event]:
    """Two round wins (or the round cap: most round wins, else a draw)."""
    a, b = (f.rounds for f in state.fighters)
    state.phase = "over"
    state.exchange = None
    if a == b:
        state.result = Outcome.tie(2, "rounds", f"A draw, {a}-{b} in rounds.")
    else:
        w = 0 if a > b else 1
        state.result = Outcome.win(w, 2, "rounds",
                                   f"{name(state, w)} wins the match {max(a, b)}-{min(a, b)}.")
    return [public("match_over", ranks=list(state.result.ranks), rounds=[a, b])]
