"""The renderer contract: one per game, turning views and events into Discord messages.

A renderer only ever receives a *view* (never a state), so what it can show is what the
engine allowed that viewer to see. The public board gets the spectator view.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from engine.core import Event, Outcome, Prompt
from referee.i18n import DEFAULT, and_list, t
from referee.render.embed import Embed, Style

SEAT_WORD = re.compile(r"\(?\b[Ss]eat (\d+)\)?")
"""``Seat 1`` / ``(seat 2)`` in an engine sentence (seats counted from 1)."""


@dataclass
class Choice:
    """One legal action as a control: its id and label."""

    aid: str
    label: str
    emoji: str | None = None
    style: Style = Style.secondary
    disabled: bool = False
    """Shown greyed out (an illegal option worth showing, like a blocked direction)."""


@dataclass
class Group:
    """Controls shown together: buttons (5 or fewer) or a select menu (25 or fewer)."""

    title: str
    choices: list[Choice] = field(default_factory=list)
    select: bool = False
    multi: bool = False
    """A multi-select: the player picks any number of its choices at once (at least
    ``min_values``); the picked ids reach the engine joined by ``engine.core.JOIN``
    (:meth:`engine.core.Game.compound` reads them)."""
    min_values: int = 1


@dataclass
class BoardContext:
    """What the public board may use: the spectator view and public match facts."""

    match_id: int
    game_name: str
    view: BaseModel
    names: list[str]
    """Display name (or mention) per seat."""
    prompts: dict[int, Prompt]
    finished: bool
    summary: str = ""
    locale: str = DEFAULT
    """The language of the public board (the server's)."""
    left: tuple[int, ...] = ()
    """Seats that left an N-seat match while play goes on (``BaseState.left``: public)."""


def readable(text: str, names: list[str]) -> str:
    """An engine sentence with every ``Seat N`` replaced by that player's name.

    ``"Seat 2 forfeits."`` -> ``"<@bob> forfeits."``; a parenthesised ``(seat 1)`` after a
    name becomes ``(<@alice>)``. Seats outside ``names`` are left as they are.
    """
    def name(match: re.Match[str]) -> str:
        n = int(match.group(1)) - 1
        if not 0 <= n < len(names):
            return match.group(0)
        whole = match.group(0)
        return f"({names[n]})" if whole.startswith("(") and whole.endswith(")") else names[n]

    return SEAT_WORD.sub(name, text)


def winners_text(outcome: Outcome, names: list[str], loc: str = DEFAULT) -> str:
    """``"<@alice> wins"``, ``"<@alice> and <@bob> win"`` or ``"A draw"``."""
    if outcome.draw:
        return t(loc, "render.draw")
    won = [names[s] for s in outcome.winners if 0 <= s < len(names)]
    return t(loc, "render.wins" if len(won) == 1 else "render.win", who=and_list(loc, won))


def left_line(data: dict[str, Any], names: list[str], loc: str = DEFAULT) -> str:
    """One line for a ``seat_left`` event (a seat leaving an N-seat match while play goes
    on): who left and why (a forfeit, or too many timeouts)."""
    seat = data.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"
    why = "timeout" if data.get("reason") == "timeout" else "forfeit"
    return t(loc, f"table.left_{why}", who=who)


def humanize(kind: str) -> str:
    """``super_combo`` -> ``Super combo``."""
    return kind.replace("_", " ").capitalize()


class Renderer:
    """Generic rendering; games subclass and override what they draw better."""

    game_id: str = ""
    color: int = 0x5865F2
    turning_points: frozenset[str] = frozenset(
        {"picks", "turn_end", "round_end", "bout_over", "match_over"})
    """Public event kinds worth a new thread message (fighters revealed, a turn's results,
    round or match end); every other public event is folded into the live board (and
    posted with the next turning point). The defaults name Sushido's kinds too; a game's
    renderer may override them."""

    reveals: dict[str, frozenset[str]] = {}
    """Public reveal event kind -> the commit-notice kinds it says again ("X has chosen"
    before the line telling what X chose). The reveal's seat's notice (every seat's when
    the reveal has no ``seat``) is dropped from the turn's lines before the reveal's own
    line: one line per thing said (:meth:`fold`)."""

    def turn_key(self, view: BaseModel) -> tuple[Any, ...]:
        """Which turn the public view is in (a player is pinged at most once per turn).

        Default: the view's ``round`` or ``bout`` and ``turn`` fields, when it has them.
        """
        return tuple(getattr(view, name, None) for name in ("round", "bout", "turn"))

    def turning_point(self, event: Event) -> bool:
        """Whether a public event deserves its own thread message (a real turning point).

        The table posts a step's narration as a message only when one of its public
        events is a turning point; otherwise the lines are folded into the board.
        """
        return event.kind in self.turning_points

    def ping_ahead(self, view: BaseModel) -> list[int]:
        """Seats to ping together with the seats that have a new decision, because the
        rules will ask them later in this same turn anyway (a Brawl: everyone standing
        acts each turn), so a turn costs one ping message, not one per seat. From the
        public ``view`` only; each seat is still pinged at most once per turn. Default:
        none."""
        return []

    def board_embed(self, ctx: BoardContext) -> Embed:
        """The public board (from the spectator view only)."""
        loc = ctx.locale
        embed = Embed(title=t(loc, "render.title", game=ctx.game_name,
                                      id=ctx.match_id), color=self.color)
        embed.description = " · ".join(ctx.names)
        for key, value in ctx.view.model_dump(mode="json").items():
            embed.add_field(name=humanize(key), value=str(value)[:1000] or "-", inline=True)
        self.add_status(embed, ctx)
        return embed

    def add_status(self, embed: Embed, ctx: BoardContext) -> None:
        """Whose decision is pending (never what anyone chose)."""
        loc = ctx.locale
        self.add_seats(embed, ctx)
        if ctx.finished:
            embed.set_footer(text=t(loc, "render.match_over", summary=ctx.summary).strip())
            return
        waiting = [ctx.names[s] for s, p in sorted(ctx.prompts.items()) if not p.committed]
        done = [ctx.names[s] for s, p in sorted(ctx.prompts.items()) if p.committed]
        lines = []
        if waiting:
            lines.append(t(loc, "render.waiting_for", who=and_list(loc, waiting)))
        if done:
            lines.append(t(loc, "render.committed", who=and_list(loc, done)))
        embed.add_field(name=t(loc, "render.now"), value="\n".join(lines) or "-",
                        inline=False)

    def seat_lines(self, view: BaseModel, names: list[str],
                   loc: str = DEFAULT) -> list[str]:
        """Each seat's public state at a glance, one short line per seat in seat order
        (e.g. meat, gear, discard size), from the spectator ``view`` only.

        The table shows them after each name in the board's seat list of an N-seat match
        (:meth:`add_seats`). Default: nothing beyond the names (empty lines); a game with
        more than two seats overrides it. ``names`` are the players' names per seat.
        """
        return ["" for _ in names]

    def add_seats(self, embed: Embed, ctx: BoardContext) -> None:
        """The seat list of an N-seat board (more than two seats): names in turn (seat)
        order, an arrow on whoever must decide now, a door on seats that left, and the
        renderer's :meth:`seat_lines` after each name. Two-seat boards are left alone."""
        if len(ctx.names) <= 2:
            return
        loc = ctx.locale
        extra = self.seat_lines(ctx.view, ctx.names, loc)
        rows = []
        for seat, name in enumerate(ctx.names):
            prompt = ctx.prompts.get(seat)
            if seat in ctx.left:
                mark, name = "🚪", t(loc, "render.seat_left", who=name)
            elif ctx.finished:
                mark = "·"
            elif prompt is not None and not prompt.committed:
                mark = "▶️"
            elif prompt is not None:
                mark = "✅"
            else:
                mark = "·"
            line = extra[seat] if seat < len(extra) else ""
            rows.append(f"{mark} {seat + 1}. {name}" + (f" · {line}" if line else ""))
        embed.add_field(name=t(loc, "render.turn_order"), value="\n".join(rows)[:1024],
                        inline=False)

    def board_controls(self, view: BaseModel, loc: str = DEFAULT) -> list[Choice]:
        """Interrupts the public board offers (e.g. Sushido's Super Combo), from the public
        view only: shown when some seat may use them; pressing one checks who pressed."""
        return []

    def result_line(self, outcome: Outcome, view: BaseModel, names: list[str],
                    loc: str = DEFAULT) -> str:
        """The match's result in players' names and the game's words (one line).

        Generic: the winners by name (or a draw), then the engine's summary with every
        ``Seat N`` replaced by a name; a match ended by a forfeit or timeouts says who
        left (in an N-seat match won on the board, the seats that left earlier were told
        on the board already). Games override it to say how in their own words.
        """
        head = winners_text(outcome, names, loc)
        if outcome.forfeited and not outcome.draw and outcome.reason in ("forfeit",
                                                                          "timeout"):
            gone = and_list(loc, [names[s] for s in outcome.forfeited if 0 <= s < len(names)])
            key = "render.timed_out" if outcome.reason == "timeout" else "render.forfeited"
            return t(loc, key, head=head, gone=gone)
        summary = readable(outcome.summary, names).strip()
        if summary and (outcome.draw or any(names[s] in summary for s in outcome.winners
                                            if 0 <= s < len(names))):
            return summary  # the engine's sentence already says who won
        return f"{head}. {summary}".strip() if summary else f"{head}."

    def picture(self, view: BaseModel, loc: str = DEFAULT) -> bytes | None:
        """A PNG of the board with its words in ``loc``, or None when the game has none."""
        return None

    def picture_key(self, view: BaseModel) -> str:
        """What :meth:`picture` draws from ``view``: equal keys give the same picture
        (:mod:`referee.pictures` reuses it). The default is the whole view; a renderer may
        leave out the fields its picture never reads."""
        return view.model_dump_json()

    def hand_text(self, view: BaseModel, seat: int, loc: str = DEFAULT) -> str:
        """The cards in a seat's hand as one line, from that seat's own ``view`` (a
        finished match's replay reveals every hand on its last page). Default: nothing
        (a game without hands)."""
        return ""

    def hand_embed(self, view: BaseModel, seat: int, names: list[str],
                   prompt: Prompt | None, loc: str = DEFAULT) -> Embed:
        """A seat's private view (its hand and secrets), for an ephemeral message."""
        embed = Embed(title=t(loc, "render.your_hand"), color=self.color)
        for key, value in view.model_dump(mode="json").items():
            embed.add_field(name=humanize(key), value=str(value)[:1000] or "-", inline=True)
        if prompt is not None:
            embed.add_field(name=t(loc, "render.your_decision"),
                            value=self.prompt_text(prompt, loc), inline=False)
        return embed

    def prompt_text(self, prompt: Prompt, loc: str = DEFAULT) -> str:
        """A decision's question in ``loc`` (generic: the engine's English words)."""
        return prompt.text

    def groups(self, choices: list[tuple[str, Choice]],
               loc: str = DEFAULT) -> list[Group]:
        """Arrange ``(action kind, choice)`` pairs into groups (one per kind)."""
        by_kind: dict[str, Group] = {}
        for kind, choice in choices:
            group = by_kind.setdefault(kind, Group(title=humanize(kind)))
            group.choices.append(choice)
        return list(by_kind.values())

    def narrate(self, events: list[Event], names: list[str],
                loc: str = DEFAULT) -> list[str]:
        """Public (or one seat's) events as short lines of text, in ``loc``."""
        lines = []
        for ev in events:
            line = self.line(ev, names, loc)
            if line:
                lines.append(line)
        return lines

    def revealed(self, event: Event) -> tuple[frozenset[str], list[int] | None]:
        """The commit-notice kinds a public event's line says again (:attr:`reveals`),
        and whose: the event's ``seat``, or every seat (None)."""
        seat = event.data.get("seat")
        return (self.reveals.get(event.kind, frozenset()),
                [seat] if isinstance(seat, int) else None)

    def fold(self, recent: list[str], lines: list[str], events: list[Event],
             names: list[str], loc: str = DEFAULT) -> list[str]:
        """The turn's lines so far (``recent``) followed by a step's ``lines`` (narrated
        from its public ``events``), without the commit notices that a reveal of this
        step repeats (see :attr:`reveals`); a notice after the reveal's line stays (a new
        choice)."""
        out = [*recent, *lines]
        for event in events:
            kinds, whose = self.revealed(event)
            said = self.line(event, names, loc) if kinds else None
            if not kinds or said is None or said not in out:
                continue
            seats = range(len(names)) if whose is None else whose
            gone = {self.line(Event(kind=kind, data={"seat": s, "twin_of": s}), names, loc)
                    for kind in kinds for s in seats}
            cut = len(out) - 1 - out[::-1].index(said)
            out = [x for i, x in enumerate(out) if i > cut or x not in gone]
        return out

    def line(self, event: Event, names: list[str], loc: str = DEFAULT) -> str | None:
        """One event as a line, or None to skip it."""
        if event.kind == "seat_left":
            return left_line(event.data, names, loc)
        data: dict[str, Any] = {k: v for k, v in event.data.items() if k != "twin_of"}
        seat = data.pop("seat", None)
        who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
        rest = ", ".join(f"{k}={v}" for k, v in data.items())
        return f"{who} {humanize(event.kind)} {rest}".strip()
