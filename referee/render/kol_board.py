"""Kingdom of Loathing board picture: a pure function from the public view to PNG bytes.

``render_board(view)`` draws the 3x3 map (each location's showing monster with its name,
power and element modifiers, and how many cards are left there), the trainer row, the
Heap's top item, and one panel per player (meat, mojo, gear, Buffs, deck/discard/hand
counts, the Certificate, who left or is out). It reads only the spectator view (what
:func:`board_facts` takes from it), so it cannot draw anything a spectator may not see.
Its fixed words come from the i18n catalog (``picture.kol.*``) in the public text's
locale (:mod:`referee.render.picture_text`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from engine.games.kingdom_of_loathing.data import cards
from referee.i18n import DEFAULT, t
from referee.render import kol_text as kt
from referee.render.picture_text import Canvas, fit, font

WIDTH = 760
MARGIN = 16
HEADER = 40
CELL_W = (WIDTH - 2 * MARGIN - 2 * 8) // 3
CELL_H = 96
GAP = 8
ROW_H = 58
PANEL_H = 92

BG = (28, 30, 36)
TEXT = (236, 236, 240)
MUTED = (160, 164, 176)
CARD = (246, 240, 224)
CARD_EMPTY = (70, 72, 82)
INK = (40, 34, 28)
GOLD = (240, 196, 84)
OUT = (120, 60, 60)
SEAT_COLORS = ((228, 87, 46), (46, 134, 222), (92, 184, 92), (186, 104, 200))
ELEMENT_COLORS = {"hot": (214, 64, 48), "cold": (64, 140, 214), "spooky": (120, 84, 170),
                  "stench": (96, 150, 60), "sleaze": (200, 120, 170)}

PHASES = {"noncombat": "noncombat", "combat": "combat", "choose": "combat",
          "kill": "combat", "discard": "discard", "rollover": "rollover",
          "rollto": "rollover", "offer": "offer"}
"""Each phase's key under ``picture.kol.phase``."""


@dataclass
class Spot:
    """One map location as drawn: its name and the monster showing (or none)."""

    name: str
    monster: str | None = None
    power: int | None = None
    elements: str = ""
    """Element modifiers in short (``hot +2, cold -1``)."""
    element: str | None = None
    """The element that colours the card's band."""
    left: int = 0
    """Cards left in the location."""


@dataclass
class SeatPanel:
    """One player's public facts, as drawn."""

    name: str
    meat: int = 0
    mojo: int = 0
    gear: list[str] = field(default_factory=list)
    buffs: list[str] = field(default_factory=list)
    deck: int = 0
    discard: int = 0
    hand: int = 0
    status: str = ""
    """``out`` (lost a March), ``left`` or empty."""
    turn: bool = False
    certificate: bool = False


@dataclass
class BoardFacts:
    """Everything the picture shows, taken from the spectator view only."""

    title: str
    spots: list[Spot]
    trainer: list[str]
    heap_top: str | None
    heap_size: int
    seats: list[SeatPanel]
    footer: str = ""


def _fit(text: str, size: int, width: float) -> str:
    """``text`` shortened with '...' to fit ``width`` pixels."""
    return fit(text, size, width)


def _text(draw: Canvas, xy: tuple[float, float], text: str, size: int,
          fill: tuple[int, int, int] = TEXT, anchor: str = "la", width: float = 0) -> None:
    if width:
        text = _fit(text, size, width)
    draw.text(xy, text, font=font(size), fill=fill, anchor=anchor)


def _spot(draw: Canvas, spot: Spot, x: int, y: int) -> None:
    """One location: a card with its monster, or an empty slot."""
    box = (x, y, x + CELL_W, y + CELL_H)
    inner = CELL_W - 16
    if spot.monster is None:
        draw.rounded_rectangle(box, radius=8, fill=CARD_EMPTY)
        _text(draw, (x + 8, y + 8), spot.name, 13, MUTED, width=inner)
        _text(draw, (x + CELL_W / 2, y + CELL_H / 2 + 8), draw.w("no_monster"), 13, MUTED,
              anchor="mm")
        return
    draw.rounded_rectangle(box, radius=8, fill=CARD, outline=(120, 110, 90), width=2)
    band = ELEMENT_COLORS.get(spot.element or "", (150, 140, 120))
    draw.rounded_rectangle((x, y, x + CELL_W, y + 22), radius=8, fill=band)
    draw.rectangle((x, y + 14, x + CELL_W, y + 22), fill=band)
    _text(draw, (x + 8, y + 11), spot.name, 12, (255, 255, 255), anchor="lm",
          width=inner - 40)
    _text(draw, (x + CELL_W - 8, y + 11), draw.w("left_count", count=spot.left), 11,
          (255, 255, 255), anchor="rm")
    _text(draw, (x + 8, y + 30), spot.monster, 15, INK, width=inner - 36)
    draw.ellipse((x + CELL_W - 40, y + 28, x + CELL_W - 8, y + 60), fill=INK)
    _text(draw, (x + CELL_W - 24, y + 44), str(spot.power), 16, GOLD, anchor="mm")
    if spot.elements:
        _text(draw, (x + 8, y + 56), spot.elements, 12, (90, 70, 60), width=inner - 36)
    _text(draw, (x + 8, y + CELL_H - 16), draw.w("power"), 11, (120, 110, 100))


