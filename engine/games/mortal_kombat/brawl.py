"""Brawl Mode (three to six seats): actions, turns, knock-outs, rounds and the match.

The rulebook: every Kombatant starts the Kombat Phase with one action (attack, pass or
defend); any defence spends it, taking the hit keeps it; play goes clockwise from the
turn's starter to the next seat with an action; the next turn starts at the left of this
turn's starter. No initiative until two are left: then the Two-Player rules. A round
with more than two Kombatants that ends in a tie is replayed. Two round losses put a
Kombatant out; play goes on until one has won two rounds.

Decisions (docs/rules/mortal-kombat.md): every Kombatant knocked out of a round loses it
(a replayed tie counts for no one); the Two-Player rules start with the turn after the
third-last Kombatant falls, the initiative going to the seat that would have started it;
a Brawl round is capped at 40 turns (then the most KP wins the round); each new round is
started by the seat at the left of the last round's starter; the match ends when one has
won two rounds or only one is left in it, ranked by round wins, then by who went out
later; a seat that leaves is knocked out and play goes on.
"""

from __future__ import annotations

from engine.core import Event, Game, public
from engine.games.mortal_kombat.flow import name, start_round
from engine.games.mortal_kombat.model import (
    BRAWL_TURN_CAP,
    MATCH_ROUND_CAP,
    ROUND_TURN_CAP,
    MkState,
)
from engine.games.mortal_kombat.seats import (
    in_match,
    leave_group,
    left_of,
    other,
    standing,
)


def knock_outs(state: MkState) -> list[Event]:
    """Every standing seat at 0 KP or less is knocked out of the round."""
    events: list[Event] = []
    for s in standing(state):
        if state.fighters[s].kp <= 0:
            state.down.append(s)
            leave_group(state, s)
            state.notes.append(f"{name(state, s)} is knocked out.")
            events.append(public("knocked_out", seat=s))
    if state.aim is not None and state.aim not in standing(state):
        state.aim = None
    return events


def set_actor(state: MkState, seat: int) -> None:
    """``seat`` acts now (its aim: the next standing seat at its left)."""
    state.initiative = seat
    state.stepped = False
    state.acted_se = False
    state.aim = left_of(state, seat, standing(state)) if state.brawl else None
    state.phase = "act"


def close_action(state: MkState, keep: bool) -> list[Event]:
    """An action is over (its kards already discarded): Brawl -> the next seat with an
    action, or the turn's end; two Kombatants -> initiative kept or passed."""
    ex = state.exchange
    if state.brawl:
        if state.initiative not in state.spent:
            state.spent.append(state.initiative)
    elif not keep:
        state.initiative = other(state, ex.attacker if ex else state.initiative)
    state.exchange = None
    state.followup_for = None
    events = knock_outs(state)
    if len(standing(state)) <= 1:
        return events + end_turn(state)
    if state.brawl:
        waiting = [s for s in standing(state) if s not in state.spent]
        if waiting:
            set_actor(state, left_of(state, state.initiative, waiting)
                      if state.initiative not in waiting else state.initiative)
            return [*events, public("action", seat=state.initiative)]
    return events + end_turn(state)


def end_turn(state: MkState) -> list[Event]:
    """Close a turn: tick durations, knock-outs, the round's end or cap, the next turn."""
    state.exchange = None
    state.followup_for = None
    for m in state.modifiers:
        m.turns -= 1
    state.modifiers = [m for m in state.modifiers if m.turns > 0]
    events = knock_outs(state)
    up = standing(state)
    if len(up) <= 1:
        return events + end_round(state, up[0] if up else None, "ko")
    state.turns_played += 1
    state.turn += 1
    cap = BRAWL_TURN_CAP if state.brawl else ROUND_TURN_CAP
    if state.turn > cap:
        state.capped_rounds += 1
        best = max(state.fighters[s].kp for s in up)
        top = [s for s in up if state.fighters[s].kp == best]
        return events + end_round(state, top[0] if len(top) == 1 else None, "cap")
    was_brawl = state.brawl
    state.brawl = len(up) > 2
    state.spent = []
    if state.brawl or was_brawl:
        state.turn_starter = left_of(state, state.turn_starter, up)
        if state.turn_starter not in up:
            state.turn_starter = up[0]
        set_actor(state, state.turn_starter)
    elif state.initiative not in up:
        set_actor(state, left_of(state, state.initiative, up))
    state.phase = "discard"
    return [*events, public("turn_started", turn=state.turn, initiative=state.initiative,
                            brawl=state.brawl)]


def end_round(state: MkState, winner: int | None, reason: str) -> list[Event]:
    """Score the round (every other Kombatant in it loses it; a tie is replayed), put out
    the seats with two losses, then the next round or the match's end."""
    state.round_turns.append(state.turn)
    state.round_winners.append(winner)
    events: list[Event] = [public("round_over", round=state.round, winner=winner,
                                  reason=reason, kp=[f.kp for f in state.fighters])]
    if winner is None:
        state.notes.append(f"Round {state.round} is a tie: it is replayed.")
    else:
        state.fighters[winner].rounds += 1
        state.notes.append(f"{name(state, winner)} wins round {state.round} ({reason}).")
        losers = [*state.down, *(s for s in in_match(state) if s not in state.down)]
        for s in losers:
            if s == winner or s in state.out or s in state.left:
                continue
            state.fighters[s].losses += 1
            if state.fighters[s].losses >= 2:
                state.out.append(s)
                state.notes.append(f"{name(state, s)} is out of the match.")
                events.append(public("eliminated", seat=s))
    still = in_match(state)
    wins = [f.rounds for f in state.fighters]
    if max(wins) >= 2 or len(still) <= 1 or len(state.round_winners) >= MATCH_ROUND_CAP:
        return events + end_match(state)
    state.round += 1
    state.starter = left_of(state, state.starter, still)
    state.initiative = state.starter
    return events + start_round(state)


def end_match(state: MkState) -> list[Event]:
    """Rank by round wins, then by who went out later (leavers last)."""
    state.phase = "over"
    state.exchange = None
    rank = {s: (-state.fighters[s].rounds,
                -(state.out.index(s) if s in state.out else len(state.out)))
            for s in range(state.seats) if s not in state.left}
    keys = sorted(set(rank.values()))
    groups = [[s for s in rank if rank[s] == k] for k in keys]
    top = groups[0] if groups else []
    if len(top) == 1:
        w = top[0]
        summary = f"{name(state, w)} wins the Brawl with {state.fighters[w].rounds} rounds."
    else:
        summary = "A shared first place in rounds."
    state.result = Game.placed(state, groups, "rounds", summary)
    return [public("match_over", ranks=list(state.result.ranks),
                   rounds=[f.rounds for f in state.fighters])]
