"""The flow: rounds, the turn's four steps, flip windows, and the task runner.

:func:`run` pops micro-steps (``state.todo``) until a decision is pending
(``state.asks``), a simultaneous commit is awaited (Set, Discard), or the match is over.
An empty deck raises :class:`effects.RoundOver` wherever it happens; :func:`run` ends
the round there and then (even mid-step) and starts the next one.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event, Outcome, public
from engine.games.epic_battles import attack
from engine.games.epic_battles.data import characters, decklist, precons
from engine.games.epic_battles.effects import (
    ACT,
    ACT_TASK,
    RoundOver,
    act_next,
    ask,
    card,
    card_tasks,
    check_decks,
    name,
    note,
    other,
    pay,
    push,
    run_effect,
    say,
    static_total,
    triggers,
    who,
)
from engine.games.epic_battles.model import (
    HAND_KEEP,
    OPENING,
    Ask,
    EbState,
    Side,
    Task,
    kami,
    set_event,
)


def start_match(state: EbState) -> list[Event]:
    """Both characters picked: each deck is the seat's built deck (its code in the
    options) or the character's precon; a random aggressor, round 1."""
    from engine.games.epic_battles.decks import from_code

    for s in (0, 1):
        cid = state.picks[s]
        code = state.options.decks[s] if state.options.decks else ""
        counts = from_code(code).cards if code else precons()[cid]
        state.sides[s] = Side(character=cid, decklist=decklist(counts))
    state.picks = {}
    state.aggressor = state.rng.below(2)
    start_round(state)
    return [public("characters", characters=[state.sides[0].character,
                                             state.sides[1].character])]


def start_round(state: EbState) -> None:
    """Every card back to its owner, shuffled; piles and floating effects cleared; both
    draw 3 (the aggressor all of his, then the rival), then the first turn's Draw step."""
    for side in state.sides:
        side.deck = list(side.decklist)
        state.rng.shuffle(side.deck)
        side.hand, side.discard, side.energy, side.events, side.kamidogu = [], [], [], [], []
    state.floats, state.asks, state.todo, state.flipped = [], [], [], []
    state.strike, state.commits, state.passes = None, {}, 0
    state.turn, state.phase = 1, "draw"
    a = state.aggressor
    state.log = [f"Round {state.round}: {who(state, a)} is the aggressor."]
    note(state, "round_start", [a], [], state.round)
    push(state, list(_OPENING_DRAWS[a]))
    state.todo.append(_DRAW_STEP)


def end_round(state: EbState, losers: list[int]) -> list[Event]:
    """Score the round; end the match at the target, else start the next round."""
    winners = [other(s) for s in losers] if len(losers) == 1 else [0, 1]
    for w in winners:
        state.sides[w].rounds += 1
    state.round_winners.append(winners)
    names = " and ".join(who(state, w) for w in winners)
    events = [public("round_over", round=state.round, winners=winners)]
    note(state, "round_over", losers, [], state.round)
    state.asks, state.todo, state.strike, state.flipped = [], [], None, []
    need = state.options.to_win
    done = [s for s in (0, 1) if state.sides[s].rounds >= need]
    if done:
        state.phase = "over"
        score = f"{state.sides[done[0]].rounds}-{state.sides[other(done[0])].rounds}"
        if len(done) == 2:
            state.result = Outcome.tie(2, "rounds", f"A draw, {score}: both decks ran out.")
        else:
            state.result = Outcome.win(done[0], 2, "rounds",
                                       f"{who(state, done[0])} wins {score}.")
        events.append(public("match_over", ranks=list(state.result.ranks)))
        return events
    state.aggressor = losers[0] if len(losers) == 1 else other(state.aggressor)
    state.round += 1
    start_round(state)
    state.log.insert(0, f"{names} won round {state.round - 1}.")
    return events


def run(state: EbState) -> list[Event]:
    """Run tasks until a decision is needed; end rounds on an empty deck."""
    events: list[Event] = []
    todo = state.todo
    while state.result is None and not state.asks and todo:
        task = todo.pop(0)
        kind = task.kind
        try:
            if kind == "step":  # the most frequent kinds first
                attack.step(state)
            elif kind == "draw":
                draw_one(state, task.seat)
            else:
                _RUNNERS[kind](state, task)
        except RoundOver as over:
            events += end_round(state, over.losers)
        todo = state.todo  # a new round has a new queue
    return events


