"""The content report of Epic Battles (``python -m engine content epic_battles``).

Read from the data files only: cards by type, distinct stat signatures, distinct rules
texts, and for every rule path of the rulebook (and of the basic rules and our decisions
it binds) the printed cards that use it: characters count as printed cards too (their
abilities are printed on them). See :mod:`engine.content`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.content import ContentReport, shared_texts
from engine.games.epic_battles.data import (
    EFFECT_TYPES,
    SUBTYPES,
    Card,
    Character,
    Effect,
    cards,
    characters,
    precons,
)


def _effects(c: Card) -> tuple[Effect, ...]:
    return c.on_play + c.effects + c.hit + c.energy


def _char_effects(ch: Character) -> tuple[Effect, ...]:
    return tuple(e for a in ch.abilities for e in a.effects)


def signature(c: Card) -> tuple[object, ...]:
    """A card's numbers and mechanics (its name and words aside)."""
    return (c.type, c.height, c.subtype, c.cost, c.damage, c.chip, c.links, c.blocks,
            c.flip, tuple((m.when, m.n) for m in c.cost_mods),
            tuple((e.type, e.n, e.subtype) for e in _effects(c)), c.limit1, c.only)


CardPath = Callable[[Card], bool]


def _is_subtype(subtype: str) -> CardPath:
    def test(c: Card) -> bool:
        return c.subtype == subtype
    return test


PATHS: dict[str, CardPath] = {
    "attack: High": lambda c: c.height == "High",
    "attack: Low": lambda c: c.height == "Low",
    **{f"attack subtype: {s}": _is_subtype(s) for s in SUBTYPES},
    "links (a combo may continue)": lambda c: bool(c.links),
    "chip (blocked attacks still hit the deck)": lambda c: c.chip > 0,
    "step 2: on-play effects": lambda c: bool(c.on_play),
    "step 5: attack text": lambda c: c.type == "attack" and bool(c.effects),
    "step 10: HIT effects": lambda c: bool(c.hit),
    "combo effects (2nd+ attack)": lambda c: any(e.type == "combo_bonus"
                                                 for e in c.effects),
    "variable cost: in a combo": lambda c: any(m.when == "combo" for m in c.cost_mods),
    "variable cost: while behind": lambda c: any(m.when == "behind" for m in c.cost_mods),
    "block: High": lambda c: c.type == "block" and "High" in c.blocks,
    "block: Low": lambda c: c.type == "block" and "Low" in c.blocks,
    "block: High or Low (Parry)": lambda c: c.blocks == ("High", "Low"),
    "block with a cost": lambda c: c.type == "block" and c.cost > 0,
    "step 7: block text": lambda c: c.type == "block" and bool(c.effects),
    "event: flip at the start of Draw": lambda c: c.flip == "draw",
    "event: flip when you attack": lambda c: c.flip == "attack",
    "event with a cost (paid on flip)": lambda c: c.type == "event" and c.cost > 0,
    "kamidogu": lambda c: c.type == "kamidogu",
    "King card piece": lambda c: c.type == "piece",
    "energy-pile effect (works outside the attack)": lambda c: bool(c.energy),
    "floating effect (until the end of the turn)": lambda c: any(
        e.type in ("power", "freeze") for e in _effects(c)),
    "N blocks needed, no half block": lambda c: any(e.type == "multi_block"
                                                    for e in _effects(c)),
    "cannot block (cannot beats can)": lambda c: any(
        e.type in ("unblockable", "freeze") for e in _effects(c)),
    "damage cannot be lowered": lambda c: any(e.type in ("multi_block", "pierce")
                                              for e in _effects(c)),
    "search (may fail, always shuffles)": lambda c: any(e.type == "search"
                                                        for e in _effects(c)),
    "Limit 1 per deck": lambda c: c.limit1,
    "marked <universe> ONLY": lambda c: c.only,
    "signature card (one character's deck)": lambda c: c.character is not None,
    "card of any universe": lambda c: c.universe == "any",
}
"""Rule paths read from the cards."""
CHAR_PATHS: dict[str, Callable[[Character], bool]] = {
    "King card (4 pieces, one character)": lambda ch: ch.king,
    "replacement effect (Sean)": lambda ch: any(e.type == "siphon"
                                                for e in _char_effects(ch)),
    "triggered ability: start of Battle": lambda ch: any(a.trigger == "start_battle"
                                                         for a in ch.abilities),
    "triggered ability: an attack hits": lambda ch: any(a.trigger == "hit"
                                                        for a in ch.abilities),
    "triggered ability: an attack is played": lambda ch: any(a.trigger == "play"
                                                             for a in ch.abilities),
    "triggered ability: a combo attack": lambda ch: any(a.trigger == "play_combo"
                                                        for a in ch.abilities),
    "triggered ability: you block": lambda ch: any(a.trigger == "block"
                                                   for a in ch.abilities),
    "triggered ability: events flipped by an attack (Dudley)": lambda ch: any(
        a.trigger == "flip" for a in ch.abilities),
}
"""Rule paths read from the characters."""


def report() -> ContentReport:
    """The report: counts, signatures, texts, rule paths (every effect type as well)."""
    pool, roster = cards(), characters()
    counts: Counter[str] = Counter(str(c.type) for c in pool.values())
    counts["character"] = sum(1 for ch in roster.values() if not ch.king)
    counts["King character"] = sum(1 for ch in roster.values() if ch.king)
    paths: dict[str, list[str]] = {p: sorted(c.name for c in pool.values() if test(c))
                                   for p, test in PATHS.items()}
    for p, ctest in CHAR_PATHS.items():
        paths[p] = sorted(ch.name for ch in roster.values() if ctest(ch))
    for kind in EFFECT_TYPES:
        paths[f"effect: {kind}"] = sorted(
            [c.name for c in pool.values() if any(e.type == kind for e in _effects(c))]
            + [ch.name for ch in roster.values()
               if any(e.type == kind for e in _char_effects(ch))])
    named = [(c.name, c.text) for c in pool.values()] + \
        [(ch.name, ch.text) for ch in roster.values()]
    sigs = {cid: sum(1 for c in pool.values() if c.character == cid) for cid in roster}
    decks = precons()
    extra = {
        "signature cards per character": {roster[c].name: n for c, n in sigs.items()},
        "attack stat signatures": len({signature(c) for c in pool.values()
                                       if c.type == "attack"}),
        "distinct precons (shared cards)": len({
            tuple(sorted((k, v) for k, v in d.items() if pool[k].character is None
                         and pool[k].type != "piece")) for d in decks.values()}),
        "precons": len(decks),
    }
    return ContentReport(
        game="epic_battles", counts=dict(sorted(counts.items())),
        stat_signatures=len({signature(c) for c in pool.values()}),
        rules_texts=len({" ".join(t.split()).lower() for _, t in named}),
        rule_paths=paths, shared_texts=shared_texts(named), extra=extra)
