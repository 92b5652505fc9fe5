"""The effect handlers (one per :data:`~.data.EffectType`) and combat scoring.

:data:`HANDLERS` maps every effect type to its one handler; the import fails if a type has
no handler or a handler no type. Scoring functions are pure functions of card lists so the
greedy agent (which sees only its view) can use them too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, get_args

from engine.core import Rng
from engine.games.kingdom_of_loathing import data
from engine.games.kingdom_of_loathing.model import Hit, KolState, PlayerState


def active_cards(equipped: Iterable[str], skills: Iterable[str],
                 buffs_on: Iterable[str]) -> list[data.Item | data.Skill]:
    """The cards whose passives count: equipped gear, passive skills, Buffs switched on
    (a skill that ``needs`` a weapon type only while such a weapon is equipped)."""
    out: list[data.Item | data.Skill] = [data.item(c) for c in equipped]
    attacks = {it.attack for it in out if it.kind == "weapon"}
    table = data.skills()
    buffs = set(buffs_on)
    for s in skills:
        sk = table[s]
        if sk.needs and sk.needs not in attacks:
            continue
        if sk.kind == "passive" or (sk.kind == "buff" and s in buffs):
            out.append(sk)
    return out


def icons(p: PlayerState, maneuver: str) -> int:
    """The maneuver's bonus icons of a seat."""
    return sum(c.icons.get(maneuver) for c in active_cards(p.equipped, p.skills, p.buffs_on))


def resist(p: PlayerState, element: str | None) -> int:
    """Evasion bonus against a monster of ``element`` (0 without an element)."""
    if element is None:
        return 0
    return sum(c.resist.get(element, 0)  # type: ignore[call-overload]
               for c in active_cards(p.equipped, p.skills, p.buffs_on))


def meat_drop(p: PlayerState) -> int:
    """Extra meat per kill."""
    return sum(c.meat_drop for c in active_cards(p.equipped, p.skills, p.buffs_on))


def card_value(code: str) -> int:
    """A stat card's value."""
    return int(code[2])


def score(state: KolState, seat: int, element: str | None) -> int:
    """The seat's total combat score against a monster of ``element`` (``None``: no
    element, e.g. the Sorceress). Icons never add to step-1 damage; Evasion adds none."""
    c = state.combat
    damage = sum(h.against(element) for h in c.damage)
    if c.maneuver is None:
        return damage
    p = state.players[seat]
    total = sum(card_value(x) for x in c.cards) + icons(p, c.maneuver)
    if c.maneuver == "evade":
        return total + resist(p, element)
    return total + damage


def reduction(state: KolState, element: str | None) -> int:
    """How much the reductions played this combat cut a monster of ``element``."""
    return sum(h.against(element) for h in state.combat.reductions)


def killable(state: KolState, seat: int, card: str) -> bool:
    """Whether the seat's combat defeats this showing monster (power after reductions at
    most the score, or 0 or less)."""
    m = data.cards()[card].monster
    need = m.power - reduction(state, m.element)
    return need <= 0 or score(state, seat, m.element) >= need


def equipped_weapon_power(p: PlayerState) -> int:
    """The power of the seat's equipped weapon (0 without one)."""
    return gear_power(p.equipped, "weapon")


def gear_power(equipped: Iterable[str], slot: str) -> int:
    """The power of the equipped piece of ``slot`` (``all``: of every equipped piece)."""
    return sum(data.item(c).power for c in equipped
               if slot == "all" or data.item(c).kind == slot)


def counted(items: Iterable[str], skills: Iterable[str], per: str | None) -> int:
    """How many cards of type ``per`` (an item kind or a skill subtype) a display case
    holds."""
    n = sum(1 for c in items if data.item(c).kind == per)
    return n + sum(1 for s in skills if data.skills()[s].subtype == per)


def effect_damage(eff: data.Effect, equipped: Iterable[str], items: Iterable[str],
                  skills: Iterable[str], spent: int = 0) -> int:
    """The damage (or reduction) a combat effect deals now, before element modifiers."""
    if eff.type == "gear_damage":
        return gear_power(equipped, eff.slot) + eff.amount
    if eff.type == "count_damage":
        return eff.amount + eff.each * counted(items, skills, eff.per)
    if eff.type == "spell":
        return spent + eff.amount
    return eff.amount


# ------------------------------------------------------------------------- handlers
Did = dict[str, Any]
"""What an effect did, public: ``{"did": kind, "amount": amount, "card": id, "to": id}``."""
Handler = Callable[[KolState, int, data.Effect, str, int], Did]
"""``(state, seat, effect, source card id, mojo spent) -> what it did``."""


