"""Replays: a finished match turn by turn, every secret revealed, as pages of text.

Built from the store only: ``match_events`` (every event, private ones included, with the
``version`` its action produced) and ``match_actions`` (who did what). Each version is one
step: the action-log line (``""`` a seat's action, ``forfeit``, ``timeout-forfeit``,
``timeout`` with its auto-played ``steps``), then the game renderer's narration of every
event of that version. Public *twins* of private events are skipped (the private original
is shown, marked 🔒 with its audience). Works for any registered game and seat count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord

from cogs.ladder_render import COLOR, game_name, when
from cogs.render.registry import renderer_for
from db.base import ActionLog, EventRecord, MatchRecord
from db.ladder_queries import MatchSummary
from engine.core import Event

PAGE_CHARS = 3500
"""Budget of one page (an embed description holds at most 4096 characters)."""
LINE_CHARS = 400
"""Longest single narrated line."""


@dataclass(frozen=True)
class Replay:
    """A rendered replay: its title, players line and pages."""

    title: str
    header: str
    pages: list[str]


def describe_action(action: dict[str, Any] | None) -> str:
    """An engine action as short text: its ``kind`` then its other fields."""
    if not action:
        return "acted"
    rest = ", ".join(f"{k}={v}" for k, v in action.items() if k != "kind")
    kind = str(action.get("kind", "action")).replace("_", " ")
    return f"{kind} ({rest})" if rest else kind


def action_line(log: ActionLog, names: list[str]) -> str:
    """One action-log row as a line."""

    def who(seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(names):
            return "Someone"
        return names[seat]

    if log.note == "forfeit":
        return f"🏳️ {who(log.seat)} forfeits."
    if log.note == "timeout-forfeit":
        return f"⌛ {who(log.seat)} loses on time (too many timeouts)."
    if log.note == "timeout":
        steps = (log.action or {}).get("steps") or []
        if not steps:
            return "⌛ Time ran out."
        played = "; ".join(f"{who(s.get('seat'))}: {describe_action(s.get('action'))}"
                           for s in steps)
        return f"⌛ Time ran out, auto-played: {played}"
    return f"▶ {who(log.seat)}: {describe_action(log.action)}"


def to_event(rec: EventRecord) -> Event:
    """A stored event back as an engine :class:`Event`."""
    audience = None if rec.audience is None else tuple(rec.audience)
    return Event(kind=rec.kind, audience=audience, data=rec.data)


def step_lines(game: str, events: list[EventRecord], logs: list[ActionLog],
               names: list[str]) -> list[str]:
    """The lines of one version: its action(s), then every event (secrets revealed)."""
    renderer = renderer_for(game)
    lines = [action_line(log, names) for log in logs]
    for rec in events:
        if rec.audience is None and rec.data.get("twin_of"):
            continue  # the private original is shown instead
        narrated = renderer.narrate([to_event(rec)], names)
        if rec.audience is not None:
            to = ", ".join(names[s] if 0 <= s < len(names) else f"seat {s}"
                           for s in rec.audience)
            narrated = [f"🔒 to {to}: {line}" for line in narrated]
        lines.extend(line[:LINE_CHARS] for line in narrated)
    return lines


def paginate(blocks: list[tuple[str, list[str]]], budget: int = PAGE_CHARS) -> list[str]:
    """Pack ``(heading, lines)`` blocks into pages of at most ``budget`` characters.

    A block is kept whole when it fits on one page; a longer block continues on the
    next page under its heading marked ``(cont.)``.
    """
    pages: list[str] = []
    current = ""
    for heading, lines in blocks:
        block = "\n".join([heading, *lines])
        if current and len(current) + 2 + len(block) <= budget:
            current += "\n\n" + block
            continue
        if current:
            pages.append(current)
            current = ""
        text = heading
        for line in lines:
            if len(text) + 1 + len(line) > budget:
                pages.append(text)
                text = f"{heading} (cont.)"
            text += "\n" + line
        current = text
    if current:
        pages.append(current)
    return pages or ["(nothing happened)"]


def build_replay(rec: MatchRecord, summary: MatchSummary | None, events: list[EventRecord],
                 logs: list[ActionLog]) -> Replay:
    """Every step of a finished match, grouped by version, as pages."""
    names = [f"<@{uid}>" for uid in rec.seats]
    by_version: dict[int, tuple[list[EventRecord], list[ActionLog]]] = {}
    for ev in events:
        by_version.setdefault(ev.version, ([], []))[0].append(ev)
    for log in logs:
        by_version.setdefault(log.version, ([], []))[1].append(log)
    blocks = []
    for step, version in enumerate(sorted(by_version), start=1):
        evs, acts = by_version[version]
        lines = step_lines(rec.game, evs, acts, names)
        if lines:
            blocks.append((f"**Step {step}** (v{version})", lines))
    players = []
    for seat, uid in enumerate(rec.seats):
        res = summary.result_of(uid) if summary is not None else None
        bits = [f"<@{uid}>"]
        if res is not None:
            bits.append(f"({res.label})" if res.label else "")
            bits.append("forfeited" if res.forfeited else f"rank {res.rank}")
        players.append(f"Seat {seat + 1}: " + " ".join(b for b in bits if b))
    if summary is not None:
        players.append(f"Finished {when(summary.finished_at)}")
    header = "\n".join(players)
    title = f"🎬 Replay · {game_name(rec.game)} · match #{rec.id}"
    return Replay(title=title, header=header, pages=paginate(blocks))


def replay_embed(replay: Replay, page: int) -> discord.Embed:
    """Page ``page`` (0-based, clamped) of a replay."""
    page = max(0, min(page, len(replay.pages) - 1))
    embed = discord.Embed(title=replay.title, color=COLOR, description=replay.pages[page])
    embed.add_field(name="Players", value=replay.header[:1024] or "-", inline=False)
    embed.set_footer(text=f"Page {page + 1}/{len(replay.pages)} · every hand, commit and "
                          "chain revealed")
    return embed
