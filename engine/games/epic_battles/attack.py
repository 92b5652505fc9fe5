"""The advanced rulebook's 12 steps of an attack, in order.

1) pay and play (:func:`play_attack`); 2) on-play effects; 3) the attacker may flip
"when you attack" events (asked whenever he has set events); 4) they resolve in his
order; 5) the attack's text; 6) the rival is always asked to block (High/High, Low/Low,
N blocks or none, each paid, taxes once; "cannot block" beats any "can"); 7) block
texts; 8) unblocked: damage; blocked: chip; 9) damage in a combo may win one rival
kamidogu; 10) unblocked: HIT effects; 11) the attack to the energy pile (replacements
apply), blocks to the discard pile; 12) a link lets the attacker continue the combo.
"""

from __future__ import annotations

from itertools import combinations

from engine.games.epic_battles.effects import (
    ability_tasks,
    act_next,
    ask,
    block_tax,
    card,
    card_tasks,
    frozen,
    mill,
    name,
    note,
    other,
    pay,
    power,
    push,
    put_energy,
    say,
    sharpen,
    who,
)
from engine.games.epic_battles.effects import armor as armor_of
from engine.games.epic_battles.model import Ask, EbState, Strike, Task


def attack_cost(state: EbState, seat: int, cid: str) -> int:
    """What playing attack ``cid`` costs ``seat`` now: its printed cost, changed where the
    card says so (in a combo; while ``seat``'s deck is smaller than the rival's), never
    below 0."""
    c = card(cid)
    if not c.cost_mods:
        return c.cost
    combo = state.strike is not None and state.strike.seat == seat
    behind = len(state.sides[seat].deck) < len(state.sides[1 - seat].deck)
    applies = {"combo": combo, "behind": behind}
    return max(0, c.cost + sum(m.n for m in c.cost_mods if applies[m.when]))


def playable(state: EbState, seat: int, links: tuple[str, ...] | None = None) -> list[str]:
    """Distinct attacks of ``seat``'s hand it can pay for (and that match ``links``)."""
    side = state.sides[seat]
    out: list[str] = []
    for cid in dict.fromkeys(side.hand):
        c = card(cid)
        if c.type != "attack" or attack_cost(state, seat, cid) > len(side.energy):
            continue
        if links is not None and c.subtype not in links:
            continue
        out.append(cid)
    return out


def play_attack(state: EbState, seat: int, cid: str, spare: bool) -> None:
    """Step 1: pay the cost and play the attack (it leaves the hand for the arena)."""
    index = state.strike.index + 1 if state.strike is not None else 1
    pay(state, seat, attack_cost(state, seat, cid), spare)
    state.sides[seat].hand.remove(cid)
    state.assign(strike=Strike.fresh(seat, cid, index), passes=0)
    combo = f" (combo hit {index})" if index > 1 else ""
    say(state, f"{who(state, seat)} attacks with {name(cid)}{combo}.")
    note(state, "attack", [seat, other(seat)], [cid], index)
    push(state, [_STEP])


def block_options(state: EbState, seat: int) -> list[tuple[int, int]]:
    """The blocks ``seat`` may play now: ``(hand mask, total cost)``, one per distinct
    set of cards; exactly the number of blocks needed, each paid, the tax once."""
    strike = state.strike
    if strike is None or strike.unblockable or frozen(state, strike.seat):
        return []
    height = card(strike.card).height
    hand = state.sides[seat].hand
    first: dict[str, list[int]] = {}
    for i, cid in enumerate(hand):
        c = card(cid)
        if c.type == "block" and height in c.blocks:
            first.setdefault(cid, []).append(i)
    pool = [i for idx in first.values() for i in idx]
    tax = block_tax(state, strike.seat, strike.card)
    out: list[tuple[int, int]] = []
    seen: set[tuple[str, ...]] = set()
    for combo in combinations(pool, strike.blocks_needed):
        key = tuple(sorted(hand[i] for i in combo))
        if key in seen:
            continue
        seen.add(key)
        cost = sum(card(hand[i]).cost for i in combo) + tax
        if cost <= len(state.sides[seat].energy):
            out.append((sum(1 << i for i in combo), cost))
    return out


def do_block(state: EbState, seat: int, mask: int, spare: bool) -> None:
    """Step 6 answered: the chosen blocks are paid and played (or none)."""
    strike = state.strike
    assert strike is not None
    if not mask:
        say(state, f"{who(state, seat)} does not block.")
        note(state, "no_block", [seat])
        return
    side = state.sides[seat]
    chosen = [c for i, c in enumerate(side.hand) if mask >> i & 1]
    cost = sum(card(c).cost for c in chosen) + block_tax(state, strike.seat, strike.card)
    pay(state, seat, cost, spare)
    side.hand = [c for i, c in enumerate(side.hand) if not mask >> i & 1]
    strike.assign(blocks=chosen, blocked=True)
    say(state, f"{who(state, seat)} blocks with {', '.join(name(c) for c in chosen)}.")
    note(state, "block", [seat], chosen, cost)


def damage(state: EbState) -> int:
    """The damage the current attack would deal now (never below 0)."""
    strike = state.strike
    assert strike is not None
    total = card(strike.card).damage + strike.bonus + power(state, strike.seat)
    if not strike.no_lower:
        total -= armor_of(state, other(strike.seat))
    return max(0, total)


