"""Zones and effects: moving cards (deck as health), paying energy, and one handler per
effect type of the closed set :data:`data.EffectType`.

One-shot effects (:data:`HANDLERS`) run when a card or ability resolves; static effects
(:data:`STATIC`) are read where they apply (armor at damage, block tax at a block, the
siphon when a card would go to an energy pile...). The import-time check below makes
sure every effect type has exactly one of the two, and the data check makes sure static
types sit only in static places and one-shot types only in one-shot places.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

from engine.games.epic_battles.data import EFFECT_TYPES, Card, Effect, cards, characters
from engine.games.epic_battles.model import Ask, EbState, Float, Note, Task


class RoundOver(Exception):
    """A deck is empty: its owner loses the round at once (even mid-step)."""

    def __init__(self, losers: list[int]) -> None:
        super().__init__(f"round lost by {losers}")
        self.losers = losers


def card(cid: str) -> Card:
    """The card with this id."""
    return cards()[cid]


def other(seat: int) -> int:
    """The rival seat."""
    return 1 - seat


def name(cid: str) -> str:
    """A card's printed name (or a character's, for the source of an ability)."""
    return _printed().get(cid, cid)


@cache
def _printed() -> dict[str, str]:
    """Printed names by id: the cards', then the characters' not shadowed by a card."""
    return {**{i: ch.name for i, ch in characters().items()},
            **{i: c.name for i, c in cards().items()}}


def who(state: EbState, seat: int) -> str:
    """The character name of a seat (the game's own words, never a seat number)."""
    cid = state.sides[seat].character
    return _names()[cid] if cid else "?"


@cache
def _names() -> dict[str, str]:
    return {cid: ch.name for cid, ch in characters().items()}


def say(state: EbState, text: str) -> None:
    """Add a public sentence to the turn's log."""
    state.log.append(text)


def note(state: EbState, key: str, seats: list[int] | None = None,
         cards: list[str] | None = None, n: int = 0, what: str = "") -> None:
    """Record a public happening for the narration (never a hidden card)."""
    state.notes.append(_note(key, () if seats is None else tuple(seats),
                             () if cards is None else tuple(cards), n, what))


@lru_cache(maxsize=8192)
def _note(key: str, seats: tuple[int, ...], cards: tuple[str, ...], n: int, what: str,
          ) -> Note:
    """The note with these fields, made once and then shared: notes are frozen and
    nothing changes their lists (the note events get copies)."""
    return Note.trusted(key, list(seats), list(cards), n, what)


def check_decks(state: EbState) -> None:
    """The deck is the health bar: raise :class:`RoundOver` if any deck is empty."""
    sides = state.sides
    if not sides[0].deck or not sides[1].deck:
        raise RoundOver([s for s in (0, 1) if not sides[s].deck])


def mill(state: EbState, seat: int, n: int) -> int:
    """``seat`` loses ``n`` cards from the top of its deck, one by one, to its discard
    pile (damage, chip and "discards the top card" effects); the deck is checked after
    each card. Returns the cards lost."""
    side = state.sides[seat]
    deck = side.deck
    if 0 < n < len(deck) and state.sides[1 - seat].deck:
        # no deck runs out on the way: the same cards in the same order, at once
        lost = deck[-n:]
        del deck[-n:]
        lost.reverse()
        side.discard.extend(lost)
        return n
    for _ in range(n):
        side.discard.append(deck.pop())
        check_decks(state)
    return n


def has_static(state: EbState, seat: int, kind: str) -> int:
    """The total ``n`` of a character's static ability of type ``kind`` (0 if none)."""
    cid = state.sides[seat].character
    return 0 if cid is None else static_total(cid, kind)


@cache
def static_total(cid: str, kind: str) -> int:
    """The total ``n`` of character ``cid``'s static abilities of type ``kind``."""
    return sum(e.n for a in characters()[cid].abilities if a.trigger == "static"
               for e in a.effects if e.type == kind)


def put_energy(state: EbState, seat: int, cid: str) -> None:
    """A card goes into ``seat``'s energy pile, unless a replacement (Sean's siphon)
    sends it to the discard pile instead."""
    side = state.sides[seat]
    limit = has_static(state, other(seat), "siphon")
    if limit and len(side.energy) >= limit:
        side.discard.append(cid)
        say(state, f"{name(cid)} is discarded instead of going to {who(state, seat)}'s "
                   f"energy pile ({who(state, other(seat))}).")
        note(state, "siphoned", [seat, other(seat)], [cid])
        return
    side.energy.append(cid)


def has_pile_effects(state: EbState, seat: int) -> bool:
    """Whether the energy pile holds a card with an energy-pile effect (then the payer
    picks how to pay: oldest first, or sparing those cards)."""
    return any(card(c).energy for c in state.sides[seat].energy)


def pay(state: EbState, seat: int, n: int, spare: bool) -> None:
    """Pay ``n`` energy: that many energy cards to the discard pile, oldest first
    (``spare``: the cards with an energy-pile effect last)."""
    if not n:
        return
    side = state.sides[seat]
    if not spare:  # the oldest ``n``
        fields = side.__dict__  # as Mutable.__setattr__ assigns, inline (most payments)
        energy = fields["energy"]
        fields["energy"] = energy[n:]
        side.__pydantic_fields_set__.add("energy")
        side.discard.extend(energy[:n])
        return
    order = list(range(len(side.energy)))
    order.sort(key=lambda i: (bool(card(side.energy[i]).energy), i))
    chosen = sorted(order[:n])
    paid = [side.energy[i] for i in chosen]
    taken = set(chosen)
    side.energy = [c for i, c in enumerate(side.energy) if i not in taken]
    side.discard.extend(paid)


def armor(state: EbState, seat: int) -> int:
    """Damage reduction from the kamidogu ``seat`` controls."""
    return sum(e.n for k in state.sides[seat].kamidogu for e in card(k.card).effects
               if e.type == "armor")


def sharpen(state: EbState, seat: int) -> int:
    """Extra chip from the kamidogu ``seat`` controls."""
    return sum(e.n for k in state.sides[seat].kamidogu for e in card(k.card).effects
               if e.type == "sharpen")


def block_tax(state: EbState, attacker: int, cid: str) -> int:
    """Extra energy the rival pays to block attack ``cid`` (Sounds of Music: read from
    the attacker's energy pile, for attacks *printed* at cost 0 of the subtype)."""
    atk = card(cid)
    if atk.cost != 0:
        return 0
    return sum(e.n for c in state.sides[attacker].energy for e in card(c).energy
               if e.type == "block_tax" and e.subtype in (None, atk.subtype))


def power(state: EbState, seat: int) -> int:
    """Extra damage of ``seat``'s attacks from floating effects (Insanity)."""
    return sum(f.effect.n for f in state.floats if f.seat == seat
               and f.effect.type == "power")


def ask(state: EbState, request: Ask) -> None:
    """Put a decision at the head of the queue (it is prompted next)."""
    state.asks.insert(0, request)


def push(state: EbState, tasks: list[Task]) -> None:
    """Run these tasks next, in this order."""
    state.todo[:0] = tasks


ACT_TASK = (Task.of(kind="act", seat=0), Task.of(kind="act", seat=1))
"""The task that asks a seat to act (shared: tasks are frozen)."""
ACT = (Ask.of(kind="act", seat=0), Ask.of(kind="act", seat=1))
"""The decision of a seat's action in Battle (shared: asks are frozen)."""


def act_next(state: EbState, seat: int) -> None:
    """``seat`` acts next: asked at once when no other decision is pending (the task
    runner would run its act task first thing, and ask), else queued after it."""
    if state.asks:
        push(state, [ACT_TASK[seat]])
    else:
        ask(state, ACT[seat])


def effect_tasks(seat: int, effects: tuple[Effect, ...], source: str) -> list[Task]:
    """Tasks resolving ``effects`` for ``seat`` in printed order."""
    return [Task.of(kind="effect", seat=seat, effect=e, source=source) for e in effects]


@cache
def card_tasks(seat: int, cid: str, part: str) -> tuple[Task, ...]:
    """:func:`effect_tasks` of one printed part of card ``cid`` (``on_play``, ``effects``
    or ``hit``) for ``seat``, made once (cards and tasks never change)."""
    effects: tuple[Effect, ...] = getattr(card(cid), part)
    return tuple(effect_tasks(seat, effects, cid))


@cache
def _ability_tasks(cid: str, seat: int, trigger: str, subtype: str | None,
                   ) -> tuple[Task, ...]:
    out: list[Task] = []
    for a in characters()[cid].abilities:
        if a.trigger == trigger and a.subtype in (None, subtype):
            out += effect_tasks(seat, a.effects, cid)
    return tuple(out)


def triggers(state: EbState, seat: int, trigger: str, subtype: str | None = None) -> list[Task]:
    """Tasks for ``seat``'s character abilities with this trigger (and subtype)."""
    return list(ability_tasks(state, seat, trigger, subtype))


def ability_tasks(state: EbState, seat: int, trigger: str, subtype: str | None = None,
                  ) -> tuple[Task, ...]:
    """:func:`triggers` as a shared tuple (do not change it)."""
    cid = state.sides[seat].character
    return () if cid is None else _ability_tasks(cid, seat, trigger, subtype)


# -------------------------------------------------------------------- the handlers
def _draw(state: EbState, seat: int, eff: Effect, source: str) -> None:
    push(state, [Task.of(kind="draw", seat=seat, source=source)] * eff.n)


def _mill(state: EbState, seat: int, eff: Effect, source: str) -> None:
    say(state, f"{name(source)}: {who(state, other(seat))} discards the top "
               f"{eff.n} card(s) of the deck.")
    note(state, "milled", [seat, other(seat)], [source], eff.n)
    mill(state, other(seat), eff.n)


def _energize(state: EbState, seat: int, eff: Effect, source: str) -> None:
    side = state.sides[seat]
    for _ in range(eff.n):
        put_energy(state, seat, side.deck.pop())
        check_decks(state)


def _recover(state: EbState, seat: int, eff: Effect, source: str) -> None:
    side = state.sides[seat]
    for _ in range(min(eff.n, len(side.discard))):
        side.deck.insert(0, side.discard.pop())


def _power(state: EbState, seat: int, eff: Effect, source: str) -> None:
    state.floats.append(Float(seat=seat, effect=eff, source=source))


def _strike_of(state: EbState, seat: int) -> bool:
    return state.strike is not None and state.strike.seat == seat


def _bonus(state: EbState, seat: int, eff: Effect, source: str) -> None:
    if state.strike is not None and _strike_of(state, seat):
        state.strike.bonus += eff.n


def _chip(state: EbState, seat: int, eff: Effect, source: str) -> None:
    if state.strike is not None and _strike_of(state, seat):
        state.strike.chip += eff.n


def _combo_bonus(state: EbState, seat: int, eff: Effect, source: str) -> None:
    if state.strike is not None and _strike_of(state, seat) and state.strike.index >= 2:
        state.strike.bonus += eff.n


def _multi_block(state: EbState, seat: int, eff: Effect, source: str) -> None:
    if state.strike is not None and _strike_of(state, seat):
        state.strike.blocks_needed = max(state.strike.blocks_needed, eff.n)
        state.strike.no_lower = True


def _unblockable(state: EbState, seat: int, eff: Effect, source: str) -> None:
    if state.strike is not None and _strike_of(state, seat):
        state.strike.unblockable = True


def _freeze(state: EbState, seat: int, eff: Effect, source: str) -> None:
    state.floats.append(Float(seat=seat, effect=eff, source=source))


def frozen(state: EbState, attacker: int) -> bool:
    """Whether ``attacker``'s rival cannot block until the end of the turn (a freeze)."""
    return any(f.seat == attacker and f.effect.type == "freeze" for f in state.floats)


def _pierce(state: EbState, seat: int, eff: Effect, source: str) -> None:
    if state.strike is not None and _strike_of(state, seat):
        state.strike.no_lower = True


def _strip(state: EbState, seat: int, eff: Effect, source: str) -> None:
    hand = state.sides[other(seat)].hand
    for _ in range(min(eff.n, len(hand))):
        state.sides[other(seat)].discard.append(hand.pop(state.rng.below(len(hand))))
    say(state, f"{name(source)}: {who(state, other(seat))} discards a card at random.")
    note(state, "stripped", [seat, other(seat)], [source])


def _drain(state: EbState, seat: int, eff: Effect, source: str) -> None:
    rival = state.sides[other(seat)]
    lost, rival.energy = rival.energy[:eff.n], rival.energy[eff.n:]
    rival.discard.extend(lost)


def _swap(state: EbState, seat: int, eff: Effect, source: str) -> None:
    ask(state, Ask.of(kind="swap", seat=seat, left=eff.n))


def _search(state: EbState, seat: int, eff: Effect, source: str) -> None:
    ask(state, Ask.of(kind="search", seat=seat))


Handler = Callable[[EbState, int, Effect, str], None]

HANDLERS: dict[str, Handler] = {
    "draw": _draw, "flip_draw": _draw, "mill": _mill, "energize": _energize,
    "recover": _recover, "power": _power, "bonus": _bonus, "chip": _chip,
    "combo_bonus": _combo_bonus, "multi_block": _multi_block, "unblockable": _unblockable,
    "strip": _strip, "drain": _drain, "swap_weapons": _swap, "search": _search,
    "freeze": _freeze, "pierce": _pierce,
}
"""One handler per one-shot effect type."""
_ON_STRIKE = frozenset({"bonus", "chip", "combo_bonus", "multi_block", "unblockable",
                        "pierce"})
"""Effects that change only their own seat's attack in progress (else they do nothing)."""
STATIC = frozenset({"block_tax", "armor", "sharpen", "siphon", "event_reveal"})
"""Static effect types, read by :func:`block_tax`, :func:`armor`, :func:`sharpen`,
:func:`put_energy` and the draw (``event_reveal``)."""

if set(HANDLERS) & STATIC or set(HANDLERS) | STATIC != set(EFFECT_TYPES):
    raise RuntimeError("every effect type needs exactly one handler")


def check_content() -> None:
    """Static effects only in static places, one-shot effects only in one-shot places."""
    for c in cards().values():
        statics = c.energy + (c.effects if c.type == "kamidogu" else ())
        shots = c.on_play + c.hit + (c.effects if c.type != "kamidogu" else ())
        for e in statics:
            if e.type not in STATIC:
                raise ValueError(f"{c.id}: {e.type} is not a static effect")
        for e in shots:
            if e.type in STATIC:
                raise ValueError(f"{c.id}: {e.type} is a static effect")
    for ch in characters().values():
        for a in ch.abilities:
            for e in a.effects:
                if (a.trigger == "static") != (e.type in STATIC):
                    raise ValueError(f"{ch.id}: {e.type} does not fit trigger {a.trigger}")


def run_effect(state: EbState, seat: int, eff: Effect, source: str) -> None:
    """Resolve one one-shot effect for ``seat`` (narrated: its source and what it does;
    ``mill`` and ``strip`` say what they did themselves)."""
    on_strike = _strike_of(state, seat) and (
        eff.type != "combo_bonus" or (state.strike is not None and state.strike.index >= 2))
    if eff.type not in ("mill", "strip") and (
            eff.type not in _ON_STRIKE or on_strike):
        note(state, "effect", [seat, other(seat)], [source], eff.n, eff.type)
    HANDLERS[eff.type](state, seat, eff, source)


check_content()
