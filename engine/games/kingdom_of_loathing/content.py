"""The Kingdom of Loathing content report (``python -m engine content kingdom_of_loathing``).

Read from the data files only: counts by type, distinct stat signatures (monsters, items,
skills), distinct rules texts, and for every rule path the rulebook describes the printed
cards that use it. ``extra`` holds each location's theme, item mix and monsters and each
class's mechanics (its skill kinds, subtypes and effect kinds).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from engine.content import ContentReport, shared_texts
from engine.games.kingdom_of_loathing import data

CLASS_NAMES = {"seal": "Seal Clubber", "turtle": "Turtle Tamer", "pasta": "Pastamancer",
               "sauce": "Sauceror", "disco": "Disco Bandit", "accordion": "Accordion Thief"}
"""The rulebook's six class types."""

Card = data.Item | data.Skill
PATHS: dict[str, tuple[str, Callable[[Card], bool]]] = {
    "melee weapon": ("Weapons are divided into Melee and Ranged weapons",
                     lambda c: isinstance(c, data.Item) and c.attack == "melee"),
    "ranged weapon": ("Weapons are divided into Melee and Ranged weapons",
                      lambda c: isinstance(c, data.Item) and c.attack == "ranged"),
    "hat": ("six different item types: Booze, Combat Items, Food, Hat, Pants and Weapons",
            lambda c: isinstance(c, data.Item) and c.kind == "hat"),
    "pants": ("item types ... Pants",
              lambda c: isinstance(c, data.Item) and c.kind == "pants"),
    "food": ("consume food and booze", lambda c: isinstance(c, data.Item) and c.kind == "food"),
    "booze": ("consume food and booze",
              lambda c: isinstance(c, data.Item) and c.kind == "booze"),
    "combat item": ("Combat Items: place any item ... with the Combat effect type aside",
                    lambda c: isinstance(c, data.Item) and c.kind == "combat"),
    "item power": ("An item with power must be equipped",
                   lambda c: isinstance(c, data.Item) and c.power > 0),
    "Heap price": ("Dumpster Dive: ... the numerical value listed in the meat icon",
                   lambda c: isinstance(c, data.Item) and c.cost is not None),
    "melee bonus": ("Melee Attack (Purple Club)", lambda c: c.icons.melee > 0),
    "spell bonus": ("Spell Attack (Blue Saucepan)", lambda c: c.icons.spell > 0),
    "ranged bonus": ("Ranged Attack (Green Accordion)", lambda c: c.icons.ranged > 0),
    "evade bonus": ("Evade (Silver Pants)", lambda c: c.icons.evade > 0),
    "resistance": ("adds to your defense based upon its elemental type",
                   lambda c: bool(c.resist)),
    "meat drop": ("a skill that increases your meat drop", lambda c: c.meat_drop > 0),
    "skill subtype Skill": ("four different skill sub-types: Skill, Spell, Song and Craft",
                            lambda c: isinstance(c, data.Skill) and c.subtype == "skill"),
    "skill subtype Spell": ("skill sub-types ... Spell",
                            lambda c: isinstance(c, data.Skill) and c.subtype == "spell"),
    "skill subtype Song": ("skill sub-types ... Song",
                           lambda c: isinstance(c, data.Skill) and c.subtype == "song"),
    "skill subtype Craft": ("skill sub-types ... Craft",
                            lambda c: isinstance(c, data.Skill) and c.subtype == "craft"),
    "buff": ("Activate Buff Skills", lambda c: isinstance(c, data.Skill) and c.kind == "buff"),
    "passive skill": ("Some class skills are passive",
                      lambda c: isinstance(c, data.Skill) and c.kind == "passive"),
    "combat skill": ("Combat Skills: You may expend a number of mojo points",
                     lambda c: isinstance(c, data.Skill) and c.kind == "combat"),
    "non-combat skill": ("Activate Non-Combat Skills",
                         lambda c: isinstance(c, data.Skill) and c.kind == "noncombat"),
    "spell any mojo": ("you may spend any number of Mojo Points but you must spend at least one",
                       lambda c: _eff(c, "spell")),
    "combat damage": ("damage dealt by combat skills and combat items",
                      lambda c: _eff(c, "damage", "spell", "gear_damage", "count_damage")),
    "elemental damage": ("an attack which deals different damage depending upon the "
                         "elemental type", lambda c: _vs(c, "damage", "spell", "gear_damage")),
    "power reduction": ("If you can reduce a monster's power to 0 or less",
                        lambda c: _eff(c, "reduce")),
    "elemental reduction": ("After taking into account all the different elemental bonuses",
                            lambda c: _vs(c, "reduce")),
    "equipment power damage": ("the power of each piece of equipment determines the amount "
                               "of damage dealt by certain combat skills",
                               lambda c: _eff(c, "gear_damage")),
    "card type effect": ("The card type ... is associated with many of the special effects",
                         lambda c: _eff(c, "count_damage")),
    "weapon type effect": ("Weapons are divided into Melee and Ranged weapons",
                           lambda c: isinstance(c, data.Skill) and bool(c.needs)),
    "stat gain": ("As you defeat monsters, consume food and booze, gain experience ... you "
                  "will add higher level character stat cards", lambda c: _eff(c, "stat")),
    "stat upgrade": ("upgrade the character stats that you have", lambda c: _eff(c, "upgrade")),
    "Pulverize": ("Some skill cards, like Pulverize, may also place item cards in the Heap",
                  lambda c: _eff(c, "pulverize")),
    "Heap item": ("take that item and place it into your Display Case",
                  lambda c: _eff(c, "dive")),
    "mojo": ("you add its value to your mojo pool", lambda c: _eff(c, "mojo")),
    "meat": ("you gain meat tokens", lambda c: _eff(c, "meat")),
    "draw": ("Whenever you must draw a card", lambda c: _eff(c, "draw")),
}
"""Every rule path the rulebook describes: the rulebook's words, and which printed item
or skill uses it (monster elements are counted apart, in ``rule_paths`` too)."""


