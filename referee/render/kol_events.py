"""Kingdom of Loathing narration: one event, one line in players' names and the game's words.

The engine emits one public event per action (``kind``, ``seat``, ``ref``, ``n``) plus the
flow's events (``loot``, ``round``, ``march``, ``march_score``, ``eliminated``...). Lines
name cards from the game's data; events that would only repeat the board (a turn starts,
a card is added to a maneuver being chosen) get no line. A card added to a maneuver is
still in the hand, so its event is never narrated.
"""

from __future__ import annotations

from typing import Any

from engine.core import Event
from referee.i18n import DEFAULT, and_list, t
from referee.render import kol_text as kt

CARD_LINES = frozenset({"equip", "unequip", "sell", "dive", "mojo", "disc",
                        "rollto"})
"""Action kinds narrated as ``{who} ... {card}`` (``kol.line.<kind>``)."""
SKILL_LINES = frozenset({"train", "buff"})
"""Action kinds narrated as ``{who} ... {skill}``."""
PLAIN_LINES = frozenset({"nomove", "nokill", "noroll", "pass"})
"""Action kinds narrated as ``{who} ...`` alone."""
SILENT = frozenset({"fight", "pick", "add", "go", "back", "kill", "keep", "roll", "turn",
                    "match_over"})
"""No line: the board shows it, a later event tells it, or (``add``) it is secret."""


EFFECT_LINES = frozenset({"use", "cast", "spell", "smash"})
"""Action kinds whose line also tells what the effect did (``did`` in the event)."""


def did_text(d: dict[str, Any], loc: str = DEFAULT) -> str:
    """What an effect did (the event's ``did``, ``amount``, ``card``, ``to``), in words."""
    kind = str(d.get("did") or "")
    n = int(d.get("amount") or 0)
    card, to = str(d.get("card") or ""), str(d.get("to") or "")
    if kind == "pulverize":
        return (t(loc, "kol.did.pulverize", to=kt.card_name(to)) if to
                else t(loc, "kol.did.pulverize_none"))
    if kind == "draw":
        return t(loc, "kol.did.draw", count=n)
    if kind in ("damage", "reduce", "meat", "mojo"):
        return t(loc, f"kol.did.{kind}", n=n)
    if kind in ("stat", "upgrade", "dive"):
        return t(loc, f"kol.did.{kind}", card=kt.card_name(card), to=kt.card_name(to))
    return t(loc, "kol.did.none")


def with_did(line: str, d: dict[str, Any], loc: str) -> str:
    """``line`` followed by what the effect did (when the event tells it)."""
    if not d.get("did"):
        return line
    return f"{line.removesuffix('.')}: {did_text(d, loc)}."


def _who(names: list[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def event_line(event: Event, names: list[str], loc: str = DEFAULT) -> str | None:
    """One event as a line, or ``None`` for events the board already shows."""
    d = event.data
    k = event.kind
    w = _who(names, d.get("seat"))
    ref = str(d.get("ref") or "")
    if k in SILENT:
        return None
    if k == "skipped":  # a part of a multi-select that was no longer possible (private)
        return None if "twin_of" in d else t(loc, "kol.line.skipped", what=_part(ref, loc))
    if k == "nokill_forced":  # answered by the referee, told in the hand (private)
        return None if "twin_of" in d else t(loc, "kol.line.nokill_forced")
    if k in EFFECT_LINES:
        return with_did(_action_line(k, d, w, ref, loc), d, loc)
    return _other_line(event, names, w, ref, loc)


def _part(aid: str, loc: str) -> str:
    """A multi-select part by its action id (``sell-k12``), in words."""
    kind, _, ref = aid.partition("-")
    ref = ref.split("-", 1)[0]
    if kind in ("spell",):
        return kt.card_name(ref)
    if kind in ("equip", "unequip", "sell", "use", "dive", "smash", "train", "cast", "buff",
                "mojo", "disc", "add"):
        return t(loc, f"kol.part.{kind}", card=kt.card_name(ref))
    return aid


def _action_line(k: str, d: dict[str, Any], w: str, ref: str, loc: str) -> str:
    if k == "smash":
        return t(loc, "kol.line.smash", who=w, card=kt.card_name(ref),
                 power=kt.item_power(ref), skill=kt.card_name(str(d.get("skill") or "")))
    if k == "spell":
        return t(loc, "kol.line.spell", who=w, skill=kt.card_name(ref), mojo=d.get("n", 0))
    if k == "use":
        return t(loc, "kol.line.use", who=w, card=kt.card_name(ref))
    return t(loc, f"kol.line.{k}", who=w, skill=kt.card_name(ref))


def _other_line(event: Event, names: list[str], w: str, ref: str,
                loc: str) -> str | None:
    d = event.data
    k = event.kind
    if k in CARD_LINES:
        name = kt.item_price(ref, loc) if k == "dive" else kt.card_name(ref)
        return t(loc, f"kol.line.{k}", who=w, card=name)
    if k in SKILL_LINES:
        return t(loc, f"kol.line.{k}", who=w, skill=kt.card_name(ref))
    if k in PLAIN_LINES:
        return t(loc, f"kol.line.{k}", who=w)
    if k == "man":
        maneuver = t(loc, f"kol.maneuver.{ref}") if ref in kt.MANEUVER_ICON else ref
        cards = d.get("cards") or []
        if cards:
            return t(loc, "kol.line.man_cards", who=w, maneuver=maneuver,
                     icon=kt.MANEUVER_ICON.get(ref, ""),
                     cards=" + ".join(kt.card_name(c) for c in cards))
        return t(loc, "kol.line.man", who=w, maneuver=maneuver,
                 icon=kt.MANEUVER_ICON.get(ref, ""))
    if k == "loot":
        card = str(d.get("card") or "")
        stat = str(d.get("stat") or "")
        key = "kol.line.loot" if stat else "kol.line.loot_no_stat"
        return t(loc, key, who=w, monster=kt.monster_name(card), meat=d.get("meat", 0),
                 item=kt.card_name(card), stat=kt.card_name(stat) if stat else "")
    if k == "round":
        return t(loc, "kol.line.round", round=d.get("round", 0))
    if k == "march":
        if "order" not in d:  # the announcing action; the flow's event tells the March
            return None
        order = " → ".join(_who(names, s) for s in d["order"])
        if d.get("announcer") is None:
            return t(loc, "kol.line.march_forced", order=order)
        return t(loc, "kol.line.march", who=_who(names, d["announcer"]), order=order)
    if k == "march_score":
        key = ("kol.line.march_score_ok" if d.get("score", 0) >= d.get("bar", 0)
               else "kol.line.march_score")
        return t(loc, key, who=w, score=d.get("score", 0), bar=d.get("bar", 0))
    if k == "eliminated":
        return t(loc, "kol.line.eliminated", who=w)
    return None


def seats_text(names: list[str], seats: list[int], loc: str = DEFAULT) -> str:
    """Several seats' names (``a, b and c``)."""
    return and_list(loc, [_who(names, s) for s in seats])
