"""World of Fighters in Discord: the ring board, the private corner and the narration.

Everything here reads a :class:`WofView` (or public events), never a state. Every Action
card is written by :func:`show_card`, one place, so a test can tag each card text and
prove that no public message names a card that is still face down or in a hand.
"""

from __future__ import annotations

from typing import Any

import discord
from pydantic import BaseModel

from cogs.render.base import BoardContext, Choice, Group, Renderer
from cogs.render.registry import register
from cogs.render.wof_board import render_board
from engine.core import Event, Outcome, Prompt
from engine.games.world_of_fighters.board import DIRECTION_NAMES, range_modifier
from engine.games.world_of_fighters.data import ATTACKS, CARDS, characters
from engine.games.world_of_fighters.model import MOVES, SUPER_HP, SUPER_SCORE

TOKENS = ("🟧", "🟦")
"""Seat colours, as on the board picture (orange, blue)."""
CARD_ICON = {"punch": "👊", "kick": "🦶", "grapple": "🤼", "block": "🛡️"}
MOVE_ICON = {1: "1️⃣", 2: "2️⃣", 3: "3️⃣"}
ARROWS = {"nw": "↖️", "n": "⬆️", "ne": "↗️", "w": "⬅️", "e": "➡️",
          "sw": "↙️", "s": "⬇️", "se": "↘️"}
COMPASS = (("nw", "n", "ne"), ("w", "e"), ("sw", "s", "se"))
"""Direction buttons in three rows, laid out like a compass."""
GROUP_TITLES = {
    "pick": "Choose your fighter",
    "commit": "Lay a Movement card + an Action card face down",
    "move": "Move",
    "counter": "Counter?",
}
REASONS = {"ko": "K.O.", "ring_out": "Ring Out", "decision": "the judges' decision"}


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


def sentence(text: str) -> str:
    """``text`` ending with one full stop (``by K.O.`` stays ``by K.O.``, never ``K.O..``)."""
    return text if text.endswith(".") else text + "."


def plural(n: int, word: str) -> str:
    """``1 square``, ``2 squares``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def who(names: list[str], seat: Any) -> str:
    """The display name of a seat (or an empty string)."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""


def super_text(f: Any) -> str:
    """A fighter's super move and its public state."""
    if not f.super_name:
        return "—"
    if f.super_used:
        state = "used"
    elif f.hp <= SUPER_HP:
        state = "**available**"
    else:
        state = f"at {SUPER_HP} HP or less"
    return f"⚡ {f.super_name} ({f.super_code}) · {state}"


