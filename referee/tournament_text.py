"""What a tournament shows: the sign-up, the standings, a round's pairings, the bracket.

Every text is in the players' names (mentions, which Discord shows as names) and the
catalog's words; the bracket picture (Pillow) is drawn from the same data with display
names, off the event loop (:func:`bracket_png` runs in a worker thread).
"""

from __future__ import annotations

import io
import unicodedata
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from db.base import EntrantRecord, PairingRecord, TournamentRecord
from engine.tournament import Event, Result, planned_rounds, standings
from referee.i18n import and_list, game_name, t
from referee.option_words import option_text
from referee.render.embed import Embed

__all__ = ["bracket_png", "event_of", "pairings_text", "signup_text", "standings_embed",
           "title"]


def mention(uid: int) -> str:
    """A player as Discord shows them (their name)."""
    return f"<@{uid}>"


def event_of(tour: TournamentRecord, entrants: list[EntrantRecord],
             pairings: list[PairingRecord], *, partial: bool = True) -> Event:
    """The pure event of stored rows: players by seed (sign-up order before the start),
    drops, and the finished rounds (``partial``: the current round's results so far)."""
    order = sorted(entrants, key=lambda e: (e.seed if e.seed is not None else 10**6,
                                            e.position))
    rounds: dict[int, list[PairingRecord]] = {}
    for p in pairings:
        rounds.setdefault(p.round, []).append(p)
    history: list[list[Result]] = []
    for rnd in sorted(rounds):
        ps = sorted(rounds[rnd], key=lambda p: p.slot)
        done = [p for p in ps if p.status == "done"]
        if len(done) < len(ps) and not partial:
            break
        if done:
            history.append([Result(p.round, p.a_id, p.b_id, p.winner_id, p.forfeit)
                            for p in done])
    return Event(tour.format, [e.user_id for e in order],
                 rounds=tour.options.get("rounds"), matches=int(tour.options.get("matches", 1)),
                 dropped={e.user_id for e in entrants if e.dropped}, history=history)


def title(tour: TournamentRecord, loc: str) -> str:
    """``🏆 Tournament #3 · Swiss · Gyojin Fighter Sushido!``"""
    return t(loc, "tournament.title", id=tour.id, game=game_name(tour.game, loc),
             format=t(loc, f"tournament.format.{tour.format}"))


def signup_text(tour: TournamentRecord, entrants: list[EntrantRecord], loc: str,
                note: str | None = None) -> str:
    """The sign-up message: the event, its organiser, who entered, what to press."""
    lines = [title(tour, loc), t(loc, "tournament.organiser", who=mention(tour.organiser_id))]
    opts = tour.options
    if opts.get("rounds"):
        lines.append(t(loc, "tournament.rounds_option", count=int(opts["rounds"])))
    if tour.format == "series":
        lines.append(t(loc, "tournament.matches_option", count=int(opts.get("matches", 1))))
    if opts.get("level") and not opts.get("sealed"):  # the sealed line names its level
        lines.append(t(loc, "tournament.level_option",
                       level=option_text("level", opts["level"], loc)))
    if opts.get("sealed"):
        lines.append(t(loc, "tournament.sealed_option"))
    who = and_list(loc, [mention(e.user_id) for e in entrants]) or "—"
    lines.append(t(loc, "tournament.entered", count=len(entrants), who=who))
    lines.append(note or t(loc, "tournament.signup_help"))
    return "\n".join(lines)


def _point_count(points: float) -> int:
    """The count that picks "pt" or "pts": a whole number as it is, a half as many."""
    return int(points) if float(points).is_integer() else 2


