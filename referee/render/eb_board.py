"""Epic Battles board picture: a pure function from a view to PNG bytes.

``render_board(view)`` draws, per side, the character, the deck count as a health bar
(prominent), round wins, hand and energy counts, events set face down as card backs with
their count, kamidogu in play; in the middle the attack in progress (High/Low, subtype,
combo hit, blocked or not) and, on top, the round, turn, step and the aggressor. It takes
an :class:`EbView` (give it the spectator view for a public message), so it cannot draw
anything its viewer may not see. Its words come from the i18n catalog (``picture.eb.*``,
heights and subtypes from ``eb.height``/``eb.sub``) in the public text's locale, drawn with
the pictures' font (:mod:`referee.render.picture_text`); card names are the cards' own.
"""

from __future__ import annotations

from PIL import Image

from engine.games.epic_battles.data import DECK_SIZE, cards
from engine.games.epic_battles.views import EbView
from referee.i18n import DEFAULT, t
from referee.render.picture_text import Canvas, fit, font

WIDTH, HEIGHT = 720, 250
BAR_W, BAR_H = 300, 30
BG = (20, 22, 30)
TEXT = (238, 236, 230)
MUTED = (150, 150, 160)
BAR_BACK = (64, 60, 70)
SEAT_COLORS = ((208, 52, 44), (46, 110, 222))
GOLD = (236, 190, 60)
CARD_BACK = (96, 70, 150)


def health_color(n: int) -> tuple[int, int, int]:
    """Green above half a deck, yellow above a quarter, red below."""
    share = n / DECK_SIZE
    return (70, 200, 90) if share > 0.5 else (230, 190, 50) if share > 0.25 else (220, 60, 50)


def _name(cid: str) -> str:
    c = cards().get(cid)
    return c.name if c is not None else cid


def render_board(view: EbView, loc: str = DEFAULT) -> bytes:
    """The board as PNG bytes, its words in ``loc``."""
    img = Image.new("RGB", (WIDTH, HEIGHT), BG)
    draw = Canvas(img, "eb", loc)
    phase = draw.w(f"phase.{view.phase}")
    head = (draw.w("round_turn", round=view.round, turn=view.turn, phase=phase)
            if view.phase != "pick" else phase)
    draw.text((WIDTH // 2, 14), head, fill=MUTED, font=font(16), anchor="mm")
    for side in view.sides:
        s = side.seat
        left = s == 0
        x0 = 16 if left else WIDTH - 16 - BAR_W
        anchor = "la" if left else "ra"
        edge = x0 if left else x0 + BAR_W
        draw.text((edge, 32), side.name or "?", fill=SEAT_COLORS[s], font=font(22),
                  anchor=anchor)
        if view.phase not in ("pick", "over") and view.aggressor == s:
            draw.text((x0 + BAR_W if left else x0, 38), draw.w("aggressor"), fill=GOLD,
                      font=font(13), anchor="ra" if left else "la")
        y = 64
        draw.rectangle((x0, y, x0 + BAR_W, y + BAR_H), fill=BAR_BACK)
        filled = round(BAR_W * min(side.deck_count / DECK_SIZE, 1.0))
        if filled:
            box = ((x0 + BAR_W - filled, y, x0 + BAR_W, y + BAR_H) if left
                   else (x0, y, x0 + filled, y + BAR_H))
            draw.rectangle(box, fill=health_color(side.deck_count))
        draw.text((x0 + BAR_W // 2, y + BAR_H // 2), draw.w("deck", count=side.deck_count),
                  fill=TEXT, font=font(17), anchor="mm")
        for r in range(view.to_win):
            cx = x0 + 10 + r * 22 if left else x0 + BAR_W - 10 - r * 22
            draw.ellipse((cx - 8, y + BAR_H + 8, cx + 8, y + BAR_H + 24),
                         fill=GOLD if r < side.rounds else BAR_BACK)
        stats = draw.w("counts", hand=side.hand_count, energy=len(side.energy),
                       discard=len(side.discard))
        draw.text((x0 + BAR_W if left else x0, y + BAR_H + 16), stats, fill=MUTED,
                  font=font(14), anchor="rm" if left else "lm")
        y2 = y + BAR_H + 36
        for i in range(min(side.set_count, 6)):  # face-down events: backs and a count
            cx = x0 + i * 20 if left else x0 + BAR_W - 16 - i * 20
            draw.rectangle((cx, y2, cx + 16, y2 + 22), fill=CARD_BACK, outline=TEXT)
        if side.set_count:
            tx = x0 + min(side.set_count, 6) * 20 + 4 if left \
                else x0 + BAR_W - min(side.set_count, 6) * 20 - 4
            draw.text((tx, y2 + 11), draw.w("set", count=side.set_count), fill=TEXT, font=font(14),
                      anchor="lm" if left else "rm")
        kami = ", ".join(_name(k.card) for k in side.kamidogu)
        if kami:
            draw.text((edge, y2 + 34), fit(draw.w("kamidogu", cards=kami), 14, BAR_W),
                      fill=GOLD, font=font(14), anchor=anchor)
        if s in view.to_act and view.phase != "over":
            draw.text((edge, y2 + 56), draw.w("to_decide"), fill=TEXT, font=font(14),
                      anchor=anchor)
    if view.strike is not None:
        st = view.strike
        c = cards()[st.card]
        combo = draw.w("combo", n=st.index) if st.index > 1 else ""
        feminine = (c.subtype or "") in t(loc, "eb.feminine").split()
        height = t(loc, f"eb.height{'_f' if feminine else ''}.{c.height}")
        line = draw.w("strike", card=_name(st.card), height=height,
                      subtype=t(loc, f"eb.sub.{c.subtype}"), damage=c.damage + st.bonus,
                      combo=combo)
        state = (draw.w("blocked") if st.blocks else draw.w("unblockable") if st.unblockable
                 else "")
        y = HEIGHT - 44
        draw.rectangle((16, y - 6, WIDTH - 16, HEIGHT - 8), outline=SEAT_COLORS[st.seat])
        draw.text((WIDTH // 2, y + 6), line, fill=TEXT, font=font(16), anchor="mm")
        if state:
            draw.text((WIDTH // 2, y + 24), state, fill=GOLD, font=font(14), anchor="mm")
    return draw.png()
