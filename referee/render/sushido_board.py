"""Sushido board picture: a pure function from the spectator view to PNG bytes.

``render_board(view)`` draws the 8 arena squares between the two Ring Out zones, both
fighters (red and blue tokens, as in the embed, with their fighter names), each fighter's
life track with its two diamond squares, the S-U-P-E-R gauge, the chain as face-down
cards, the hand size, rounds won and the P1 token, the cards in play this turn (and a Kata
being resolved), and the result when the match is over.

It takes a :class:`SushidoView` and refuses a seat's view: the spectator view holds no
hidden card (no hand, no chain content, no face-down commit), so nothing hidden can be
drawn. Its words come from the i18n catalog (``picture.sushido.*``) in the locale of the
public text beside it, drawn with the font of :mod:`referee.render.picture_text`.
"""

from __future__ import annotations

import math

from PIL import Image

from engine.games.sushido.effects import diamonds
from engine.games.sushido.model import ARENA, MAX_CHAIN, MAX_SUPER, VS_SQUARES
from engine.games.sushido.views import CardView, SeatView, SushidoView
from referee.i18n import DEFAULT
from referee.render.picture_text import Canvas, fit, font

MARGIN = 20
CELL = 56
ZONE = 44
"""Width of a Ring Out zone at each end of the arena."""
WIDTH = 2 * MARGIN + 2 * ZONE + ARENA * CELL
HEADER = 44
PANEL = 178
LABEL = 56
"""Width of the row labels of a panel (Super, Chain)."""
SLOT = 29
"""Pitch of the gauge letters and chain cards."""
ARENA_TOP = HEADER + PANEL + 10
SQ_H = 68
"""Height of an arena square (room for the VS mark above the token)."""
ARENA_H = SQ_H + 34
PLAY_TOP = ARENA_TOP + ARENA_H + 12
PLAY_H = 112
FOOTER = 42
HEIGHT = PLAY_TOP + PLAY_H + FOOTER

BG = (28, 30, 38)
PANEL_BG = (40, 43, 54)
TEXT = (238, 238, 242)
MUTED = (158, 162, 176)
MAT = ((238, 226, 200), (226, 211, 182))
"""Arena squares: tatami colours, alternating."""
MAT_LINE = (150, 128, 96)
VS = (196, 60, 52)
OUT = (92, 36, 40)
OUT_LINE = (140, 60, 64)
SEAT_COLORS = ((220, 58, 58), (52, 120, 220))
"""Red and blue, like the embed's 🔴 and 🔵 tokens."""
SEAT_DARK = ((130, 26, 26), (22, 62, 130))
LIFE_ON = (92, 196, 104)
LIFE_LOW = (236, 176, 48)
LIFE_CRIT = (226, 66, 58)
TRACK_OFF = (70, 73, 86)
GOLD = (250, 200, 70)
GOLD_DIM = (96, 84, 52)
CARD_BACK = (120, 34, 44)
CARD_BACK_LINE = (214, 170, 96)
TYPE_COLORS = {
    "hit": (214, 84, 60),
    "block": (84, 132, 200),
    "move": (80, 166, 104),
    "super": (222, 170, 40),
}
CARD_W = 56
TYPES = ("hit", "block", "move", "super")
PHASES = ("pick", "hajime", "reveal", "resolve", "over")
DUELS = ("iaijutsu", "entrainement", "rencontre")
REASONS = ("ko", "ring_out", "decision", "forfeit", "timeout")

Box = tuple[float, float, float, float]


def _text(draw: Canvas, xy: tuple[float, float], text: str, size: int,
          fill: tuple[int, int, int] = TEXT, anchor: str = "la") -> None:
    draw.text(xy, text, font=font(size), fill=fill, anchor=anchor)


def _fit(text: str, size: int, width: float) -> str:
    """``text`` shortened with '...' to fit ``width`` pixels."""
    return fit(text, size, width)


def _name(draw: Canvas, s: SeatView, v: SushidoView) -> str:
    """The fighter's name (with the corner in a mirror match), or the corner itself."""
    corner = ("red", "blue")[s.seat]
    if not s.fighter_name:
        return draw.w(f"{corner}_corner")
    if all(x.fighter_name == s.fighter_name for x in v.seats):
        return draw.w("mirror", name=s.fighter_name, corner=draw.w(corner))
    return s.fighter_name


def _symbol(draw: Canvas, symbol: str, cx: float, cy: float, r: float,
            fill: tuple[int, int, int]) -> None:
    """A card symbol as a shape (the bundled font has no ◆ ● ▲ ★ glyphs)."""
    if symbol == "wave":  # ◆
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill)
    elif symbol == "coral":  # ●
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    elif symbol == "fin":  # ▲
        draw.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=fill)
    else:  # pearl: ★
        pts = []
        for i in range(10):
            rad = r * 1.15 if i % 2 == 0 else r * 0.48
            ang = math.pi / 2 + i * math.pi / 5
            pts.append((cx + rad * math.cos(ang), cy - rad * math.sin(ang)))
        draw.polygon(pts, fill=fill)


