"""World of Fighters board picture: a pure function from a view to PNG bytes.

``render_board(view)`` draws the 7x7 ring with its grey edge and the red start squares,
both fighters (distinct colours, initials, names), each fighter's last move as a trail
with an arrowhead from the previous square, HP bars with numbers, bout/turn information
and the last turn's reveal. It takes a :class:`WofView` (give it the spectator view for a
public message), so it cannot draw anything its viewer may not see. Its words come from
the i18n catalog (``picture.wof.*``) in the public text's locale
(:mod:`referee.render.picture_text`).
"""

from __future__ import annotations

import math

from PIL import Image

from engine.games.world_of_fighters.views import FighterView, WofView
from referee.i18n import DEFAULT, t
from referee.render.picture_text import Canvas, fit, font

CELL = 64
MARGIN = 24
HEADER = 44
PANEL = 78
FOOTER = 96
BOARD_PX = 7 * CELL
WIDTH = BOARD_PX + 2 * MARGIN
HEIGHT = HEADER + PANEL + BOARD_PX + 2 * 12 + FOOTER

BG = (30, 32, 38)
TEXT = (236, 236, 240)
MUTED = (160, 164, 176)
INNER = ((244, 239, 228), (234, 227, 212))
EDGE = ((186, 186, 190), (172, 172, 178))
GRID = (120, 116, 108)
START = (200, 52, 44)
HP_BACK = (64, 66, 76)
SEAT_COLORS = ((228, 87, 46), (46, 134, 222))
SEAT_DARK = ((150, 50, 22), (24, 78, 140))


CODE_CARDS = {"P": "punch", "K": "kick", "G": "grapple", "B": "block"}


def super_req(code: str | None, loc: str = DEFAULT) -> str:
    """A super move's requirement in words (``Kick at range 3``), not the rulebook's code
    ``K.R3``."""
    if not code or len(code) < 4 or code[0] not in CODE_CARDS:
        return code or ""
    return t(loc, "wof.super_req", card=CODE_CARDS[code[0]].capitalize(), range=code[-1])



def _center(pos: tuple[int, int], top: int) -> tuple[float, float]:
    """Pixel centre of a board square ``(row, col)``."""
    return (MARGIN + pos[1] * CELL + CELL / 2, top + pos[0] * CELL + CELL / 2)


def _name(draw: Canvas, f: FighterView) -> str:
    return f.name or draw.w("player", n=f.seat + 1)


def _text(draw: Canvas, xy: tuple[float, float], text: str, size: int,
          fill: tuple[int, int, int] = TEXT, anchor: str = "la") -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor=anchor)


def _fit(text: str, size: int, width: int) -> str:
    """``text`` shortened with '...' to fit ``width`` pixels."""
    return fit(text, size, width)


def _header(draw: Canvas, view: WofView) -> None:
    bout = draw.w("bout_of", bout=view.bout) if view.bouts == 3 else draw.w("single_bout")
    phase = draw.w(f"phase.{view.phase}")
    _text(draw, (MARGIN, HEADER / 2),
          draw.w("header", bout=bout, turn=view.turn, phase=phase), 17, anchor="lm")
    rng = draw.w("out_of_range") if view.range > 3 else draw.w("range", range=view.range)
    _text(draw, (WIDTH - MARGIN, HEADER / 2), rng, 17, MUTED, anchor="rm")


def _panel(draw: Canvas, view: WofView, f: FighterView) -> None:
    half = (WIDTH - 3 * MARGIN) // 2
    x0 = MARGIN + f.seat * (half + MARGIN)
    y0 = HEADER
    color = SEAT_COLORS[f.seat]
    draw.ellipse((x0, y0 + 4, x0 + 14, y0 + 18), fill=color)
    title = _fit(_name(draw, f), 16, half - 70)
    _text(draw, (x0 + 20, y0 + 11), title, 16, anchor="lm")
    if view.phase != "over" and view.first == f.seat and f.character:
        _text(draw, (x0 + half, y0 + 11), draw.w("first"), 12, color, anchor="rm")
    sub = f.art or (draw.w("picked") if f.committed else draw.w("choosing"))
    if f.super_name:
        sub += (f"  |  {f.super_name} ({super_req(f.super_code, draw.loc)})"
                + (draw.w("used") if f.super_used else ""))
    _text(draw, (x0, y0 + 28), _fit(sub, 12, half), 12, MUTED, anchor="lm")
    # HP bar with its number
    by = y0 + 40
    draw.rounded_rectangle((x0, by, x0 + half, by + 18), radius=5, fill=HP_BACK)
    frac = max(0.0, min(1.0, f.hp / f.max_hp))
    if frac > 0:
        bar = (88, 190, 92) if f.hp > 7 else (236, 178, 46) if f.hp > 3 else (224, 64, 56)
        draw.rounded_rectangle((x0, by, x0 + max(10, int(half * frac)), by + 18), radius=5,
                               fill=bar)
    draw.text((x0 + half / 2, by + 9), draw.w("hp", hp=f.hp, max=f.max_hp), font=font(13),
              fill=(255, 255, 255), anchor="mm", stroke_width=2, stroke_fill=(28, 28, 32))
    # bouts won (dots) and the resting Movement card
    line = (draw.w("resting", move=f.last_move) if f.last_move
            else draw.w("all_ready"))
    lx = x0
    if view.bouts == 3:
        label = draw.w("bouts")
        _text(draw, (x0, by + 29), label, 12, MUTED, anchor="lm")
        start = x0 + max(40, round(font(12).getlength(label)) + 6)
        for i in range(2):
            dx = start + i * 14
            dot = (dx, by + 24, dx + 10, by + 34)
            if i < f.bouts_won:
                draw.ellipse(dot, fill=(255, 206, 84))
            else:
                draw.ellipse(dot, outline=MUTED, width=2)
        lx = start + 38
    _text(draw, (lx, by + 29), line, 12, MUTED, anchor="lm")


