"""Turn flow: setup, drawing and rollover, end of turn, rounds, March offers, the March.

Every function mutates a state the caller owns (a private copy) and returns public events.
"""

from __future__ import annotations

from engine.core import Event, Game, Rng, public, trusted
from engine.games.kingdom_of_loathing import data
from engine.games.kingdom_of_loathing.effects import reduction, score
from engine.games.kingdom_of_loathing.model import (
    HAND_SIZE,
    STATS,
    TRAINER_SIZE,
    Combat,
    KolState,
    March,
    Options,
    PlayerState,
)


# --------------------------------------------------------------------------- setup
def setup(options: Options, seats: int, seed: int) -> KolState:
    """A new match: map, trainer, stat piles, decks, hands, meat, the Certificate."""
    rng = Rng(seed=seed)
    first = rng.below(seats)
    locations: list[list[str]] = []
    for loc in range(9):
        pile = [c.id for c in data.content().cards if c.location == loc]
        rng.shuffle(pile)
        locations.append([pile[-1], *pile[:-1]])  # the bottom card goes on top
    skill_deck = [s.id for s in data.content().skills]
    rng.shuffle(skill_deck)
    trainer: list[str | None] = [skill_deck.pop(0) for _ in range(TRAINER_SIZE)]
    piles = dict(data.stat_piles())
    players = []
    for i in range(seats):
        for s in STATS:
            piles[f"{s}1"] -= 4
        deck = [f"{s}1" for s in STATS for _ in range(4)]
        rng.shuffle(deck)
        gear = [f"nw{i + 1}", f"nh{i + 1}", f"np{i + 1}"]
        players.append(PlayerState(meat=5 + (i - first) % seats, hand=deck[:HAND_SIZE],
                                   deck=deck[HAND_SIZE:], items=list(gear),
                                   equipped=list(gear)))
    return KolState(game="kingdom_of_loathing", seats=seats, rng=rng,
                    sorceress=options.sorceress, round_cap=options.round_cap,
                    players=players, locations=locations, trainer=trainer,
                    skill_deck=skill_deck, piles=piles, certificate=first,
                    first_player=first, turn=first,
                    actor=first)


# ------------------------------------------------------------------------ helpers
def active(state: KolState) -> list[int]:
    """Seats still playing: not left, not eliminated."""
    return [s for s in state.in_play() if not state.players[s].out]


def next_active(state: KolState, seat: int) -> int:
    """The next seat clockwise that is still playing (``seat`` itself if alone)."""
    for k in range(1, state.seats + 1):
        s = (seat + k) % state.seats
        if s in active(state):
            return s
    return seat


def from_seat(state: KolState, seat: int) -> list[int]:
    """Active seats clockwise starting at ``seat`` (included if active)."""
    return [(seat + k) % state.seats for k in range(state.seats)
            if (seat + k) % state.seats in active(state)]


def cleanup(state: KolState, seat: int) -> None:
    """Played cards to the discard, escrow to the Heap in order, mojo to zero."""
    p = state.players[seat]
    p.discard.extend(p.played)
    p.played = []
    state.heap.extend(p.escrow)
    p.escrow = []
    p.mojo = 0
    p.used = []
    state.combat = trusted(Combat)


# ------------------------------------------------------------------ draw, rollover
def draw(state: KolState, seat: int) -> bool:
    """Draw ``state.pending_draw`` cards. Returns False when a rollover decision
    interrupts (phase set to ``rollover``); True when the drawing is done."""
    p = state.players[seat]
    while state.pending_draw > 0:
        if not p.deck:
            if not p.discard:  # nothing to recycle: drawing stops
                state.pending_draw = 0
                break
            p.buffs_on = []
            if roll_choices(state, seat):
                state.phase = "rollover"
                state.actor = seat
                return False
            reshuffle(state, seat)
        p.hand.append(p.deck.pop(0))
        state.pending_draw -= 1
    return True


def roll_choices(state: KolState, seat: int) -> list[str]:
    """Discard cards that can be replaced at rollover (distinct codes, sorted)."""
    return sorted(c for c in set(state.players[seat].discard) if roll_targets(state, c))


