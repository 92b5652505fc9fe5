"""Sushido in Discord: the arena board, the private hand and the narration.

Everything here reads a :class:`SushidoView` (or public events), never a state. Every
card is written by :func:`show_card`, one place, so the leak test can tag each card with
its id and prove that no public message names a hidden card.
"""

from __future__ import annotations

from typing import Any

import discord
from pydantic import BaseModel

from cogs.render.base import BoardContext, Choice, Group, Renderer
from cogs.render.registry import register
from engine.core import Event, Prompt
from engine.games.sushido.data import content
from engine.games.sushido.model import ARENA

TOKENS = ("🔴", "🔵")
TYPE_ICON = {"hit": "👊", "block": "🛡️", "move": "👣", "super": "⚡"}
DUELS = {"iaijutsu": "Iaijutsu", "entrainement": "Entraînement", "rencontre": "Rencontre"}
GROUP_TITLES = {
    "pick": "Choose your fighter", "hajime": "Hajime! Pick 2 cards, in order (1st, 2nd)",
    "reveal": "Reveal", "declare": "Chains", "oppose": "Oppose the Kata?",
    "boost": "Super", "step": "Move", "break": "Combo breaker", "parry": "Parry",
    "play": "Play a revealed card", "accept": "Ring Out", "super_combo": "Super Combo",
}
REASONS = {"ko": "K.-O.", "ring_out": "Ring Out", "decision": "decision"}


def show_card(card: Any) -> str:
    """A card as text (``👊 Hit ◆``): a CardView, an event's card dict or a card id."""
    if isinstance(card, int):
        card = content().card(card)
    get = card.get if isinstance(card, dict) else lambda k: getattr(card, k)
    kind = str(get("type"))
    glyph = content().glyphs.get(str(get("symbol")), "?")
    return f"{TYPE_ICON.get(kind, '')} {kind.capitalize()} {glyph}".strip()


def cards_text(cards: list[Any]) -> str:
    """Several cards, or a dash."""
    return ", ".join(show_card(c) for c in cards) or "—"


def gauge_text(gauge: int) -> str:
    """The S-U-P-E-R gauge: letters reached, dots for the rest."""
    return " ".join(ch if i < gauge else "·" for i, ch in enumerate("SUPER"))


def life_bar(life: int, max_life: int, width: int = 10) -> str:
    """A life bar."""
    full = round(width * max(life, 0) / max(max_life, 1))
    return "▰" * full + "▱" * (width - full)


def arena_text(positions: list[int]) -> str:
    """The 8-square arena, Ring Out zones at both ends."""
    squares = []
    for sq in range(ARENA):
        here = [TOKENS[s] for s, p in enumerate(positions) if p == sq]
        squares.append(here[0] if here else "⬜")
    left = "💥" if -1 in positions else "🚫"
    right = "💥" if ARENA in positions else "🚫"
    return f"{left}{''.join(squares)}{right}"