def _eff(c: Card, *types: str) -> bool:
    return c.effect is not None and c.effect.type in types


def _vs(c: Card, *types: str) -> bool:
    return _eff(c, *types) and c.effect is not None and bool(c.effect.vs)


def _printed() -> list[Card]:
    c = data.content()
    return [*(x.item for x in c.cards), *c.skills, *c.newbie]


def rule_paths() -> dict[str, list[str]]:
    """Every rule path and the names of the printed cards using it."""
    cards = _printed()
    out = {p: sorted({c.name for c in cards if test(c)}) for p, (_, test) in PATHS.items()}
    monsters = data.content().cards
    for el in (*data.ELEMENTS, None):
        key = f"{el or 'no'} element monster"
        out[key] = sorted(x.monster.name for x in monsters if x.monster.element == el)
    return out


def _signature(c: Card) -> str:
    return repr(c.model_dump(exclude={"name", "text", "id", "cls"}))


def location_mix() -> dict[str, Any]:
    """Per location: tier, monster elements, item mix, monsters."""
    c = data.content()
    out: dict[str, Any] = {}
    for i, loc in enumerate(c.locations):
        here = [x for x in c.cards if x.location == i]
        out[loc.name] = {
            "tier": loc.tier,
            "elements": dict(Counter(x.monster.element or "none" for x in here)),
            "items": dict(sorted(Counter(
                x.item.kind + (f" ({x.item.attack})" if x.item.attack else "")
                for x in here).items())),
            "effects": sorted({x.item.effect.type for x in here if x.item.effect}),
            "monsters": [f"{x.monster.name} ({x.monster.power})" for x in here],
        }
    return out


def class_mechanics() -> dict[str, Any]:
    """Per class: skill kinds, subtypes, effect kinds and passive/Buff bonuses."""
    out: dict[str, Any] = {}
    for cls, name in CLASS_NAMES.items():
        sks = [s for s in data.content().skills if s.cls == cls]
        bonus: Counter[str] = Counter()
        for s in sks:
            for m in ("melee", "spell", "ranged", "evade"):
                bonus[m] += s.icons.get(m)
            bonus["resistance"] += sum(s.resist.values())
            bonus["meat drop"] += s.meat_drop
        out[name] = {
            "kinds": dict(sorted(Counter(s.kind for s in sks).items())),
            "subtypes": dict(sorted(Counter(s.subtype for s in sks).items())),
            "effects": dict(sorted(Counter(
                s.effect.type + (f" ({s.effect.slot})" if s.effect.type == "gear_damage" else "")
                + (f" (per {s.effect.per})" if s.effect.per else "")
                for s in sks if s.effect).items())),
            "bonuses": {k: v for k, v in sorted(bonus.items()) if v},
            "needs": sorted({s.needs for s in sks if s.needs}),
            "skills": [s.name for s in sks],
        }
    return out


def report() -> ContentReport:
    """The content report of Kingdom of Loathing."""
    c = data.content()
    items = [x.item for x in c.cards]
    counts: dict[str, int] = {"locations": len(c.locations), "monster/item cards": len(c.cards),
                              "skills": len(c.skills), "newbie gear sets": c.newbie_sets,
                              "newbie items per set": len(c.newbie),
                              "stat cards": sum(s.pile for s in c.stats)}
    for kind, n in sorted(Counter(i.kind for i in items).items()):
        counts[f"items: {kind}"] = n
    for skind, n in sorted(Counter(s.kind for s in c.skills).items()):
        counts[f"skills: {skind}"] = n
    monsters = {(x.monster.power, x.monster.element, x.monster.meat, x.monster.stat)
                for x in c.cards}
    named = [(i.name, i.text) for i in items] + [(s.name, s.text) for s in c.skills]
    named += [(n.name, n.text) for n in c.newbie]
    named += [(x.monster.name, x.monster.text) for x in c.cards]
    rules = {" ".join(t.split()).lower() for _, t in named[: len(named) - len(c.cards)]}
    mixes = location_mix()
    classes = class_mechanics()
    return ContentReport(
        game="kingdom_of_loathing", counts=counts, stat_signatures=len(monsters),
        rules_texts=len(rules), rule_paths=rule_paths(), shared_texts=shared_texts(named),
        extra={
            "stat_signatures": {
                "monsters": len(monsters),
                "items": len({_signature(i) for i in items}),
                "skills": len({_signature(s) for s in c.skills}),
                "classes": len({repr({k: v for k, v in m.items() if k != "skills"})
                                for m in classes.values()}),
            },
            "distinct item mixes": len({repr(m["items"]) for m in mixes.values()}),
            "locations": mixes,
            "classes": classes,
            "rulebook words": {p: words for p, (words, _) in PATHS.items()},
        })
