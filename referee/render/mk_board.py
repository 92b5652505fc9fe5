"""Mortal Kombat board picture: a pure function from a view to PNG bytes.

``render_board(view)`` draws what a player needs at a glance: both Kombatants with their
KP bars and numbers, their round wins, who holds the initiative, each one's hand, deck
and discard sizes, at the Advanced level the distance strip (Ranged or Hand-to-Hand),
and at the bottom the exchange on the table (the attack, its Special Effects, a Kombo in
progress with its hits laid so far, the answer) or, between exchanges, the last plays
(the engine's public notes, in the picture's language: :func:`note_text`). It takes an
:class:`MkView` (give it the spectator view for a public message), so it cannot draw
anything its viewer may not see. Its words come from the i18n catalog (``picture.mk.*``)
in the public text's locale (:mod:`referee.render.picture_text`).
"""

from __future__ import annotations

from PIL import Image

from engine.games.mortal_kombat.data import kard
from engine.games.mortal_kombat.views import MkView
from referee.i18n import DEFAULT, translate_english
from referee.render.picture_text import Canvas, fit, font

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
LINE_H = 19
"""Height of one line of the bottom panel (the exchange, or the last plays)."""
LAST_PLAYS = 3
"""Notes shown between exchanges."""
NOTE_PREFIX = "mk_note."
"""Where the catalog words the engine's English notes (:func:`note_text`)."""


def note_text(note: str, loc: str = DEFAULT) -> str:
    """One of the engine's public notes (English, Kombatants and kards by name) in
    ``loc`` (the catalog's ``mk_note.*`` texts; an unknown note stays as written)."""
    return translate_english(note, NOTE_PREFIX, loc)


def kard_name(kid: str) -> str:
    """A kard's printed name (its id if unknown)."""
    try:
        return kard(kid).name
    except KeyError:
        return kid


def fighter(view: MkView, seat: int | None) -> str:
    """The Kombatant's name of a seat (``?`` before the pick)."""
    if seat is None or not 0 <= seat < len(view.fighters):
        return "?"
    return view.fighters[seat].name or "?"


def exchange_lines(view: MkView, draw: Canvas) -> list[str]:
    """The exchange on the table in words: the attack, its Special Effects, a Kombo in
    progress (its hits laid so far of all), burned kards, a Follow-up, the answer."""
    ex = view.exchange
    if ex is None:
        return []
    target = ex.target if ex.target is not None else (1 - ex.attacker
                                                      if len(view.fighters) == 2 else None)
    lines = [draw.w("attack", who=fighter(view, ex.attacker), kard=kard_name(ex.kard))]
    if ex.se:
        lines.append(draw.w("se", kards=", ".join(kard_name(k) for k in ex.se)))
    if ex.kombo:
        try:
            total = 1 + len(kard(ex.kombo).kombo)
        except KeyError:
            total = 1 + len(ex.extra)
        laid = [kard_name(k) for k in (ex.kard, *ex.extra)]
        lines.append(draw.w("kombo", kombo=kard_name(ex.kombo), done=len(laid), total=total,
                            kards=" + ".join(laid)))
    elif ex.extra:
        lines.append(draw.w("extra", kards=", ".join(kard_name(k) for k in ex.extra)))
    if ex.followup:
        lines.append(draw.w("followup"))
    if ex.defense:
        lines.append(draw.w("defense", who=fighter(view, target), kard=kard_name(ex.defense)))
    if ex.dse:
        lines.append(draw.w("se", kards=", ".join(kard_name(k) for k in ex.dse)))
    return lines


def panel(view: MkView, draw: Canvas) -> tuple[str, list[str]]:
    """The bottom panel's title and lines: the exchange on the table, else the last
    plays (none before the first)."""
    if view.exchange is not None:
        return draw.w("table"), exchange_lines(view, draw)
    notes = [note_text(n, draw.loc) for n in view.notes[-LAST_PLAYS:]]
    return (draw.w("last"), notes) if notes else ("", [])


