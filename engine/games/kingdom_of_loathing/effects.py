"""The effect handlers (one per :data:`~.data.EffectType`) and combat scoring.

:data:`HANDLERS` maps every effect type to its one handler; the import fails if a type has
no handler or a handler no type. Scoring functions are pure functions of card lists so the
greedy agent (which sees only its view) can use them too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import get_args

from engine.core import Rng
from engine.games.kingdom_of_loathing import data
from engine.games.kingdom_of_loathing.model import Hit, KolState, PlayerState


def active_cards(equipped: Iterable[str], skills: Iterable[str],
                 buffs_on: Iterable[str]) -> list[data.Item | data.Skill]:
    """The cards whose passives count: equipped gear, passive skills, Buffs switched on."""
    out: list[data.Item | data.Skill] = [data.item(c) for c in equipped]
    table = data.skills()
    buffs = set(buffs_on)
    for s in skills:
        sk = table[s]
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
    return sum(data.item(c).power for c in p.equipped if data.item(c).kind == "weapon")


# ------------------------------------------------------------------------- handlers
Handler = Callable[[KolState, int, data.Effect, str, int], str]
"""``(state, seat, effect, source card id, mojo spent) -> short public text``."""


def _damage(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> str:
    state.combat.damage.append(Hit(source=src, amount=eff.amount, vs=dict(eff.vs)))
    return f"{eff.amount} damage"


def _reduce(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> str:
    state.combat.reductions.append(Hit(source=src, amount=eff.amount, vs=dict(eff.vs)))
    return f"-{eff.amount} power"


def _weapon_damage(state: KolState, seat: int, eff: data.Effect, src: str, spent: int,
                   ) -> str:
    amount = equipped_weapon_power(state.players[seat]) + eff.amount
    state.combat.damage.append(Hit(source=src, amount=amount))
    return f"{amount} damage"


def _spell(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> str:
    amount = spent + eff.amount
    state.combat.damage.append(Hit(source=src, amount=amount))
    return f"{amount} damage"


def _meat(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> str:
    state.players[seat].meat += eff.amount
    return f"+{eff.amount} meat"


def _draw(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> str:
    state.pending_draw += eff.amount  # the flow draws (a rollover may interrupt)
    return f"draws {eff.amount}"


def _mojo(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> str:
    state.players[seat].mojo += eff.amount
    return f"+{eff.amount} mojo"


def _stat(state: KolState, seat: int, eff: data.Effect, src: str, spent: int) -> str:
    if state.piles.get(eff.stat, 0) <= 0:
        return "the pile is empty"
    state.piles[eff.stat] -= 1
    state.players[seat].discard.append(eff.stat)
    return f"gains {data.stat_name(eff.stat)}"


HANDLERS: dict[str, Handler] = {
    "damage": _damage, "reduce": _reduce, "weapon_damage": _weapon_damage,
    "spell": _spell, "meat": _meat, "draw": _draw, "mojo": _mojo, "stat": _stat,
}
if set(HANDLERS) != set(get_args(data.EffectType)):  # pragma: no cover - import-time check
    raise RuntimeError("every effect type needs exactly one handler")


def run(state: KolState, seat: int, eff: data.Effect, src: str, spent: int = 0) -> str:
    """Apply one effect with its handler."""
    return HANDLERS[eff.type](state, seat, eff, src, spent)


def shuffle_into(rng: Rng, cards: list[str]) -> list[str]:
    """A shuffled copy."""
    out = list(cards)
    rng.shuffle(out)
    return out
