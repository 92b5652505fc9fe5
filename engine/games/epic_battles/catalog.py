"""What ``/card epic_battles`` can look up: the 20 characters and every card.

Each entry is the card's numbers in one line (type, universe, height and subtype, cost,
damage, chip, links, what a block stops, when an event flips, "Limit 1"), then its own
text from the data file.
"""

from __future__ import annotations

from functools import cache

from engine.core import CatalogEntry
from engine.games.epic_battles.data import Card, cards, characters

UNIVERSE = {"MK": "Mortal Kombat", "SF": "Street Fighter", "any": "any universe"}
TYPE_WORD = {"attack": "Attack", "block": "Block", "event": "Event", "kamidogu": "Kamidogu",
             "piece": "King card piece"}
FLIP_WORD = {"draw": "flips at the start of Draw", "attack": "flips when you attack"}


def headline(c: Card) -> str:
    """``**Attack** · Street Fighter · High projectile · cost 0 · 2 damage · 1 chip``."""
    parts = [f"**{TYPE_WORD[c.type]}**", UNIVERSE[c.universe]]
    if c.type == "attack":
        parts += [f"{c.height} {c.subtype}",
                  f"cost {c.cost}{' (varies)' if c.cost_mods else ''}",
                  f"{c.damage} damage", f"{c.chip} chip"]
        if c.links:
            parts.append("links: " + ", ".join(c.links))
    elif c.type == "block":
        parts += ["stops " + "/".join(c.blocks), f"cost {c.cost}"]
    elif c.type == "event":
        parts += [FLIP_WORD[c.flip or "attack"], f"cost {c.cost}"]
    elif c.type == "piece" and c.king:
        parts.append(f"1 of the 4 pieces of {characters()[c.king].name}")
    if c.character:
        parts.append(f"{characters()[c.character].name}'s deck only")
    if c.limit1:
        parts.append("Limit 1")
    return " · ".join(parts)


@cache
def entries() -> dict[str, CatalogEntry]:
    """Id -> entry: the characters first, then every card, in data order."""
    out = {ch.id: CatalogEntry(name=ch.name, kind="character",
                               text=f"**Character** · {UNIVERSE[ch.universe]}\n{ch.text}")
           for ch in characters().values()}
    for c in cards().values():
        out[c.id] = CatalogEntry(name=c.name, kind="card", text=f"{headline(c)}\n{c.text}")
    return out


def catalog() -> list[CatalogEntry]:
    """Every entry, for ``/card``."""
    return list(entries().values())
