"""Turn resolution: dealing, movement, scoring, counters, end of turn, bout and match.

Every function mutates a state the caller owns (the Game's private copy) and returns the
events it produced. The order of play follows the rulebook: Movement cards revealed
together, first player moves then second, Action cards turned over together and scored
first player first, a Block may be followed by a Counter, hands are refilled first player
first, and the first player alternates.
"""

from __future__ import annotations

from engine.core import Event, Outcome, private_with_twin, public, trusted
from engine.games.world_of_fighters.board import (
    DIRECTION_NAMES,
    START,
    Direction,
    distance,
    legal_directions,
    on_edge,
    range_modifier,
    step,
)
from engine.games.world_of_fighters.data import Card, Character, characters, full_deck
from engine.games.world_of_fighters.model import (
    HAND_SIZE,
    MAX_HP,
    MAX_TURNS,
    SUPER_SCORE,
    Pending,
    Reveal,
    WofState,
)


def char(state: WofState, seat: int) -> Character:
    """The character of a seat (only valid once both have picked)."""
    cid = state.fighters[seat].character
    assert cid is not None
    return characters()[cid]


def draw(state: WofState, seat: int, n: int) -> list[Event]:
    """Draw ``n`` cards; an empty pile is replaced by the shuffled discard pile."""
    events: list[Event] = []
    got: list[Card] = []
    for _ in range(n):
        if not state.deck:
            if not state.discard:
                break
            state.deck, state.discard = state.discard, []
            state.rng.shuffle(state.deck)
            events.append(public("deck_reshuffled", cards=len(state.deck)))
        got.append(state.deck.pop())
    state.fighters[seat].hand.extend(got)
    if got:
        events += private_with_twin(
            "cards_drawn", (seat,), {"cards": list(got)}, {"seat": seat, "count": len(got)}
        )
    return events


def start_bout(state: WofState) -> list[Event]:
    """Reset fighters, gather and shuffle every card, deal three each (first player first)."""
    state.first = (state.bout - 1) % 2
    state.turn = 1
    state.phase = "commit"
    state.commits, state.table, state.called, state.queue = {}, {}, {}, []
    state.reveal = None
    for seat, f in enumerate(state.fighters):
        f.hp, f.pos, f.prev_pos = MAX_HP, START[seat], None
        f.hand, f.last_move = [], None  # super_used stays: once per match, not per bout
    state.deck, state.discard = full_deck(), []
    state.rng.shuffle(state.deck)
    events = [public("bout_started", bout=state.bout, first=state.first,
                     positions=[list(p) for p in START])]
    for seat in (state.first, 1 - state.first):
        events += draw(state, seat, HAND_SIZE)
    return events


def begin_turn(state: WofState) -> list[Event]:
    """Both have committed: lay the Action cards face down, reveal the Movement cards."""
    commits = [state.commits[0], state.commits[1]]
    state.commits = {}
    state.turns_played += 1
    for seat, c in enumerate(commits):
        state.fighters[seat].hand.remove(c.card)
        state.table[seat] = c.card
        state.called[seat] = c.call_super
    state.reveal = trusted(
        Reveal, bout=state.bout, turn=state.turn, first=state.first,
        moves=[c.move for c in commits], supers=[c.call_super for c in commits],
        start=[f.pos for f in state.fighters],
        # the defaults, given as pydantic would copy them; every value already has the
        # type validation would keep (ints, bools, position tuples): not validated again
        directions=[None, None], cards=[None, None], damage=[0, 0], notes=[],
    )
    events = [public("movement_revealed", moves=state.reveal.moves,
                     supers=state.reveal.supers, first=state.first)]
    for seat, c in enumerate(commits):
        if c.call_super:
            sup = char(state, seat).super
            note = f"{char(state, seat).name} calls {sup.name} ({sup.code})!"
            state.reveal.notes.append(note)
            events.append(public("super_called", seat=seat, move=sup.name, code=sup.code))
    state.phase = "move"
    state.queue = [Pending.of(kind="move", seat=s) for s in (state.first, 1 - state.first)]
    return events + advance(state)


def move_directions(state: WofState, seat: int) -> list[Direction]:
    """Legal directions for ``seat``'s pending move."""
    assert state.reveal is not None
    me, rival = state.fighters[seat], state.fighters[1 - seat]
    return legal_directions(me.pos, rival.pos, state.reveal.moves[seat])