def draw_panel(draw: Canvas, y: int, title: str, lines: list[str]) -> None:
    """The bottom panel at ``y``: its title, then its lines, each fitted to the width."""
    if not title:
        return
    draw.text((20, y), title, fill=GOLD, font=font(14), anchor="la")
    for i, line in enumerate(lines):
        draw.text((28, y + LINE_H * (i + 1)), fit(line, 14, WIDTH - 48), fill=TEXT,
                  font=font(14), anchor="la")


def panel_height(title: str, lines: list[str]) -> int:
    """Pixels the bottom panel takes (none without a title)."""
    return LINE_H * (len(lines) + 1) + 10 if title else 0


def kp_color(kp: int, start: int) -> tuple[int, int, int]:
    """Green above half, yellow above a quarter, red below."""
    share = kp / max(start, 1)
    return KP_COLORS[0] if share > 0.5 else KP_COLORS[1] if share > 0.25 else KP_COLORS[2]


def render_brawl(view: MkView, loc: str = DEFAULT) -> bytes:
    """A Brawl board: one row per Kombatant (KP bar, rounds won, rounds lost, whether it
    acts now, is aimed at, is down or out), and the Hand-to-Hand groups (Advanced)."""
    n = len(view.fighters)
    groups = view.groups
    probe = Canvas(Image.new("RGB", (1, 1)), "mk", loc)
    title_, lines = panel(view, probe)
    top = 40 + n * ROW_H + (28 if view.level == "advanced" else 0)
    img = Image.new("RGB", (WIDTH, top + panel_height(title_, lines)), BG)
    draw = Canvas(img, "mk", loc)
    title = (draw.w("round_turn", round=view.round, turn=view.turn) if view.phase != "pick"
             else draw.w("pick"))
    draw.text((WIDTH // 2, 14), title, fill=MUTED, font=font(16), anchor="mm")
    live = view.phase not in ("pick", "over")
    for seat, f in enumerate(view.fighters):
        y = 32 + seat * ROW_H
        color = SEAT_COLORS[seat % len(SEAT_COLORS)]
        draw.rectangle((20, y + 4, 30, y + 30), fill=color)
        draw.text((40, y + 13), f.name or "?", fill=MUTED if f.out or f.down else TEXT,
                  font=font(18), anchor="lm")
        if view.phase != "pick":
            draw.text((40, y + 33), fit(draw.w("counts_short", hand=f.hand_count,
                                                deck=f.deck_count), 12, 170),
                      fill=MUTED, font=font(12), anchor="lm")
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
    draw_panel(draw, top, title_, lines)
    return draw.png()


def render_board(view: MkView, loc: str = DEFAULT) -> bytes:
    """The board as PNG bytes, worded in ``loc`` (a Brawl's: :func:`render_brawl`)."""
    if len(view.fighters) > 2:
        return render_brawl(view, loc)
    probe = Canvas(Image.new("RGB", (1, 1)), "mk", loc)
    title_, lines = panel(view, probe)
    top = 140 + (34 if view.distance else 0)
    img = Image.new("RGB", (WIDTH, top + panel_height(title_, lines)), BG)
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
        if view.phase != "pick":  # no deck is dealt before the Kombatants are picked
            counts = draw.w("counts", hand=f.hand_count, deck=f.deck_count,
                            discard=len(f.discard))
            draw.text((x0 if seat == 0 else x0 + BAR_W, y + BAR_H + 40),
                      fit(counts, 13, BAR_W + 40), fill=MUTED, font=font(13),
                      anchor="lm" if seat == 0 else "rm")
    if view.distance:
        y = 144
        labels = (("ranged", draw.w("ranged")), ("h2h", draw.w("h2h")))
        w = (WIDTH - 40) // len(labels)
        for i, (key, label) in enumerate(labels):
            box = (20 + i * w, y, 20 + (i + 1) * w - 4, y + 22)
            on = view.distance == key
            draw.rectangle(box, fill=GOLD if on else BAR_BACK)
            draw.text(((box[0] + box[2]) // 2, y + 11), label, fill=BG if on else MUTED,
                      font=font(14), anchor="mm")
    draw_panel(draw, top, title_, lines)
    return draw.png()
