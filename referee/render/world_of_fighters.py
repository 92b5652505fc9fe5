"""World of Fighters in Discord: the ring board, the private corner and the narration.

Everything here reads a :class:`WofView` (or public events), never a state. Every Action
card is written by :func:`show_card`, one place, so a test can tag each card text and
prove that no public message names a card that is still face down or in a hand.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from engine.core import Event, Outcome, Prompt
from engine.games.world_of_fighters.board import range_modifier
from engine.games.world_of_fighters.data import ATTACKS, CARDS, characters
from engine.games.world_of_fighters.model import MOVES, SUPER_HP, SUPER_SCORE
from referee.i18n import DEFAULT, and_list, t
from referee.render.base import BoardContext, Choice, Group, Renderer
from referee.render.embed import Embed, Style
from referee.render.wof_board import render_board, super_req

TOKENS = ("🟧", "🟦")
"""Seat colours, as on the board picture (orange, blue)."""
CARD_ICON = {"punch": "👊", "kick": "🦶", "grapple": "🤼", "block": "🛡️"}
MOVE_ICON = {1: "1️⃣", 2: "2️⃣", 3: "3️⃣"}
ARROWS = {"nw": "↖️", "n": "⬆️", "ne": "↗️", "w": "⬅️", "e": "➡️",
          "sw": "↙️", "s": "⬇️", "se": "↘️"}
COMPASS = (("nw", "n", "ne"), ("w", "e"), ("sw", "s", "se"))
"""Direction buttons in three rows, laid out like a compass."""
BOUT_ENDS = {"ko": "wof.line.bout_ko", "ring_out": "wof.line.bout_ring_out",
             "decision": "wof.line.bout_decision"}
RESULTS = {"ko": "wof.result.ko", "ring_out": "wof.result.ring_out",
           "decision": "wof.result.decision"}


def direction(d: str, loc: str) -> str:
    """A compass direction in ``loc`` (``North-East``, ``Nord-Est``)."""
    return t(loc, f"wof.dir.{d}")


def reach(value: str, loc: str) -> str:
    """A character's reach (``close``/``long``) in ``loc``."""
    return t(loc, f"wof.reach_{value}")


@lru_cache(maxsize=8)
def roster(loc: str) -> str:
    """The characters to pick from, one line each, as the pick's hand shows them (written
    once per language)."""
    return "\n".join(
        f"**{c.name}** ({c.art}, {reach(c.reach, loc)}) 👊{c.punch} 🦶{c.kick} "
        f"🤼{c.grapple} 🛡️{c.block} · ⚡ {c.super.name} ({super_req(c.super.code, loc)})"
        for c in characters().values())[:1024]


def show_card(card: Any) -> str:
    """An Action card as text (``👊 Punch``): a card type such as ``"punch"``."""
    kind = str(card)
    return f"{CARD_ICON.get(kind, '')} {kind.capitalize()}".strip()


def cards_text(cards: list[Any]) -> str:
    """Several cards, or a dash."""
    return ", ".join(show_card(c) for c in cards) or "—"


def hp_bar(hp: int, max_hp: int, width: int = 10) -> str:
    """A health bar."""
    full = round(width * max(hp, 0) / max(max_hp, 1))
    return "▰" * full + "▱" * (width - full)


def who(names: list[str], seat: Any) -> str:
    """The display name of a seat (or an empty string)."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def super_text(f: Any, loc: str = DEFAULT) -> str:
    """A fighter's super move and its public state."""
    if not f.super_name:
        return "—"
    if f.super_used:
        state = t(loc, "wof.super_used")
    elif f.hp <= SUPER_HP:
        state = t(loc, "wof.super_available")
    else:
        state = t(loc, "wof.super_at", hp=SUPER_HP)
    return f"⚡ {f.super_name} ({super_req(f.super_code, loc)}) · {state}"


