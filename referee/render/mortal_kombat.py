"""The Mortal Kombat Kard Game in Discord: the board, the private hand and the narration.

Everything here reads an :class:`MkView` (or public events), never a state. Every kard is
written by :func:`show_kard`, one place, so a test can tag each kard's name and prove that
no public message names a kard still in a hand.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.core import Event, Outcome, Prompt
from engine.games.mortal_kombat.data import kard, kards
from referee.i18n import DEFAULT, t
from referee.render import mk_brawl
from referee.render.base import BoardContext, Choice, Group, Renderer
from referee.render.embed import Embed, Style
from referee.render.mk_board import LAST_PLAYS, render_board

TOKENS = mk_brawl.TOKENS
"""Seat colours, as on the board picture (red, blue, then green, yellow, purple, orange)."""
TYPE_ICON = {"basic": "👊", "special": "🌀", "defense": "🛡️", "se": "✨", "kombo": "🔗",
             "kombatant": "🐉"}
FINISH_ICON = {"fatality": "💀", "babality": "🍼", "friendship": "🤝"}
GROUP_ORDER = ("aim", "pick", "dd1", "dd2", "fx", "at", "ak", "cm", "se", "bl", "ev", "ct", "sc",
               "fr", "bn", "kn", "br", "fu")
"""Selects' order: finishers and attacks first; the one-click choices without a kard
(pass, move, go, take the hit, keep everything, stop, none) share a row of buttons."""
BUTTONS = ("pass", "step", "go", "take", "dd", "bn", "br", "fu", "kn")
"""Actions without a kard: buttons, all in one row (at most three are legal at once)."""


def show_kard(kid: Any) -> str:
    """A kard as text (``👊 Head Punch``); unknown ids are shown as they are."""
    try:
        k = kard(str(kid))
    except KeyError:
        return str(kid)
    icon = FINISH_ICON.get(k.finisher or "", TYPE_ICON.get(k.type, ""))
    return f"{icon} {k.name}".strip()


def kards_text(ids: list[Any]) -> str:
    """Several kards, or a dash."""
    return ", ".join(show_kard(x) for x in ids) or "—"


def stats(kid: str, loc: str = DEFAULT) -> str:
    """A kard's numbers in short: ``Spd 3 · Str 4 · High · 2 hits``."""
    k = kard(kid)
    parts = []
    if k.speed is not None:
        parts.append(t(loc, "mk.speed", n=k.speed))
    if k.strength:  # a block or an evade has none worth saying
        parts.append(t(loc, "mk.strength", n=k.strength))
    if k.location:
        parts.append(t(loc, f"mk.loc.{k.location}"))
    if k.hits > 1:
        parts.append(t(loc, "mk.hits", n=k.hits))
    if k.kind:
        parts.append(t(loc, f"mk.kind.{k.kind}"))
    parts += [t(loc, f"mk.kw.{e.kind}") for e in k.effects if e.kind in KEYWORDS]
    return " · ".join(parts)


KEYWORDS = ("teleport", "behind", "airborne", "pull", "stun", "knockdown", "knockback",
            "movement", "followup")
"""Effects a kard's short numbers name as keywords (``Teleport``, ``Airborne``...)."""


def kp_bar(kp: int, start: int, width: int = 10) -> str:
    """A KP bar."""
    full = round(width * max(kp, 0) / max(start, 1))
    return "🟩" * min(full, width) + "⬛" * max(width - full, 0)


