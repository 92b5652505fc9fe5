"""What ``/card world_of_fighters`` can look up: the characters and the Action cards."""

from __future__ import annotations

from engine.core import CatalogEntry
from engine.games.world_of_fighters.data import CARDS, characters, deck_counts

CARD_TEXT = {
    "punch": "Attack: your Punch stat plus the range modifier (close or long reach).",
    "kick": "Attack: your Kick stat plus the range modifier.",
    "grapple": "Attack: your Grapple stat plus the range modifier.",
    "block": "Subtract your Block stat from the rival's attack, then you may counter with "
             "another Action card from your hand if it is in range.",
}


def catalog() -> list[CatalogEntry]:
    """Every character and card type, in data order."""
    out = []
    for c in characters().values():
        sup = c.super
        text = (f"**{c.art}** · {c.reach} reach{' · joke character' if c.joke else ''}\n"
                f"Punch {c.punch} · Kick {c.kick} · Grapple {c.grapple} · Block {c.block}\n"
                f"Super move **{sup.name}**: a {sup.card.capitalize()} at range {sup.range}, "
                "at 7 HP or less, once per match; scores 6 and overrules a Block.")
        out.append(CatalogEntry(name=c.name, kind="character", text=text))
    counts = deck_counts()
    for card in CARDS:
        out.append(CatalogEntry(name=card.capitalize(), kind="card",
                                text=f"{CARD_TEXT[card]}\n{counts[card]} in the deck."))
    return out
