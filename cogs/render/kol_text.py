"""Kingdom of Loathing card names and short descriptions, from the game's own data.

One place turns a card id of the engine (``mu2``, ``k17``, ``nw1``, ``s31``, a location
index) into the game's words, for the renderer, the board picture and the controls. The
stat cards of a hand are written by :func:`show_card` only, so a test can tag them.
"""

from __future__ import annotations

from typing import Any

from engine.games.kingdom_of_loathing.data import cards, content, item, skills, stat_name

STAT_ICON = {"mu": "💪", "my": "🔮", "mx": "😎"}
"""Muscle, Mysticality, Moxie."""
ELEMENT_ICON = {"hot": "🔥", "cold": "❄️", "spooky": "👻", "stench": "🦨", "sleaze": "💋"}
MANEUVER_ICON = {"melee": "🗡️", "spell": "🔮", "ranged": "🏹", "evade": "💨"}
SEAT_TOKENS = ("🟧", "🟦", "🟩", "🟪")
"""Seat colours, as on the board picture (orange, blue, green, purple)."""
SEAT_COLOURS = ("Orange", "Blue", "Green", "Purple")
"""The same colours in words: the picture's names for the players (it has no names)."""


def is_stat(card: str) -> bool:
    """Whether a card id is a stat card code (``mu1``..``mx4``)."""
    return len(card) == 3 and card[:2] in STAT_ICON and card[2] in "1234"


def show_card(card: str) -> str:
    """A stat card as text (``💪 Muscle 2``): every hand card is written here."""
    if not is_stat(card):
        return card_name(card)
    return f"{STAT_ICON[card[:2]]} {stat_name(card)}"


def cards_text(hand: list[str]) -> str:
    """Stat cards, grouped (``💪 Muscle 1 ×2, 😎 Moxie 3``), or a dash."""
    counts: dict[str, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    parts = [show_card(c) + (f" ×{n}" if n > 1 else "") for c, n in counts.items()]
    return ", ".join(parts) or "—"


def card_name(card: str | None) -> str:
    """The name of any public card id: an item (monster card or newbie), a skill, a stat
    card; the monster side is :func:`monster_name`."""
    if not card:
        return "—"
    if is_stat(card):
        return f"{STAT_ICON[card[:2]]} {stat_name(card)}"
    if card.startswith("s") and card in skills():
        return skills()[card].name
    try:
        return item(card).name
    except KeyError:
        return card


def monster_name(card: str) -> str:
    """The monster side of a monster/item card."""
    found = cards().get(card)
    return found.monster.name if found is not None else card


def monster_short(card: str) -> str:
    """``Knob Goblin (7 🔥)``: name, power and element icon."""
    found = cards().get(card)
    if found is None:
        return card
    m = found.monster
    elem = f" {ELEMENT_ICON[m.element]}" if m.element else ""
    return f"{m.name} ({m.power}{elem})"


def monster_named(name: str) -> str:
    """:func:`monster_short` of the monster called ``name`` (``name`` if none is)."""
    for card in cards().values():
        if card.monster.name == name:
            return monster_short(card.id)
    return name


def autosell(card: str) -> int:
    """The meat an item AutoSells for."""
    return item(card).autosell


def item_power(card: str) -> int:
    """An item's power (0 without an anvil)."""
    try:
        return item(card).power
    except KeyError:
        return 0


def train_cost(skill_id: str) -> int:
    """The meat a trainer asks for a skill."""
    found = skills().get(skill_id)
    return found.cost if found is not None else 0


def location_name(index: int) -> str:
    """A map location's name."""
    locs = content().locations
    return locs[index].name if 0 <= index < len(locs) else "?"


def skill_text(skill_id: str) -> str:
    """``Name (kind, mojo N)`` of a skill."""
    s = skills().get(skill_id)
    if s is None:
        return skill_id
    cost = f", {s.mojo} mojo" if s.mojo else ""
    return f"{s.name} ({s.kind}{cost})"


def item_price(card: str) -> str:
    """``Name (N meat)`` of an item that can be bought, else its name."""
    it = item(card)
    return f"{it.name} ({it.cost} meat)" if it.cost else it.name


def seat_token(seat: Any) -> str:
    """A seat's colour square (as on the picture)."""
    return SEAT_TOKENS[seat % len(SEAT_TOKENS)] if isinstance(seat, int) else ""