def _effect(state: EbState, task: Task) -> None:
    assert task.effect is not None
    run_effect(state, task.seat, task.effect, task.source)


def _enter_set(state: EbState) -> None:
    state.phase, state.commits = "set", {}


_REVEALERS = frozenset(c for c in characters() if static_total(c, "event_reveal"))
"""Characters who may reveal an event they draw (Dudley)."""
_DRAW = (Task.of(kind="draw", seat=0), Task.of(kind="draw", seat=1))
_FLIP_WINDOW = (Task.of(kind="flip_window", seat=0, source="draw"),
                Task.of(kind="flip_window", seat=1, source="draw"))
_OPENING_DRAWS = tuple(tuple(_DRAW[s] for s in (a, 1 - a) for _ in range(OPENING))
                       for a in (0, 1))
"""The draws of the start of a round and of a Draw step: the aggressor draws all of his
cards, then the rival (the basic rules' step order), card by card (the deck is checked
after each)."""
_FLIP_ASK = tuple(tuple(Ask.of(kind="flip", seat=s, window=w) for s in (0, 1))
                  for w in ("attack", "draw"))
"""The flip decisions by window (``[window == "draw"][seat]``)."""
_DRAW_STEP = Task.of(kind="draw_step")
_ENTER_SET = Task.of(kind="enter_set")
_ENTER_BATTLE = Task.of(kind="enter_battle")
ENTER_DISCARD = Task.of(kind="enter_discard")
"""The Discard step's task (after both seats passed)."""
_END_TURN = Task.of(kind="end_turn")
_RESOLVE_FLIPS = Task.of(kind="resolve_flips")
_RUNNERS: dict[str, Callable[[EbState, Task], None]] = {
    "step": lambda state, task: attack.step(state),
    "draw": lambda state, task: draw_one(state, task.seat),
    "effect": _effect,
    "draw_step": lambda state, task: _draw_step(state),
    "flip_window": lambda state, task: _flip_window(
        state, task.seat, "draw" if task.source == "draw" else "attack"),
    "resolve_flips": lambda state, task: resolve_flips(state),
    "enter_set": lambda state, task: _enter_set(state),
    "enter_battle": lambda state, task: _enter_battle(state),
    "act": lambda state, task: ask(state, ACT[task.seat]),
    "enter_discard": lambda state, task: _enter_discard(state),
    "end_turn": lambda state, task: end_turn(state),
}
"""What each kind of task does (tasks are made only here, in :mod:`attack` and in
:mod:`effects`)."""


def draw_one(state: EbState, seat: int) -> None:
    """Draw the top card; the deck is checked at once. Dudley may reveal a drawn event:
    he is asked after every draw (event or not), so being asked reveals nothing."""
    side = state.sides[seat]
    deck = side.deck
    cid = deck.pop()
    side.hand.append(cid)
    if not deck or not state.sides[1 - seat].deck:  # what check_decks looks at
        check_decks(state)
    if side.character in _REVEALERS:
        ask(state, Ask.of(kind="reveal", seat=seat, card=cid))


def _draw_step(state: EbState) -> None:
    state.phase = "draw"
    a, d = state.aggressor, other(state.aggressor)
    tasks = triggers(state, a, "start_draw") + triggers(state, d, "start_draw")
    tasks += [_FLIP_WINDOW[s] for s in (a, d)]
    tasks += _OPENING_DRAWS[a]
    tasks.append(_ENTER_SET)
    push(state, tasks)


def _flip_window(state: EbState, seat: int, window: str) -> None:
    """A seat with set events is always asked at its flip windows (even if it cannot
    flip anything), so being asked reveals nothing."""
    if state.sides[seat].events:
        ask(state, _FLIP_ASK[window == "draw"][seat])


def flippable(state: EbState, seat: int, window: str) -> list[int]:
    """Positions of ``seat``'s set events that flip at this window."""
    return [i for i, e in enumerate(state.sides[seat].events) if card(e.card).flip == window]