def advance(state: WofState) -> list[Event]:
    """Score once both have moved; until then the next move is the pending decision.

    A fighter always has a legal direction (on the 7x7 board with moves of 1-3; see
    ``test_board.py::test_on_7x7_a_legal_direction_always_exists``): "forced off the
    board" is the Ring Out of a super move, not a movement rule.
    """
    if not state.queue:
        return score(state)
    return []


def do_move(state: WofState, seat: int, direction: Direction) -> list[Event]:
    """Move ``seat`` exactly its revealed number of squares in ``direction``."""
    assert state.reveal is not None
    state.queue.pop(0)
    f = state.fighters[seat]
    n = state.reveal.moves[seat]
    f.prev_pos, f.pos = f.pos, step(f.pos, direction, n)
    state.reveal.directions[seat] = direction
    state.reveal.notes.append(
        f"{char(state, seat).name} moves {n} {DIRECTION_NAMES[direction]}."
    )
    ev = public("moved", seat=seat, direction=direction, distance=n,
                frm=list(f.prev_pos), to=list(f.pos))
    return [ev, *advance(state)]


def _hit(state: WofState, target: int, dmg: int) -> bool:
    """Deal damage; True when the target is knocked out (0 HP)."""
    f = state.fighters[target]
    f.hp = max(0, f.hp - dmg)
    assert state.reveal is not None
    state.reveal.damage[target] += dmg
    return f.hp == 0


def score(state: WofState) -> list[Event]:
    """Turn the Action cards over and score them, first player first."""
    assert state.reveal is not None
    rv = state.reveal
    cards = [state.table[0], state.table[1]]
    rng = distance(state.fighters[0].pos, state.fighters[1].pos)
    active = [
        state.called[s] and rng == char(state, s).super.range for s in (0, 1)
    ]
    rv.cards, rv.range = list(cards), rng
    events = [public("actions_revealed", cards=list(cards), range=rng, supers=active)]
    for s in (0, 1):
        if state.called[s] and not active[s]:
            sup = char(state, s).super
            rv.notes.append(f"{sup.name} needs range {sup.range}: played as a plain card.")
            events.append(public("super_fizzled", seat=s, move=sup.name, need=sup.range,
                                 range=rng, card=cards[s]))
    state.discard += cards
    state.table, state.called = {}, {}
    if cards == ["block", "block"] and not any(active):
        rv.notes.append("Both fighters block: nothing happens.")
        return [*events, public("both_blocked"), *end_turn(state)]
    counter_for: int | None = None
    for s in (state.first, 1 - state.first):
        o = 1 - s
        me, foe = char(state, s), char(state, o)
        if active[s]:
            state.fighters[s].super_used = True
            events.append(public("super_move", seat=s, move=me.super.name))
            if on_edge(state.fighters[o].pos):
                rv.notes.append(f"{me.super.name}! {foe.name} is knocked out of the ring!")
                return events + end_bout(state, s, "ring_out")
            if cards[s] == "block":
                rv.notes.append(f"{me.super.name}: no edge to push {foe.name} over.")
                events.append(public("super_no_edge", seat=s, move=me.super.name))
                continue
            rv.notes.append(f"{me.super.name} lands for {SUPER_SCORE}.")
            events.append(public("attack", seat=s, card=cards[s], score=SUPER_SCORE,
                                 blocked=0, damage=SUPER_SCORE, super=True))
            if _hit(state, o, SUPER_SCORE):
                return events + ko(state, s)
            continue
        if cards[s] == "block":
            continue
        mod = range_modifier(cards[s], rng, me.reach)
        if cards[o] == "block":
            counter_for = o
        if mod == 0:
            rv.notes.append(f"{me.name}'s {cards[s]} misses: the rival is out of range, no damage.")
            events.append(public("attack", seat=s, card=cards[s], score=0, blocked=0,
                                 damage=0, super=False, commenced=False))
            continue
        att = me.stat(cards[s]) + mod
        blocked = min(att, foe.block) if cards[o] == "block" else 0
        dmg = att - blocked
        extra = f" ({foe.name} blocks {blocked})" if cards[o] == "block" else ""
        rv.notes.append(f"{me.name}'s {cards[s]} scores {att}{extra}: {dmg} damage.")
        events.append(public("attack", seat=s, card=cards[s], score=att, blocked=blocked,
                             damage=dmg, super=False, commenced=True))
        if _hit(state, o, dmg):
            return events + ko(state, s)
    if counter_for is not None:
        state.phase = "counter"
        state.queue = [Pending.of(kind="counter", seat=counter_for)]
        return events
    return events + end_turn(state)


