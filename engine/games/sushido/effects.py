"""Board primitives (life, Super, positions, cards) and the effect handlers.

Every effect type of :data:`data.Effect` has exactly one handler in :data:`HANDLERS`;
the module checks at import that none is missing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event, private_with_twin, public
from engine.games.sushido.data import (
    EFFECT_TYPES,
    Damage,
    Draw,
    Effect,
    Fighter,
    Guard,
    Heal,
    Push,
    Step,
    SuperGain,
    Trigger,
    content,
)
from engine.games.sushido.model import ARENA, MAX_SUPER, SushidoState

Events = list[Event]


# ------------------------------------------------------------------------ geometry
def other(seat: int) -> int:
    """The rival seat."""
    return 1 - seat


def forward(seat: int) -> int:
    """Direction toward the rival: seat 0 stands on the left, seat 1 on the right."""
    return 1 if seat == 0 else -1


def in_arena(pos: int) -> bool:
    """Whether a square is inside the Arena."""
    return 0 <= pos < ARENA


def out_square(seat: int) -> int:
    """The Ring Out square behind a seat's edge."""
    return -1 if seat == 0 else ARENA


def contact(state: SushidoState) -> bool:
    """Whether the fighters stand on adjacent squares."""
    return abs(state.seat[0].pos - state.seat[1].pos) == 1


def fighter(state: SushidoState, seat: int) -> Fighter:
    """The fighter data of a seat."""
    return content().fighters[state.seat[seat].fighter]


def full_life(state: SushidoState, seat: int) -> int:
    """A seat's full life."""
    return fighter(state, seat).life