def roll_targets(state: KolState, code: str) -> list[str]:
    """What ``code`` may become: same stat one higher, or another stat same value,
    from a pile that is not empty."""
    stat, value = code[:2], int(code[2])
    out = [f"{stat}{value + 1}"] if value < 4 else []
    out += [f"{s}{value}" for s in STATS if s != stat]
    return [c for c in out if state.piles.get(c, 0) > 0]


def reshuffle(state: KolState, seat: int) -> None:
    """The discard pile becomes the new (shuffled) deck."""
    p = state.players[seat]
    p.deck = p.discard
    p.discard = []
    state.rng.shuffle(p.deck)


def replace_card(state: KolState, seat: int, old: str, new: str) -> None:
    """Rollover upgrade: ``old`` from the discard goes back to its pile, ``new`` comes."""
    p = state.players[seat]
    p.discard.remove(old)
    state.piles[old] += 1
    state.piles[new] -= 1
    p.discard.append(new)


def after_draw(state: KolState, seat: int) -> list[Event]:
    """Continue the flow once the pending draws are done."""
    if state.resume == "endturn":
        return finish_turn(state)
    state.phase = state.resume
    state.actor = seat
    return []


# --------------------------------------------------------------------- end of turn
def end_combat(state: KolState, seat: int) -> None:
    """After the kill (or none): cleanup, then the voluntary discards."""
    cleanup(state, seat)
    state.phase = "discard"
    state.actor = seat


def refill(state: KolState, seat: int) -> list[Event]:
    """Draw up to six (the voluntary discards are done); then finish the turn."""
    p = state.players[seat]
    state.pending_draw = max(0, HAND_SIZE - len(p.hand))
    state.resume = "endturn"
    if not draw(state, seat):
        return []
    return finish_turn(state)


def update_map(state: KolState) -> None:
    """Trainer slide and refill, location tops, empty locations rebuilt from the Heap."""
    row = state.trainer
    if state.trained:
        rest = [s for s in row if s is not None]
        row = [None] * (TRAINER_SIZE - len(rest)) + rest
        row = [s if s is not None else _skill(state) for s in row]
    else:
        if row[-1] is not None:
            state.skill_discard.append(row[-1])
        row = [_skill(state), *row[:-1]]
    state.trainer = row
    state.trained = False
    for loc in state.refresh:
        pile = state.locations[loc]
        if len(pile) > 1:
            pile.insert(0, pile.pop())
    state.refresh = []
    for loc, pile in enumerate(state.locations):
        if pile:
            continue
        back = [c for c in state.heap if c.startswith("k") and data.cards()[c].location == loc]
        if back:
            state.heap = [c for c in state.heap if c not in back]
            state.rng.shuffle(back)
            state.locations[loc] = [back[-1], *back[:-1]]


def _skill(state: KolState) -> str | None:
    """The next skill from the pile (its discard reshuffled when empty)."""
    if not state.skill_deck and state.skill_discard:
        state.skill_deck = state.skill_discard
        state.skill_discard = []
        state.rng.shuffle(state.skill_deck)
    return state.skill_deck.pop(0) if state.skill_deck else None


def finish_turn(state: KolState) -> list[Event]:
    """The map updates and the next seat's turn (or the round's March offers)."""
    update_map(state)
    state.turns += 1
    return next_turn(state, state.turn)


def next_turn(state: KolState, prev: int) -> list[Event]:
    """Pass the turn on from ``prev``; a new round starts at the Certificate holder."""
    nxt = next_active(state, prev)
    if nxt != state.certificate:
        return start_turn(state, nxt)
    state.round += 1
    if state.round_cap and state.round > state.round_cap:
        return start_march(state, None)
    state.phase = "offer"
    state.offer_index = 0
    state.actor = state.certificate
    return [public("round", round=state.round)]


def start_turn(state: KolState, seat: int) -> list[Event]:
    """A seat's normal turn begins with its non-combat phase."""
    state.turn = seat
    state.actor = seat
    state.phase = "noncombat"
    state.combat = trusted(Combat)
    state.players[seat].used = []
    state.players[seat].mojo = 0
    return [public("turn", seat=seat)]


def pass_offer(state: KolState) -> list[Event]:
    """The offered seat passes: the next one is asked, or the round's first turn begins."""
    nxt = next_active(state, state.actor)
    state.offer_index += 1
    if nxt == state.certificate:
        return start_turn(state, state.certificate)
    state.actor = nxt
    return []


