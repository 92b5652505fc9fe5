"""Kingdom of Loathing's AI levels: ``easy``, ``normal`` (the greedy agent), ``hard`` and
``expert``.

Every agent reads only its seat's :class:`KolView` (a :class:`ViewAgent` refuses any
other input, a state included); the searches run on states sampled from that view
(:mod:`.ai_search`: every card the seat cannot see drawn at random from the cards it
could be).

``hard`` searches the March, which decides the match:

* **whether to march** (the offer at a round's start): the March is played out in
  ``SAMPLES`` sampled states (the rivals' hands drawn from the view), its own part
  planned once by the search below and replayed in each, the rivals' by the greedy
  policy; it announces when it wins at least ``THRESHOLD`` of them. A plan whose score
  does not reach the Sorceress is never announced (an announcer who fails is out);
* **how to march** (every decision of its own in a March, announced by anyone): each
  option is played out by the greedy policy to its March score in a sampled state, and
  the best score wins. Meat is worth nothing once the March is on: the search buys
  combat items from the Heap, trains skills with icons, eats, swaps gear, spends mojo
  where it scores most (the greedy March only switches Buffs back on).

Between Marches, ``hard`` builds for its main stat: gear and trainer skills are valued
by the icons of the maneuvers that stat plays (counted ``FOCUS_W`` times), a combat skill
also by the damage it would deal now per mojo, and at the end of each turn it discards
its off-stat cards, so its deck cycles faster (more rollover upgrades) and its
hand holds more main-stat cards. It keeps its combat items for the March (where they
make most of a winning score: about 9 of its 20-odd points), never using them in a
turn's combat. The rest of its turn is the greedy agent's.

A March is won by the top qualifying score, ties going to the seat earlier in combat
order (the announcer is last), and an announcer who does not qualify is out.

``expert`` is ``hard`` on a budget (:class:`engine.ai.budget.Budget`, sampled Marches or
the bot's seconds): the March odds over as many sampled states as the budget allows (at
least ``SAMPLES``), the rivals' March part played by the same search as its own (a rival
who spends its meat in the March too), its own March decisions the option best in most
of several sampled states; and it kills for loot (:meth:`HardAgent.loot`: the monster
whose item, meat and stat card are worth most in a March, where ``hard`` kills the
strongest), which is most of its edge over ``hard`` (about 62-68% of two-seat matches,
against 50% for the March search alone).
"""

from __future__ import annotations

import random
from collections import Counter

from engine.ai.agent import HalfRandom, ViewAgent
from engine.ai.budget import Budget, past_deadline
from engine.games.kingdom_of_loathing import data
from engine.games.kingdom_of_loathing.agent import GreedyAgent, main_stat
from engine.games.kingdom_of_loathing.ai_search import march_choice, march_odds, sample
from engine.games.kingdom_of_loathing.effects import card_value, effect_damage
from engine.games.kingdom_of_loathing.model import MANEUVER_STAT, MANEUVERS, Act
from engine.games.kingdom_of_loathing.views import KolView

