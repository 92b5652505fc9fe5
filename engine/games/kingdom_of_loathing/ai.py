"""Kingdom of Loathing's AI levels: ``easy``, ``normal`` (the greedy agent) and ``hard``.

Every agent reads only its seat's :class:`KolView` (a :class:`ViewAgent` refuses any
other input, a state included).

``hard`` builds for its main stat: gear and trainer skills are valued by the icons of the
maneuvers that stat plays (counted ``FOCUS_W`` times), a combat skill also by the damage
it would deal now per mojo, and at the end of each turn it
discards its off-stat cards, so its deck cycles faster (more rollover upgrades) and its
hand holds more main-stat cards. The rest of its turn is the greedy agent's.

It times the March on the Tower from public information: a March is won by the top
qualifying score, ties going to the seat earlier in combat order (the announcer is last),
and an announcer who does not qualify is out. So ``hard`` announces only when its own
March estimate clears the Sorceress (plus ``MARGIN``) and beats every rival's estimated
March score (their icons without Buffs, combat items, usable combat skills and the
expected value of the stat cards in their hand, from the cards they have shown).
Otherwise it waits: when a rival marches first, ``hard`` marches after it and wins ties.
"""

from __future__ import annotations

import random
from collections import Counter

from engine.ai.agent import HalfRandom, ViewAgent
from engine.games.kingdom_of_loathing import data
from engine.games.kingdom_of_loathing.agent import (
    GreedyAgent,
    icon_total,
    main_stat,
    march_estimate,
)
from engine.games.kingdom_of_loathing.effects import card_value, effect_damage
from engine.games.kingdom_of_loathing.model import MANEUVER_STAT, MANEUVERS, Act
from engine.games.kingdom_of_loathing.views import KolView, SeatView

MARGIN = 0
LOW = 0
FOCUS_W = 5.0
"""Weight of an icon of the main stat's maneuvers in gear and skill values."""
"""Main-stat cards this low are discarded at the end of the turn too."""
RIVAL = 1.0
"""How far above the Sorceress ``hard``'s own estimate must be before it announces."""


def rival_estimate(view: KolView, seat: SeatView) -> float:
    """A rival's expected best March score, from what the table shows of it.

    Its hand is unknown: each of its ``hand_count`` cards is counted at the mean value of
    the stat cards it has shown (discard and cards played), split by stat as shown.
    """
    shown = [*seat.discard, *seat.played]
    by_stat: Counter[str] = Counter()
    for c in shown:
        by_stat[c[:2]] += card_value(c)
    count = max(len(shown), 1)
    items = [data.item(c).effect for c in seat.items if data.item(c).kind == "combat"]
    extra = sum(e.amount for e in items if e and e.type in ("damage", "reduce"))
    mojo_skills = sum(1 for s in seat.skills if data.skills()[s].kind in ("combat", "spell"))
    best = 0.0
    for m in MANEUVERS:
        cards = seat.hand_count * by_stat[MANEUVER_STAT[m]] / count
        best = max(best, cards + icon_total(seat, m, buffs=False) + extra
                   + (0 if m == "evade" else 2 * mojo_skills))
    return best


class EasyAgent(HalfRandom):
    """Half the time the greedy move, otherwise a random option."""

    view_model = KolView
    steady = GreedyAgent


class NormalAgent(ViewAgent):
    """The greedy agent (:mod:`engine.games.kingdom_of_loathing.agent`)."""

    view_model = KolView
    level = "normal"

    def pick(self, view: KolView, options: list[Act], rng: random.Random) -> Act:
        """The greedy option."""
        return GreedyAgent().choose(view, options, rng)


