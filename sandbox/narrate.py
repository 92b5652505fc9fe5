"""Events and results as short lines of text, in players' names.

The bot's narration lives in its Discord renderers; the sandbox tells the same stored
events plainly, for every game: who (a player's name), what (the event's kind in words)
and its details. It only ever receives the events a viewer may see
(:func:`engine.core.for_viewer`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from engine.core import Event, Outcome

SEAT_WORD = re.compile(r"\b[Ss]eat (\d+)\b")
"""``Seat 1`` in an engine sentence (seats counted from 1)."""
SEAT_KEYS = frozenset({"seat", "owner", "attacker", "first", "p1"})
"""Event fields that hold one seat."""
SEATS_KEYS = frozenset({"winners", "forfeited"})
"""Event fields that hold a list of seats."""


def humanize(kind: str) -> str:
    """``super_combo`` -> ``Super combo``."""
    return kind.replace("_", " ").capitalize()


def named(text: str, names: list[str]) -> str:
    """An engine sentence with every ``Seat N`` replaced by that player's name."""
    def name(match: re.Match[str]) -> str:
        n = int(match.group(1)) - 1
        return names[n] if 0 <= n < len(names) else match.group(0)

    return SEAT_WORD.sub(name, text)


def value_text(value: Any) -> str:
    """A value as plain words: a card-like object by its type and symbol or name."""
    if isinstance(value, dict):
        if value.get("name"):
            return str(value["name"])
        parts = [str(v) for k, v in value.items() if k not in ("id",) and v not in (None, "")]
        return " ".join(parts)
    if isinstance(value, list | tuple):
        return ", ".join(value_text(v) for v in value) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("_", " ")


def seat_name(value: Any, names: list[str]) -> str:
    """A seat number as its player's name (anything else as it is)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
        return names[value]
    return value_text(value)


def sushido_card(card: Any) -> str:
    """A Sushido card (an id or an event's card dict, or a list of them) as ``Hit ◆``."""
    from engine.games.sushido.data import content

    if isinstance(card, list):
        return ", ".join(sushido_card(c) for c in card) or "none"
    if isinstance(card, int) and not isinstance(card, bool):
        card = content().card(card).model_dump()
    if not isinstance(card, dict) or "type" not in card:
        return value_text(card)
    glyph = content().glyphs.get(str(card.get("symbol")), str(card.get("symbol", "")))
    return f"{str(card['type']).capitalize()} {glyph}"


CARD_WORDS: dict[str, Callable[[Any], str]] = {"sushido": sushido_card}
"""Per game, how a card (an event's card id or dict) is worded; others: plain values."""
CARD_KEYS = frozenset({"card", "cards", "against", "att", "dfn"})


def line(event: Event, names: list[str], game: str = "") -> str:
    """One event as a line: ``Alice · Damage: amount 2, life 16, why hit``."""
    data = {k: v for k, v in event.data.items() if k != "twin_of"}
    card = CARD_WORDS.get(game)
    who = seat_name(data.pop("seat"), names) if "seat" in data else ""
    details = []
    for key, value in data.items():
        if value in ("", None):
            continue
        if card is not None and key in CARD_KEYS:
            text = card(value)
        elif key in SEAT_KEYS:
            text = seat_name(value, names)
        elif key in SEATS_KEYS and isinstance(value, list):
            text = ", ".join(seat_name(v, names) for v in value) or "none"
        elif key == "summary" and isinstance(value, str):
            text = named(value, names)
        else:
            text = value_text(value)
        details.append(f"{key.replace('_', ' ')} {text}")
    head = f"{who} · {humanize(event.kind)}" if who else humanize(event.kind)
    return f"{head}: {', '.join(details)}" if details else head


def result_line(outcome: Outcome, names: list[str]) -> str:
    """The result in players' names: who won, then the engine's summary."""
    if outcome.draw:
        head = "A draw"
    else:
        won = [names[s] for s in outcome.winners if 0 <= s < len(names)]
        head = f"{' and '.join(won)} {'wins' if len(won) == 1 else 'win'}"
    if outcome.forfeited and not outcome.draw:
        gone = " and ".join(names[s] for s in outcome.forfeited if 0 <= s < len(names))
        how = "ran out of time" if outcome.reason == "timeout" else "forfeited"
        return f"{head}: {gone} {how}."
    summary = named(outcome.summary, names).strip()
    if summary and (outcome.draw or any(names[s] in summary for s in outcome.winners
                                        if 0 <= s < len(names))):
        return summary  # the engine's sentence already says who won
    return f"{head}. {summary}" if summary else f"{head}."