class WofRenderer(Renderer):
    """World of Fighters' boards, hands and narration."""

    game_id = "world_of_fighters"
    color = 0xE4572E
    turning_points = frozenset({"characters_revealed", "actions_revealed", "counter",
                                "bout_over", "match_over"})
    """The fighters, each turn's scoring (and its counter), bout and match ends; the
    Movement reveal and the moves are folded into the board (its picture shows them)."""

    reveals = {"characters_revealed": frozenset({"character_picked"}),
               "movement_revealed": frozenset({"committed"})}
    """The fighters revealed and the Movement cards shown replace the "has chosen" and
    "has laid their cards" notices of the same choice."""

    # ------------------------------------------------------------------ board
    def ping_ahead(self, view: BaseModel) -> list[int]:
        """A turn asks both fighters (commit, then each moves): both are pinged with the
        turn's first ping, so a later direction choice costs no message of its own."""
        v: Any = view
        if v.phase in ("pick", "over"):
            return []
        return [f.seat for f in v.fighters]

    def picture(self, view: BaseModel, loc: str = DEFAULT) -> bytes | None:
        """The ring as a PNG in ``loc`` (the table passes the spectator view)."""
        return render_board(view, loc)  # type: ignore[arg-type]

    def board_embed(self, ctx: BoardContext) -> Embed:
        """The public board, from the spectator view."""
        v: Any = ctx.view
        names = ctx.names
        loc = ctx.locale
        if v.phase == "pick":
            title = t(loc, "wof.title_pick", id=ctx.match_id)
        else:
            bout = (t(loc, "wof.bout_of", bout=v.bout, bouts=v.bouts) if v.bouts > 1
                    else t(loc, "wof.bout", bout=v.bout))
            title = t(loc, "wof.title", bout=bout, turn=v.turn, id=ctx.match_id)
        embed = Embed(title=title, color=self.color)
        fmt = t(loc, "wof.best_of_three" if v.bouts > 1 else "wof.one_bout")
        pair = t(loc, "render.vs", a=f"{TOKENS[0]} {names[0]}", b=f"{TOKENS[1]} {names[1]}")
        desc = [f"{pair} · {fmt}"]
        if v.phase == "pick":
            desc.append(t(loc, "wof.pick_desc"))
        elif not ctx.finished:
            desc.append(t(loc, "wof.range_first", range=v.range, token=TOKENS[v.first],
                          who=names[v.first]))
        embed.description = "\n".join(desc)
        for f in v.fighters:
            lines = [f"{TOKENS[f.seat]} **{f.name or '?'}** {names[f.seat]}"]
            if f.name:
                lines[0] += t(loc, "wof.first") if f.seat == v.first and not ctx.finished else ""
                lines += [t(loc, "wof.reach", art=f.art, reach=reach(f.reach, loc)),
                          f"❤️ {f.hp}/{f.max_hp} {hp_bar(f.hp, f.max_hp)}",
                          super_text(f, loc)]
                if v.bouts > 1:
                    lines.append(t(loc, "wof.bouts_won", count=f.bouts_won))
                rest = t(loc, "wof.resting", move=f.last_move) if f.last_move else ""
                lines.append(t(loc, "wof.hand", count=f.hand_count) + rest)
                if f.on_edge:
                    lines.append(t(loc, "wof.on_edge"))
            elif v.phase == "pick":
                lines.append(t(loc, "wof.has_picked" if f.committed else "wof.choosing"))
            embed.add_field(name="\u200b", value="\n".join(lines), inline=True)
        if v.last_reveal is not None:
            embed.add_field(name=t(loc, "wof.turn_of_bout", turn=v.last_reveal.turn,
                                   bout=v.last_reveal.bout),
                            value=self.reveal_text(v.last_reveal, names, loc)[:1024],
                            inline=False)
        if v.bouts > 1 and v.bout_winners:
            res = " · ".join(t(loc, "wof.bout_result", bout=i + 1,
                               who=who(names, w) or t(loc, "wof.draw_word"))
                             for i, w in enumerate(v.bout_winners))
            embed.add_field(name=t(loc, "wof.bouts"), value=res, inline=False)
        self.add_status(embed, ctx)
        if not ctx.finished and v.phase != "pick":
            embed.set_footer(text=t(loc, "wof.footer", deck=v.deck_count,
                                    discard=v.discard_count))
        return embed

    def reveal_text(self, rv: Any, names: list[str], loc: str = DEFAULT) -> str:
        """The public record of a turn: moves, directions, cards, damage, counter."""
        lines = []
        for s in (rv.first, 1 - rv.first):
            parts = [f"{TOKENS[s]} {MOVE_ICON.get(rv.moves[s], rv.moves[s])}"]
            d = rv.directions[s]
            parts.append(f"{ARROWS[d]} {direction(d, loc)}" if d else t(loc, "wof.not_moved"))
            card = rv.cards[s]
            parts.append(show_card(card) if card else t(loc, "wof.face_down"))
            if rv.supers[s]:
                parts.append(t(loc, "wof.super_called_short"))
            if rv.damage[s]:
                parts.append(t(loc, "wof.took", damage=rv.damage[s]))
            lines.append(" · ".join(parts))
        if rv.range is not None:
            lines.append(t(loc, "wof.range", range=rv.range))
        if rv.counter_seat is not None and rv.counter:
            lines.append(t(loc, "wof.counter_by", who=names[rv.counter_seat],
                           card=show_card(rv.counter)))
        return "\n".join(lines)

    # ------------------------------------------------------------------ hand
    def hand_text(self, view: BaseModel, seat: int, loc: str = DEFAULT) -> str:
        """The Action cards in the seat's hand (its own view)."""
        return cards_text(list(getattr(view, "my_hand", None) or []))

    def hand_embed(self, view: BaseModel, seat: int, names: list[str],
                   prompt: Prompt | None, loc: str = DEFAULT) -> Embed:
        """Your corner: hand, Movement cards, commit, super, stats (ephemeral)."""
        v: Any = view
        me = v.fighters[seat]
        title = t(loc, "wof.corner", token=TOKENS[seat]) + (f" · {me.name}" if me.name else "")
        embed = Embed(title=title, color=self.color)
        if v.phase == "pick":
            embed.description = t(loc, "wof.pick_hand")
            if v.my_pick:
                embed.add_field(name=t(loc, "wof.your_pick"),
                                value=characters()[v.my_pick].name, inline=False)
            embed.add_field(name=t(loc, "wof.roster"), value=roster(loc), inline=False)
        else:
            self._corner(embed, v, seat, loc)
        if prompt is not None:
            embed.add_field(name=t(loc, "render.your_decision"),
                            value=self.prompt_text(prompt, loc), inline=False)
        return embed

    def _corner(self, embed: Embed, v: Any, seat: int, loc: str) -> None:
        """The fields of a seat's corner once the fighters are chosen."""
        me = v.fighters[seat]
        hand = v.my_hand or []
        embed.add_field(name=t(loc, "wof.action_cards", count=len(hand)),
                        value=cards_text(hand), inline=False)
        moves = " ".join(t(loc, "wof.resting_card", move=m) if m == me.last_move
                         else MOVE_ICON[m] for m in MOVES)
        embed.add_field(name=t(loc, "wof.movement_cards"), value=moves, inline=False)
        if v.my_commit is not None and v.my_commit.card:
            sup = " + ⚡ SUPER" if v.my_commit.call_super else ""
            embed.add_field(name=t(loc, "wof.face_down_turn"),
                            value=t(loc, "wof.face_down_value", move=v.my_commit.move,
                                    card=show_card(v.my_commit.card), super=sup),
                            inline=False)
        elif v.my_table_card is not None:
            embed.add_field(name=t(loc, "wof.face_down_table"),
                            value=show_card(v.my_table_card), inline=False)
        if not me.character:
            return
        c = characters()[me.character]
        if me.super_used:
            sup_state = t(loc, "wof.super_state_used")
        elif v.can_super:
            sup_state = t(loc, "wof.super_state_now")
        else:
            sup_state = t(loc, "wof.super_state_later", hp=SUPER_HP)
        effect = (t(loc, "wof.effect_block") if c.super.card == "block"
                  else t(loc, "wof.effect_attack", score=SUPER_SCORE))
        embed.add_field(
            name=t(loc, "wof.super_move"),
            value=t(loc, "wof.super_value", name=c.super.name, card=show_card(c.super.card),
                    range=c.super.range, effect=effect, state=sup_state), inline=False)
        at = " · ".join(
            f"{CARD_ICON[k]} {c.stat(k) + range_modifier(k, v.range, c.reach)}"
            if range_modifier(k, v.range, c.reach) else f"{CARD_ICON[k]} —"
            for k in ATTACKS)
        stats = " · ".join(f"{CARD_ICON[k]} {c.stat(k)}" for k in CARDS)
        embed.add_field(name=f"{c.name} · {c.art}",
                        value=t(loc, "wof.stats_value", stats=stats,
                                reach=reach(c.reach, loc), range=v.range, at=at),
                        inline=False)
        rival = v.fighters[1 - seat]
        embed.add_field(name=t(loc, "wof.status"),
                        value=t(loc, "wof.status_value", hp=me.hp, max_hp=me.max_hp,
                                rival_hp=rival.hp, rival_max=rival.max_hp, range=v.range),
                        inline=False)

    def prompt_text(self, prompt: Prompt, loc: str = DEFAULT) -> str:
        """The decision in ``loc``, from its kind (the engine words it in English)."""
        if prompt.kind == "move":
            digits = [int(w) for w in prompt.text.split() if w.isdigit()]
            return t(loc, "wof.prompt.move", count=digits[0] if digits else 1)
        key = f"wof.prompt.{prompt.kind}"
        return t(loc, key) if prompt.kind in ("pick", "commit", "counter") else prompt.text

    # ------------------------------------------------------------------ controls
    @staticmethod
    def relabel(kind: str, choice: Choice, loc: str) -> None:
        """A control's label in ``loc``, from its action id (names stay names)."""
        aid = choice.aid
        if kind == "commit" and aid.startswith("c"):
            move, card, *rest = aid[1:].split("-")
            label = t(loc, "wof.label.commit", move=move, card=card.capitalize())
            if rest:
                name = choice.label.partition(" + SUPER ")[2]
                label = t(loc, "wof.label.super", label=label, name=name)
            choice.label = label
        elif kind == "move":
            choice.label = direction(aid.removeprefix("mv-"), loc)
        elif kind == "counter":
            card = aid.removeprefix("ctr-")
            choice.label = (t(loc, "wof.label.no_counter") if card == "none"
                            else t(loc, "wof.label.counter", card=card.capitalize()))

    def groups(self, choices: list[tuple[str, Choice]],
               loc: str = DEFAULT) -> list[Group]:
        """Picks and commits as selects; directions as a compass of buttons; counters."""
        out: list[Group] = []
        by_kind: dict[str, list[Choice]] = {}
        for kind, choice in choices:
            self.relabel(kind, choice, loc)
            by_kind.setdefault(kind, []).append(choice)
        for kind, items in by_kind.items():
            title = t(loc, f"wof.group.{kind}") if kind in (
                "pick", "commit", "move", "counter") else kind.capitalize()
            if kind == "move":
                by_dir = {c.aid.removeprefix("mv-"): c for c in items}
                for row in COMPASS:
                    row_choices = []
                    for d in row:
                        c = by_dir.pop(d, None)
                        if c is not None:
                            c.emoji = ARROWS[d]
                            c.style = Style.primary
                        else:  # illegal here: shown, greyed out, so the compass stays whole
                            c = Choice(aid=f"mv-{d}", label=direction(d, loc),
                                       emoji=ARROWS[d], disabled=True)
                        row_choices.append(c)
                    if row_choices:
                        out.append(Group(title=title, choices=row_choices))
                if by_dir:
                    out.append(Group(title=title, choices=list(by_dir.values())))
                continue
            if kind == "commit":
                for c in items:
                    card = c.aid.split("-")[1] if "-" in c.aid else ""
                    c.emoji = "⚡" if c.aid.endswith("-s") else CARD_ICON.get(card)
                out.append(Group(title=title, choices=items, select=True))
                continue
            if kind == "counter":
                for c in items:
                    card = c.aid.removeprefix("ctr-")
                    if card in CARD_ICON:
                        c.emoji = CARD_ICON[card]
                        c.style = Style.danger
                out.append(Group(title=title, choices=items, select=len(items) > 5))
                continue
            out.append(Group(title=title, choices=items,
                             select=kind == "pick" or len(items) > 5))
        return out

    # ------------------------------------------------------------------ result
    def result_line(self, outcome: Outcome, view: BaseModel, names: list[str],
                    loc: str = DEFAULT) -> str:
        """``<@alice> (Hai Wu) wins by Ring Out.``, ``... wins 2-1 in bouts.``, a draw, a
        forfeit: players' names, their fighters and the game's words, never a seat."""
        v: Any = view

        def fighter(seat: int) -> str:
            f = v.fighters[seat]
            return f"{names[seat]} ({f.name})" if f.name else names[seat]

        if outcome.draw:
            if v.bouts > 1:
                wins = [f.bouts_won for f in v.fighters]
                return t(loc, "wof.result.draw_bouts", a=wins[0], b=wins[1])
            return t(loc, "wof.result.draw")
        w = outcome.winners[0]
        if outcome.forfeited:
            gone = and_list(loc, [fighter(s) for s in outcome.forfeited])
            key = "wof.result.timeout" if outcome.reason == "timeout" else "wof.result.forfeit"
            return t(loc, key, winner=fighter(w), gone=gone)
        if v.bouts > 1:
            won, lost = v.fighters[w].bouts_won, v.fighters[1 - w].bouts_won
            return t(loc, "wof.result.bouts", winner=fighter(w), won=won, lost=lost)
        return t(loc, RESULTS.get(outcome.reason, "wof.result.plain"), winner=fighter(w))

    # ------------------------------------------------------------------ narration
    def line(self, event: Event, names: list[str], loc: str = DEFAULT) -> str | None:
        """One event as a line of the match log (never a face-down card)."""
        d = event.data
        k = event.kind
        w = who(names, d.get("seat"))
        twin = "twin_of" in d
        if k == "character_picked":
            if twin or "character" not in d:
                return t(loc, "wof.line.chosen", who=w)
            return t(loc, "wof.line.you_pick", name=characters()[d["character"]].name)
        if k == "characters_revealed":
            roster = characters()
            return t(loc, "wof.line.fighters", list=t(loc, "render.vs", a="", b="").join(
                t(loc, "wof.line.fighter", token=TOKENS[i], who=names[i],
                  name=roster[c].name, art=roster[c].art)
                for i, c in enumerate(d["characters"])))
        if k == "bout_started":
            return t(loc, "wof.line.bout_started", bout=d["bout"], who=names[d["first"]])
        if k == "turn_started":
            return t(loc, "wof.line.turn_started", turn=d["turn"], who=names[d["first"]])
        if k == "cards_drawn":
            if twin or "cards" not in d:
                return None
            return t(loc, "wof.line.you_draw", cards=cards_text(d["cards"]))
        if k == "committed":
            if twin or "card" not in d:
                return t(loc, "wof.line.laid", who=w)
            sup = " + ⚡ SUPER" if d.get("call_super") else ""
            return t(loc, "wof.line.you_lay", move=d["move"], card=show_card(d["card"]),
                     super=sup)
        if k == "deck_reshuffled":
            return t(loc, "wof.line.reshuffled")
        if k == "movement_revealed":
            first = d.get("first", 0)
            parts = [t(loc, "wof.line.moves", who=names[s], move=d["moves"][s])
                     + (" ⚡" if d["supers"][s] else "") for s in (first, 1 - first)]
            return t(loc, "wof.line.movement", list=" · ".join(parts))
        if k == "super_called":
            return t(loc, "wof.line.super_called", who=w, move=d["move"],
                         code=super_req(d["code"], loc))
        if k == "moved":
            return t(loc, "wof.line.moved", arrow=ARROWS.get(d["direction"], "👣"), who=w,
                     count=d["distance"], direction=direction(d["direction"], loc))
        if k == "actions_revealed":
            cards = " · ".join(f"{names[i]} {show_card(c)}" for i, c in enumerate(d["cards"]))
            return t(loc, "wof.line.actions", range=d["range"], cards=cards)
        if k == "both_blocked":
            return t(loc, "wof.line.both_blocked")
        if k == "super_fizzled":
            return t(loc, "wof.line.fizzled", who=w, move=d["move"], need=d["need"],
                     range=d["range"], card=show_card(d["card"]))
        if k == "super_no_edge":
            return t(loc, "wof.line.no_edge", who=w, move=d["move"])
        if k == "super_move":
            return t(loc, "wof.line.super_move", who=w, move=d["move"])
        if k == "attack":
            return self._attack(d, w, loc)
        if k == "counter":
            if d.get("card") is None:
                return t(loc, "wof.line.no_counter", who=w)
            return t(loc, "wof.line.counter", who=w, card=show_card(d["card"]),
                     damage=d["damage"])
        if k == "bout_over":
            winner = d.get("winner")
            if winner is None:
                return t(loc, "wof.line.bout_draw", bout=d["bout"])
            return t(loc, BOUT_ENDS.get(d["reason"], "wof.line.bout_decision"),
                     bout=d["bout"], who=names[winner])
        if k == "match_over":
            if d.get("forfeited"):
                gone = and_list(loc, [who(names, s) for s in d["forfeited"]])
                return t(loc, "wof.line.leaves", who=gone)
            return None
        if k == "timeout":
            return t(loc, "wof.line.timeout", who=w)
        return super().line(event, names, loc)

    @staticmethod
    def _attack(d: dict[str, Any], w: str, loc: str) -> str:
        """An attack's line: a super landing, out of range, or its score and damage."""
        card = show_card(d["card"])
        if d.get("super"):
            return t(loc, "wof.line.super_lands", who=w, card=card, damage=d["damage"])
        if d.get("commenced") is False:
            return t(loc, "wof.line.out_of_range", who=w, card=card)
        if d.get("blocked"):
            return t(loc, "wof.line.scores_blocked", who=w, card=card, score=d["score"],
                     blocked=d["blocked"], damage=d["damage"])
        return t(loc, "wof.line.scores", who=w, card=card, score=d["score"],
                 damage=d["damage"])
