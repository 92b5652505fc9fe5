"""A greedy Kingdom of Loathing agent: it sees only its seat's view and the options.

It uses food and booze, equips its best gear, Pulverizes spare gear (else sells it),
trains the best skill it can afford, switches Buffs on with spare Mysticality, buys better
gear from the Heap, spends mojo on combat skills, plays its strongest maneuver and kills
the strongest monster it beats; at rollover it turns an off-stat card into its main stat
(or raises a main-stat card by one); it marches when its estimated March score (the Buffs
it can switch back on included) reaches the Sorceress, and in the March's non-combat
phase switches those Buffs back on. Every effect kind's damage is read with
:func:`~engine.games.kingdom_of_loathing.effects.effect_damage`.
"""

from __future__ import annotations

import random
from collections import Counter

from pydantic import BaseModel

from engine.games.kingdom_of_loathing import data
from engine.games.kingdom_of_loathing.effects import active_cards, card_value, effect_damage
from engine.games.kingdom_of_loathing.model import MANEUVER_STAT, MANEUVERS, Act
from engine.games.kingdom_of_loathing.views import KolView, SeatView

SKILL_RANK = {"passive": 5, "buff": 4, "combat": 3, "spell": 2, "noncombat": 1}


def gear_value(card: str) -> float:
    """How good a piece of equipment is (icons first)."""
    it = data.item(card)
    ic = it.icons
    return (2 * max(ic.melee, ic.spell, ic.ranged, ic.evade) + ic.melee + ic.spell
            + ic.ranged + ic.evade + 0.5 * it.power + 0.5 * sum(it.resist.values())
            + it.meat_drop)


def main_stat(view: KolView, me: SeatView) -> str:
    """The stat the seat has most of (hand, discard and cards played)."""
    total: Counter[str] = Counter()
    for c in [*(view.hand or []), *me.discard, *me.played]:
        total[c[:2]] += card_value(c)
    return max(("mu", "mx", "my"), key=lambda s: (total[s], s == "mu"))


def icon_total(me: SeatView, maneuver: str, buffs: bool = True) -> int:
    """The seat's icons for a maneuver (without Buffs: as in a March, which ends them)."""
    return sum(c.icons.get(maneuver) for c in active_cards(
        me.equipped, me.skills, me.buffs_on if buffs else []))


def estimates(view: KolView, me: SeatView, march: bool = False) -> dict[str, int]:
    """A rough best score per maneuver (cards of its stat, icons without Buffs, combat
    items and the skills the hand's Mysticality can pay for); reductions count as score.
    ``march``: the Buffs the hand's Mysticality can switch back on in the March's
    non-combat phase count too (paid first)."""
    hand = view.hand or []
    items = [data.item(c).effect for c in me.items if data.item(c).kind == "combat"]
    dmg = sum(effect_damage(e, me.equipped, me.items, me.skills)
              for e in items if e and e.type != "reduce")
    red = sum(e.amount for e in items if e and e.type == "reduce")
    if view.combat is not None:  # what this combat already played
        dmg += sum(h.amount for h in view.combat.damage)
        red += sum(h.amount for h in view.combat.reductions)
    out: dict[str, int] = {}
    for m in MANEUVERS:
        cards = sum(card_value(c) for c in hand if c[:2] == MANEUVER_STAT[m])
        if not cards:
            continue
        mojo = me.mojo + (sum(card_value(c) for c in hand if c[:2] == "my")
                          if m != "spell" else 0)
        skill_dmg = skill_red = buffs = 0
        if march:
            for s in sorted((s for s in me.skills if data.skills()[s].kind == "buff"),
                            key=lambda x: -data.skills()[x].icons.get(m)):
                sk = data.skills()[s]
                if sk.icons.get(m) > 0 and sk.mojo <= mojo:
                    mojo -= sk.mojo
                    buffs += sk.icons.get(m)
        for s in sorted(me.skills, key=lambda x: data.skills()[x].mojo):
            sk = data.skills()[s]
            eff = sk.effect
            if sk.kind != "combat" or eff is None or sk.mojo > mojo or s in me.used:
                continue
            mojo -= sk.mojo
            if eff.type == "reduce":
                skill_red += eff.amount
            else:
                skill_dmg += effect_damage(eff, me.equipped, me.items, me.skills)
        for s in me.skills:
            sk = data.skills()[s]
            if sk.kind == "spell" and sk.effect and mojo >= 1 and s not in me.used:
                skill_dmg += mojo + sk.effect.amount
                mojo = 0
        out[m] = (cards + icon_total(me, m, buffs=False) + buffs + red + skill_red
                  + (0 if m == "evade" else dmg + skill_dmg))
    return out