LOW = 0
"""Main-stat cards this low are discarded at the end of the turn too."""
FOCUS_W = 5.0
"""Weight of an icon of the main stat's maneuvers in gear and skill values."""
SAMPLES = 12
"""Sampled states of ``hard``'s March odds."""
THRESHOLD = 0.5
"""The share of sampled Marches ``hard`` must win to announce one."""
MARCHING = ("noncombat", "combat", "choose")
"""The phases of a seat's own part in a March (searched)."""


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
    loot_kills = False
    """Kill the monster whose loot is worth most to the seat (else the greedy kill)."""
    meat_w = 0.5
    """A meat of loot in March points."""
    main_w = 0.6
    """A point of a main-stat card of loot in March points."""
    item_w = 1.0
    """A point of a combat item's damage in March points."""
    gear_w = 1.0
    """An icon of gear for the main stat's maneuvers in March points."""

    def pick(self, view: KolView, options: list[Act], rng: random.Random) -> Act:
        """The March searched (whether, and how); the build between Marches by the
        heuristics below, every other decision as the greedy agent."""
        if view.phase == "offer" and view.viewer is not None:
            kinds = {a.kind: a for a in options}
            if "march" in kinds and "pass" in kinds:
                return kinds["march"] if self.should_march(view, rng) else kinds["pass"]
        if view.march is not None and view.phase in MARCHING and view.viewer is not None:
            return self.in_march(view, options, rng)
        if view.phase == "noncombat" and view.viewer is not None and view.march is None:
            return self.build(view, options, rng)
        if view.phase == "discard" and view.viewer is not None:
            cycle = self.cycle(view, options)
            if cycle is not None:
                return cycle
        if view.phase == "combat" and view.march is None:  # combat items: for the March
            kept = [a for a in options if a.kind != "use"]
            return GreedyAgent().choose(view, kept or options, rng)
        if view.phase == "kill" and self.loot_kills and view.viewer is not None:
            return self.kill(view, options)
        return GreedyAgent().choose(view, options, rng)

    def kill(self, view: KolView, options: list[Act]) -> Act:
        """The kill whose loot is worth most (:meth:`loot`), or none."""
        kills = [a for a in options if a.kind == "kill"]
        if not kills:
            return next(a for a in options if a.kind == "nokill")
        return max(kills, key=lambda a: self.loot(view, view.locations[int(a.ref)].top))

    def loot(self, view: KolView, card: str | None) -> float:
        """What killing this monster brings the seat, in March points: its item (a
        combat item's damage or reduction, gear's icons for the main stat over the
        slot's, a consumable's effect), its meat (a point per meat: the Heap sells
        combat items at about a point of damage per meat) and its stat card."""
        if card is None:
            return -1.0
        assert view.viewer is not None
        me = view.seats[view.viewer]
        mc = data.cards()[card]
        m, it = mc.monster, mc.item
        focus = self.focus(view)
        main = main_stat(view, me)
        value = self.meat_w * m.meat
        value += card_value(m.stat) * (self.main_w if m.stat[:2] == main else 0.1)
        eff = it.effect
        if it.kind == "combat" and eff is not None:
            value += self.item_w * effect_damage(eff, me.equipped, me.items, me.skills)
        elif it.kind in ("food", "booze") and eff is not None:
            value += (0.6 * card_value(eff.stat) if eff.type == "stat" else
                      {"upgrade": 0.6, "mojo": 0.8 * eff.amount, "draw": 1.0 * eff.amount,
                       "meat": 0.5 * eff.amount}.get(eff.type, 0.5))
        else:
            slot = data.slot(card)
            now = [c for c in me.equipped if data.slot(c) == slot]
            gain = self.icons_for(it.icons, focus) - (
                self.icons_for(data.item(now[0]).icons, focus) if now else 0.0)
            value += self.gear_w * max(gain / FOCUS_W, 0.0) + 0.3 * it.autosell
        return value

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

    def cycle(self, view: KolView, options: list[Act]) -> Act | None:
        """At the end of the turn, a card worth less than a fresh draw to discard."""
        assert view.viewer is not None
        main = main_stat(view, view.seats[view.viewer])
        discs = [a for a in options if a.kind == "disc"]
        off = [a for a in discs if a.ref[:2] != main]
        if off:
            return min(off, key=lambda a: card_value(a.ref))
        low = [a for a in discs if card_value(a.ref) <= LOW]
        return min(low, key=lambda a: card_value(a.ref)) if low else None

    def should_march(self, view: KolView, rng: random.Random) -> bool:
        """Whether to announce a March now: its sampled odds (see the module's text)."""
        odds = march_odds(view, rng, SAMPLES, lambda: not past_deadline())
        return odds >= THRESHOLD

    def in_march(self, view: KolView, options: list[Act], rng: random.Random) -> Act:
        """A decision of its own in a March: the best March score in a sampled state."""
        assert view.viewer is not None
        if len(options) == 1:
            return options[0]
        return march_choice(sample(view, rng), view.viewer, options, rng)


class ExpertAgent(HardAgent):
    """``hard`` on a budget (see the module's docstring)."""

    level = "expert"
    iterations = 36
    """Sampled Marches of the default budget (deterministic: simulations and tests)."""
    min_samples = SAMPLES
    rivals = "search"
    loot_kills = True
    in_march_samples = 3

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget(self.iterations)

    def should_march(self, view: KolView, rng: random.Random) -> bool:
        """The March odds over as many sampled states as the budget allows."""
        clock = self.budget.clock()
        done = [0]

        def more() -> bool:  # a March played: the budget's next rollout, if any
            done[0] += 1
            clock.spend()
            return done[0] < self.min_samples or clock.left()

        odds = march_odds(view, rng, 10**6, more, rivals=self.rivals)
        return odds >= THRESHOLD

    def in_march(self, view: KolView, options: list[Act], rng: random.Random) -> Act:
        """The option that is best most often over a few sampled states."""
        assert view.viewer is not None
        if len(options) == 1:
            return options[0]
        votes: Counter[Act] = Counter()
        for _ in range(self.in_march_samples):
            votes[march_choice(sample(view, rng), view.viewer, options, rng)] += 1
        return max(options, key=lambda a: votes[a])


AGENTS: dict[str, type[ViewAgent]] = {
    "easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent, "expert": ExpertAgent,
}
"""The levels of this game (:mod:`engine.ai.registry`)."""