class HardAgent(ViewAgent):
    """The greedy turn with a March timed against the rivals' estimated scores."""

    view_model = KolView
    level = "hard"

    def pick(self, view: KolView, options: list[Act], rng: random.Random) -> Act:
        """The March decision here; every other decision as the greedy agent."""
        if view.phase == "offer" and view.viewer is not None:
            kinds = {a.kind: a for a in options}
            if "march" in kinds and "pass" in kinds:
                return kinds["march"] if self.should_march(view) else kinds["pass"]
        if view.phase == "noncombat" and view.viewer is not None and view.march is None:
            return self.build(view, options, rng)
        if view.phase == "discard" and view.viewer is not None:
            cycle = self.cycle(view, options)
            if cycle is not None:
                return cycle
        return GreedyAgent().choose(view, options, rng)

    @staticmethod
    def focus(view: KolView) -> tuple[str, ...]:
        """The maneuvers of the seat's main stat (what its gear and skills should feed)."""
        assert view.viewer is not None
        main = main_stat(view, view.seats[view.viewer])
        return tuple(m for m in MANEUVERS if MANEUVER_STAT[m] == main)

    @staticmethod
    def icons_for(icons: data.Icons, focus: tuple[str, ...]) -> float:
        """Icons, those of the focused maneuvers counted ``FOCUS_W`` times."""
        return sum((FOCUS_W if m in focus else 1.0) * int(getattr(icons, m))
                   for m in MANEUVERS)

    def build(self, view: KolView, options: list[Act], rng: random.Random) -> Act:
        """The non-combat phase: gear and skills chosen for the main stat's maneuvers,
        the rest as the greedy agent."""
        assert view.viewer is not None
        me = view.seats[view.viewer]
        focus = self.focus(view)

        def gear(card: str) -> float:
            it = data.item(card)
            return (self.icons_for(it.icons, focus) + 0.5 * it.power
                    + 0.5 * sum(it.resist.values()) + it.meat_drop)

        choice = GreedyAgent().choose(view, options, rng)
        best, gain = None, 0.0  # food and booze first, then gear that feeds the focus
        for a in options:
            if a.kind != "equip":
                continue
            now = [c for c in me.equipped if data.slot(c) == data.slot(a.ref)]
            g = gear(a.ref) - (gear(now[0]) if now else 0.0)
            if g > gain:
                best, gain = a, g
        if best is not None and choice.kind != "use":
            return best
        if choice.kind == "equip":  # the greedy agent's gear: not better for the focus
            rest = [a for a in options if a.kind != "equip"]
            return GreedyAgent().choose(view, rest, rng)
        if choice.kind == "train":
            def skill(a: Act) -> float:
                sk = data.skills()[a.ref]
                v = self.icons_for(sk.icons, focus) + 0.5 * sum(sk.resist.values())
                if sk.kind == "buff":
                    v *= 0.5
                if sk.kind in ("combat", "spell"):
                    v += 2.0
                eff = sk.effect
                if sk.kind == "combat" and eff is not None:
                    dealt = effect_damage(eff, me.equipped, me.items, me.skills)
                    v += 1.0 * dealt / max(sk.mojo, 1)
                return v + 0.01 * sk.cost
            return max((a for a in options if a.kind == "train"), key=skill)
        return choice

    @staticmethod
    def cycle(view: KolView, options: list[Act]) -> Act | None:
        """At the end of the turn, a card worth less than a fresh draw to discard."""
        assert view.viewer is not None
        main = main_stat(view, view.seats[view.viewer])
        discs = [a for a in options if a.kind == "disc"]
        off = [a for a in discs if a.ref[:2] != main]
        if off:
            return min(off, key=lambda a: card_value(a.ref))
        low = [a for a in discs if card_value(a.ref) <= LOW]
        return min(low, key=lambda a: card_value(a.ref)) if low else None

    @staticmethod
    def should_march(view: KolView) -> bool:
        """Whether to announce a March now (see the module's docstring)."""
        assert view.viewer is not None
        me = view.seats[view.viewer]
        mine = march_estimate(view, me)
        if mine < view.sorceress + MARGIN:
            return False
        rivals = [s for s in view.seats
                  if s.seat != view.viewer and not s.out and not s.left]
        return all(mine > RIVAL * rival_estimate(view, s) for s in rivals)


AGENTS: dict[str, type[ViewAgent]] = {
    "easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent,
}
"""The levels of this game (:mod:`engine.ai.registry`)."""