def _board(draw: Canvas, view: WofView, top: int) -> None:
    n = view.board_size
    for r in range(n):
        for c in range(n):
            x, y = MARGIN + c * CELL, top + r * CELL
            edge = r in (0, n - 1) or c in (0, n - 1)
            fill = (EDGE if edge else INNER)[(r + c) % 2]
            draw.rectangle((x, y, x + CELL, y + CELL), fill=fill, outline=GRID)
    for sq in view.start_squares:
        x, y = MARGIN + sq[1] * CELL, top + sq[0] * CELL
        draw.rectangle((x + 3, y + 3, x + CELL - 3, y + CELL - 3), outline=START, width=3)
    draw.rectangle((MARGIN, top, MARGIN + n * CELL, top + n * CELL), outline=(70, 66, 60),
                   width=3)


def _trail(draw: Canvas, f: FighterView, top: int) -> None:
    if f.prev_pos is None or f.prev_pos == f.pos:
        return
    color = SEAT_COLORS[f.seat]
    (x0, y0), (x1, y1) = _center(f.prev_pos, top), _center(f.pos, top)
    ang = math.atan2(y1 - y0, x1 - x0)
    r = CELL * 0.36  # stop at the token's rim
    tx, ty = x1 - r * math.cos(ang), y1 - r * math.sin(ang)
    draw.ellipse((x0 - 6, y0 - 6, x0 + 6, y0 + 6), outline=color, width=3)
    draw.line((x0, y0, tx, ty), fill=color, width=5)
    head = 14
    pts = [
        (tx, ty),
        (tx - head * math.cos(ang - 0.45), ty - head * math.sin(ang - 0.45)),
        (tx - head * math.cos(ang + 0.45), ty - head * math.sin(ang + 0.45)),
    ]
    draw.polygon(pts, fill=color)


def _token(draw: Canvas, f: FighterView, top: int) -> None:
    cx, cy = _center(f.pos, top)
    r = CELL * 0.36
    draw.ellipse((cx - r + 2, cy - r + 3, cx + r + 2, cy + r + 3), fill=(60, 56, 50))
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SEAT_COLORS[f.seat],
                 outline=SEAT_DARK[f.seat], width=3)
    label = f.initials or f"P{f.seat + 1}"
    _text(draw, (cx, cy), label, 20, (255, 255, 255), anchor="mm")


def _footer(draw: Canvas, view: WofView, top: int) -> None:
    y = top
    if view.result_summary:
        draw.rounded_rectangle((MARGIN, y, WIDTH - MARGIN, y + 30), radius=6,
                               fill=(70, 60, 20))
        _text(draw, (WIDTH / 2, y + 15), _fit(view.result_summary, 17, WIDTH - 3 * MARGIN),
              17, (255, 220, 120), anchor="mm")
        y += 38
    rv = view.last_reveal
    if rv is None:
        hint = draw.w("pick_hint") if view.phase == "pick" else draw.w("first_turn")
        _text(draw, (MARGIN, y + 8), hint, 14, MUTED, anchor="lm")
        return
    parts = []
    for seat, f in enumerate(view.fighters):
        card = rv.cards[seat]
        sup = draw.w("super") if rv.supers[seat] else ""
        what = draw.w("reveal", move=rv.moves[seat],
                      card=card.capitalize() if card else "?", sup=sup)
        parts.append(f"{f.initials or f'P{seat + 1}'}: {what}")
    _text(draw, (MARGIN, y + 8), _fit(draw.w("turn", turn=rv.turn) + "  " + "   ".join(parts), 14,
                                      WIDTH - 2 * MARGIN), 14, TEXT, anchor="lm")
    room = (HEIGHT - y - 30) // 18
    for i, note in enumerate(rv.notes[-max(room, 0):] if room > 0 else []):
        _text(draw, (MARGIN, y + 28 + i * 18), _fit(note, 13, WIDTH - 2 * MARGIN), 13,
              MUTED, anchor="lm")


def render_board(view: WofView, loc: str = DEFAULT) -> bytes:
    """The board of ``view`` as PNG bytes (about 500x700 pixels), worded in ``loc``."""
    img = Image.new("RGB", (WIDTH, HEIGHT), BG)
    draw = Canvas(img, "wof", loc)
    _header(draw, view)
    for f in view.fighters:
        _panel(draw, view, f)
    top = HEADER + PANEL + 12
    _board(draw, view, top)
    placed = view.fighters
    for f in placed:
        _trail(draw, f, top)
    for f in placed:
        _token(draw, f, top)
    _footer(draw, view, top + BOARD_PX + 14)
    return draw.png()
