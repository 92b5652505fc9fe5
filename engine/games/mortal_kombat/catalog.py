"""What ``/card mortal_kombat`` can look up: the 20 Kombatants and the 280 deck kards.

Each entry is the kard's numbers in one line, then its own text from the data file.
Names several Kombatants share (``Fireball``) are told apart by their Kombatant:
``Fireball (Liu Kang)``.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from engine.core import CatalogEntry
from engine.games.mortal_kombat.data import Kard, kards, kombatants

TYPE_WORD = {"kombatant": "Kombatant", "basic": "Basic Attack", "special": "Special Move",
             "defense": "Defense", "se": "Special Effect", "kombo": "Kombo"}
FINISH_WORD = {"fatality": "Fatality", "babality": "Babality", "friendship": "Friendship"}
REACH_WORD = {"ranged": "Ranged", "h2h": "Hand-to-Hand", "cq": "Close Quarters"}


def entry_name(k: Kard, shared: set[str]) -> str:
    """The kard's name, with its Kombatant when several kards share the name."""
    if k.name.lower() in shared and k.kombatant:
        return f"{k.name} ({kombatants()[k.kombatant].name})"
    return k.name


def headline(k: Kard) -> str:
    """``**Special Move** of Liu Kang · Mid · Speed 5 · Strength 3 · Ranged``."""
    what = FINISH_WORD.get(k.finisher or "", TYPE_WORD[k.type])
    head = f"**{what}**" + (f" of {kombatants()[k.kombatant].name}" if k.kombatant else "")
    parts = [head]
    if k.type == "kombatant":
        parts.append(f"{(k.allegiance or '').capitalize()}")
    if k.location:
        parts.append(k.location.capitalize())
    if k.speed is not None:
        parts.append(f"Speed {k.speed}")
    if k.strength is not None and k.type != "defense":
        parts.append(f"Strength {k.strength}" + (f" × {k.hits} hits" if k.hits > 1 else ""))
    if k.is_attack:
        parts.append(REACH_WORD[k.range])
    if k.limit:
        parts.append(f"at most {k.limit} a deck")
    return " · ".join(parts)


@cache
def entries() -> dict[str, CatalogEntry]:
    """Kard id -> its entry: every kard of the set, Kombatants first, in data order."""
    counts = Counter(k.name.lower() for k in kards().values())
    shared = {n for n, c in counts.items() if c > 1}
    out = {}
    for k in sorted(kards().values(), key=lambda x: x.type != "kombatant"):
        kind = "kombatant" if k.type == "kombatant" else "kard"
        out[k.id] = CatalogEntry(name=entry_name(k, shared), kind=kind,
                                 text=f"{headline(k)}\n{k.text}")
    return out


def catalog() -> list[CatalogEntry]:
    """Every kard of the set, Kombatants first, in data order."""
    return list(entries().values())
