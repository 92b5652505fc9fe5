"""Epic Battles words for Discord: cards with their numbers, and the narration of the
engine's public notes, in the reader's language.

Every card is written by :func:`show_card`, one place, so a test can tag each card's name
and prove that no public message names a card still hidden. Notes carry only public facts
(:class:`engine.games.epic_battles.model.Note`); seats become players' names here.
"""

from __future__ import annotations

from typing import Any

from engine.games.epic_battles.data import cards, characters
from referee.i18n import DEFAULT, and_list, t

TOKENS = ("🟥", "🟦")
"""Seat colours, as on the board picture (red, blue)."""
TYPE_ICON = {"attack": "👊", "block": "🛡️", "event": "🂠", "kamidogu": "🏺"}


def show_card(cid: Any) -> str:
    """A card as text (``👊 Hadoken``), a character by name; unknown ids as they are."""
    c = cards().get(str(cid))
    if c is None:
        ch = characters().get(str(cid))
        return f"🥋 {ch.name}" if ch is not None else str(cid)
    return f"{TYPE_ICON.get(c.type, '')} {c.name}".strip()


def cards_text(ids: list[Any], loc: str = DEFAULT) -> str:
    """Several cards (``A, B and C``), or a dash."""
    return and_list(loc, [show_card(x) for x in ids]) if ids else "—"


def stats(cid: str, loc: str = DEFAULT) -> str:
    """A card's numbers in short: ``High kick · cost 1 · 3 dmg / 1 chip · links: punch``."""
    c = cards()[cid]
    if c.type == "attack":
        feminine = (c.subtype or "") in t(loc, "eb.feminine").split()
        text = t(loc, "eb.stats", height=t(loc, f"eb.height{'_f' if feminine else ''}."
                                                 f"{c.height}"),
                 subtype=t(loc, f"eb.sub.{c.subtype}"),
                 cost=f"{c.cost}{t(loc, 'eb.cost_varies') if c.cost_mods else ''}",
                 damage=c.damage, chip=c.chip)
        if c.links:
            text += " · " + t(loc, "eb.stats_links", links=", ".join(
                t(loc, f"eb.sub.{s}") for s in c.links))
        return text
    if c.type == "block":
        return t(loc, "eb.stats_block", cost=c.cost,
                 heights="/".join(t(loc, f"eb.height.{h}") for h in c.blocks))
    if c.type == "event":
        return t(loc, "eb.stats_event", cost=c.cost, when=t(loc, f"eb.when.{c.flip}"))
    return t(loc, "eb.stats_kami")


def who(names: list[str], seat: Any) -> str:
    """The display name of a seat (or an empty string)."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def counted(loc: str, n: Any, key: str, /, **params: Any) -> str:
    """``t`` with ``n`` as the count that picks a plural form (``1 card``, ``2 cards``)."""
    return t(loc, key, count=int(n or 0), **params)


def note_line(d: dict[str, Any], names: list[str], loc: str = DEFAULT) -> str | None:
    """One public note of the engine as a sentence in players' and cards' names."""
    key, seats, ids, n = d.get("key"), d.get("seats") or [], d.get("cards") or [], d.get("n", 0)
    a = who(names, seats[0]) if seats else ""
    b = who(names, seats[1]) if len(seats) > 1 else ""
    first = ids[0] if ids else ""
    card = show_card(first) if first else ""
    text = cards_text(ids, loc)
    if key == "attack":
        if n > 1:
            return counted(loc, n, "eb.line.combo", a=a, card=card, n=n,
                           stats=stats(first, loc))
        return counted(loc, n, "eb.line.attack", a=a, b=b, card=card, stats=stats(first, loc))
    if key == "block":
        return counted(loc, n, "eb.line.block_paid" if n else "eb.line.block", a=a,
                       cards=text, n=n)
    if key in ("chip", "damage"):
        return counted(loc, n, f"eb.line.{key}" + ("" if n else "_none"), a=a, card=card, n=n)
    if key == "effect":
        fx = counted(loc, n, f"eb.fx.{d.get('what', '')}", n=n)
        return counted(loc, n, "eb.line.effect", a=a, card=card, fx=fx)
    if key == "flip":
        return counted(loc, n, "eb.line.flip_paid" if n else "eb.line.flip", a=a, cards=text, n=n)
    if key == "set":
        if ids:
            return counted(loc, n, "eb.line.set_kami", a=a, n=n, cards=text)
        return counted(loc, n, "eb.line.set" if n else "eb.line.set_none", a=a, n=n)
    if key == "pass":
        return counted(loc, n, "eb.line.pass_end" if n >= 2 else "eb.line.pass", a=a)
    if key == "search":
        return counted(loc, n, "eb.line.search" if n else "eb.line.search_none", a=a)
    if key == "swap":
        return counted(loc, n, "eb.line.swap", a=a, card=card,
                 other=show_card(ids[1]) if len(ids) > 1 else "")
    if key == "round_over":
        if len(seats) > 1:
            return counted(loc, n, "eb.line.round_both", n=n)
        return counted(loc, n, "eb.line.round_over", n=n, a=a,
                       b=who(names, 1 - seats[0]) if seats else "")
    if key == "discard" and not ids:
        return None
    if key in ("round_start", "turn_start", "no_block", "hit", "milled", "stripped",
               "siphoned", "steal", "discard", "combo_end", "reveal"):
        return counted(loc, n, f"eb.line.{key}", a=a, b=b, card=card, cards=text, n=n)
    return None