def who(names: list[str], seat: Any) -> str:
    """The display name of a seat (or an empty string)."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def fighter_name(v: Any, names: list[str], seat: int) -> str:
    """``<@alice> (Sub-Zero)`` once the Kombatants are known, else the name alone."""
    f = v.fighters[seat]
    return f"{names[seat]} ({f.name})" if f.name else names[seat]


class MkRenderer(Renderer):
    """The Mortal Kombat Kard Game's boards, hands, controls and narration."""

    game_id = "mortal_kombat"
    color = 0xB8860B
    turning_points = frozenset({"kombatants_revealed", "finished", "round_over",
                                "match_over", "stunned", "friendship"})
    """Kombatants revealed, finishing moves, stuns, rounds and the match end get a
    message; every other exchange is folded into the live board."""

    reveals = {"kombatants_revealed": frozenset({"kombatant_picked"}),
               "discard_draw": frozenset({"discard_chosen"})}
    """The Kombatants revealed and each Discard/Draw told replace the "has chosen" notices
    (one line per player: "keeps every kard", not also "has made their choice")."""

    def fold(self, recent: list[str], lines: list[str], events: list[Event],
             names: list[str], loc: str = DEFAULT) -> list[str]:
        """As :meth:`Renderer.fold`; and a Brawl attacker who turns on someone else
        before attacking is told once: its aim lines right before its new one go."""
        out = super().fold(recent, lines, events, names, loc)
        for event in events:
            if event.kind != "aimed":
                continue
            seat = event.data.get("seat")
            said = self.line(event, names, loc)
            if said is None or said not in out:
                continue
            mine = {self.line(Event(kind="aimed", data={"seat": seat, "target": x}), names,
                              loc) for x in range(len(names))}
            last = len(out) - 1 - out[::-1].index(said)
            first = last
            while first > 0 and out[first - 1] in mine:
                first -= 1
            out = out[:first] + out[last:]
        return out

    def turning_point(self, event: Event) -> bool:
        """Two players: the default kinds. A Brawl (its events say ``brawl``): each turn's
        end gets one message (its whole story), stuns are folded into it."""
        if "brawl" in event.data:
            return event.kind == "turn_started"
        return super().turning_point(event)

    def ping_ahead(self, view: BaseModel) -> list[int]:
        """A Brawl turn asks every standing Kombatant: all are pinged with the turn's first
        ping (at most once per turn each)."""
        v: Any = view
        if not v.brawl or v.phase in ("pick", "over"):
            return []
        return mk_brawl.standing_seats(v)

    # ------------------------------------------------------------------ board
    def picture(self, view: BaseModel, loc: str = DEFAULT) -> bytes | None:
        """KP bars, rounds, hand and deck sizes, the distance strip and the exchange on
        the table (or the last plays) as a PNG (spectator view), in ``loc``."""
        return render_board(view, loc)  # type: ignore[arg-type]

    def picture_key(self, view: BaseModel) -> str:
        """The picture reads the Kombatants, KP, rounds, hand/deck/discard sizes,
        distance, initiative, the exchange on the table and the last notes."""
        v: Any = view
        return repr((v.level, v.start_kp, v.round, v.turn, v.initiative, v.distance, v.phase,
                     v.brawl, v.aim, v.groups,
                     [(f.name, f.kp, f.rounds, f.losses, f.out, f.down, f.hand_count,
                       f.deck_count, len(f.discard)) for f in v.fighters],
                     v.exchange.model_dump_json() if v.exchange is not None else None,
                     v.notes[-LAST_PLAYS:]))

    def board_embed(self, ctx: BoardContext) -> Embed:
        """The public board, from the spectator view."""
        v: Any = ctx.view
        names, loc = ctx.names, ctx.locale
        if v.phase == "pick":
            title = t(loc, "mk.title_pick", id=ctx.match_id)
        else:
            title = t(loc, "mk.title", round=v.round, turn=v.turn, id=ctx.match_id)
        embed = Embed(title=title, color=self.color)
        brawl = mk_brawl.is_brawl(v)
        if brawl:
            pair = " · ".join(f"{TOKENS[s]} {n}" for s, n in enumerate(names))
        else:
            pair = t(loc, "render.vs", a=f"{TOKENS[0]} {names[0]}",
                     b=f"{TOKENS[1]} {names[1]}")
        desc = [t(loc, "mk.setup", pair=pair, level=t(loc, f"mk.level.{v.level}"),
                  kp=v.start_kp, clock=t(loc, f"mk.clock.{v.timer}"))]
        if v.phase == "pick":
            desc.append(t(loc, "mk.pick_desc"))
        elif brawl and not ctx.finished:
            desc += mk_brawl.status_lines(v, names, loc)
        elif not ctx.finished:
            desc.append(t(loc, "mk.initiative", token=TOKENS[v.initiative],
                          who=names[v.initiative]))
            if v.distance:
                desc.append(t(loc, "mk.distance", distance=t(loc, f"mk.dist.{v.distance}")))
        embed.description = "\n".join(desc)
        for s, f in enumerate(v.fighters):
            lines = [t(loc, "mk.kp_line", bar=kp_bar(f.kp, v.start_kp),
                       kp=mk_brawl.shown_kp(f.kp)),
                     t(loc, "mk.counts", hand=f.hand_count, deck=f.deck_count,
                       discard=len(f.discard)),
                     t(loc, "mk.rounds_won", stars="⭐" * f.rounds or "—")]
            if f.penalty:
                lines.append(t(loc, "mk.penalty", n=f.penalty))
            if brawl:
                lines += mk_brawl.fighter_lines(v, s, loc)
            if v.phase == "pick":
                lines = [t(loc, "mk.has_picked" if f.picked else "mk.choosing")]
            elif v.phase == "discard" and f.discard_chosen:
                lines.append(t(loc, "mk.has_chosen"))
            head = f"{TOKENS[s]} {f.name or '?'} · {names[s]}"
            embed.add_field(name=head[:256], value="\n".join(lines)[:1024], inline=True)
        if v.exchange is not None:
            embed.add_field(name=t(loc, "mk.exchange"), value=self.exchange_text(v, names, loc),
                            inline=False)
        if v.modifiers:
            embed.add_field(name=t(loc, "mk.modifiers"),
                            value="\n".join(self.modifier_text(m, names, loc)
                                            for m in v.modifiers)[:1024], inline=False)
        self.add_status(embed, ctx)
        clock = min((f.deck_count for f in v.fighters), default=0)
        pick = "_pick" if v.phase == "pick" else ""  # no decks dealt yet: no count
        embed.set_footer(text=t(loc, f"mk.footer.{v.timer}{pick}", n=clock)
                         + (f" · {embed.footer.text}" if embed.footer.text else ""))
        return embed

    @staticmethod
    def exchange_text(v: Any, names: list[str], loc: str) -> str:
        """The attack on the table and everything played on it (all face up)."""
        ex = v.exchange
        a = ex.attacker
        d = ex.target if ex.target is not None else 1 - a
        lines = [t(loc, "mk.ex.attack", token=TOKENS[a], who=names[a], kard=show_kard(ex.kard),
                   stats=stats(ex.kard, loc)), *mk_brawl.exchange_lines(v, names, loc)]
        if ex.kombo:
            lines.append(t(loc, "mk.ex.kombo", kard=show_kard(ex.kombo)))
        if ex.followup:
            lines.append(t(loc, "mk.ex.followup"))
        if ex.se:
            lines.append(t(loc, "mk.ex.se", kards=kards_text(ex.se)))
        if ex.defense:
            lines.append(t(loc, "mk.ex.defense", token=TOKENS[d], who=names[d],
                           kard=show_kard(ex.defense)))
        if ex.dse:
            lines.append(t(loc, "mk.ex.se", kards=kards_text(ex.dse)))
        if ex.extra:
            lines.append(t(loc, "mk.ex.extra", kards=kards_text(ex.extra)))
        return "\n".join(lines)[:1024]

    @staticmethod
    def modifier_text(m: Any, names: list[str], loc: str) -> str:
        """``✨ Power Up (<@bob>): +2 Strength, 1 more turn``."""
        sign = f"+{m.value}" if m.value > 0 else str(m.value)
        key = "mk.mod.self" if m.target == "self" else "mk.mod.rival"
        return t(loc, key, kard=show_kard(m.kard), who=who(names, m.seat), value=sign,
                 what=t(loc, f"mk.mod.{m.kind}"), turns=m.turns, count=m.turns)

    def seat_lines(self, view: BaseModel, names: list[str],
                   loc: str = DEFAULT) -> list[str]:
        """Each Kombatant at a glance (Kombatant, KP, rounds won and lost, out or down)."""
        v: Any = view
        return [mk_brawl.seat_line(v, s, loc) for s in range(len(v.fighters))]

    # ------------------------------------------------------------------ hand
    def hand_text(self, view: BaseModel, seat: int, loc: str = DEFAULT) -> str:
        """The kards in the seat's hand (its own view)."""
        return kards_text(list(getattr(view, "hand", None) or []))

    def hand_embed(self, view: BaseModel, seat: int, names: list[str],
                   prompt: Prompt | None, loc: str = DEFAULT) -> Embed:
        """Your hand, grouped by kind, with each kard's numbers (ephemeral)."""
        v: Any = view
        me = v.fighters[seat]
        title = t(loc, "mk.corner", token=TOKENS[seat]) + (f" · {me.name}" if me.name else "")
        embed = Embed(title=title, color=self.color)
        if v.phase == "pick":
            embed.description = t(loc, "mk.pick_hand")
        by_type: dict[str, list[str]] = {}
        for kid in v.hand or []:
            by_type.setdefault(kard(kid).type, []).append(kid)
        for kind in ("basic", "special", "defense", "se", "kombo"):
            ids = by_type.get(kind, [])
            if not ids:
                continue
            text = "\n".join(f"{show_kard(x)} · {stats(x, loc)}".rstrip(" ·") for x in ids)
            embed.add_field(name=t(loc, f"mk.type.{kind}", count=len(ids)),
                            value=text[:1024], inline=False)
        if v.exchange is not None:  # public: what you answer, or what you add to
            embed.add_field(name=t(loc, "mk.exchange"),
                            value=self.exchange_text(v, names, loc), inline=False)
        if v.phase != "pick" and mk_brawl.is_brawl(v):
            embed.add_field(name=t(loc, "mk.status"),
                            value=t(loc, "mk.brawl.status_value", kp=mk_brawl.shown_kp(me.kp),
                                    others=mk_brawl.others_text(v, seat),
                                    deck=me.deck_count), inline=False)
        elif v.phase != "pick":
            rival = v.fighters[1 - seat]
            embed.add_field(name=t(loc, "mk.status"),
                            value=t(loc, "mk.status_value", kp=mk_brawl.shown_kp(me.kp),
                                    rival=mk_brawl.shown_kp(rival.kp), deck=me.deck_count),
                            inline=False)
        if prompt is not None:
            embed.add_field(name=t(loc, "render.your_decision"),
                            value=self.prompt_text(prompt, loc), inline=False)
        return embed

    def prompt_text(self, prompt: Prompt, loc: str = DEFAULT) -> str:
        """The decision in ``loc``, from its kind (the engine words it in English)."""
        return t(loc, f"mk.prompt.{prompt.kind}")

    # ------------------------------------------------------------------ controls
    @staticmethod
    def group_kind(choice: Choice) -> str:
        """The control group of an action id: ``dd`` splits by how many kards go."""
        kind = choice.aid.split("-")[0]
        if kind == "dd":
            return f"dd{choice.aid.count('-')}"
        return kind

    @staticmethod
    def relabel(choice: Choice, loc: str) -> None:
        """A control's label in ``loc`` from its action id (kard names stay names)."""
        kind, *ids = choice.aid.split("-")
        named = [kard(x).name for x in ids if x in kards()]
        if not named:
            if kind in BUTTONS:
                choice.label = t(loc, "mk.label.kn0" if kind == "kn" else f"mk.label.{kind}")
            return
        if kind == "dd":
            kind = f"dd{len(ids)}"
        if kind == "pick":
            choice.label = named[0]
            return
        if kind == "aim":
            choice.label = t(loc, "mk.label.aim", a=named[0])
            choice.emoji = "🎯"
            return
        text = t(loc, f"mk.label.{kind}1" if kind in ("bn", "br", "fu") else f"mk.label.{kind}",
                 a=named[0], b=named[-1])
        if kind in ("at", "ct", "sc", "bl", "ev", "kn", "fu", "br", "bn"):
            detail = stats(ids[0], loc)
            text = f"{text} ({detail})" if detail else text
        choice.label = text
        first = kard(ids[0])
        choice.emoji = FINISH_ICON.get(first.finisher or "", TYPE_ICON.get(first.type))

    def groups(self, choices: list[tuple[str, Choice]],
               loc: str = DEFAULT) -> list[Group]:
        """Selects for kard choices (split by Discord at 25), buttons for the one-click
        ones; the one-click choices share a row at the end."""
        by_kind: dict[str, list[Choice]] = {}
        row: list[Choice] = []
        for _kind, choice in choices:
            self.relabel(choice, loc)
            if choice.aid in BUTTONS:
                choice.style = (Style.danger if choice.aid in ("take", "pass")
                                else Style.primary)
                row.append(choice)
                continue
            by_kind.setdefault(self.group_kind(choice), []).append(choice)
        out: list[Group] = []
        for kind in sorted(by_kind, key=lambda k: GROUP_ORDER.index(k)
                           if k in GROUP_ORDER else len(GROUP_ORDER)):
            items = by_kind[kind]
            title = t(loc, f"mk.group.{kind}") if kind in GROUP_ORDER else kind
            out.append(Group(title=title, choices=items, select=True))
        if row:
            out.append(Group(title=t(loc, "mk.group.now"), choices=row[:5]))
            if row[5:]:
                out.append(Group(title=t(loc, "mk.group.now"), choices=row[5:]))
        return out

    @staticmethod
    def _response(d: dict[str, Any], w: str, loc: str) -> str:
        """A defence and how it went: Speeds compared (a block or counter holds on a tie,
        an evade needs more; an equal counterattack trades)."""
        how, speed, against = d["how"], d["speed"], d["against"]
        if how == "ct":
            result = "first" if speed > against else "trade" if speed == against else "slow"
        elif how == "ev":
            result = "ok" if speed > against else "slow"
        else:
            result = "ok" if speed >= against else "slow"
        key = "mk.line.too_slow" if result == "slow" else f"mk.line.{how}_{result}"
        return t(loc, key, who=w, kard=show_kard(d["kard"]), speed=speed, against=against)

    # ------------------------------------------------------------------ result
    def result_line(self, outcome: Outcome, view: BaseModel, names: list[str],
                    loc: str = DEFAULT) -> str:
        """``<@alice> (Sub-Zero) wins the match 2-1 in rounds.``, a draw or a forfeit."""
        v: Any = view
        if mk_brawl.is_brawl(v):
            return mk_brawl.result_line(outcome, v, names, loc)
        wins = [f.rounds for f in v.fighters]
        if outcome.draw:
            return t(loc, "mk.result.draw", a=wins[0], b=wins[1])
        w = outcome.winners[0]
        if outcome.forfeited:
            gone = fighter_name(v, names, outcome.forfeited[0])
            key = "mk.result.timeout" if outcome.reason == "timeout" else "mk.result.forfeit"
            return t(loc, key, winner=fighter_name(v, names, w), gone=gone)
        return t(loc, "mk.result.rounds", winner=fighter_name(v, names, w),
                 won=wins[w], lost=wins[1 - w])

    # ------------------------------------------------------------------ narration
    def line(self, event: Event, names: list[str], loc: str = DEFAULT) -> str | None:
        """One event as a line of the match log (never a kard still in a hand)."""
        d = event.data
        k = event.kind
        w = who(names, d.get("seat"))
        twin = "twin_of" in d
        if k == "kombatant_picked":
            if twin or "kombatant" not in d:
                return t(loc, "mk.line.chosen", who=w)
            return t(loc, "mk.line.you_pick", name=kard(d["kombatant"]).name)
        if k == "discard_chosen":
            if twin or "kards" not in d:
                return t(loc, "mk.line.discard_chosen", who=w)
            if not d["kards"]:
                return t(loc, "mk.line.you_keep")
            return t(loc, "mk.line.you_discard", kards=kards_text(d["kards"]))
        if k == "kombatants_revealed" and len(d["kombatants"]) > 2:
            every = ", ".join(f"{TOKENS[s]} {names[s]} ({kard(x).name})"
                              for s, x in enumerate(d["kombatants"]) if x)
            return t(loc, "mk.line.revealed_brawl", all=every)
        if k == "kombatants_revealed":
            a, b = (kard(x).name for x in d["kombatants"])
            return t(loc, "mk.line.revealed", a=f"{TOKENS[0]} {names[0]} ({a})",
                     b=f"{TOKENS[1]} {names[1]} ({b})")
        if k in ("round_started", "turn_started"):
            key = f"mk.line.{k}_brawl" if d.get("brawl") else f"mk.line.{k}"
            return t(loc, key, round=d.get("round"), turn=d.get("turn"),
                     who=who(names, d["initiative"]))
        if k == "aimed":
            return t(loc, "mk.line.aimed", who=w, target=who(names, d["target"]))
        if k in ("knocked_out", "eliminated"):
            return t(loc, f"mk.line.{k}", who=w)
        if k == "action":
            return None
        if k == "discard_draw" and not d["discarded"]:
            return t(loc, "mk.line.keeps", who=w, hand=d["hand"], deck=d["deck"])
        if k == "discard_draw":
            return t(loc, "mk.line.discard_draw", who=w, kards=kards_text(d["discarded"]),
                     hand=d["hand"], deck=d["deck"])
        if k == "attack":
            key = ("mk.line.finisher" if d.get("finisher") else
                   "mk.line.copy" if d.get("copied") else
                   "mk.line.kombo" if d.get("kombo") else "mk.line.attack")
            return t(loc, key, who=w, kard=show_kard(d["kard"]),
                     kombo=show_kard(d.get("kombo") or ""))
        if k in ("special_effect", "followup", "broken", "friendship", "finished"):
            return t(loc, f"mk.line.{k}", who=w, kard=show_kard(d["kard"]))
        if k in ("attack_ready", "took_hit"):
            return None
        if k == "responded":
            return self._response(d, w, loc)
        if k in ("damage", "damaged"):
            return t(loc, "mk.line.damage", who=w, n=d["amount"],
                     kp=mk_brawl.shown_kp(d["kp"]))
        if k == "healed":
            return t(loc, "mk.line.healed", who=w, kp=d["kp"])
        if k == "passed":
            return t(loc, "mk.line.passed", who=w)
        if k == "moved":
            return t(loc, "mk.line.moved", who=w, distance=t(loc, f"mk.dist.{d['distance']}"))
        if k in ("stunned", "knocked_down", "knocked_back", "pulled", "behind", "airborne",
                 "turned", "kombo_ended"):
            return t(loc, f"mk.line.{k}", who=w)
        if k == "teleported":
            return t(loc, "mk.line.teleported", who=w)
        if k == "drew":
            return t(loc, "mk.line.drew", who=w, n=d["count"])
        if k == "discarded_random":
            return t(loc, "mk.line.discarded_random", who=w, kards=kards_text(d["kards"]))
        if k == "round_over":
            winner = d.get("winner")
            if winner is None:
                return t(loc, "mk.line.round_draw", round=d["round"])
            if len(d["kp"]) > 2:
                return t(loc, "mk.line.round_brawl", round=d["round"], who=who(names, winner))
            return t(loc, f"mk.line.round_{d['reason']}" if d["reason"] in (
                "ko", "timer", "cap") else "mk.line.round_ko", round=d["round"],
                who=who(names, winner), a=d["kp"][0], b=d["kp"][1])
        if k == "match_over":
            return None
        if k == "timeout":
            return t(loc, "mk.line.timeout", who=w)
        return super().line(event, names, loc)