class WofRenderer(Renderer):
    """World of Fighters' boards, hands and narration."""

    game_id = "world_of_fighters"
    color = 0xE4572E
    turning_points = frozenset({"characters_revealed", "actions_revealed", "counter",
                                "bout_over", "match_over"})
    """The fighters, each turn's scoring (and its counter), bout and match ends; the
    Movement reveal and the moves are folded into the board (its picture shows them)."""

    # ------------------------------------------------------------------ board
    def picture(self, view: BaseModel) -> bytes | None:
        """The ring as a PNG (the table passes the spectator view)."""
        return render_board(view)  # type: ignore[arg-type]

    def board_embed(self, ctx: BoardContext) -> discord.Embed:
        """The public board, from the spectator view."""
        v: Any = ctx.view
        names = ctx.names
        if v.phase == "pick":
            title = f"🥊 World of Fighters · character select · match #{ctx.match_id}"
        else:
            bout = f"Bout {v.bout}" + (f" of {v.bouts}" if v.bouts > 1 else "")
            title = f"🥊 World of Fighters · {bout} · Turn {v.turn} · match #{ctx.match_id}"
        embed = discord.Embed(title=title, color=self.color)
        fmt = "best of three bouts" if v.bouts > 1 else "one bout"
        desc = [f"{TOKENS[0]} {names[0]} vs {TOKENS[1]} {names[1]} · {fmt}"]
        if v.phase == "pick":
            desc.append("Both players choose a fighter in secret; the picks are revealed "
                        "together.")
        elif not ctx.finished:
            desc.append(f"🎯 Range **{v.range}** · {TOKENS[v.first]} {names[v.first]} "
                        "moves first this turn")
        embed.description = "\n".join(desc)
        for f in v.fighters:
            lines = [f"{TOKENS[f.seat]} **{f.name or '?'}** {names[f.seat]}"]
            if f.name:
                lines[0] += " · **first**" if f.seat == v.first and not ctx.finished else ""
                lines += [f"{f.art} · {f.reach} reach",
                          f"❤️ {f.hp}/{f.max_hp} {hp_bar(f.hp, f.max_hp)}",
                          super_text(f)]
                if v.bouts > 1:
                    lines.append(f"🏅 bouts won: {f.bouts_won}")
                rest = f" · Movement {f.last_move} resting" if f.last_move else ""
                lines.append(f"🂠 hand {f.hand_count}{rest}")
                if f.on_edge:
                    lines.append("⚠️ on the grey edge")
            elif v.phase == "pick":
                lines.append("✅ has picked" if f.committed else "choosing…")
            embed.add_field(name="\u200b", value="\n".join(lines), inline=True)
        if v.last_reveal is not None:
            embed.add_field(name=f"Turn {v.last_reveal.turn} (bout {v.last_reveal.bout})",
                            value=self.reveal_text(v.last_reveal, names)[:1024],
                            inline=False)
        if v.bouts > 1 and v.bout_winners:
            res = " · ".join(f"bout {i + 1}: {who(names, w) or 'draw'}"
                             for i, w in enumerate(v.bout_winners))
            embed.add_field(name="Bouts", value=res, inline=False)
        self.add_status(embed, ctx)
        if not ctx.finished and v.phase != "pick":
            embed.set_footer(text=f"Deck {v.deck_count} · discard {v.discard_count} · "
                                  "press Act when it's your turn")
        return embed

    def reveal_text(self, rv: Any, names: list[str]) -> str:
        """The public record of a turn: moves, directions, cards, damage, counter."""
        lines = []
        for s in (rv.first, 1 - rv.first):
            parts = [f"{TOKENS[s]} {MOVE_ICON.get(rv.moves[s], rv.moves[s])}"]
            d = rv.directions[s]
            parts.append(f"{ARROWS[d]} {DIRECTION_NAMES[d]}" if d else "(not moved yet)")
            card = rv.cards[s]
            parts.append(show_card(card) if card else "🂠 face down")
            if rv.supers[s]:
                parts.append("⚡ super called")
            if rv.damage[s]:
                parts.append(f"🩸 took {rv.damage[s]}")
            lines.append(" · ".join(parts))
        if rv.range is not None:
            lines.append(f"🎯 range {rv.range}")
        if rv.counter_seat is not None and rv.counter:
            lines.append(f"🔁 counter by {names[rv.counter_seat]}: {show_card(rv.counter)}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ hand
    def hand_embed(self, view: BaseModel, seat: int, names: list[str],
                   prompt: Prompt | None) -> discord.Embed:
        """Your corner: hand, Movement cards, commit, super, stats (ephemeral)."""
        v: Any = view
        me = v.fighters[seat]
        title = f"{TOKENS[seat]} Your corner" + (f" · {me.name}" if me.name else "")
        embed = discord.Embed(title=title, color=self.color)
        if v.phase == "pick":
            embed.description = ("Pick your fighter. Your rival can't see your choice until "
                                 "both of you have picked.")
            if v.my_pick:
                embed.add_field(name="Your pick", value=characters()[v.my_pick].name,
                                inline=False)
            roster = "\n".join(
                f"**{c.name}** ({c.art}, {c.reach}) 👊{c.punch} 🦶{c.kick} 🤼{c.grapple} "
                f"🛡️{c.block} · ⚡ {c.super.name} {c.super.code}"
                for c in characters().values())
            embed.add_field(name="Roster", value=roster[:1024], inline=False)
        else:
            hand = v.my_hand or []
            embed.add_field(name=f"Action cards ({len(hand)})", value=cards_text(hand),
                            inline=False)
            moves = " ".join(f"~~{m}~~ (resting)" if m == me.last_move
                             else MOVE_ICON[m] for m in MOVES)
            embed.add_field(name="Movement cards", value=moves, inline=False)
            if v.my_commit is not None and v.my_commit.card:
                sup = " + ⚡ SUPER" if v.my_commit.call_super else ""
                embed.add_field(name="Face down this turn",
                                value=f"Move {v.my_commit.move} + "
                                      f"{show_card(v.my_commit.card)}{sup}", inline=False)
            elif v.my_table_card is not None:
                embed.add_field(name="Face down on the table",
                                value=show_card(v.my_table_card), inline=False)
            if me.character:
                c = characters()[me.character]
                if me.super_used:
                    sup_state = "already used this match"
                elif v.can_super:
                    sup_state = "✅ **you can call it this turn**"
                else:
                    sup_state = f"callable at {SUPER_HP} HP or less"
                effect = ("rings out a rival on the edge, else a plain Block"
                          if c.super.card == "block" else
                          f"scores {SUPER_SCORE} through a Block; a Ring Out if the rival "
                          "is on the edge")
                embed.add_field(
                    name="Super move",
                    value=f"⚡ **{c.super.name}**: {show_card(c.super.card)} at range "
                          f"{c.super.range}: {effect} · {sup_state}", inline=False)
                at = " · ".join(
                    f"{CARD_ICON[k]} {c.stat(k) + range_modifier(k, v.range, c.reach)}"
                    if range_modifier(k, v.range, c.reach) else f"{CARD_ICON[k]} —"
                    for k in ATTACKS)
                embed.add_field(
                    name=f"{c.name} · {c.art}",
                    value=" · ".join(f"{CARD_ICON[k]} {c.stat(k)}" for k in CARDS)
                          + f" · {c.reach} reach\nAt range {v.range} now: {at}",
                    inline=False)
                rival = v.fighters[1 - seat]
                embed.add_field(name="Status",
                                value=f"❤️ you {me.hp}/{me.max_hp} · rival "
                                      f"{rival.hp}/{rival.max_hp} · range {v.range}",
                                inline=False)
        if prompt is not None:
            embed.add_field(name="Your decision", value=prompt.text, inline=False)
        return embed

    # ------------------------------------------------------------------ controls
    def groups(self, choices: list[tuple[str, Choice]]) -> list[Group]:
        """Picks and commits as selects; directions as a compass of buttons; counters."""
        out: list[Group] = []
        by_kind: dict[str, list[Choice]] = {}
        for kind, choice in choices:
            by_kind.setdefault(kind, []).append(choice)
        for kind, items in by_kind.items():
            title = GROUP_TITLES.get(kind, kind.capitalize())
            if kind == "move":
                by_dir = {c.aid.removeprefix("mv-"): c for c in items}
                for row in COMPASS:
                    row_choices = []
                    for d in row:
                        c = by_dir.pop(d, None)
                        if c is not None:
                            c.emoji = ARROWS[d]
                            c.style = discord.ButtonStyle.primary
                        else:  # illegal here: shown, greyed out, so the compass stays whole
                            c = Choice(aid=f"mv-{d}", label=DIRECTION_NAMES[d],  # type: ignore[index]
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
                        c.style = discord.ButtonStyle.danger
                out.append(Group(title=title, choices=items, select=len(items) > 5))
                continue
            out.append(Group(title=title, choices=items,
                             select=kind == "pick" or len(items) > 5))
        return out

    # ------------------------------------------------------------------ result
    def result_line(self, outcome: Outcome, view: BaseModel, names: list[str]) -> str:
        """``<@alice> (Hai Wu) wins by Ring Out.``, ``... wins 2-1 in bouts.``, a draw, a
        forfeit: players' names, their fighters and the game's words, never a seat."""
        v: Any = view

        def fighter(seat: int) -> str:
            f = v.fighters[seat]
            return f"{names[seat]} ({f.name})" if f.name else names[seat]

        if outcome.draw:
            if v.bouts > 1:
                wins = [f.bouts_won for f in v.fighters]
                return f"🤝 A draw, {wins[0]}-{wins[1]} in bouts."
            return "🤝 A draw on the judges' decision: equal health after the last turn."
        w = outcome.winners[0]
        if outcome.forfeited:
            gone = " and ".join(fighter(s) for s in outcome.forfeited)
            how = "ran out of time too often" if outcome.reason == "timeout" else "forfeited"
            return f"🏆 {fighter(w)} wins: {gone} {how}."
        if v.bouts > 1:
            won, lost = v.fighters[w].bouts_won, v.fighters[1 - w].bouts_won
            return f"🏆 {fighter(w)} wins {won}-{lost} in bouts."
        how = {"ko": "by K.O.", "ring_out": "by Ring Out",
               "decision": "on the judges' decision"}.get(outcome.reason, "")
        return sentence(f"🏆 {fighter(w)} wins {how}".strip())

    # ------------------------------------------------------------------ narration
    def line(self, event: Event, names: list[str]) -> str | None:
        """One event as a line of the match log (never a face-down card)."""
        d = event.data
        k = event.kind
        w = who(names, d.get("seat"))
        twin = "twin_of" in d
        if k == "character_picked":
            if twin or "character" not in d:
                return f"✅ {w} has chosen a fighter."
            return f"You pick **{characters()[d['character']].name}**."
        if k == "characters_revealed":
            roster = characters()
            return "🎴 Fighters: " + " vs ".join(
                f"{TOKENS[i]} {names[i]} as **{roster[c].name}** ({roster[c].art})"
                for i, c in enumerate(d["characters"]))
        if k == "bout_started":
            return f"🔔 **Bout {d['bout']}: FIGHT!** {names[d['first']]} moves first."
        if k == "turn_started":
            return f"— Turn {d['turn']} · {names[d['first']]} moves first —"
        if k == "cards_drawn":
            if twin or "cards" not in d:
                return None
            return f"You draw {cards_text(d['cards'])}."
        if k == "committed":
            if twin or "card" not in d:
                return f"🂠 {w} has laid their cards face down."
            sup = " + ⚡ SUPER" if d.get("call_super") else ""
            return f"You lay Move {d['move']} + {show_card(d['card'])}{sup} face down."
        if k == "deck_reshuffled":
            return "🔀 The discard pile is shuffled into a new draw pile."
        if k == "movement_revealed":
            first = d.get("first", 0)
            parts = [f"{names[s]} moves {d['moves'][s]}"
                     + (" ⚡" if d["supers"][s] else "") for s in (first, 1 - first)]
            return "🃏 **Movement cards**: " + " · ".join(parts)
        if k == "super_called":
            return f"⚡ {w} calls the super move **{d['move']}** ({d['code']})!"
        if k == "moved":
            arrow = ARROWS.get(d["direction"], "👣")
            return (f"{arrow} {w} moves {plural(d['distance'], 'square')} "
                    f"{DIRECTION_NAMES[d['direction']]}.")
        if k == "actions_revealed":
            cards = " · ".join(f"{names[i]} {show_card(c)}" for i, c in enumerate(d["cards"]))
            return f"🃏 **Action cards** at range {d['range']}: {cards}"
        if k == "both_blocked":
            return "🛡️ Both fighters block: nothing happens."
        if k == "super_fizzled":
            return (f"💨 {w}'s **{d['move']}** needs range {d['need']}, not {d['range']}: "
                    f"it is played as a plain {show_card(d['card'])} and the super is kept.")
        if k == "super_no_edge":
            return (f"🛡️ {w}'s **{d['move']}** is a Block: with the rival off the grey edge "
                    "it rings nobody out and deals no damage.")
        if k == "super_move":
            return f"🌟 **SUPER MOVE!** {w}: **{d['move']}**"
        if k == "attack":
            card = show_card(d["card"])
            if d.get("super"):
                return f"💥 {w}'s super move lands with {card}: **{d['damage']} damage**."
            if d.get("commenced") is False:
                return f"💨 {w}'s {card} is out of range: it does not commence."
            blocked = f", {d['blocked']} blocked" if d.get("blocked") else ""
            return f"💥 {w}'s {card} scores {d['score']}{blocked}: **{d['damage']} damage**."
        if k == "counter":
            if d.get("card") is None:
                return f"{w} does not counter."
            return (f"🔁 **Counter!** {w} strikes back with {show_card(d['card'])}: "
                    f"**{d['damage']} damage**.")
        if k == "bout_over":
            winner = d.get("winner")
            if winner is None:
                return f"⏱️ Time! Bout {d['bout']} is a draw on the judges' decision."
            icon = {"ko": "💫 **K.O.!**", "ring_out": "🚫 **RING OUT!**",
                    "decision": "⏱️ **Time!**"}.get(d["reason"], "🔔")
            how = REASONS.get(d["reason"], d["reason"])
            return sentence(f"{icon} Bout {d['bout']} goes to {names[winner]} by {how}")
        if k == "match_over":
            if d.get("forfeited"):
                gone = " and ".join(who(names, s) for s in d["forfeited"])
                return f"🏳️ {gone} leaves the ring."
            return None
        if k == "timeout":
            return f"⌛ {w} ran out of time; the referee plays the default."
        return super().line(event, names)


register(WofRenderer())
