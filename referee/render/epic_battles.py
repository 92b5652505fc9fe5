"""Epic Battles TCG in Discord: the board, the private hand, the controls, the narration.

Everything here reads an :class:`EbView` (or public events), never a state. The board
and its picture come from the spectator view; the engine's public notes are narrated in
players' names and card names (:mod:`referee.render.eb_text`). Controls: a select of the
attacks naming card, cost and damage (one click, the payment picked by the engine when
there is one way), selects for Set, Discard, blocks and flips, and the one-click choices
(pass, take it, set nothing...) as buttons.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.core import Event, Outcome, Prompt
from engine.games.epic_battles.data import cards, characters
from referee.i18n import DEFAULT, t
from referee.render.base import BoardContext, Choice, Group, Renderer
from referee.render.eb_board import render_board
from referee.render.eb_text import TOKENS, cards_text, note_line, show_card, stats, who
from referee.render.embed import Embed, Style

BUTTONS = ("pass", "bk-0", "set-0", "fl-0", "kd-none", "sr-none", "sw-stop", "rv-yes",
           "rv-no")
"""One-click choices: buttons in one row (never more than three legal at once)."""
GROUP_ORDER = ("pick", "attack", "block", "set", "discard", "flip", "order", "steal",
               "search", "swap", "pass")
STEP_KINDS = {"at": "attack", "fl": "flip", "or": "order", "bk": "block", "kd": "steal",
              "sr": "search", "sw": "swap", "rv": "reveal", "pass": "pass",
              "dc": "discard", "set": "set"}
"""An action's kind by its id's head (a chain's steps are ids)."""
PREFIX = {"set": "Set ", "discard": "Discard ", "flip": "Flip ", "order": "Resolve ",
          "block": "Block with ", "steal": "Take "}
"""The engine's English label head per action kind; the rest is card names."""
SPARE = " (sparing energy effects)"


def player(v: Any, names: list[str], seat: int) -> str:
    """``<@alice> (Ryu)`` once the characters are known, else the name alone."""
    side = v.sides[seat]
    return f"{names[seat]} ({side.name})" if side.name else names[seat]


class EbRenderer(Renderer):
    """Epic Battles' boards, hands, controls and narration."""

    game_id = "epic_battles"
    color = 0x7D3C98
    turning_points = frozenset({"characters", "round_over", "match_over"})
    """Characters revealed, each new turn (the last turn's story in one message), a
    round's and the match's end; everything else is folded into the live board."""

    reveals = {"characters": frozenset({"picked"})}
    """The characters revealed replace the "has chosen a character" notices."""

    def revealed(self, event: Event) -> tuple[frozenset[str], list[int] | None]:
        """Also: a player's Set (what they set face down) and Discard (the cards they
        discarded) notes replace their "has made a secret choice" notice."""
        seats = event.data.get("seats") or []
        if event.kind == "note" and event.data.get("key") in ("set", "discard") and seats:
            return frozenset({"committed"}), [int(seats[0])]
        return super().revealed(event)

    def turning_point(self, event: Event) -> bool:
        """The kinds above, and the note opening each turn."""
        return event.kind in self.turning_points or (
            event.kind == "note" and event.data.get("key") == "turn_start")

    # ------------------------------------------------------------------ board
    def ping_ahead(self, view: BaseModel) -> list[int]:
        """Both players decide in every turn (set, battle, discard): both are pinged with
        the turn's first ping, one message, not one per player (issue 31)."""
        v: Any = view
        if v.phase in ("pick", "over"):
            return []
        return list(range(len(v.sides)))

    def picture(self, view: BaseModel, loc: str = DEFAULT) -> bytes | None:
        """Decks (health), rounds, set events, kamidogu and the attack, as a PNG in ``loc``."""
        return render_board(view, loc)  # type: ignore[arg-type]

    def picture_key(self, view: BaseModel) -> str:
        """Everything the picture reads (not the log, the floats nor the piles' cards)."""
        v: Any = view
        return repr((v.round, v.turn, v.phase, v.aggressor, v.to_act,
                     v.strike.model_dump() if v.strike else None,
                     [(s.name, s.deck_count, s.hand_count, len(s.energy), len(s.discard),
                       s.set_count, [k.card for k in s.kamidogu], s.rounds)
                      for s in v.sides]))

    def board_embed(self, ctx: BoardContext) -> Embed:
        """The public board, from the spectator view."""
        v: Any = ctx.view
        names, loc = ctx.names, ctx.locale
        title = (t(loc, "eb.title_pick", id=ctx.match_id) if v.phase == "pick" else
                 t(loc, "eb.title", round=v.round, turn=v.turn, id=ctx.match_id))
        embed = Embed(title=title, color=self.color)
        pair = t(loc, "render.vs", a=f"{TOKENS[0]} {player(v, names, 0)}",
                 b=f"{TOKENS[1]} {player(v, names, 1)}")
        desc = [t(loc, "eb.setup", pair=pair,
                  rounds=t(loc, "eb.rounds.3" if v.to_win == 2 else "eb.rounds.1"))]
        if v.phase == "pick":
            desc.append(t(loc, "eb.pick_desc"))
        elif not ctx.finished:
            desc.append(f"**{t(loc, f'eb.phase.{v.phase}')}** · " + t(
                loc, "eb.aggressor", token=TOKENS[v.aggressor], who=names[v.aggressor]))
        embed.description = "\n".join(desc)
        for side in v.sides:
            embed.add_field(name=f"{TOKENS[side.seat]} {side.name or '?'} · "
                                 f"{names[side.seat]}"[:256],
                            value=self.side_text(v, side, names, loc)[:1024], inline=True)
        if v.strike is not None:
            embed.add_field(name=t(loc, "eb.strike"), value=self.strike_text(v, names, loc),
                            inline=False)
        if v.flipped:
            embed.add_field(name="\u200b",
                            value=t(loc, "eb.flipped", cards=cards_text(v.flipped, loc)),
                            inline=False)
        if v.floats:
            embed.add_field(name=t(loc, "eb.floats"), value="\n".join(
                self.float_text(f, names, loc) for f in v.floats)[:1024], inline=False)
        self.add_status(embed, ctx)
        embed.set_footer(text=t(loc, "eb.footer")
                         + (f" · {embed.footer.text}" if embed.footer.text else ""))
        return embed

    @staticmethod
    def float_text(f: Any, names: list[str], loc: str) -> str:
        """A floating effect in words: ``+1 damage on every attack``, or what it does."""
        if f.type == "power":
            return t(loc, "eb.float_line", card=show_card(f.source), who=who(names, f.seat),
                     n=f.n, what=t(loc, "eb.float.power"))
        return t(loc, "eb.float_plain", card=show_card(f.source), who=who(names, f.seat),
                 what=t(loc, f"eb.fx.{f.type}", n=f.n, count=f.n))

    @staticmethod
    def side_text(v: Any, side: Any, names: list[str], loc: str) -> str:
        """One side's public facts: deck (health), counts, rounds, set events, kamidogu."""
        if v.phase == "pick":
            return t(loc, "eb.choosing")
        lines = [t(loc, "eb.deck", n=side.deck_count),
                 t(loc, "eb.counts", hand=side.hand_count, energy=len(side.energy),
                   discard=len(side.discard)),
                 t(loc, "eb.rounds_won", stars="⭐" * side.rounds or "—"),
                 t(loc, "eb.set_events", n=side.set_count)]
        if side.set_known:
            lines.append(t(loc, "eb.set_known", cards=cards_text(side.set_known, loc)))
        if side.kamidogu:
            lines.append(t(loc, "eb.kamidogu", cards=", ".join(
                show_card(k.card) if k.owner == side.seat else
                t(loc, "eb.kami_of", card=show_card(k.card), owner=names[k.owner])
                for k in side.kamidogu)))
        if side.energy:
            lines.append(t(loc, "eb.energy_top", cards=", ".join(
                show_card(c) for c in side.energy[-6:])))
        return "\n".join(lines)

    @staticmethod
    def strike_text(v: Any, names: list[str], loc: str) -> str:
        """The attack in the arena: card, numbers, combo hit, bonus, blocks."""
        st = v.strike
        lines = [t(loc, "eb.strike_line", token=TOKENS[st.seat], who=names[st.seat],
                   card=show_card(st.card), stats=stats(st.card, loc))]
        if st.index > 1:
            lines.append(t(loc, "eb.strike_combo", n=st.index))
        if st.bonus:
            lines.append(t(loc, "eb.strike_bonus", n=st.bonus))
        if st.blocks_needed > 1:
            lines.append(t(loc, "eb.strike_blocks", n=st.blocks_needed))
        if st.unblockable:
            lines.append(t(loc, "eb.strike_unblockable"))
        if st.blocks:
            lines.append(t(loc, "eb.strike_blocked", cards=cards_text(st.blocks, loc)))
        return "\n".join(lines)[:1024]

    # ------------------------------------------------------------------ hand
    def hand_text(self, view: BaseModel, seat: int, loc: str = DEFAULT) -> str:
        """The cards in the seat's hand (its own view)."""
        return cards_text(list(getattr(view, "my_hand", None) or []), loc)

    def hand_embed(self, view: BaseModel, seat: int, names: list[str],
                   prompt: Prompt | None, loc: str = DEFAULT) -> Embed:
        """Your hand by type with each card's numbers, your set events (ephemeral)."""
        v: Any = view
        me = v.sides[seat]
        title = t(loc, "eb.corner", token=TOKENS[seat]) + (f" · {me.name}" if me.name else "")
        embed = Embed(title=title, color=self.color)
        if v.phase == "pick":
            embed.description = t(loc, "eb.pick_hand")
        by_type: dict[str, list[str]] = {}
        for cid in v.my_hand or []:
            by_type.setdefault(cards()[cid].type, []).append(cid)
        for kind in ("attack", "block", "event", "kamidogu"):
            ids = by_type.get(kind, [])
            if ids:
                text = "\n".join(f"{ids.count(c)}× {show_card(c)} · {stats(c, loc)}"
                                 for c in dict.fromkeys(ids))
                embed.add_field(name=t(loc, f"eb.type.{kind}", count=len(ids)),
                                value=text[:1024], inline=False)
        if v.my_set:
            embed.add_field(name=t(loc, "eb.my_set"), value="\n".join(
                f"{show_card(c)} · {stats(c, loc)}" for c in v.my_set)[:1024], inline=False)
        if v.my_search:
            counts: dict[str, int] = {}
            for c in v.my_search:
                counts[c] = counts.get(c, 0) + 1
            embed.add_field(name=t(loc, "eb.my_search"), value=", ".join(
                f"{n}× {show_card(c)}" for c, n in counts.items())[:1024], inline=False)
        if v.strike is not None:
            embed.add_field(name=t(loc, "eb.strike"), value=self.strike_text(v, names, loc),
                            inline=False)
        if v.phase != "pick":
            embed.add_field(name=t(loc, "eb.status"), value=t(
                loc, "eb.status_value", deck=me.deck_count,
                rival=v.sides[1 - seat].deck_count, energy=len(me.energy)), inline=False)
        if prompt is not None:
            embed.add_field(name=t(loc, "render.your_decision"),
                            value=self.prompt_text(prompt, loc), inline=False)
        return embed

    def prompt_text(self, prompt: Prompt, loc: str = DEFAULT) -> str:
        """The decision in ``loc``, from its kind (the engine words it in English)."""
        return t(loc, f"eb.prompt.{prompt.kind}")

    # ------------------------------------------------------------------ controls
    @staticmethod
    def relabel(kind: str, choice: Choice, loc: str) -> None:
        """A control's label in ``loc`` (card names stay names), with an emoji."""
        aid, label = choice.aid, choice.label
        spare = label.endswith(SPARE)
        rest = label[:-len(SPARE)] if spare else label
        tail = t(loc, "eb.spare") if spare else ""
        if kind == "pick":
            ch = characters()[aid[3:]]
            choice.label, choice.emoji = f"{ch.name} ({ch.universe})", "🥋"
        elif kind == "attack":
            cid = aid[3:].removesuffix("-k")
            c = cards()[cid]
            choice.label = f"{c.name} · {stats(cid, loc)}{tail}"
            choice.emoji = "⬆️" if c.height == "High" else "⬇️"
        elif kind == "pass":
            choice.label = t(loc, "eb.label.end_combo" if rest == "End the combo"
                             else "eb.label.pass")
        elif aid in ("set-0", "fl-0", "kd-none", "sr-none", "sw-stop", "bk-0"):
            key = {"set-0": "set_none", "fl-0": "flip_none", "kd-none": "steal_none",
                   "sr-none": "search_none", "sw-stop": "swap_stop", "bk-0": "take"}[aid]
            choice.label = t(loc, f"eb.label.{key}")
        elif kind == "reveal":
            choice.label = t(loc, "eb.label.reveal_yes" if aid == "rv-yes"
                             else "eb.label.reveal_no")
        elif kind == "search":
            choice.label = t(loc, "eb.label.search", card=show_card(aid[3:]))
        elif kind == "swap" and " for " in rest:
            card, energy = rest.split(" for ", 1)
            choice.label = t(loc, "eb.label.swap", card=card, energy=energy)
        elif kind in PREFIX and rest.startswith(PREFIX[kind]):
            body = rest[len(PREFIX[kind]):]
            key = "card" if kind in ("order", "steal") else "cards"
            choice.label = t(loc, f"eb.label.{kind}", **{key: body}) + tail
        if kind == "block" and aid != "bk-0":
            choice.emoji = "🛡️"

    def relabel_chain(self, choice: Choice, loc: str) -> str:
        """A chain's label, each step's as :meth:`relabel` words it, joined by " → ";
        returns the group it joins (its first step's kind)."""
        steps = choice.aid.removeprefix("t=").split(".")
        said = choice.label.split(" → ")
        if len(said) != len(steps):
            said = [choice.label] * len(steps)
        parts: list[str] = []
        emoji = None
        for step, text in zip(steps, said, strict=True):
            one = Choice(aid=step, label=text)
            self.relabel(STEP_KINDS.get(step.split("-", 1)[0], "action"), one, loc)
            parts.append(one.label)
            emoji = emoji or one.emoji
        choice.label, choice.emoji = " → ".join(parts), emoji
        return STEP_KINDS.get(steps[0].split("-", 1)[0], "attack")

    def groups(self, choices: list[tuple[str, Choice]],
               loc: str = DEFAULT) -> list[Group]:
        """Selects for card choices, one row of buttons for the one-click ones."""
        by_kind: dict[str, list[Choice]] = {}
        row: list[Choice] = []
        linking = any(c.label == "End the combo" for _, c in choices)
        for kind, choice in choices:
            if kind == "chain":  # a decision with its follow-ups (issue 31), step by step
                kind = self.relabel_chain(choice, loc)
                by_kind.setdefault(kind, []).append(choice)
                continue
            self.relabel(kind, choice, loc)
            if choice.aid in BUTTONS:
                choice.style = (Style.danger if choice.aid in ("pass", "bk-0")
                                else Style.secondary)
                row.append(choice)
            else:
                by_kind.setdefault(kind, []).append(choice)
        out: list[Group] = []
        for kind in sorted(by_kind, key=lambda k: GROUP_ORDER.index(k)
                           if k in GROUP_ORDER else len(GROUP_ORDER)):
            title = t(loc, "eb.group.link" if kind == "attack" and linking
                      else f"eb.group.{kind}")
            out.append(Group(title=title, choices=by_kind[kind], select=True))
        if row:
            out.append(Group(title=t(loc, "eb.group.now"), choices=row[:5]))
        return out

    # ------------------------------------------------------------------ result
    def result_line(self, outcome: Outcome, view: BaseModel, names: list[str],
                    loc: str = DEFAULT) -> str:
        """``<@alice> (Ryu) wins the match 2-1 in rounds.``, a draw or a forfeit."""
        v: Any = view
        wins = [s.rounds for s in v.sides]
        if outcome.draw:
            return t(loc, "eb.result.draw", a=wins[0], b=wins[1])
        w = outcome.winners[0]
        if outcome.forfeited:
            key = "eb.result.timeout" if outcome.reason == "timeout" else "eb.result.forfeit"
            return t(loc, key, winner=player(v, names, w),
                     gone=player(v, names, outcome.forfeited[0]))
        return t(loc, "eb.result.rounds", winner=player(v, names, w), won=wins[w],
                 lost=wins[1 - w])

    # ------------------------------------------------------------------ narration
    def line(self, event: Event, names: list[str], loc: str = DEFAULT) -> str | None:
        """One event as a line of the match log (never a card still hidden)."""
        d, k = event.data, event.kind
        twin = "twin_of" in d
        if k == "note":
            return note_line(d, names, loc)
        if k == "picked":
            if twin or "character" not in d:
                return t(loc, "eb.line.chosen", who=who(names, d.get("seat")))
            return t(loc, "eb.line.you_pick", name=characters()[d["character"]].name)
        if k == "committed":
            if twin or "mask" not in d:
                return t(loc, "eb.line.committed", who=who(names, d.get("seat")))
            return t(loc, "eb.line.you_commit")
        if k == "characters":
            return t(loc, "eb.characters", list=" · ".join(
                t(loc, "eb.character", token=TOKENS[s], who=names[s],
                  name=characters()[c].name) for s, c in enumerate(d["characters"])))
        if k in ("log", "round_over", "match_over", "set_revealed"):
            return None  # the notes say it, in the reader's language
        return super().line(event, names, loc)
