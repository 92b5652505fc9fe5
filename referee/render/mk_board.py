"""Mortal Kombat board picture: a pure function from a view to PNG bytes.

``render_board(view)`` draws both Kombatants' KP bars with numbers, their round wins, who
holds the initiative and, at the Advanced level, the distance strip (Ranged or
Hand-to-Hand). It takes an :class:`MkView` (give it the spectator view for a public
message), so it cannot draw anything its viewer may not see. Its words come from the i18n
catalog (``picture.mk.*``) in the public text's locale (:mod:`referee.render.picture_text`).
"""

from __future__ import annotations

from PIL import Image

from engine.games.mortal_kombat.views import MkView
from referee.i18n import DEFAULT
from referee.render.picture_text import Canvas, font

WIDTH = 640
BAR_W = 250
BAR_H = 26
BG = (24, 22, 26)
TEXT = (240, 236, 228)
MUTED = (160, 156, 150)
BAR_BACK = (70, 62, 60)
KP_COLORS = ((70, 200, 90), (230, 190, 50), (220, 60, 50))
SEAT_COLORS = ((208, 52, 44), (46, 110, 222), (60, 170, 80), (220, 190, 40), (150, 80, 200),
               (235, 130, 40))
"""Seat colours (the embed's tokens: red, blue, green, yellow, purple, orange)."""
ROW_H = 44
GOLD = (236, 190, 60)


def kp_color(kp: int, start: int) -> tuple[int, int, int]:
    """Green above half, yellow above a quarter, red below."""
    share = kp / max(start, 1)
    return KP_COLORS[0] if share > 0.5 else KP_COLORS[1] if share > 0.25 else KP_COLORS[2]


def render_brawl(view: MkView, loc: str = DEFAULT) -> bytes:
    """A Brawl board: one row per Kombatant (KP bar, rounds won, rounds lost, whether it
    acts now, is aimed at, is down or out), and the Hand-to-Hand groups (Advanced)."""
    n = len(view.fighters)
    groups = view.groups
    height = 40 + n * ROW_H + (28 if view.level == "advanced" else 0)
    img = Image.new("RGB", (WIDTH, height), BG)
    draw = Canvas(img, "mk", loc)
    title = (draw.w("round_turn", round=view.round, turn=view.turn) if view.phase != "pick"
             else draw.w("pick"))
    draw.text((WIDTH // 2, 14), title, fill=MUTED, font=font(16), anchor="mm")
    live = view.phase not in ("pick", "over")
    for seat, f in enumerate(view.fighters):
        y = 32 + seat * ROW_H
        color = SEAT_COLORS[seat % len(SEAT_COLORS)]
        draw.rectangle((20, y + 4, 30, y + 30), fill=color)
        draw.text((40, y + 17), f.name or "?", fill=MUTED if f.out or f.down else TEXT,
                  font=font(18), anchor="lm")
        x0 = 220
        draw.rectangle((x0, y + 4, x0 + BAR_W, y + 30), fill=BAR_BACK)
        filled = round(BAR_W * min(max(f.kp, 0) / max(view.start_kp, 1), 1.0))
        if filled and not f.out:
            draw.rectangle((x0, y + 4, x0 + filled, y + 30), fill=kp_color(f.kp, view.start_kp))
        draw.text((x0 + BAR_W // 2, y + 17), draw.w("kp", kp=max(f.kp, 0)), fill=TEXT,
                  font=font(15), anchor="mm")
        for r in range(2):
            cx = x0 + BAR_W + 18 + r * 20
            draw.ellipse((cx - 7, y + 10, cx + 7, y + 24), fill=GOLD if r < f.rounds
                         else BAR_BACK)
        for r in range(f.losses):
            cx = x0 + BAR_W + 64 + r * 16
            draw.text((cx, y + 17), "x", fill=KP_COLORS[2], font=font(16), anchor="mm")
        status = (draw.w("out") if f.out else draw.w("down") if f.down else
                  draw.w("action") if live and view.initiative == seat else
                  draw.w("target") if live and view.brawl and view.aim == seat else "")
        draw.text((WIDTH - 20, y + 17), status, fill=GOLD, font=font(14), anchor="rm")
    if view.level == "advanced":
        y = 36 + n * ROW_H
        text = (draw.w("groups", groups=" | ".join(
            "+".join(view.fighters[s].name or "?" for s in g) for g in groups))
                if groups else draw.w("all_ranged"))
        draw.text((20, y + 10), text[:90], fill=MUTED, font=font(14), anchor="lm")
    return draw.png()


def render_board(view: MkView, loc: str = DEFAULT) -> bytes:
    """The board as PNG bytes, worded in ``loc`` (a Brawl's: :func:`render_brawl`)."""
    if len(view.fighters) > 2:
        return render_brawl(view, loc)
    height = 150 if view.distance else 110
    img = Image.new("RGB", (WIDTH, height), BG)
    draw = Canvas(img, "mk", loc)
    title = (draw.w("round_turn", round=view.round, turn=view.turn) if view.phase != "pick"
             else draw.w("pick"))
    draw.text((WIDTH // 2, 14), title, fill=MUTED, font=font(16), anchor="mm")
    for seat, f in enumerate(view.fighters):
        x0 = 20 if seat == 0 else WIDTH - 20 - BAR_W
        name = f.name or "?"
        draw.text((x0 if seat == 0 else x0 + BAR_W, 34), name, fill=SEAT_COLORS[seat],
                  font=font(20), anchor="la" if seat == 0 else "ra")
        y = 62
        draw.rectangle((x0, y, x0 + BAR_W, y + BAR_H), fill=BAR_BACK)
        share = max(f.kp, 0) / max(view.start_kp, 1)
        filled = round(BAR_W * min(share, 1.0))
        if filled:
            if seat == 0:
                draw.rectangle((x0 + BAR_W - filled, y, x0 + BAR_W, y + BAR_H),
                               fill=kp_color(f.kp, view.start_kp))
            else:
                draw.rectangle((x0, y, x0 + filled, y + BAR_H),
                               fill=kp_color(f.kp, view.start_kp))
        draw.text((x0 + BAR_W // 2, y + BAR_H // 2), draw.w("kp", kp=max(f.kp, 0)), fill=TEXT,
                  font=font(16), anchor="mm")
        for r in range(2):
            cx = x0 + 10 + r * 22 if seat == 0 else x0 + BAR_W - 10 - r * 22
            box = (cx - 8, y + BAR_H + 8, cx + 8, y + BAR_H + 24)
            draw.ellipse(box, fill=GOLD if r < f.rounds else BAR_BACK)
        if view.phase not in ("pick", "over") and view.initiative == seat:
            ix = x0 + BAR_W - 10 if seat == 0 else x0 + 10
            draw.text((ix, y + BAR_H + 16), draw.w("initiative"), fill=GOLD, font=font(14),
                      anchor="rm" if seat == 0 else "lm")
    if view.distance:
        y = 120
        labels = (("ranged", draw.w("ranged")), ("h2h", draw.w("h2h")))
        w = (WIDTH - 40) // len(labels)
        for i, (key, label) in enumerate(labels):
            box = (20 + i * w, y, 20 + (i + 1) * w - 4, y + 22)
            on = view.distance == key
            draw.rectangle(box, fill=GOLD if on else BAR_BACK)
            draw.text(((box[0] + box[2]) // 2, y + 11), label, fill=BG if on else MUTED,
                      font=font(14), anchor="mm")
    return draw.png()