def _seat(draw: Canvas, seat: SeatPanel, index: int, x: int, y: int,
          w: int) -> None:
    """One player's panel."""
    color = SEAT_COLORS[index % len(SEAT_COLORS)]
    fill = (44, 46, 56) if not seat.status else (52, 40, 42)
    draw.rounded_rectangle((x, y, x + w, y + PANEL_H - 6), radius=8, fill=fill,
                           outline=GOLD if seat.turn else color, width=3 if seat.turn else 1)
    draw.ellipse((x + 8, y + 8, x + 22, y + 22), fill=color)
    title = seat.name + (draw.w("certificate") if seat.certificate else "")
    _text(draw, (x + 28, y + 15), title, 15, anchor="lm", width=w - 120)
    status = (draw.w(f"status.{seat.status}") if seat.status
              else draw.w("status.turn") if seat.turn else "")
    if status:
        _text(draw, (x + w - 8, y + 15), status, 13, GOLD if seat.turn else (230, 120, 110),
              anchor="rm")
    _text(draw, (x + 8, y + 34),
          draw.w("counts", meat=seat.meat, mojo=seat.mojo, deck=seat.deck,
                 discard=seat.discard, hand=seat.hand), 13, TEXT, anchor="lm", width=w - 16)
    none = draw.w("none")
    _text(draw, (x + 8, y + 52), draw.w("gear", items=", ".join(seat.gear) or none), 12,
          MUTED, anchor="lm", width=w - 16)
    _text(draw, (x + 8, y + 70), draw.w("buffs", items=", ".join(seat.buffs) or none), 12,
          MUTED, anchor="lm", width=w - 16)


def draw_facts(facts: BoardFacts, loc: str = DEFAULT) -> bytes:
    """The picture of ``facts`` as PNG bytes (760 pixels wide), worded in ``loc``."""
    rows = -(-len(facts.seats) // 2)
    map_h = 3 * CELL_H + 2 * GAP
    height = HEADER + map_h + GAP + ROW_H + GAP + rows * PANEL_H + 28
    img = Image.new("RGB", (WIDTH, height), BG)
    draw = Canvas(img, "kol", loc)
    _text(draw, (MARGIN, HEADER / 2), facts.title, 17, anchor="lm", width=WIDTH - 2 * MARGIN)
    for i, spot in enumerate(facts.spots[:9]):
        r, c = divmod(i, 3)
        _spot(draw, spot, MARGIN + c * (CELL_W + GAP), HEADER + r * (CELL_H + GAP))
    y = HEADER + map_h + GAP
    half = (WIDTH - 2 * MARGIN - GAP) // 2
    draw.rounded_rectangle((MARGIN, y, MARGIN + half + 120, y + ROW_H), radius=8,
                           fill=(40, 52, 48))
    _text(draw, (MARGIN + 8, y + 14), draw.w("trainer"), 13, GOLD, anchor="lm")
    for i, skill in enumerate(facts.trainer[:4]):
        _text(draw, (MARGIN + 8 + (i % 2) * ((half + 112) // 2), y + 32 + (i // 2) * 16),
              skill, 12, TEXT, anchor="lm", width=(half + 112) // 2 - 8)
    hx = MARGIN + half + 128
    draw.rounded_rectangle((hx, y, WIDTH - MARGIN, y + ROW_H), radius=8, fill=(56, 46, 36))
    _text(draw, (hx + 8, y + 14), draw.w("heap", count=facts.heap_size), 13, GOLD, anchor="lm")
    _text(draw, (hx + 8, y + 36), facts.heap_top or draw.w("empty"), 13, TEXT, anchor="lm",
          width=WIDTH - MARGIN - hx - 16)
    y += ROW_H + GAP
    for i, seat in enumerate(facts.seats):
        r, c = divmod(i, 2)
        _seat(draw, seat, i, MARGIN + c * (half + GAP), y + r * PANEL_H, half)
    if facts.footer:
        _text(draw, (MARGIN, height - 14), facts.footer, 13, MUTED, anchor="lm",
              width=WIDTH - 2 * MARGIN)
    return draw.png()


def board_facts(view: Any, lang: str = DEFAULT) -> BoardFacts:
    """What the picture shows, read from a spectator :class:`KolView` (names of cards come
    from the game's data; players are named by their colour: the view has no names), its
    title and footer in ``lang``."""
    spots = []
    for loc in view.locations:
        spot = Spot(name=kt.location_name(loc.index), left=loc.count)
        if loc.top:
            m = cards()[loc.top].monster
            spot.monster, spot.power, spot.element = m.name, m.power, m.element
            spot.elements = kt.element_name(m.element, lang) if m.element else ""
        spots.append(spot)
    seats = []
    for s in view.seats:
        status = "left" if s.left else "out" if s.out else ""
        seats.append(SeatPanel(
            name=kt.seat_colour(s.seat, lang), meat=s.meat, mojo=s.mojo,
            gear=[kt.card_name(c) for c in s.equipped],
            buffs=[kt.card_name(b) for b in s.buffs_on], deck=s.deck_count,
            discard=len(s.discard), hand=s.hand_count, status=status,
            turn=view.actor == s.seat and not status, certificate=s.certificate))
    key = "over" if view.phase == "over" else (
        "march" if view.march is not None else PHASES.get(view.phase, ""))
    phase = t(lang, f"picture.kol.phase.{key}") if key else ""
    title = t(lang, "picture.kol.title", round=view.round, phase=phase)
    return BoardFacts(
        title=title, spots=spots, seats=seats,
        trainer=[kt.skill_text(x, lang) for x in view.trainer if x],
        heap_top=kt.item_price(view.heap[-1], lang) if view.heap else None,
        heap_size=len(view.heap),
        footer=t(lang, "picture.kol.sorceress", power=view.sorceress)
               + (t(lang, "picture.kol.round_cap", cap=view.round_cap)
                  if view.round_cap else ""))


def render_board(view: Any, loc: str = DEFAULT) -> bytes:
    """The board of a spectator view as PNG bytes, worded in ``loc``."""
    return draw_facts(board_facts(view, loc), loc)
