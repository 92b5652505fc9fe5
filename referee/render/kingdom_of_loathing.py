"""Kingdom of Loathing in Discord: the board, the private hand, the controls, the narration.

Everything here reads a :class:`KolView` (or events), never a state. The public board uses
the spectator view; a seat's hand (stat cards) is written only in its ephemeral hand, by
:func:`referee.render.kol_text.cards_text`. Controls: single actions are buttons; choices
among cards (items, skills, maneuvers, monsters, discards) are select menus of at most 25
options (:mod:`cogs.controls` cuts longer lists), never empty.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.core import Event, Outcome, Prompt
from engine.games.kingdom_of_loathing.model import HAND_SIZE
from referee.i18n import DEFAULT, and_list, t
from referee.render import kol_text as kt
from referee.render.base import BoardContext, Choice, Group, Renderer, readable
from referee.render.embed import Embed, Style
from referee.render.kol_board import render_board
from referee.render.kol_events import event_line

SINGLE = ("fight", "nomove", "go", "back", "nokill", "keep", "noroll", "march", "pass")
"""Action kinds without a card choice: buttons, on one row."""
FAMILIES = {
    "equip": "items", "unequip": "items", "sell": "items", "use": "items", "dive": "items",
    "train": "skills", "cast": "skills", "spell": "skills", "buff": "skills",
    "smash": "skills",
    "mojo": "mojo", "man": "maneuver", "pick": "maneuver", "add": "add",
    "kill": "kill", "disc": "disc", "roll": "roll", "rollto": "rollto",
    "do-n": "noncombat", "do-c": "step1", "do-t": "chain", "do-g": "cards",
    "do-d": "discard_any", "do-r": "rollchain", "do-x": "noncombat_done",
}
MULTI = frozenset({"noncombat", "step1", "cards", "discard_any", "noncombat_done"})
"""Families shown as a multi-select: any number of parts picked at once."""
"""Which menu each card-choosing kind belongs to (one select per family)."""
STYLES = {"fight": Style.primary, "go": Style.success,
          "keep": Style.primary, "march": Style.danger,
          "nokill": Style.secondary}
ICONS = {"fight": "⚔️", "go": "✅", "back": "↩️", "nomove": "🤷", "nokill": "🕊️",
         "keep": "🂠", "noroll": "⏭️", "march": "🏰", "pass": "🙅", "equip": "🧥",
         "unequip": "🧺", "sell": "💰", "use": "🍺", "dive": "🗑️", "train": "📖",
         "cast": "✨", "spell": "🔮", "buff": "🎵", "mojo": "🌀", "kill": "💀",
         "smash": "🔨"}
MAX_ITEMS = 6
"""Items of a display case named on the board (the rest are counted): four seats and
the map stay well inside Discord's 6000 characters per embed."""
TURNING = frozenset({"loot", "nokill", "march", "eliminated", "match_over"})
"""Public events worth a thread message (a combat's end, a March called or failed, the
end); the rest (purchases, discards, rollovers, scores) fold into the board's recent lines
and are posted with the next one."""


def who(names: list[str], seat: Any) -> str:
    """A seat's display name (or an empty string)."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def phase_text(v: Any, names: list[str], loc: str) -> str:
    """Whose turn it is and what they are doing, in the game's words."""
    if v.phase == "over" or v.actor is None:
        return t(loc, "kol.phase.over")
    actor = who(names, v.actor)
    if v.march is not None:
        stage = t(loc, f"kol.stage.{v.march.stage}")
        return t(loc, "kol.phase.march", who=actor, stage=stage)
    return t(loc, f"kol.phase.{v.phase}", who=actor)


def gear_text(seat: Any) -> str:
    """The equipped gear of a seat, named."""
    return ", ".join(kt.card_name(c) for c in seat.equipped) or "—"