def counter_cards(state: WofState, seat: int) -> list[Card]:
    """Attack cards in hand that would commence as a counter at the current range."""
    rng = distance(state.fighters[0].pos, state.fighters[1].pos)
    me = char(state, seat)
    hand = state.fighters[seat].hand
    return [c for c in ("punch", "kick", "grapple") if c in hand
            and range_modifier(c, rng, me.reach) > 0]


def do_counter(state: WofState, seat: int, card: Card | None) -> list[Event]:
    """Play the blocker's counter (never a super move) or decline it."""
    assert state.reveal is not None
    state.queue.pop(0)
    me = char(state, seat)
    if card is None:
        state.reveal.notes.append(f"{me.name} does not counter.")
        return [public("counter", seat=seat, card=None), *end_turn(state)]
    rng = distance(state.fighters[0].pos, state.fighters[1].pos)
    state.fighters[seat].hand.remove(card)
    state.discard.append(card)
    dmg = me.stat(card) + range_modifier(card, rng, me.reach)
    state.reveal.counter, state.reveal.counter_seat = card, seat
    state.reveal.notes.append(f"{me.name} counters with a {card}: {dmg} damage.")
    events = [public("counter", seat=seat, card=card, damage=dmg)]
    if _hit(state, 1 - seat, dmg):
        return events + ko(state, seat)
    return events + end_turn(state)


def ko(state: WofState, winner: int) -> list[Event]:
    """The rival of ``winner`` is at 0 HP."""
    assert state.reveal is not None
    state.reveal.notes.append(f"{char(state, 1 - winner).name} is knocked out!")
    return end_bout(state, winner, "ko")


def end_turn(state: WofState) -> list[Event]:
    """Refill hands (first player first), rest the used Movement cards, swap first player."""
    assert state.reveal is not None
    events: list[Event] = []
    for s in (state.first, 1 - state.first):
        events += draw(state, s, HAND_SIZE - len(state.fighters[s].hand))
        state.fighters[s].last_move = state.reveal.moves[s]
    state.queue = []
    if state.turn >= MAX_TURNS:
        hp = [f.hp for f in state.fighters]
        winner = None if hp[0] == hp[1] else (0 if hp[0] > hp[1] else 1)
        state.reveal.notes.append("Time! The judges decide on health.")
        return events + end_bout(state, winner, "decision")
    state.turn += 1
    state.first = 1 - state.first
    state.phase = "commit"
    events.append(public("turn_started", bout=state.bout, turn=state.turn, first=state.first))
    return events


def end_bout(state: WofState, winner: int | None, reason: str) -> list[Event]:
    """Record the bout; end the match or start the next bout."""
    state.bout_winners.append(winner)
    state.queue, state.commits, state.called = [], {}, {}
    state.discard += [state.table[s] for s in sorted(state.table)]
    state.table = {}
    if winner is not None:
        state.fighters[winner].bouts_won += 1
    events = [public("bout_over", bout=state.bout, winner=winner, reason=reason)]
    wins = [f.bouts_won for f in state.fighters]
    need = state.options.bouts // 2 + 1
    done = max(wins) >= need or len(state.bout_winners) >= state.options.bouts
    if not done:
        state.bout += 1
        return events + start_bout(state)
    state.phase = "over"
    names = [char(state, s).name for s in (0, 1)]
    how = {"ko": "by K.O.", "ring_out": "by Ring Out", "decision": "on the judges' decision"}
    if wins[0] == wins[1]:
        state.result = Outcome.tie(2, "draw" if state.options.bouts == 1 else "bouts",
                                   "A draw.")
    else:
        w = 0 if wins[0] > wins[1] else 1
        if state.options.bouts == 1:
            summary = f"{names[w]} wins {how[reason]}."
            state.result = Outcome.win(w, 2, reason, summary)
        else:
            summary = f"{names[w]} wins {wins[w]}-{wins[1 - w]} in bouts."
            state.result = Outcome.win(w, 2, "bouts", summary)
    return [*events, public("match_over", ranks=list(state.result.ranks),
                            reason=state.result.reason, summary=state.result.summary)]