# ------------------------------------------------------------------------- march
def start_march(state: KolState, announcer: int | None) -> list[Event]:
    """All Buffs go off; from the announcer's left, each seat's non-combat phase."""
    for p in state.players:
        p.buffs_on = []
        p.used = []
        p.mojo = 0
    if announcer is None:
        order = from_seat(state, state.certificate)
    else:
        order = [*from_seat(state, next_active(state, announcer))]
        order = [s for s in order if s != announcer] + [announcer]
    state.march = March(announcer=announcer, order=order)
    state.combat = trusted(Combat)
    state.phase = "noncombat"
    state.actor = order[0]
    state.turn = order[0]
    return [public("march", announcer=announcer, order=order)]


def march_next(state: KolState) -> list[Event]:
    """Move the March on to its next phase or seat (or resolve it)."""
    m = state.march
    assert m is not None
    m.index += 1
    if m.index >= len(m.order):
        if m.stage == "combat":
            return resolve_march(state)
        m.stage = "combat"
        m.index = 0
    seat = m.order[m.index]
    state.actor = seat
    state.turn = seat
    state.combat = trusted(Combat)
    state.phase = "noncombat" if m.stage == "noncombat" else "combat"
    return []


def march_score(state: KolState, seat: int) -> list[Event]:
    """Record the seat's March score and bar, clean up, and go on."""
    m = state.march
    assert m is not None
    total = score(state, seat, None)
    bar = state.sorceress - reduction(state, None)
    m.scores[seat] = total
    m.bars[seat] = bar
    cleanup(state, seat)
    return [public("march_score", seat=seat, score=total, bar=bar), *march_next(state)]


def resolve_march(state: KolState) -> list[Event]:
    """The top qualifying score wins (ties: earlier in combat order). Nobody: the
    announcer is out (forced March: a draw) and play goes on."""
    m = state.march
    assert m is not None
    qualified = [s for s in m.order if m.scores.get(s, -1) >= m.bars.get(s, 10**6)]
    if qualified:
        best = max(m.scores[s] for s in qualified)
        winner = next(s for s in qualified if m.scores[s] == best)
        rest = [s for s in active(state) if s != winner]
        state.result = Game.placed(state, [[winner], rest, *out_groups(state)], "sorceress",
                                   f"beat the Sorceress with {best}")
        state.phase = "over"
        return [public("match_over", winner=winner, score=best)]
    if m.announcer is None:
        state.result = Game.placed(state, [active(state), *out_groups(state)], "rounds",
                                   "nobody could beat the Sorceress by the round cap")
        state.phase = "over"
        return [public("match_over", draw=True)]
    events: list[Event] = []
    if m.announcer not in state.left:
        events.append(public("eliminated", seat=m.announcer))
        state.players[m.announcer].out = True
        state.out_order.append(m.announcer)
    state.march = None
    for s in active(state):  # refill after the last turn (automatic, no upgrade)
        refill_plain(state, s)
    update_map(state)  # the March was a turn like any other: the trainer row moves on
    state.turns += 1
    if len(active(state)) == 1:
        return events + win_alone(state)
    if state.certificate not in active(state):
        state.certificate = next_active(state, state.certificate)
    return events + start_turn(state, state.certificate)


def refill_plain(state: KolState, seat: int) -> None:
    """Draw to six, reshuffling without a rollover upgrade (after a failed March)."""
    p = state.players[seat]
    while len(p.hand) < HAND_SIZE:
        if not p.deck:
            if not p.discard:
                return
            p.buffs_on = []
            reshuffle(state, seat)
        p.hand.append(p.deck.pop(0))


def out_groups(state: KolState) -> list[list[int]]:
    """Eliminated seats, the last eliminated first."""
    return [[s] for s in reversed(state.out_order) if s not in state.left]


def win_alone(state: KolState) -> list[Event]:
    """The one seat still playing wins."""
    (winner,) = active(state)
    state.result = Game.placed(state, [[winner], *out_groups(state)], "last_standing",
                               "the last adventurer standing")
    state.phase = "over"
    return [public("match_over", winner=winner)]
