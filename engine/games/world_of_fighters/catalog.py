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


def super_effect(card: str) -> str:
    """What a super move of this card type does (a Block super deals no damage)."""
    if card == "block":
        return ("a Block that deals no damage, but rings the rival out if they stand on "
                "the grey edge.")
    return ("scores 6 and overrules a Block (no counter then); rings the rival out if they "
            "stand on the grey edge.")


def catalog() -> list[CatalogEntry]:
    """Every character and card type, in data order."""
    out = []
    for c in characters().values():
        sup = c.super
        text = (f"**{c.art}** · {c.reach} reach{' · joke character' if c.joke else ''}\n"
                f"Punch {c.punch} · Kick {c.kick} · Grapple {c.grapple} · Block {c.block}\n"
                f"Super move **{sup.name}**: a {sup.card.capitalize()} at range {sup.range}, "
                f"at 7 HP or less, once per match; {super_effect(sup.card)}")
        out.append(CatalogEntry(name=c.name, kind="character", text=text))
    counts = deck_counts()
    for card in CARDS:
        out.append(CatalogEntry(name=card.capitalize(), kind="card",
                                text=f"{CARD_TEXT[card]}\n{counts[card]} in the deck."))
    return out