class SushidoRenderer(Renderer):
    """Sushido's boards, hands and narration."""

    game_id = "sushido"
    color = 0xD64545

    def board_embed(self, ctx: BoardContext) -> discord.Embed:
        """The public board, from the spectator view."""
        v: Any = ctx.view
        title = f"Sushido · {DUELS.get(v.duel, v.duel)} · match #{ctx.match_id}"
        embed = discord.Embed(title=title, color=self.color)
        if v.phase == "pick":
            embed.description = (f"{ctx.names[0]} vs {ctx.names[1]}\nBoth players choose a "
                                 "fighter in secret; the picks are revealed together.")
        else:
            embed.description = (f"Round {v.round} · turn {v.turn} · first to {v.target} "
                                 f"round{'s' if v.target > 1 else ''}\n"
                                 f"{arena_text([s.pos for s in v.seats])}")
        for s in v.seats:
            name = s.fighter_name or "?"
            p1 = " · **P1**" if s.seat == v.p1 else ""
            lines = [f"{TOKENS[s.seat]} **{name}** {ctx.names[s.seat]}{p1}"]
            if s.picked and s.fighter_name:
                lines += [f"❤️ {s.life}/{s.max_life} {life_bar(s.life, s.max_life)}",
                          f"⚡ `{gauge_text(s.gauge)}` ({s.gauge}/5)",
                          f"🏅 rounds won: {s.tokens}",
                          f"🂠 hand {s.hand_count} · chain {s.chain_size}/4"]
                if s.revealed:
                    lines.append(f"In play: {cards_text(s.revealed)}")
                if s.guards:
                    lines.append(f"🛡️ guard ready ×{s.guards}")
            embed.add_field(name="\u200b", value="\n".join(lines), inline=True)
        if v.kata is not None:
            embed.add_field(name=f"Kata of {ctx.names[v.kata.attacker]}",
                            value=f"{cards_text(v.kata.att)}\nagainst: {cards_text(v.kata.dfn)}",
                            inline=False)
        if any(v.last_reveal):
            reveal = "\n".join(f"{TOKENS[i]} {cards_text(cs)}"
                               for i, cs in enumerate(v.last_reveal))
            embed.add_field(name="Last reveal", value=reveal, inline=False)
        self.add_status(embed, ctx)
        if not ctx.finished:
            embed.set_footer(text=f"Deck {v.deck_count} · discard {v.discard_count} · "
                                  "press Act when it's your turn")
        return embed

    def hand_embed(self, view: BaseModel, seat: int, names: list[str],
                   prompt: Prompt | None) -> discord.Embed:
        """Your hand, chain and commit (ephemeral)."""
        v: Any = view
        me = v.me
        embed = discord.Embed(title=f"{TOKENS[seat]} Your corner", color=self.color)
        if me is None:
            return embed
        if v.phase == "pick":
            embed.description = ("Pick your fighter. Your rival can't see your choice until "
                                 "both of you have picked.")
        embed.add_field(name=f"Hand ({len(me.hand)})", value=cards_text(me.hand), inline=False)
        size = v.seats[seat].chain_size
        embed.add_field(name=f"Chain ({size}/4), face down",
                        value=" → ".join(f"🂠{i + 1}" for i in range(size)) or "—",
                        inline=False)
        if me.commit is not None:
            embed.add_field(name="Face down this turn", value=cards_text(me.commit),
                            inline=False)
        mine = v.seats[seat]
        if mine.fighter_name:
            f = content().fighters[mine.fighter]
            combos = "\n".join(
                f"**{c.name}**{' >>>' if c.ranged else ''}: "
                f"{' '.join(content().glyphs[s] for s in c.symbols)} — {c.text}"
                for c in f.combos)
            embed.add_field(name=f"{f.name}'s combos", value=combos[:1000], inline=False)
            embed.add_field(name="Status",
                            value=f"❤️ {mine.life}/{mine.max_life} · ⚡ {mine.gauge}/5 · "
                                  f"square {mine.pos + 1}/8", inline=False)
        if prompt is not None:
            embed.add_field(name="Your decision", value=prompt.text, inline=False)
        return embed

    def groups(self, choices: list[tuple[str, Choice]]) -> list[Group]:
        """Group by kind; Hajime pairs and fighter picks always as a select.

        Discord allows 5 rows (a row of buttons, or one select of 25): when the groups
        need more, the button groups are folded into selects so no choice is dropped.
        """
        groups = super().groups(choices)
        for g, (kind, _) in zip(groups, _first_kinds(choices), strict=True):
            g.title = GROUP_TITLES.get(kind, g.title)
            if kind in ("hajime", "pick", "play", "break"):
                g.select = len(g.choices) > 5 or kind in ("hajime", "pick")
            if kind == "super_combo":
                for c in g.choices:
                    c.style = discord.ButtonStyle.danger
        return _fit_rows(groups)

    def line(self, event: Event, names: list[str]) -> str | None:
        """One event as a line of the match log."""
        d = event.data
        who = names[d["seat"]] if isinstance(d.get("seat"), int) else ""
        k = event.kind
        simple = {
            "hajime_all": "🥁 **Hajime!** Both players have placed their cards.",
            "turn_end": None, "reveal_commit": None, "hajime": None, "pick": None,
            "kata_end": None,
        }
        if k in simple:
            return simple[k]
        if k == "draw":
            if "cards" in d:
                return f"You draw {cards_text(d['cards'])}."
            return None
        if k == "picks":
            fighters = [content().fighters[f].name for f in d["fighters"]]
            return "🎴 Fighters: " + " vs ".join(
                f"{names[i]} as **{f}**" for i, f in enumerate(fighters))
        if k == "match_start":
            return None
        if k == "round_start":
            return f"🔔 **Round {d['round']}**: {names[d['p1']]} is P1."
        if k == "turn_start":
            return f"— Turn {d['turn']} —"
        if k == "reveal":
            return "🃏 **Reveal**: " + " · ".join(
                f"{names[i]} {cards_text(cs)}" for i, cs in enumerate(d["cards"]))
        if k == "chain_full_discard":
            return f"{who}'s chain is full: {show_card(d['card'])} is discarded."
        if k == "declare":
            if d.get("answer"):
                what = "answers with a **Kata!**" if d["choice"] == "kata" else "does not answer"
            else:
                what = {"pass": "passes", "kata": "announces **Kata!**"}.get(
                    d["choice"], f"announces **Combo! {d.get('combo') or ''}**")
            return f"{who} {what}"
        if k == "combo":
            ok = "✅ succeeds" if d["ok"] else "❌ fails (played as a Kata)"
            return f"💥 {who}'s combo **{d['name']}** {ok}: {cards_text(d['cards'])}"
        if k == "kata":
            return f"🥋 {who}'s Kata: {cards_text(d['cards'])}"
        if k == "oppose":
            return f"🛡️ {who} opposes with their chain: {cards_text(d['cards'])}"
        if k == "kata_clash":
            return (f"⚔️ {names[d['attacker']]}'s {show_card(d['card'])} meets "
                    f"{show_card(d['against'])}")
        if k == "kata_surplus":
            return f"{who}'s extra chain cards are discarded."
        if k == "card":
            doubled = " (doubled)" if d.get("doubled") else ""
            return f"{who} plays {show_card(d['card'])}{doubled}"
        if k == "damage":
            return f"🩸 {who} takes {d['amount']} damage ({d['life']} life left)."
        if k == "heal":
            if not d["amount"]:
                return f"💚 {who} is already at full life ({d['life']})."
            return f"💚 {who} heals {d['amount']} ({d['life']} life)."
        if k == "super_gain":
            if not d["amount"]:
                return f"⚡ {who}'s Super gauge is already full ({d['gauge']}/5)."
            return f"⚡ {who} gains {d['amount']} Super ({d['gauge']}/5)."
        if k == "super_spend":
            return f"⚡ {who} spends Super ({d['gauge']}/5 left)."
        if k == "move":
            return f"👣 {who} moves to square {d['pos'] + 1}." if 0 <= d["pos"] < ARENA \
                else f"👣 {who} is pushed out of the arena!"
        if k == "push":
            return f"💨 {who} pushes!"
        if k == "push_fails":
            return None
        if k == "ring_out":
            return f"🚫 **Ring Out!** {who} is out of the arena."
        if k == "whiff":
            return f"{who}'s Hit is out of reach."
        if k in ("guard", "guarded"):
            return f"🛡️ {who} guards." if k == "guard" else f"🛡️ {who}'s guard cancels the Hit."
        if k == "parry":
            return f"🛡️ {who} parries with {show_card(d['card'])}."
        if k == "break":
            card = f": {show_card(d['card'])}" if d.get("card") else ""
            return f"🔨 **C-C-C-COMBO BREAKER!** {who} breaks {names[d['owner']]}'s chain{card}"
        if k == "passive":
            return f"✨ {who}'s passive **{d['name']}**."
        if k == "super_combo":
            return f"🌟 **SUPER COMBO!** {who}: **{d['name']}**"
        if k == "accept_ring_out":
            return f"{who} accepts the Ring Out."
        if k == "accept_ko":
            return f"{who} accepts the K.-O."
        if k == "get_up":
            return f"🌟 {who} gets back up with {d['life']} life!"
        if k == "ko":
            return f"💫 **K.-O.!** {who} is down."
        if k == "round_lost":
            return None
        if k == "round_end":
            win = d.get("winners") or []
            if len(win) == 2:
                return f"🔔 Round {d['round']} ends in a double knockout: both take a token."
            why = REASONS.get(str(d.get("reason")), "")
            return f"🔔 Round {d['round']} goes to {names[win[0]]}{f' ({why})' if why else ''}."
        if k in ("match_over", "timeout", "reshuffle", "declaration_dropped"):
            if k == "timeout":
                return f"⌛ {who} ran out of time; the referee plays the default."
            if k == "reshuffle":
                return "🔀 The discard pile is shuffled into a new deck."
            return None
        return super().line(event, names)


