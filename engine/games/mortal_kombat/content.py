"""The Mortal Kombat content report (``python -m engine content mortal_kombat``).

Read from the data file alone: kards by type, the Kombatants' distinct stat signatures
(the numbers, locations, reaches and kinds of their ordinary Special Moves), the distinct
rules texts, every rule path of the rulebook with the printed kards that exercise it,
the texts two differently named kards share (none may), and each Kombatant's profile
(fast and light, slow and strong, ranged specialist, grappler).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable

from engine.content import ContentReport, shared_texts
from engine.games.mortal_kombat.data import Kard, kards, kombatants

Signature = tuple[tuple[str, int, int, int, str, str], ...]

PATHS: dict[str, Callable[[Kard], bool]] = {
    "area": lambda k: k.location == "area",
    "variable_location": lambda k: k.location == "var",
    "throw": lambda k: k.is_attack and k.kind == "throw",
    "throw_guard": lambda k: k.type == "defense" and "throw" in k.guards,
    "projectile_guard": lambda k: k.type == "defense" and "projectile" in k.guards,
    "punch": lambda k: k.is_attack and k.kind == "punch",
    "kick": lambda k: k.is_attack and k.kind == "kick",
    "projectile": lambda k: k.is_attack and k.kind == "projectile",
    "teleport": lambda k: k.has("teleport"),
    "behind": lambda k: k.has("behind"),
    "behind_cancel": lambda k: k.has("turn"),
    "airborne": lambda k: k.has("airborne"),
    "pull": lambda k: k.has("pull"),
    "movement": lambda k: k.has("movement"),
    "ranged": lambda k: k.is_attack and k.range == "ranged",
    "close_quarters": lambda k: k.is_attack and k.range == "cq",
    "multi_hit": lambda k: k.hits > 1,
    "burn_by_kind": lambda k: bool(k.burns),
    "stun": lambda k: k.has("stun"),
    "knockdown": lambda k: k.has("knockdown"),
    "knockback": lambda k: k.has("knockback"),
    "followup": lambda k: k.has("followup"),
    "fatality": lambda k: k.finisher == "fatality",
    "babality": lambda k: k.finisher == "babality",
    "friendship": lambda k: k.finisher == "friendship",
    "kombo": lambda k: k.type == "kombo",
    "kombo_exception": lambda k: k.type == "kombo" and k.needs is not None,
    "kombo_by_kind": lambda k: k.type == "kombo" and any(
        s in ("punch", "kick", "throw", "projectile") for s in k.kombo),
    "kombo_breaker": lambda k: k.has("break_kombo"),
    "followup_breaker": lambda k: k.has("break_followup"),
    "block": lambda k: k.defense == "block",
    "evade": lambda k: k.defense == "evade",
    "specific_counter": lambda k: k.defense == "counter",
    "nonaccumulative": lambda k: any(e.nonaccum for e in k.effects),
    "duration": lambda k: any(e.turns for e in k.effects),
    "vendetta": lambda k: k.has("vendetta"),
    "copy_move": lambda k: k.has("copy_move"),
    "deck_limit": lambda k: k.limit is not None,
}
"""Every rule path the rulebook describes, and how a printed kard exercises it."""


def ordinary(kombatant: str) -> list[Kard]:
    """A Kombatant's Special Moves that are attacks (finishers aside)."""
    return [k for k in kards().values() if k.kombatant == kombatant and k.is_attack]


def signature(kombatant: str) -> Signature:
    """The stat signature: each ordinary Special Move's location, Speed, Strength, hits,
    reach and kind, sorted (names aside)."""
    return tuple(sorted((k.location or "", k.speed or 0, k.strength or 0, k.hits, k.range,
                         k.kind or "") for k in ordinary(kombatant)))


def profile(kombatant: str) -> dict[str, object]:
    """Mean Speed and Strength of the ordinary Special Moves, how many are Ranged and how
    many are throws, and the style they add up to."""
    own = ordinary(kombatant)
    speed = statistics.mean(k.speed or 0 for k in own)
    power = statistics.mean((k.strength or 0) * (1 if k.hits == 1 else 2) for k in own)
    ranged = sum(k.range == "ranged" for k in own)
    throws = sum(k.kind == "throw" for k in own)
    if throws >= 3:
        style = "grappler"
    elif ranged >= 3:
        style = "ranged specialist"
    elif speed >= 4.6 and power <= 3.2:
        style = "fast and light"
    elif speed <= 4.3 and power >= 4.0:
        style = "slow and strong"
    else:
        style = "all-rounder"
    return {"speed": round(speed, 2), "power": round(power, 2), "ranged": ranged,
            "throws": throws, "style": style}


def report() -> ContentReport:
    """The report of the printed set."""
    every = list(kards().values())
    counts: dict[str, int] = {str(t): n for t, n in Counter(k.type for k in every).items()}
    counts["finisher"] = sum(k.finisher is not None for k in every)
    sigs = {signature(f) for f in kombatants()}
    texts = {" ".join(k.text.split()).lower() for k in every}
    paths = {p: sorted({k.name for k in every if test(k)}) for p, test in PATHS.items()}
    profiles = {k.name: profile(f) for f, k in kombatants().items()}
    return ContentReport(
        game="mortal_kombat", counts=counts, stat_signatures=len(sigs),
        rules_texts=len(texts), rule_paths=paths,
        shared_texts=shared_texts([(k.name, k.text) for k in every]),
        extra={"profiles": profiles,
               "styles": dict(Counter(str(p["style"]) for p in profiles.values()))})