def standings_embed(tour: TournamentRecord, event: Event, loc: str,
                    note: str | None = None) -> Embed:
    """The standings, best first, with points, wins-draws-losses and the tie-breaks."""
    rows = []
    elimination = tour.format == "single_elimination"
    for s in standings(event):
        flag = t(loc, "tournament.dropped_mark") if s.dropped else ""
        if elimination:
            rows.append(t(loc, "tournament.line_elimination", rank=s.rank,
                          who=mention(s.player), wins=s.wins, losses=s.losses) + flag)
        else:
            rows.append(t(loc, "tournament.line", rank=s.rank, who=mention(s.player),
                          points=f"{s.points:g}", count=_point_count(s.points),
                          wins=s.wins, draws=s.draws, losses=s.losses, buchholz=f"{s.buchholz:g}",
                          sb=f"{s.sonneborn_berger:g}") + flag)
    status = note or t(loc, f"tournament.status.{tour.status}", round=tour.round,
                       of=max(planned_rounds(event), tour.round))
    embed = Embed(title=title(tour, loc), description=status, color=0xF1C40F)
    body = "\n".join(rows)
    embed.add_field(name=t(loc, "tournament.standings"), value=body[:1024] or "—",
                    inline=False)
    if not elimination:
        embed.set_footer(text=t(loc, "tournament.tie_breaks"))
    return embed


def pairings_text(tour: TournamentRecord, rnd: int, pairings: list[PairingRecord],
                  loc: str, decider: bool = False) -> str:
    """A round's pairings, posted when the round is paired (a tied series' decider is
    named as such)."""
    head = "tournament.round_head_decider" if decider else "tournament.round_head"
    lines = [t(loc, head, round=rnd, title=title(tour, loc))]
    for p in sorted(pairings, key=lambda p: p.slot):
        if p.b_id is None:
            lines.append(t(loc, "tournament.bye", who=mention(p.a_id)))
        elif p.status == "done" and p.forfeit:
            winner = mention(p.winner_id) if p.winner_id is not None else "—"
            lines.append(t(loc, "tournament.pair_forfeit", a=mention(p.a_id),
                           b=mention(p.b_id), winner=winner))
        else:
            lines.append(t(loc, "tournament.pair", a=mention(p.a_id), b=mention(p.b_id)))
    return "\n".join(lines)[:1900]


# ------------------------------------------------------------------ the picture
BOX_W, BOX_H, GAP_X, GAP_Y, PAD = 230, 46, 40, 14, 20


def _font(size: int) -> Any:
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        return ImageFont.load_default()


def drawable(text: str) -> str:
    """``text`` without the symbols the picture's font has no glyph for (emoji)."""
    return "".join(ch for ch in text if ord(ch) <= 0xFFFF and unicodedata.category(ch) != "So"
                   ).strip()


def bracket_png(event: Event, names: dict[int, str], heading: str, bye_word: str,
                round_labels: list[str] | None = None) -> bytes:
    """The event's rounds as columns of match boxes (``round_labels`` over them), winners
    in green; a single elimination bracket is laid out as a tree
    (each box between the two it came from)."""
    rounds = event.history or [[]]
    tallest = max(len(r) for r in rounds) or 1
    height = PAD * 2 + 64 + tallest * (BOX_H + GAP_Y)
    width = PAD * 2 + len(rounds) * (BOX_W + GAP_X)
    img = Image.new("RGB", (width, height), (30, 33, 40))
    draw = ImageDraw.Draw(img)
    big, small = _font(18), _font(14)
    draw.text((PAD, PAD), drawable(heading), font=big, fill=(241, 196, 15))
    top = PAD + 64
    span = height - top - PAD
    tree = event.format == "single_elimination"
    for c, rnd in enumerate(rounds):
        x = PAD + c * (BOX_W + GAP_X)
        label = round_labels[c] if round_labels and c < len(round_labels) else str(c + 1)
        draw.text((x, PAD + 36), label, font=small, fill=(170, 180, 200))
        for i, r in enumerate(rnd):
            if tree:
                cy = top + (i + 0.5) * span / len(rnd)
            else:
                cy = top + i * (BOX_H + GAP_Y) + BOX_H / 2
            y = int(cy - BOX_H / 2)
            draw.rectangle((x, y, x + BOX_W, y + BOX_H), outline=(120, 130, 150),
                           fill=(45, 50, 60))
            for k, who in enumerate((r.a, r.b)):
                label = drawable(names.get(who, "?")) if who is not None else bye_word
                won = who is not None and who == r.winner
                draw.text((x + 8, y + 4 + k * 20), label[:26], font=small,
                          fill=(46, 204, 113) if won else (220, 220, 220))
            if tree and c + 1 < len(rounds):
                draw.line((x + BOX_W, int(cy), x + BOX_W + GAP_X // 2, int(cy)),
                          fill=(120, 130, 150))
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()