MAX_ROWS = 5
"""Rows of components in one Discord message."""


def _rows(groups: list[Group]) -> int:
    """Rows the table lays these groups out on: one per button group, one per 25 options."""
    return sum(1 if not g.select and len(g.choices) <= 5 else -(-len(g.choices) // 25)
               for g in groups)


def _fit_rows(groups: list[Group]) -> list[Group]:
    """Fold button groups into selects until everything fits in 5 rows.

    First into the spare room of a select's last chunk (a Super Combo joins the Hajime
    list), then all of them into one more select. Past 125 choices nothing can fit.
    """
    if _rows(groups) <= MAX_ROWS:
        return groups
    out = [Group(title=g.title, choices=list(g.choices), select=g.select) for g in groups]
    for g in [g for g in out if not g.select and len(g.choices) <= 5]:
        host = next((h for h in out if h is not g and (h.select or len(h.choices) > 5)
                     and len(h.choices) % 25 and len(h.choices) % 25 + len(g.choices) <= 25),
                    None)
        if host is not None:
            host.choices[0:0] = g.choices  # first, where it is seen
            out.remove(g)
            if _rows(out) <= MAX_ROWS:
                return out
    buttons = [g for g in out if not g.select and len(g.choices) <= 5]
    if buttons:
        merged = Group(title="More actions", select=True,
                       choices=[c for g in buttons for c in g.choices])
        out = [g for g in out if g not in buttons] + [merged]
    return out


def _first_kinds(choices: list[tuple[str, Choice]]) -> list[tuple[str, None]]:
    seen: list[str] = []
    for kind, _ in choices:
        if kind not in seen:
            seen.append(kind)
    return [(k, None) for k in seen]


register(SushidoRenderer())