def diamonds(life: int) -> tuple[int, int]:
    """Diamond squares of the life track (decision): two thirds and one third of full life."""
    return (life * 2 // 3, life // 3)


# ------------------------------------------------------------------------- gauges
def gain_super(state: SushidoState, seat: int, n: int, ev: Events, why: str) -> None:
    """Add Super (capped at 5) with a public event."""
    s = state.seat[seat]
    new = min(MAX_SUPER, s.gauge + n)
    ev.append(public("super_gain", seat=seat, amount=new - s.gauge, gauge=new, why=why))
    s.gauge = new


def spend_super(state: SushidoState, seat: int, ev: Events, why: str) -> None:
    """Spend 1 Super (caller checked the gauge)."""
    state.seat[seat].gauge -= 1
    ev.append(public("super_spend", seat=seat, gauge=state.seat[seat].gauge, why=why))


def damage(state: SushidoState, seat: int, n: int, ev: Events, why: str) -> None:
    """Take ``n`` damage; each diamond square reached or passed gives 1 Super."""
    s = state.seat[seat]
    old = s.life
    s.life = max(0, old - n)
    ev.append(public("damage", seat=seat, amount=old - s.life, life=s.life, why=why))
    for d in diamonds(full_life(state, seat)):
        if old > d >= s.life:
            gain_super(state, seat, 1, ev, "diamond")


def heal(state: SushidoState, seat: int, n: int, ev: Events) -> None:
    """Regain life up to full life."""
    s = state.seat[seat]
    new = min(full_life(state, seat), s.life + n)
    ev.append(public("heal", seat=seat, amount=new - s.life, life=new))
    s.life = new


# ----------------------------------------------------------------------- movement
def set_pos(state: SushidoState, seat: int, pos: int, ev: Events, why: str) -> None:
    """Move a fighter (clamped to its Ring Out square) with a public event."""
    pos = max(-1, min(ARENA, pos))
    state.seat[seat].pos = pos
    ev.append(public("move", seat=seat, pos=pos, why=why))
    if not in_arena(pos):
        ev.append(public("ring_out", seat=seat))


def can_retreat(state: SushidoState, seat: int) -> bool:
    """A step back is legal only from inside the Arena to a square inside it (decision)."""
    pos = state.seat[seat].pos
    return in_arena(pos) and in_arena(pos - forward(seat))


def advance(state: SushidoState, seat: int, ev: Events) -> bool:
    """One Move step toward the rival; in contact it pushes. Returns True on a push."""
    me, rv = state.seat[seat], state.seat[other(seat)]
    d = forward(seat)
    if not contact(state):
        set_pos(state, seat, me.pos + d, ev, "advance")
        return False
    if not in_arena(rv.pos):
        ev.append(public("push_fails", seat=seat, why="rival already out"))
        return False
    ev.append(public("push", seat=seat))
    set_pos(state, other(seat), rv.pos + d, ev, "pushed")
    set_pos(state, seat, me.pos + d, ev, "push")
    return True


def retreat(state: SushidoState, seat: int, ev: Events) -> None:
    """One Move step back, away from the rival."""
    set_pos(state, seat, state.seat[seat].pos - forward(seat), ev, "retreat")


# -------------------------------------------------------------------------- cards
def refill(state: SushidoState, ev: Events) -> None:
    """Empty draw pile: shuffle the discard pile into a new one."""
    if state.deck or not state.discard:
        return
    state.deck = state.discard
    state.discard = []
    state.rng.shuffle(state.deck)
    ev.append(public("reshuffle", size=len(state.deck)))


def draw(state: SushidoState, seat: int, n: int, ev: Events) -> None:
    """Draw ``n`` cards (private event with its public twin)."""
    got: list[int] = []
    for _ in range(n):
        refill(state, ev)
        if not state.deck:
            break
        got.append(state.deck.pop())
    state.seat[seat].hand.extend(got)
    ev.extend(private_with_twin("draw", (seat,), {"cards": got}, {"seat": seat, "count": len(got)}))


def card_text(cid: int) -> str:
    """A card as text, e.g. ``Hit ◆`` (from a table built once: labels and views show
    several cards on every click)."""
    texts = _CARD_TEXT or _card_texts()
    return texts[cid] if 0 <= cid < len(texts) else _card_text(cid)


def _card_text(cid: int) -> str:
    c = content().card(cid)
    return f"{c.type.capitalize()} {content().glyphs[c.symbol]}"


def _card_texts() -> list[str]:
    if not _CARD_TEXT:
        _CARD_TEXT.extend(_card_text(c.id) for c in content().cards)
    return _CARD_TEXT


_CARD_TEXT: list[str] = []
"""Every card's text by id (:func:`card_text`), built once from the content."""


def card_info(cid: int) -> dict[str, Any]:
    """A public card description for events (a fresh dict: events own their data)."""
    return (_CARD_INFO or card_infos())[cid].copy()


def card_infos() -> list[dict[str, Any]]:
    """Every card's public description by id (shared: never change them)."""
    if not _CARD_INFO:
        _CARD_INFO.extend({"id": c.id, "type": c.type, "symbol": c.symbol}
                          for c in content().cards)
    return _CARD_INFO


_CARD_INFO: list[dict[str, Any]] = []
"""Every card's description by id, built once from the content."""


# ------------------------------------------------------------------------ effects
def _damage(state: SushidoState, seat: int, e: Damage, ev: Events) -> None:
    damage(state, other(seat), e.amount, ev, "effect")


def _push(state: SushidoState, seat: int, e: Push, ev: Events) -> None:
    rv = other(seat)
    for _ in range(e.amount):
        pos = state.seat[rv].pos
        if not in_arena(pos):
            break
        set_pos(state, rv, pos + forward(seat), ev, "pushed")


def _step(state: SushidoState, seat: int, e: Step, ev: Events) -> None:
    for _ in range(e.amount):
        if e.toward:
            if contact(state):
                break
            set_pos(state, seat, state.seat[seat].pos + forward(seat), ev, "step")
        else:
            if not can_retreat(state, seat):
                break
            retreat(state, seat, ev)


def _super(state: SushidoState, seat: int, e: SuperGain, ev: Events) -> None:
    gain_super(state, seat, e.amount, ev, "effect")


def _heal(state: SushidoState, seat: int, e: Heal, ev: Events) -> None:
    heal(state, seat, e.amount, ev)


def _draw(state: SushidoState, seat: int, e: Draw, ev: Events) -> None:
    draw(state, seat, e.amount, ev)


def _guard(state: SushidoState, seat: int, e: Guard, ev: Events) -> None:
    state.seat[seat].guards += e.amount
    ev.append(public("guard", seat=seat, guards=state.seat[seat].guards))


Handler = Callable[[SushidoState, int, Any, Events], None]
HANDLERS: dict[str, Handler] = {
    "damage": _damage,
    "push": _push,
    "step": _step,
    "super": _super,
    "heal": _heal,
    "draw": _draw,
    "guard": _guard,
}


def _check_handlers() -> None:
    names = {t.model_fields["type"].default for t in EFFECT_TYPES}
    missing = names - set(HANDLERS)
    if missing or set(HANDLERS) - names:
        raise RuntimeError(f"effect handlers out of sync: {sorted(missing)}")


_check_handlers()


def apply_effects(state: SushidoState, seat: int, effects: tuple[Effect, ...], ev: Events) -> None:
    """Apply effects in order, on behalf of ``seat``."""
    for e in effects:
        HANDLERS[e.type](state, seat, e, ev)


def fire_passive(state: SushidoState, seat: int, trigger: Trigger, ev: Events) -> None:
    """Apply a seat's passive if it matches ``trigger`` (at most once per turn)."""
    s = state.seat[seat]
    p = fighter(state, seat).passive
    if p.trigger != trigger or s.passive_used:
        return
    if trigger != "round_start":
        s.passive_used = True
    ev.append(public("passive", seat=seat, name=p.name))
    apply_effects(state, seat, p.effects, ev)


def super_combo(state: SushidoState, seat: int, ev: Events) -> None:
    """Use the Super Combo: empty the gauge, get back up from a K.-O. (with 1 life) and
    come back from a Ring Out (to one's edge square), then apply its effects."""
    s = state.seat[seat]
    sc = fighter(state, seat).super_combo
    s.gauge = 0
    ev.append(public("super_combo", seat=seat, name=sc.name))
    if s.life <= 0:
        s.life = 1
        ev.append(public("get_up", seat=seat, life=1))
    if not in_arena(s.pos):
        edge = 0 if seat == 0 else ARENA - 1
        if state.seat[other(seat)].pos == edge:  # the rival stands on our edge: shove it
            set_pos(state, other(seat), edge + forward(seat), ev, "pushed")
        set_pos(state, seat, edge, ev, "escape")
    apply_effects(state, seat, sc.effects, ev)