def march_estimate(view: KolView, me: SeatView) -> int:
    """The best of :func:`estimates` (0 without any stat card)."""
    return max(estimates(view, me, march=True).values(), default=0)


def _can_pulverize(me: SeatView, card: str) -> bool:
    """Whether the seat has an unused Pulverize skill and ``card`` has power for it."""
    return data.item(card).power > 0 and any(
        (sk := data.skills()[s]).effect is not None and sk.effect.type == "pulverize"
        and s not in me.used for s in me.skills)


class GreedyAgent:
    """The greedy agent (stateless)."""

    def choose(self, view: BaseModel, options: list[Act], rng: random.Random) -> Act:
        """One of ``options`` for the seat whose view this is."""
        assert isinstance(view, KolView) and view.viewer is not None
        me = view.seats[view.viewer]
        by: dict[str, list[Act]] = {}
        for a in options:
            by.setdefault(a.kind, []).append(a)
        phase = view.phase
        if phase == "offer":
            bar = view.sorceress
            ok = march_estimate(view, me) >= bar
            return by["march"][0] if ok and "march" in by else by["pass"][0]
        if phase == "noncombat":
            return self._noncombat(view, me, by)
        if phase == "combat":
            return self._combat(view, me, by)
        if phase == "choose":
            return (by.get("go") or by["back"])[0]
        if phase == "kill":
            kills = by.get("kill", [])
            if not kills:
                return by["nokill"][0]

            def worth(a: Act) -> tuple[int, int]:
                top = view.locations[int(a.ref)].top
                m = data.cards()[top].monster if top else None
                return (m.power, m.meat) if m else (0, 0)
            return max(kills, key=worth)
        if phase == "discard":
            return (by.get("keep") or by["disc"])[0]
        if phase == "rollover":
            return self._rollover(view, me, by)
        if phase == "rollto":
            main = main_stat(view, me)
            want = [a for a in by.get("rollto", []) if a.ref[:2] == main]
            return (want or by["rollto"])[0]
        return options[0]

    @staticmethod
    def _noncombat(view: KolView, me: SeatView, by: dict[str, list[Act]]) -> Act:
        if view.march is not None:  # keep the gear the March estimate counted on
            return GreedyAgent._march_buffs(view, me, by)
        if "use" in by:
            return by["use"][0]
        for a in by.get("equip", []):
            slot = data.slot(a.ref)
            now = [c for c in me.equipped if data.slot(c) == slot]
            if not now or gear_value(a.ref) > gear_value(now[0]):
                return a
        spare = [a for a in by.get("smash", []) if a.ref not in me.equipped]
        if spare:  # Pulverize spare gear: a stat card of its power beats its AutoSell
            return max(spare, key=lambda a: data.item(a.ref).power)
        for a in by.get("sell", []):
            it = data.item(a.ref)
            if it.kind in data.EQUIPMENT and a.ref not in me.equipped:
                if "mojo" in by and _can_pulverize(me, a.ref):
                    return by["mojo"][0]
                return a
        for a in by.get("dive", []):
            slot = data.slot(a.ref)
            now = [c for c in me.equipped if data.slot(c) == slot]
            if slot and (not now or gear_value(a.ref) > gear_value(now[0]) + 1):
                return a
            if data.item(a.ref).kind == "combat":
                return a
        trains = by.get("train", [])
        if trains:
            return max(trains, key=lambda a: (SKILL_RANK[data.skills()[a.ref].kind],
                                              data.skills()[a.ref].cost))
        if "buff" in by:
            return by["buff"][0]
        if "cast" in by:
            return by["cast"][0]
        main = main_stat(view, me)
        waiting = [s for s in me.skills if data.skills()[s].kind == "buff"
                   and s not in me.buffs_on]
        if waiting and main != "my" and "mojo" in by:
            need = min(data.skills()[s].mojo for s in waiting)
            have = sum(card_value(a.ref) for a in by["mojo"]) + me.mojo
            if have >= need:
                return by["mojo"][-1]
        return by["fight"][0]

    @staticmethod
    def _march_buffs(view: KolView, me: SeatView, by: dict[str, list[Act]]) -> Act:
        """The March's non-combat phase: Buffs of the best maneuver back on (a March
        switched them off), paid with Mysticality cards when that maneuver is not a
        Spell; nothing else changes."""
        plan = estimates(view, me, march=True)
        if not plan:
            return by["fight"][0]
        best = max(plan, key=lambda m: plan[m])
        helps = [a for a in by.get("buff", [])
                 if data.skills()[a.ref].icons.get(best) > 0]
        if helps:
            return max(helps, key=lambda a: data.skills()[a.ref].icons.get(best))
        waiting = [s for s in me.skills if data.skills()[s].kind == "buff"
                   and s not in me.buffs_on and data.skills()[s].icons.get(best) > 0]
        if waiting and MANEUVER_STAT[best] != "my" and "mojo" in by:
            need = min(data.skills()[s].mojo for s in waiting)
            have = sum(card_value(a.ref) for a in by["mojo"]) + me.mojo
            if have >= need:
                return by["mojo"][-1]
        return by["fight"][0]

    @staticmethod
    def _combat(view: KolView, me: SeatView, by: dict[str, list[Act]]) -> Act:
        marching = view.march is not None
        dealt = sum(h.amount for h in view.combat.damage) if view.combat else 0

        def strength(a: Act) -> int:
            extra = 0 if a.ref == "evade" else dealt
            return sum(card_value(c) for c in a.cards) + icon_total(me, a.ref) + extra

        mans = by.get("man", [])
        plan = estimates(view, me)
        target = max(plan, key=lambda m: plan[m]) if plan else ""
        best = next((a for a in mans if a.ref == target), None)
        if best is None and mans:
            best = max(mans, key=strength)
        best_stat = MANEUVER_STAT[best.ref] if best else ""
        if "cast" in by:
            return by["cast"][0]
        if "spell" in by and best_stat != "my":
            return max(by["spell"], key=lambda a: a.n)
        wants_mojo = any(data.skills()[s].kind in ("combat", "spell") and s not in me.used
                         for s in me.skills)
        if wants_mojo and best_stat != "my" and "mojo" in by:
            return by["mojo"][-1]
        if "use" in by:
            powers = [data.cards()[loc.top].monster.power for loc in view.locations
                      if loc.top]
            now = strength(best) if best else dealt
            beaten = max([p for p in powers if p <= now], default=0)
            if marching or any(p > beaten for p in powers):
                return by["use"][0]
        if best is not None:
            return best
        return by["nomove"][0]

    @staticmethod
    def _rollover(view: KolView, me: SeatView, by: dict[str, list[Act]]) -> Act:
        main = main_stat(view, me)
        rolls = by.get("roll", [])
        off = [a for a in rolls if a.ref[:2] != main
               and view.piles.get(f"{main}{a.ref[2]}", 0) > 0]
        if off:
            return max(off, key=lambda a: card_value(a.ref))
        up = [a for a in rolls if a.ref[:2] == main and card_value(a.ref) < 4]
        if up:
            return max(up, key=lambda a: card_value(a.ref))
        return by["noroll"][0]


AGENTS = {"greedy": GreedyAgent}
"""Agents of this game by name (``python -m engine simulate ... --agents greedy``)."""
