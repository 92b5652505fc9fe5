"""What ``/card sushido`` can look up: the fighters and the four card types."""

from __future__ import annotations

from collections import Counter

from engine.core import CatalogEntry
from engine.games.sushido.data import content

CARD_TEXT = {
    "hit": "1 damage if in contact (adjacent squares). A Block can cancel it.",
    "move": "Move 1 square. In contact it pushes: both fighters shift 1 square toward the "
            "rival's edge. Two Moves can push and step back.",
    "block": "Cancel a Hit, or discard one card from a chain (yours or your rival's), "
             "shown face up first: combo breaker!",
    "super": "+1 Super.",
}


def catalog() -> list[CatalogEntry]:
    """Every fighter and card type."""
    data = content()
    glyphs = data.glyphs
    out = []
    for f in data.fighters.values():
        combos = "\n".join(
            f"• **{c.name}**{' >>>' if c.ranged else ''} "
            f"({' '.join(glyphs[s] for s in c.symbols)}): {c.text}" for c in f.combos)
        text = (f"{f.weight.capitalize()} · {f.life} life\n{combos}\n"
                f"Passive **{f.passive.name}**: {f.passive.text}\n"
                f"Super Combo **{f.super_combo.name}**: {f.super_combo.text}")
        out.append(CatalogEntry(name=f.name, kind="fighter", text=text))
    types: Counter[str] = Counter(str(c.type) for c in data.cards)
    for kind, text in CARD_TEXT.items():
        out.append(CatalogEntry(name=kind.capitalize(), kind="card",
                                text=f"{text}\n{types[kind]} in the deck."))
    return out