# ------------------------------------------------------------------------------ header
def _header(draw: Canvas, v: SushidoView) -> None:
    duel = draw.w(f"duel.{v.duel}") if v.duel in DUELS else v.duel.capitalize()
    _text(draw, (MARGIN, HEADER / 2), draw.w("first_to", duel=duel, count=v.target), 18,
          anchor="lm")
    if v.round and v.phase != "pick":
        _text(draw, (WIDTH - MARGIN, HEADER / 2),
              draw.w("round_turn", round=v.round, turn=v.turn), 18, GOLD, anchor="rm")


# ------------------------------------------------------------------------------- panel
def _panel(draw: Canvas, v: SushidoView, s: SeatView) -> None:
    half = (WIDTH - 3 * MARGIN) / 2
    x0 = MARGIN + s.seat * (half + MARGIN)
    y0 = HEADER
    x1 = x0 + half
    draw.rounded_rectangle((x0, y0, x1, y0 + PANEL), radius=8, fill=PANEL_BG)
    x0, x1 = x0 + 10, x1 - 10
    color = SEAT_COLORS[s.seat]
    # name line: token, fighter name, P1 token, rounds won
    draw.ellipse((x0, y0 + 10, x0 + 18, y0 + 28), fill=color, outline=SEAT_DARK[s.seat], width=2)
    wins_x = x1 - 16 * v.target + 4
    for i in range(v.target):
        dot = (wins_x + i * 16, y0 + 13, wins_x + i * 16 + 12, y0 + 25)
        if i < s.tokens:
            draw.ellipse(dot, fill=GOLD)
        else:
            draw.ellipse(dot, outline=MUTED, width=2)
    name_room = wins_x - x0 - 34
    if v.phase != "pick" and v.p1 == s.seat:
        bx = wins_x - 40
        draw.rounded_rectangle((bx, y0 + 8, bx + 32, y0 + 30), radius=5, fill=GOLD)
        _text(draw, (bx + 16, y0 + 19), draw.w("p1"), 15, (40, 30, 10), anchor="mm")
        name_room -= 40
    _text(draw, (x0 + 26, y0 + 19), _fit(_name(draw, s, v), 20, name_room), 20, anchor="lm")
    if not (s.picked and s.fighter_name):
        note = draw.w("has_chosen") if s.picked else draw.w("choosing")
        _text(draw, (x0, y0 + 56), note, 16, MUTED, anchor="lm")
        return
    _life(draw, s, x0, y0 + 40, x1 - x0)
    _gauge(draw, s, x0, y0 + 98, x1 - x0)
    _chain(draw, s, x0, y0 + 130, x1)


def _life(draw: Canvas, s: SeatView, x0: float, y0: float, width: float) -> None:
    """The life track: one pip per point of full life, diamond squares as diamonds."""
    full = max(s.max_life, 1)
    life = max(s.life, 0)
    _text(draw, (x0, y0 + 8), draw.w("life"), 15, MUTED, anchor="lm")
    _text(draw, (x0 + width, y0 + 8), f"{life} / {full}", 17, anchor="rm")
    pip = width / full
    bar = LIFE_ON if life * 3 > full * 2 else LIFE_LOW if life * 3 > full else LIFE_CRIT
    marks = set(diamonds(full))
    top = y0 + 20
    for i in range(1, full + 1):
        cx = x0 + (i - 0.5) * pip
        on = i <= life
        fill = bar if on else TRACK_OFF
        if i in marks:
            r = pip * 0.6
            draw.polygon([(cx, top), (cx + r, top + 13), (cx, top + 26), (cx - r, top + 13)],
                         fill=fill, outline=GOLD, width=2)
        else:
            draw.rounded_rectangle((cx - pip / 2 + 1.5, top + 3, cx + pip / 2 - 1.5, top + 23),
                                   radius=3, fill=fill)


def _gauge(draw: Canvas, s: SeatView, x0: float, y0: float, width: float) -> None:
    """The S-U-P-E-R gauge: a lit letter per point of Super."""
    _text(draw, (x0, y0 + 12), draw.w("super"), 15, MUTED, anchor="lm")
    bx = x0 + LABEL
    for i, ch in enumerate("SUPER"):
        box = (bx + i * SLOT, y0, bx + i * SLOT + SLOT - 4, y0 + 25)
        lit = i < s.gauge
        draw.rounded_rectangle(box, radius=4, fill=GOLD if lit else GOLD_DIM)
        _text(draw, ((box[0] + box[2]) / 2, y0 + 12), ch, 17,
              (50, 34, 8) if lit else (150, 136, 100), anchor="mm")
    if s.gauge >= MAX_SUPER:
        _text(draw, (x0 + width, y0 + 12), draw.w("ready"), 15, GOLD, anchor="rm")