def do_flip(state: EbState, seat: int, mask: int, spare: bool, window: str) -> None:
    """Flip the chosen events together (paid on flip); Dudley's draws come before they
    resolve, and events drawn then cannot join this flip."""
    if not mask:  # nothing flipped, nothing paid
        return
    side = state.sides[seat]
    chosen = [i for i in range(len(side.events)) if mask >> i & 1]
    cost = sum(card(side.events[i].card).cost for i in chosen)
    pay(state, seat, cost, spare)
    flipped = [side.events[i].card for i in chosen]
    side.events = [e for i, e in enumerate(side.events) if i not in chosen]
    if not flipped:
        return
    state.flipped, state.flipper = flipped, seat
    say(state, f"{who(state, seat)} flips {', '.join(name(c) for c in flipped)}.")
    note(state, "flip", [seat], flipped, cost)
    tasks: list[Task] = []
    if window == "attack" and state.strike is not None:
        sub = card(state.strike.card).subtype
        for _ in flipped:
            tasks += triggers(state, seat, "flip", sub)
    tasks.append(_RESOLVE_FLIPS)
    push(state, tasks)


def resolve_flips(state: EbState) -> None:
    """Resolve the flipped events: their owner picks the order when several remain."""
    if not state.flipped:
        return
    if len(state.flipped) > 1:
        ask(state, Ask.of(kind="order", seat=state.flipper))
        return
    resolve_event(state, 0)


def resolve_event(state: EbState, index: int) -> None:
    """Resolve the flipped event at ``index``: it goes to its owner's discard pile and
    its effects resolve; the remaining flipped events come after."""
    seat = state.flipper
    cid = state.flipped.pop(index)
    state.sides[seat].discard.append(cid)
    push(state, [*card_tasks(seat, cid, "effects"), _RESOLVE_FLIPS])


def set_cards(state: EbState) -> list[Event]:
    """Both Set commits are in: events go face down, kamidogu face up; then Battle."""
    shown: list[list[str]] = [[], []]
    fresh = [0, 0]
    for s in (0, 1):
        side = state.sides[s]
        mask = state.commits[s]
        keep: list[str] = []
        for i, cid in enumerate(side.hand):
            if not mask >> i & 1:
                keep.append(cid)
            elif card(cid).type == "kamidogu":
                side.kamidogu.append(kami(cid, s))
                shown[s].append(cid)
            else:
                side.events.append(set_event(cid))
                fresh[s] += 1
        side.hand = keep
    state.commits = {}
    for s in (0, 1):
        note(state, "set", [s], shown[s], fresh[s])
    push(state, [_ENTER_BATTLE])
    return [public("set_revealed", kamidogu=shown,
                   events=[len(state.sides[s].events) for s in (0, 1)])]


def _enter_battle(state: EbState) -> None:
    state.phase, state.passes = "battle", 0
    a, d = state.aggressor, other(state.aggressor)
    tasks = triggers(state, a, "start_battle") + triggers(state, d, "start_battle")
    if tasks:
        push(state, [*tasks, ACT_TASK[a]])
    else:  # the runner would run the act task next
        act_next(state, a)


def discarders(state: EbState) -> list[int]:
    """Seats holding more than 3 cards at the Discard step."""
    return [s for s in (0, 1) if len(state.sides[s].hand) > HAND_KEEP]


def _enter_discard(state: EbState) -> None:
    state.phase, state.commits = "discard", {}
    if not discarders(state):
        push(state, [_END_TURN])


def discard_cards(state: EbState) -> None:
    """Every Discard commit is in: discard them (in hand order), end the turn."""
    for s, mask in state.commits.items():
        side = state.sides[s]
        gone = [c for i, c in enumerate(side.hand) if mask >> i & 1]
        note(state, "discard", [s], gone)
        side.discard += gone
        side.hand = [c for i, c in enumerate(side.hand) if not mask >> i & 1]
    state.commits = {}
    push(state, [_END_TURN])


def end_turn(state: EbState) -> None:
    """Floating effects end; the aggressor role passes; the next Draw step."""
    state.floats = []
    state.aggressor = other(state.aggressor)
    state.turn += 1
    state.turns_played += 1
    state.log = [f"Turn {state.turn}: {who(state, state.aggressor)} is the aggressor."]
    note(state, "turn_start", [state.aggressor], [], state.turn)
    check_decks(state)
    push(state, [_DRAW_STEP])