def _damage(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> Did:
    state.combat.damage.append(Hit(source=src, amount=eff.amount, vs=dict(eff.vs)))
    return {"did": "damage", "amount": eff.amount}


def _reduce(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> Did:
    state.combat.reductions.append(Hit(source=src, amount=eff.amount, vs=dict(eff.vs)))
    return {"did": "reduce", "amount": eff.amount}


def _gear_damage(state: KolState, seat: int, eff: data.Effect, src: str, spent: int,
                 ) -> Did:
    p = state.players[seat]
    amount = effect_damage(eff, p.equipped, p.items, p.skills)
    state.combat.damage.append(Hit(source=src, amount=amount, vs=dict(eff.vs)))
    return {"did": "damage", "amount": amount}


def _count_damage(state: KolState, seat: int, eff: data.Effect, src: str, spent: int,
                  ) -> Did:
    p = state.players[seat]
    amount = effect_damage(eff, p.equipped, p.items, p.skills)
    state.combat.damage.append(Hit(source=src, amount=amount, vs=dict(eff.vs)))
    return {"did": "damage", "amount": amount}


def _spell(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> Did:
    amount = spent + eff.amount
    state.combat.damage.append(Hit(source=src, amount=amount, vs=dict(eff.vs)))
    return {"did": "damage", "amount": amount}


def _meat(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> Did:
    state.players[seat].meat += eff.amount
    return {"did": "meat", "amount": eff.amount}


def _draw(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> Did:
    state.pending_draw += eff.amount  # the flow draws (a rollover may interrupt)
    return {"did": "draw", "amount": eff.amount}


def _mojo(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> Did:
    state.players[seat].mojo += eff.amount
    return {"did": "mojo", "amount": eff.amount}


def _stat(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> Did:
    if state.piles.get(eff.stat, 0) <= 0:
        return {"did": "none"}
    state.piles[eff.stat] -= 1
    state.players[seat].discard.append(eff.stat)
    return {"did": "stat", "card": eff.stat}


def _upgrade(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> Did:
    p = state.players[seat]
    mine = sorted((c for c in p.discard if c[:2] == eff.stat and card_value(c) < 4),
                  key=card_value)
    for old in mine:  # the lowest whose next value is still in its pile
        new = f"{old[:2]}{card_value(old) + 1}"
        if state.piles.get(new, 0) > 0:
            p.discard.remove(old)
            state.piles[old] += 1
            state.piles[new] -= 1
            p.discard.append(new)
            return {"did": "upgrade", "card": old, "to": new}
    return {"did": "none"}


def pulverize_gain(state: KolState, stat: str, power: int) -> str | None:
    """The stat card Pulverize gives for an item of ``power``: value ``power`` (4 at
    most), else the next lower value whose pile is not empty; ``None`` if none is."""
    for v in range(min(power, 4), 0, -1):
        if state.piles.get(f"{stat}{v}", 0) > 0:
            return f"{stat}{v}"
    return None


def _pulverize(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> Did:
    """The item (``state.target``) goes to escrow (the Heap at the end of the turn), the
    stat card to the discard pile."""
    p = state.players[seat]
    card = state.target
    if card is None or card not in p.items:
        return {"did": "none"}
    state.target = None
    p.items.remove(card)
    if card in p.equipped:
        p.equipped.remove(card)
    p.escrow.append(card)
    gain = pulverize_gain(state, eff.stat, data.item(card).power)
    if gain is None:
        return {"did": "pulverize", "card": card}
    state.piles[gain] -= 1
    p.discard.append(gain)
    return {"did": "pulverize", "card": card, "to": gain}


def _dive(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> Did:
    if not state.heap or data.item(state.heap[-1]).cost is None:
        return {"did": "none"}
    card = state.heap.pop()
    p = state.players[seat]
    p.items.append(card)
    sl = data.slot(card)
    if sl and not any(data.slot(c) == sl for c in p.equipped):
        p.equipped.append(card)
    return {"did": "dive", "card": card}


HANDLERS: dict[str, Handler] = {
    "damage": _damage, "reduce": _reduce, "gear_damage": _gear_damage,
    "spell": _spell, "count_damage": _count_damage, "meat": _meat, "draw": _draw,
    "mojo": _mojo, "stat": _stat, "upgrade": _upgrade, "pulverize": _pulverize,
    "dive": _dive,
}
if set(HANDLERS) != set(get_args(data.EffectType)):  # pragma: no cover - import-time check
    raise RuntimeError("every effect type needs exactly one handler")


def run(state: KolState, seat: int, eff: data.Effect, src: str, spent: int = 0) -> Did:
    """Apply one effect with its handler; ``state.last`` tells it in English."""
    did = HANDLERS[eff.type](state, seat, eff, src, spent)
    state.last = describe(did)
    return did


def describe(did: Did) -> str:
    """What an effect did, in short English words (the board's last line)."""
    kind, n = did.get("did"), did.get("amount", 0)
    card, to = str(did.get("card", "")), str(did.get("to", ""))
    if kind in ("damage", "reduce", "meat", "draw", "mojo"):
        return {"damage": f"{n} damage", "reduce": f"-{n} power", "meat": f"+{n} meat",
                "draw": f"draws {n}", "mojo": f"+{n} mojo"}[str(kind)]
    if kind == "stat":
        return f"gains {data.stat_name(card)}"
    if kind == "upgrade":
        return f"{data.stat_name(card)} becomes {data.stat_name(to)}"
    if kind == "pulverize":
        gain = f": gains {data.stat_name(to)}" if to else ""
        return f"pulverizes {data.item(card).name}{gain}"
    if kind == "dive":
        return f"takes {data.item(card).name} from the Heap"
    return "nothing happens"


def shuffle_into(rng: Rng, cards: list[str]) -> list[str]:
    """A shuffled copy."""
    out = list(cards)
    rng.shuffle(out)
    return out