def _chain(draw: Canvas, s: SeatView, x0: float, y0: float, x1: float) -> None:
    """The chain as face-down cards (their faces are secret), and the hand size."""
    _text(draw, (x0, y0 + 18), draw.w("chain"), 15, MUTED, anchor="lm")
    cx = x0 + LABEL
    for i in range(MAX_CHAIN):
        box = (cx + i * SLOT, y0 + 2, cx + i * SLOT + SLOT - 4, y0 + 36)
        if i < s.chain_size:
            draw.rounded_rectangle(box, radius=3, fill=CARD_BACK, outline=CARD_BACK_LINE,
                                   width=2)
            mx, my = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            draw.polygon([(mx, my - 6), (mx + 5, my), (mx, my + 6), (mx - 5, my)],
                         fill=CARD_BACK_LINE)
        else:
            draw.rounded_rectangle(box, radius=3, outline=TRACK_OFF, width=2)
    _text(draw, (x1, y0 + 18), draw.w("in_hand", count=s.hand_count), 15, MUTED, anchor="rm")


# ------------------------------------------------------------------------------- arena
def _square_x(pos: int) -> float:
    """Left pixel of arena square ``pos`` (-1 and ARENA are the Ring Out zones)."""
    if pos < 0:
        return MARGIN
    if pos >= ARENA:
        return MARGIN + ZONE + ARENA * CELL
    return MARGIN + ZONE + pos * CELL


def _arena(draw: Canvas, v: SushidoView) -> None:
    top = ARENA_TOP
    for zx in (MARGIN, MARGIN + ZONE + ARENA * CELL):
        draw.rounded_rectangle((zx, top, zx + ZONE, top + SQ_H), radius=6, fill=OUT,
                               outline=OUT_LINE, width=2)
        for k in range(6, ZONE + SQ_H, 12):  # hatching at 45 degrees, clipped to the zone
            t0, t1 = max(0, k - ZONE), min(SQ_H, k)
            if t1 > t0:
                draw.line((zx + k - t0, top + t0, zx + k - t1, top + t1), fill=OUT_LINE)
        _text(draw, (zx + ZONE / 2, top + SQ_H + 12), draw.w("ring"), 12, OUT_LINE, anchor="mm")
        _text(draw, (zx + ZONE / 2, top + SQ_H + 26), draw.w("out"), 12, OUT_LINE, anchor="mm")
    for sq in range(ARENA):
        x = _square_x(sq)
        draw.rectangle((x, top, x + CELL, top + SQ_H), fill=MAT[sq % 2], outline=MAT_LINE)
        if sq in VS_SQUARES:
            _text(draw, (x + CELL / 2, top + 9), draw.w("vs"), 13, VS, anchor="mm")
    draw.rectangle((_square_x(0), top, _square_x(ARENA), top + SQ_H), outline=(96, 76, 50),
                   width=3)
    if v.phase != "pick":  # fighters step into the arena once both are chosen
        for s in v.seats:
            _token(draw, s, v)


def _token(draw: Canvas, s: SeatView, v: SushidoView) -> None:
    """A fighter's token on its square (or in a Ring Out zone), its name below."""
    out = not 0 <= s.pos < ARENA
    width = ZONE if out else CELL
    cx = _square_x(s.pos) + width / 2
    cy = ARENA_TOP + SQ_H / 2 + 6
    r = min(width, CELL) * 0.4
    draw.ellipse((cx - r + 2, cy - r + 3, cx + r + 2, cy + r + 3), fill=(70, 58, 40))
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SEAT_COLORS[s.seat],
                 outline=SEAT_DARK[s.seat], width=3)
    label = s.fighter_name[:2] if s.fighter_name else "?"
    _text(draw, (cx, cy), label, 18, (255, 255, 255), anchor="mm")
    if not out:
        _text(draw, (cx, ARENA_TOP + SQ_H + 18), _fit(s.fighter_name or "?", 15, CELL + 30), 15,
              SEAT_COLORS[s.seat], anchor="mm")