class KolRenderer(Renderer):
    """Kingdom of Loathing's boards, hands, controls and narration."""

    game_id = "kingdom_of_loathing"
    color = 0x8C6D46
    turning_points = TURNING

    def turn_key(self, view: BaseModel) -> tuple[Any, ...]:
        """A turn is one seat's turn in a round; the March offers of a round are one turn,
        and a whole March (every seat's non-combat phase, then every combat) is one turn:
        a player is pinged once for it and sees the later decision in the open hand."""
        v: Any = view
        if v.march is not None:
            return (v.round, "march", v.march.announcer)
        return (v.round, v.turn, v.phase == "offer")

    def ping_ahead(self, view: BaseModel) -> list[int]:
        """A March asks every seat of its order in the same turn (each one's non-combat
        phase, then each one's combat): all are pinged with its first ping, one message,
        not one per seat (issue 31)."""
        v: Any = view
        if v.march is None or v.phase == "over":
            return []
        return list(v.march.order)

    def picture(self, view: BaseModel, loc: str = DEFAULT) -> bytes | None:
        """The map, the trainer row, the Heap and the players (spectator view), in ``loc``."""
        return render_board(view, loc)

    def picture_key(self, view: BaseModel) -> str:
        """Exactly what :func:`~referee.render.kol_board.board_facts` reads from the view, so
        steps that change nothing drawn (a card added to a maneuver, a combat item) reuse
        the picture already drawn."""
        v: Any = view
        seats = [(s.meat, s.mojo, s.equipped, s.buffs_on, s.deck_count, len(s.discard),
                  s.hand_count, s.out, s.left, s.certificate) for s in v.seats]
        drawn = (v.round, v.phase, v.actor, v.march is not None, v.sorceress, v.round_cap,
                 [(x.top, x.count) for x in v.locations], v.trainer, v.heap[-1:],
                 len(v.heap), seats)
        return repr(drawn)

    # ------------------------------------------------------------------ board
    def seat_line(self, v: Any, seat: int, loc: str = DEFAULT) -> str:
        """A seat's public line: meat, mojo, gear, Buffs, counts, status."""
        s = v.seats[seat]
        lines = [t(loc, "kol.seat.meat", meat=s.meat, mojo=s.mojo, kills=s.kills),
                 t(loc, "kol.seat.gear", gear=gear_text(s))]
        if s.buffs_on:
            lines.append(t(loc, "kol.seat.buffs",
                           buffs=", ".join(kt.card_name(b) for b in s.buffs_on)))
        lines.append(t(loc, "kol.seat.cards", deck=s.deck_count, discard=len(s.discard),
                       hand=s.hand_count))
        spare = [kt.card_name(c) for c in s.items if c not in s.equipped]
        if len(spare) > MAX_ITEMS:  # a long display case stays short on the board
            spare = [*spare[:MAX_ITEMS], t(loc, "kol.seat.more", count=len(spare) - MAX_ITEMS)]
        if spare:
            lines.append(t(loc, "kol.seat.items", items=", ".join(spare)))
        return "\n".join(lines)

    def seat_title(self, v: Any, seat: int, names: list[str], loc: str = DEFAULT) -> str:
        """``🟧 alice 📜 ▶`` with the Certificate, the turn, out or left."""
        s = v.seats[seat]
        marks = []
        if s.certificate:
            marks.append("📜")
        if s.left:
            marks.append(t(loc, "kol.seat.left"))
        elif s.out:
            marks.append(t(loc, "kol.seat.out"))
        elif v.actor == seat:
            marks.append("▶")
        return " ".join([kt.seat_token(seat), names[seat], *marks])

    def seat_lines(self, view: BaseModel, names: list[str],
                   loc: str = DEFAULT) -> list[str]:
        """One short public line per seat (meat, mojo, gear, Buffs, counts), seat order."""
        v: Any = view
        return [self.seat_line(v, i, loc).replace("\n", " · ") for i in range(len(v.seats))]

    def add_seats(self, embed: Embed, ctx: BoardContext) -> None:
        """Nothing: the KoL board gives every seat its own field (:meth:`board_embed`),
        with the same facts as :meth:`seat_lines` and the turn, Certificate, out or left."""

    def board_embed(self, ctx: BoardContext) -> Embed:
        """The public board, from the spectator view."""
        v: Any = ctx.view
        loc, names = ctx.locale, ctx.names
        embed = Embed(title=t(loc, "kol.title", round=v.round, id=ctx.match_id),
                              color=self.color)
        order = " → ".join(f"{kt.seat_token(i)} {names[i]}" for i in range(len(v.seats)))
        desc = [t(loc, "kol.order", order=order)]
        if not ctx.finished:
            desc.append(phase_text(v, names, loc))
        embed.description = "\n".join(desc)
        for i in range(len(v.seats)):
            embed.add_field(name=self.seat_title(v, i, names, loc)[:256],
                            value=self.seat_line(v, i, loc)[:1024], inline=True)
        embed.add_field(name=t(loc, "kol.map"), value=self.map_text(v, loc)[:1024],
                        inline=False)
        trainer = ", ".join(kt.skill_text(s, loc) for s in v.trainer if s) or "—"
        heap = (t(loc, "kol.heap_top", top=kt.item_price(v.heap[-1], loc), count=len(v.heap))
                if v.heap else t(loc, "kol.heap_empty"))
        embed.add_field(name=t(loc, "kol.trainer"), value=trainer[:1024], inline=False)
        embed.add_field(name=t(loc, "kol.heap"), value=heap[:1024], inline=False)
        if v.combat is not None:
            embed.add_field(name=t(loc, "kol.combat"),
                            value=self.combat_text(v.combat, loc)[:1024], inline=False)
        if v.march is not None:
            embed.add_field(name=t(loc, "kol.march"),
                            value=self.march_text(v, names, loc)[:1024], inline=False)
        self.add_status(embed, ctx)
        if not ctx.finished:
            cap = t(loc, "kol.cap", cap=v.round_cap) if v.round_cap else ""
            embed.set_footer(text=t(loc, "kol.footer", power=v.sorceress, cap=cap))
        return embed

    def map_text(self, v: Any, loc: str) -> str:
        """The nine locations: name, showing monster and cards left."""
        lines = []
        for spot in v.locations:
            monster = (kt.monster_short(spot.top) if spot.top
                       else t(loc, "kol.no_monster"))
            lines.append(t(loc, "kol.spot", place=kt.location_name(spot.index),
                           monster=monster, count=spot.count))
        return "\n".join(lines)

    def combat_text(self, c: Any, loc: str) -> str:
        """The combat in progress: what was played face up."""
        parts = []
        if c.damage:
            parts.append(t(loc, "kol.damage", list=", ".join(
                f"{kt.card_name(h.source)} {h.amount}" for h in c.damage)))
        if c.reductions:
            parts.append(t(loc, "kol.reductions", list=", ".join(
                f"{kt.card_name(h.source)} {h.amount}" for h in c.reductions)))
        if c.maneuver:
            played = " + ".join(kt.card_name(x) for x in c.cards) or "—"
            parts.append(t(loc, "kol.maneuver_played", icon=kt.MANEUVER_ICON[c.maneuver],
                           maneuver=t(loc, f"kol.maneuver.{c.maneuver}"), cards=played))
        elif c.choosing:
            parts.append(t(loc, "kol.maneuver_choosing",
                           maneuver=t(loc, f"kol.maneuver.{c.choosing}")))
        return "\n".join(parts) or t(loc, "kol.combat_start")

    def march_text(self, v: Any, names: list[str], loc: str) -> str:
        """The March in progress: who announced, the order, the scores so far."""
        m = v.march
        head = (t(loc, "kol.march_by", who=who(names, m.announcer))
                if m.announcer is not None else t(loc, "kol.march_forced"))
        order = " → ".join(who(names, s) for s in m.order)
        lines = [head, t(loc, "kol.march_order", order=order)]
        for s, score in sorted(m.scores.items()):
            bar = m.bars.get(s, v.sorceress)
            lines.append(t(loc, "kol.march_score", who=who(names, int(s)), score=score,
                           bar=bar))
        return "\n".join(lines)

    # ------------------------------------------------------------------ hand
    def hand_text(self, view: BaseModel, seat: int, loc: str = DEFAULT) -> str:
        """The cards in the seat's hand (its own view)."""
        return kt.cards_text(list(getattr(view, "hand", None) or []))

    def hand_embed(self, view: BaseModel, seat: int, names: list[str],
                   prompt: Prompt | None, loc: str = DEFAULT) -> Embed:
        """Your adventurer: hand, meat and mojo, display case, skills (ephemeral)."""
        v: Any = view
        me = v.seats[seat]
        embed = Embed(title=t(loc, "kol.hand_title", token=kt.seat_token(seat)),
                              color=self.color)
        hand = list(v.hand or [])
        embed.add_field(name=t(loc, "kol.hand", count=len(hand)),
                        value=kt.cards_text(hand), inline=False)
        embed.add_field(name=t(loc, "kol.you"),
                        value=self.seat_line(v, seat, loc)[:1024], inline=False)
        if me.skills:
            embed.add_field(name=t(loc, "kol.skills"), value=", ".join(
                kt.skill_text(s, loc) for s in me.skills)[:1024], inline=False)
        if v.combat is not None and v.actor == seat:
            embed.add_field(name=t(loc, "kol.combat"),
                            value=self.combat_text(v.combat, loc)[:1024], inline=False)
            if v.combat.chosen:
                embed.add_field(name=t(loc, "kol.chosen"),
                                value=kt.cards_text(list(v.combat.chosen)), inline=False)
        if v.roll_card and v.actor == seat:
            embed.add_field(name=t(loc, "kol.rollover"),
                            value=t(loc, "kol.roll_card", card=kt.card_name(v.roll_card)),
                            inline=False)
        if prompt is not None:
            embed.add_field(name=t(loc, "render.your_decision"),
                            value=self.prompt_text(prompt, loc), inline=False)
        return embed

    def prompt_text(self, prompt: Prompt, loc: str = DEFAULT) -> str:
        """The decision in ``loc``, from its kind (the engine words it in English)."""
        key = f"kol.prompt.{prompt.kind}"
        return t(loc, key) if prompt.kind in PROMPTS else prompt.text

    # ------------------------------------------------------------------ controls
    def label(self, kind: str, aid: str, fallback: str, loc: str) -> str:
        """A control's label from its action id, in ``loc`` and the game's words (a
        compound choice: its parts', see :mod:`engine.games.kingdom_of_loathing.choices`)."""
        if kind == "do":
            return self.compound_label(aid, fallback, loc)
        parts = aid.split("-")
        ref = parts[1] if len(parts) > 1 else ""
        if kind in SINGLE:
            return t(loc, f"kol.label.{kind}")
        if kind == "sell":
            return t(loc, "kol.label.sell", card=kt.card_name(ref), meat=kt.autosell(ref))
        if kind in ("equip", "unequip", "use"):
            return t(loc, f"kol.label.{kind}", card=kt.card_name(ref))
        if kind == "dive":
            return t(loc, "kol.label.dive", card=kt.item_price(ref, loc))
        if kind == "smash":
            return t(loc, "kol.label.smash", card=kt.card_name(ref), power=kt.item_power(ref))
        if kind == "train":
            return t(loc, "kol.label.train", skill=kt.skill_text(ref, loc), cost=kt.train_cost(ref))
        if kind in ("cast", "buff"):
            return t(loc, f"kol.label.{kind}", skill=kt.skill_text(ref, loc))
        if kind == "spell":
            mojo = int(parts[2]) if len(parts) > 2 and parts[2].isdigit() else 1
            return t(loc, "kol.label.spell", skill=kt.card_name(ref), mojo=mojo)
        if kind in ("mojo", "add", "disc", "roll", "rollto"):
            return t(loc, f"kol.label.{kind}", card=kt.card_name(ref))
        if kind == "pick":
            return t(loc, "kol.label.pick", maneuver=t(loc, f"kol.maneuver.{ref}"))
        if kind == "man":
            values = parts[2] if len(parts) > 2 else ""
            return t(loc, "kol.label.man", maneuver=t(loc, f"kol.maneuver.{ref}"),
                     cards=" + ".join(values) or "—",
                     total=sum(int(x) for x in values if x.isdigit()))
        if kind == "kill" and ref.isdigit():  # the engine's label names the monster
            monster = kt.monster_named(fallback.removeprefix("Kill ").strip())
            return t(loc, "kol.label.kill", place=kt.location_name(int(ref)), monster=monster)
        return fallback

    def compound_label(self, aid: str, fallback: str, loc: str) -> str:
        """A compound choice's label: a chain's steps (``fight`` unnamed) joined by " → ",
        or a multi-select part's own label (a second copy of a card numbered)."""
        if aid.startswith("t="):
            steps = [x for x in aid[2:].split(".") if x != "fight"]
            said = fallback.split(" → ")
            if len(said) != len(steps):
                said = [fallback] * len(steps)
            return " → ".join(self.label(x.split("-")[0], x, f, loc)
                              for x, f in zip(steps, said, strict=True)) or fallback
        pieces = aid.split("+")
        said = fallback.split(", ")
        if len(said) != len(pieces):
            said = [fallback] * len(pieces)
        out = []
        for piece, f in zip(pieces, said, strict=True):
            part, _, copy = piece.partition("=")[2].partition("_")
            text = self.label(part.split("-")[0], part, f, loc)
            out.append(f"{text} ({copy})" if copy else text)
        return ", ".join(out)

    def groups(self, choices: list[tuple[str, Choice]],
               loc: str = DEFAULT) -> list[Group]:
        """Card choices as one select per family, single actions as one row of buttons;
        compound choices (issue 31): a multi-select per kind of parts (non-combat actions;
        combat items, skills and mojo; a maneuver's cards; discards) and one select of
        chains (a maneuver with its kill, a rollover card with what it becomes).

        When all the choices fit on one row of buttons (5 or fewer, one family), they are
        buttons: one click instead of two. Empty groups never appear.
        """
        singles: list[Choice] = []
        families: dict[str, list[Choice]] = {}
        for kind, choice in choices:
            inner = kind
            if kind == "do":
                head, _, rest = choice.aid.partition("=")
                inner = rest.split(".")[-1].split("-")[0]
                kind = "do-r" if rest.startswith("roll-") else f"do-{head}"
                if head == "c" and any(c.aid.startswith("n=") for _, c in choices):
                    kind = "do-n"  # before the fight: one menu (combat parts last)
            choice.label = self.label("do" if kind.startswith("do-") else kind, choice.aid,
                                      choice.label, loc)
            tail = choice.aid.rsplit(".", 1)[-1].rsplit("=", 1)[-1]
            choice.emoji = ICONS.get(inner) or kt.MANEUVER_ICON.get(
                tail.split("-")[1] if "-" in tail else "")
            if kind in SINGLE:
                choice.style = STYLES.get(kind, Style.secondary)
                singles.append(choice)
            else:
                families.setdefault(FAMILIES.get(kind, kind), []).append(choice)
        out: list[Group] = []
        few = (len(families) == 1 and sum(map(len, families.values())) + len(singles) <= 5
               and not any(f in MULTI for f in families))
        for family, items in families.items():
            title = t(loc, f"kol.group.{family}") if family in GROUPS else family
            if family in MULTI:
                least = max(1, len(items) - HAND_SIZE) if family == "discard_any" else 1
                out.append(Group(title=title, choices=items, multi=True,
                                 min_values=least))
                continue
            out.append(Group(title=title, choices=items, select=not few))
        if few and out:  # one short family: the single actions share its row
            out[0].choices.extend(singles)
        elif singles:
            out.append(Group(title=t(loc, "kol.group.actions"), choices=singles[:5]))
            if singles[5:]:
                out.append(Group(title=t(loc, "kol.group.actions"), choices=singles[5:],
                                 select=True))
        return [g for g in out if g.choices]

    # ------------------------------------------------------------------ result
    def result_line(self, outcome: Outcome, view: BaseModel, names: list[str],
                    loc: str = DEFAULT) -> str:
        """How the match ended, in players' names and the game's words: the Sorceress
        beaten (with the score), the last adventurer standing, the round cap's draw, a
        forfeit; seats that left on the way are named after it."""
        v: Any = view
        won = and_list(loc, [who(names, s) for s in outcome.winners])
        gone = and_list(loc, [who(names, s) for s in outcome.forfeited])
        if outcome.reason in ("forfeit", "timeout"):
            key = "kol.result.timeout" if outcome.reason == "timeout" else "kol.result.forfeit"
            return t(loc, key, winner=won, gone=gone)
        if outcome.draw or outcome.reason == "rounds":
            line = t(loc, "kol.result.rounds", who=won)
        elif outcome.reason == "sorceress":
            march = getattr(v, "march", None)
            first = outcome.winners[0]
            if march is not None and first in march.scores:
                line = t(loc, "kol.result.sorceress_score", winner=won,
                         score=march.scores[first], bar=march.bars.get(first, v.sorceress))
            else:
                line = t(loc, "kol.result.sorceress", winner=won, power=v.sorceress)
        elif outcome.reason == "last_standing":
            line = t(loc, "kol.result.last", winner=won)
        else:
            summary = readable(outcome.summary, names).strip()
            line = t(loc, "kol.result.plain", winner=won, summary=summary).strip()
        if outcome.forfeited:
            line += " " + t(loc, "kol.result.left_too", gone=gone)
        return line

    # ------------------------------------------------------------------ narration
    def line(self, event: Event, names: list[str], loc: str = DEFAULT) -> str | None:
        """One event as a line in the match log (the hand's cards only to their seat); a
        seat leaving is the platform's line."""
        if event.kind == "seat_left":
            return super().line(event, names, loc)
        return event_line(event, names, loc)


PROMPTS = frozenset({"noncombat", "combat", "choose", "kill", "discard", "rollover",
                     "rollto", "offer"})
"""Prompt kinds worded by the catalog (``kol.prompt.*``)."""
GROUPS = frozenset({"items", "skills", "mojo", "maneuver", "add", "kill", "disc", "roll",
                    "rollto", "actions", "noncombat", "step1", "chain", "cards",
                    "discard_any", "rollchain", "noncombat_done"})
"""Control families with a title in the catalog (``kol.group.*``)."""