def chip(state: EbState) -> int:
    """The chip the current attack deals when blocked."""
    strike = state.strike
    assert strike is not None
    return card(strike.card).chip + strike.chip + sharpen(state, strike.seat)


_STEP = Task.of(kind="step")
"""The task that runs the strike's next step (shared: tasks are frozen)."""
_BLOCK = (Ask.of(kind="block", seat=0), Ask.of(kind="block", seat=1))
_STEAL = (Ask.of(kind="steal", seat=0), Ask.of(kind="steal", seat=1))
_LINK = (Ask.of(kind="link", seat=0), Ask.of(kind="link", seat=1))
_FLIP = (Ask.of(kind="flip", seat=0, window="attack"),
         Ask.of(kind="flip", seat=1, window="attack"))
"""The decisions and tasks of the steps, per seat (shared: they are frozen)."""


def step(state: EbState) -> None:
    """Run the strike's steps from the current one until one needs a decision or queues
    tasks (effects, which may ask or end the round): those run first, then the next
    step (its task is queued after them).

    A step that queues nothing and asks nothing is followed at once by the next one, as
    the task runner would: it would run the next step's task first thing (no decision is
    pending then, and a finished round raises out of here as out of the runner). The
    step number is written when the run stops (nothing reads it meanwhile; a finished
    round drops the strike).
    """
    strike = state.strike
    assert strike is not None
    seat = strike.seat
    rival = 1 - seat
    c = card(strike.card)
    n = strike.step
    tasks: tuple[Task, ...]
    if n <= 2:  # on-play effects
        tasks = card_tasks(seat, c.id, "on_play") + ability_tasks(state, seat, "play",
                                                                  c.subtype)
        if strike.index >= 2:
            tasks += ability_tasks(state, seat, "play_combo", c.subtype)
        if tasks:
            _stop(state, strike, 3, tasks)
            return
    if n <= 3 and state.sides[seat].events:  # flip "when you attack" events: asked
        _stop(state, strike, 4, (), _FLIP[seat])  # whenever he has set events
        return
    # 4: the flipped events resolve in their owner's order (queued before this step)
    if n <= 5:  # the attack's text
        tasks = card_tasks(seat, c.id, "effects")
        if tasks:
            _stop(state, strike, 6, tasks)
            return
    if n <= 6:  # the rival is always asked
        _stop(state, strike, 7, (), _BLOCK[rival])
        return
    if n <= 7 and strike.blocked:  # block texts
        tasks = ()
        for b in strike.blocks:
            tasks += card_tasks(rival, b, "effects")
        tasks += ability_tasks(state, rival, "block", c.subtype)
        if tasks:
            _stop(state, strike, 8, tasks)
            return
    if n <= 8:
        _damage_step(state)
    if n <= 9 and strike.dealt and strike.index >= 2 and state.sides[rival].kamidogu:
        _stop(state, strike, 10, (), _STEAL[seat])
        return
    if n <= 10 and not strike.blocked:  # HIT effects
        tasks = card_tasks(seat, c.id, "hit") + ability_tasks(state, seat, "hit", c.subtype)
        if tasks:
            note(state, "hit", [seat, rival], [c.id])
            _stop(state, strike, 11, tasks)
            return
    if n <= 11:
        put_energy(state, seat, c.id)
        if strike.blocks:  # (an empty list stays as it is)
            state.sides[rival].discard.extend(strike.blocks)
            strike.blocks = []
    strike.step = 13  # 12: a link may continue the combo
    if c.links:
        ask(state, _LINK[seat])
    else:
        end_action(state)


def _stop(state: EbState, strike: Strike, after: int, tasks: tuple[Task, ...],
          request: Ask | None = None) -> None:
    """The run of steps stops: these tasks (and then step ``after``) run next, once the
    decision ``request`` (if any) is answered."""
    strike.step = after
    push(state, [*tasks, _STEP])
    if request is not None:
        ask(state, request)


def _damage_step(state: EbState) -> None:
    strike = state.strike
    assert strike is not None
    rival = other(strike.seat)
    if strike.blocked:
        n = chip(state)
        say(state, f"{who(state, rival)} takes {n} chip.")
        note(state, "chip", [rival, strike.seat], [strike.card], n)
        mill(state, rival, n)
        return
    n = damage(state)
    say(state, f"{who(state, rival)} takes {n} damage.")
    note(state, "damage", [rival, strike.seat], [strike.card], n)
    strike.dealt = n
    mill(state, rival, n)


def end_action(state: EbState) -> None:
    """The attacker's action is over: the rival acts next."""
    assert state.strike is not None
    seat = state.strike.seat
    if state.strike.index > 1:
        note(state, "combo_end", [seat], [], state.strike.index)
    state.strike = None
    act_next(state, other(seat))


def steal(state: EbState, seat: int, index: int) -> None:
    """Step 9 answered: take control of the rival's kamidogu (it keeps its owner)."""
    if index < 0:
        return
    kami = state.sides[other(seat)].kamidogu.pop(index)
    state.sides[seat].kamidogu.append(kami)
    say(state, f"{who(state, seat)} takes control of {name(kami.card)}.")
    note(state, "steal", [seat, other(seat)], [kami.card])