# ------------------------------------------------------------------------ cards in play
def _card(draw: Canvas, card: CardView, x: float, y: float,
          dim: bool = False) -> None:
    """A face-up card: its type word and its symbol; dimmed once played."""
    color = TYPE_COLORS.get(card.type, MUTED)
    if dim:
        r, g, b = ((c + 2 * bg) // 3 for c, bg in zip(color, PANEL_BG, strict=True))
        color = (r, g, b)
    draw.rounded_rectangle((x, y, x + CARD_W, y + 66), radius=5, fill=color,
                           outline=(250, 246, 236) if not dim else TRACK_OFF, width=2)
    ink = (255, 255, 255) if not dim else (150, 150, 158)
    word = draw.w(f"type.{card.type}") if card.type in TYPES else card.type.upper()
    _text(draw, (x + CARD_W / 2, y + 13), word, 13, ink, anchor="mm")
    _symbol(draw, card.symbol, x + CARD_W / 2, y + 42, 10, ink)


def _cards(draw: Canvas, cards: list[CardView], x: float, y: float,
           played: set[int] | None = None) -> float:
    for card in cards:
        _card(draw, card, x, y, dim=played is not None and card.id in played)
        x += CARD_W + 6
    return x


def _in_play(draw: Canvas, v: SushidoView) -> None:
    """This turn's revealed cards (dimmed once played), or the Kata being resolved."""
    top = PLAY_TOP
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + PLAY_H), radius=8, fill=PANEL_BG)
    half = (WIDTH - 2 * MARGIN) / 2
    if v.kata is not None:
        att = v.seats[v.kata.attacker]
        _text(draw, (MARGIN + 12, top + 18), draw.w("kata_of", name=_name(draw, att, v)), 16,
              SEAT_COLORS[att.seat], anchor="lm")
        x = _cards(draw, v.kata.att, MARGIN + 12, top + 34)
        if v.kata.dfn:
            _text(draw, (x + 8, top + 67), draw.w("against"), 15, MUTED, anchor="lm")
            _cards(draw, v.kata.dfn, x + 80, top + 34)
        return
    if v.phase == "pick":
        _text(draw, (WIDTH / 2, top + PLAY_H / 2), draw.w("pick_1"),
              16, MUTED, anchor="mb")
        _text(draw, (WIDTH / 2, top + PLAY_H / 2 + 6), draw.w("pick_2"), 16,
              MUTED, anchor="mt")
        return
    shown = v.last_reveal if len(v.last_reveal) == 2 else [[], []]
    for s in v.seats:
        x0 = MARGIN + 12 + s.seat * half
        _text(draw, (x0, top + 18), draw.w("reveals", name=_name(draw, s, v)), 16,
              SEAT_COLORS[s.seat], anchor="lm")
        cards = shown[s.seat]
        if not cards:
            hint = draw.w("face_down") if v.phase == "hajime" else draw.w("nothing")
            _text(draw, (x0, top + 66), hint, 15, MUTED, anchor="lm")
            continue
        waiting = {c.id for c in s.revealed}
        played = {c.id for c in cards if c.id not in waiting}
        _cards(draw, cards, x0, top + 34, played)


def _footer(draw: Canvas, v: SushidoView) -> None:
    y = PLAY_TOP + PLAY_H + FOOTER / 2
    res = v.result
    if res is not None:
        win = [s for s in v.seats if res.ranks[s.seat] == 1]
        why = (draw.w(f"why.{res.reason}") if res.reason in REASONS
               else res.reason.replace("_", " "))
        if len(win) == 1:
            w = win[0]
            other = v.seats[1 - w.seat]
            line = draw.w("wins", name=_name(draw, w, v), won=w.tokens, lost=other.tokens,
                          why=why)
            color = SEAT_COLORS[w.seat]
        else:
            line, color = draw.w("draw"), GOLD
        draw.rounded_rectangle((MARGIN, y - 16, WIDTH - MARGIN, y + 16), radius=6,
                               fill=(70, 60, 24))
        draw.ellipse((MARGIN + 10, y - 6, MARGIN + 22, y + 6), fill=color)
        _text(draw, (WIDTH / 2, y), line, 18, (255, 224, 130), anchor="mm")
        return
    if v.phase != "pick":
        _text(draw, (MARGIN, y), draw.w("deck", deck=v.deck_count, discard=v.discard_count), 15,
              MUTED, anchor="lm")
    phase = draw.w(f"phase.{v.phase}") if v.phase in PHASES else v.phase
    _text(draw, (WIDTH - MARGIN, y), phase, 16, GOLD, anchor="rm")


def render_board(view: SushidoView, loc: str = DEFAULT) -> bytes:
    """The public board of ``view`` (the spectator view) as PNG bytes, worded in ``loc``.

    Raises ``ValueError`` for a seat's view: the picture goes in public messages, so it
    takes only the view that holds no hidden card.
    """
    if view.viewer is not None or view.me is not None:
        raise ValueError("the Sushido board picture draws the spectator view only")
    img = Image.new("RGB", (WIDTH, HEIGHT), BG)
    draw = Canvas(img, "sushido", loc)
    _header(draw, view)
    for s in view.seats:
        _panel(draw, view, s)
    _arena(draw, view)
    _in_play(draw, view)
    _footer(draw, view)
    return draw.png()
