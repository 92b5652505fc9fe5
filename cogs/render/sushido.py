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
from engine.core import Event, Outcome, Prompt
from engine.games.sushido.data import content
from engine.games.sushido.model import ARENA

TOKENS = ("🔴", "🔵")
TYPE_ICON = {"hit": "👊", "block": "🛡️", "move": "👣", "super": "⚡"}
DUELS = {"iaijutsu": "Iaijutsu", "entrainement": "Entraînement", "rencontre": "Rencontre"}
"""The rulebook's French duel names, shown as names..."""
DUEL_HINTS = {
    "iaijutsu": "one decisive round",
    "entrainement": "training: first to 2 rounds",
    "rencontre": "a full bout: first to 3 rounds",
}
"""...with a short explanation."""
GROUP_TITLES = {
    "pick": "Choose your fighter", "hajime": "Hajime! Place 2 cards face down: 1st → 2nd",
    "reveal": "Reveal", "declare": "Chains", "oppose": "Oppose the Kata?",
    "boost": "Super", "step": "Move", "break": "Combo breaker", "parry": "Parry",
    "play": "Play a revealed card", "accept": "K.-O. or Ring Out", "super_combo": "Super Combo",
    "surplus": "Your surplus chain card",
}
REASONS = {"ko": "K.-O.", "ring_out": "Ring Out"}
MOVES = {"advance": "steps forward", "retreat": "steps back", "pushed": "is pushed back",
         "push": "follows through", "escape": "jumps back into the Arena",
         "step": "shifts position"}


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


def duel_text(duel: str) -> str:
    """A duel type's French name with a short explanation: ``Iaijutsu (one decisive round)``."""
    return f"{DUELS.get(duel, duel)} ({DUEL_HINTS.get(duel, '')})"


def steps(n: int) -> str:
    """``1 step``, ``2 steps``."""
    return f"{n} step{'s' if n != 1 else ''}"


def distance_text(mine: int, theirs: int, seat: int) -> str:
    """Where a fighter stands, in words (never a square number)."""
    if not 0 <= mine < ARENA:
        return "out of the Arena!"
    gap = abs(mine - theirs) - 1
    where = "in contact with your rival" if gap == 0 else f"{steps(gap)} from your rival"
    behind = mine if seat == 0 else ARENA - 1 - mine
    back = "your back to the edge" if behind == 0 else f"{steps(behind)} behind you to the edge"
    return f"{where}, {back}"


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

    def picture(self, view: BaseModel) -> bytes | None:
        """The arena as a PNG, drawn from the spectator view (the embed keeps the text)."""
        from cogs.render.sushido_board import render_board

        return render_board(view)  # type: ignore[arg-type]

    def board_embed(self, ctx: BoardContext) -> discord.Embed:
        """The public board, from the spectator view."""
        v: Any = ctx.view
        title = f"Sushido · {DUELS.get(v.duel, v.duel)} · match #{ctx.match_id}"
        embed = discord.Embed(title=title, color=self.color)
        if v.phase == "pick":
            embed.description = (f"{ctx.names[0]} vs {ctx.names[1]} · {duel_text(v.duel)}\n"
                                 "Both players choose a fighter in secret; the picks are "
                                 "revealed together.")
        else:
            embed.description = (f"{duel_text(v.duel)} · Round {v.round} · turn {v.turn}\n"
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
                        value=(" → ".join(f"🂠 {i + 1}" for i in range(size))
                               + " (oldest first; nobody may look, not even you)")
                        if size else "—", inline=False)
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
            where = distance_text(mine.pos, v.seats[1 - seat].pos, seat)
            embed.add_field(name="Status",
                            value=f"❤️ {mine.life}/{mine.max_life} · ⚡ {mine.gauge}/5 · "
                                  f"{where}", inline=False)
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
            if kind == "hajime":  # "1st → 2nd" with card icons, read from the action id
                for c in g.choices:
                    c.label = _pair_label(c.aid) or c.label
            if kind in ("hajime", "pick", "play", "break"):
                g.select = len(g.choices) > 5 or kind in ("hajime", "pick")
            if kind == "super_combo":
                for c in g.choices:
                    c.style = discord.ButtonStyle.danger
        return _fit_rows(groups)

    def board_controls(self, view: BaseModel) -> list[Choice]:
        """A "Super Combo!" button while some fighter's gauge is full (the gauge is public)."""
        v: Any = view
        if v.result is not None or v.phase not in ("hajime", "reveal", "resolve"):
            return []
        if not any(s.gauge >= 5 for s in v.seats):
            return []
        return [Choice(aid="super-combo", label="Super Combo!", emoji="🌟",
                       style=discord.ButtonStyle.danger)]

    def result_line(self, outcome: Outcome, view: BaseModel, names: list[str]) -> str:
        """``<@a> (Biwa) wins 1-0 by Ring Out``: players' names, fighters, score, reason."""
        v: Any = view
        def who(s: int) -> str:
            f = v.seats[s].fighter_name
            return f"{names[s]} ({f})" if f else names[s]
        tokens = [s.tokens for s in v.seats]
        if outcome.forfeited:
            loser = outcome.forfeited[0]
            how = "forfeits" if outcome.reason == "forfeit" else "ran out of time too often"
            return f"{who(1 - loser)} wins: {who(loser)} {how}."
        why = REASONS.get(outcome.reason, outcome.reason)
        if outcome.draw:
            return (f"Draw {tokens[0]}-{tokens[1]}: {who(0)} and {who(1)} go down together "
                    f"by {why}")
        w = outcome.winners[0]
        return f"{who(w)} wins {tokens[w]}-{tokens[1 - w]} by {why}"

    def narrate(self, events: list[Event], names: list[str]) -> list[str]:
        """The events as lines; damage says where it came from ("takes 2 from X's Hit")."""
        lines: list[str] = []
        source: tuple[int, str] | None = None
        for ev in events:
            d = ev.data
            if ev.kind == "card":
                kind = str(d["card"]["type"]).capitalize()
                source = (d["seat"], f"doubled {kind}" if d.get("doubled") else kind)
            elif ev.kind in ("super_combo", "passive") or (ev.kind == "combo" and d.get("ok")):
                source = (d["seat"], str(d["name"]))
            line = self._line(ev, names, source)
            if line:
                lines.append(line)
        return lines

    def line(self, event: Event, names: list[str]) -> str | None:
        """One event as a line of the match log."""
        return self._line(event, names, None)

    def _line(self, event: Event, names: list[str],
              source: tuple[int, str] | None) -> str | None:
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
                size = f" (a chain of {d['size']})" if d.get("size") else ""
                what = {"pass": "passes", "kata": "announces **Kata!**"}.get(
                    d["choice"], f"announces **Combo!**{size}")
            return f"{who} {what}"
        if k == "combo":
            name = d.get("name") or "combo"
            if d["ok"]:
                return f"💥 {who}'s **{name}** succeeds: {cards_text(d['cards'])}"
            if d.get("symbols_ok") is False or not d.get("name"):
                why = f"the chain's symbols are not those of {name}"
            elif not d.get("ranged") and not d.get("contact"):
                why = f"{name} needs contact and the fighters are apart"
            else:
                why = "it does not fit"
            return (f"💥 {who}'s Combo fails ({why}): {cards_text(d['cards'])} are played as "
                    "a Kata.")
        if k == "kata":
            return f"🥋 {who}'s Kata: {cards_text(d['cards'])}"
        if k == "oppose":
            return f"🛡️ {who} opposes with their chain: {cards_text(d['cards'])}"
        if k == "kata_clash":
            return (f"⚔️ {names[d['attacker']]}'s {show_card(d['card'])} meets "
                    f"{show_card(d['against'])}")
        if k == "kata_surplus":
            if d.get("chosen"):
                return f"{who} discards {cards_text(d['cards'])}: one card too many to oppose."
            return f"{who}'s extra chain cards are discarded."
        if k == "card":
            doubled = " (doubled)" if d.get("doubled") else ""
            return f"{who} plays {show_card(d['card'])}{doubled}"
        if k == "damage":
            src = ""
            if source is not None and source[0] != d["seat"]:
                src = f" from {names[source[0]]}'s {source[1]}"
            line = f"🩸 {who} takes {d['amount']}{src} ({d['life']} life left)."
            if d["life"] <= 0:
                line += (" No life left: K.-O. at the end of the turn, unless they escape "
                         "with a Super Combo.")
            return line
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
            if not 0 <= d["pos"] < ARENA:
                return f"👣 {who} is pushed out of the Arena!"
            edge = 0 if d["seat"] == 0 else ARENA - 1
            at_edge = ", to the edge of the Arena" if d["pos"] == edge else ""
            return f"👣 {who} {MOVES.get(str(d.get('why')), 'moves')}{at_edge}."
        if k == "push":
            return f"💨 {who} pushes!"
        if k == "push_fails":
            return None
        if k == "ring_out":
            return (f"🚫 **Ring Out!** {who} is out of the Arena: the round ends with this turn, "
                    "unless they get back in or escape with a Super Combo.")
        if k == "whiff":
            return f"{who}'s Hit is out of reach."
        if k in ("guard", "guarded"):
            return f"🛡️ {who} guards." if k == "guard" else f"🛡️ {who}'s guard cancels the Hit."
        if k == "parry":
            return f"🛡️ {who} parries with {show_card(d['card'])}."
        if k == "break":
            card = f": {show_card(d['card'])}" if d.get("card") else ""
            return f"🔨 **C-C-C-COMBO BREAKER!** {who} breaks {names[d['owner']]}'s chain{card}"
        if k == "break_nothing":
            return f"🔨 {who}'s Block finds no chain to break."
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
            why = REASONS.get(str(d.get("reason")), "")
            if len(win) == 2:
                return (f"🔔 Round {d['round']}: both fighters go down together ({why}); each "
                        "wins the round.")
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


def _pair_label(aid: str) -> str | None:
    """``h-10-51`` -> ``1st 👊 Hit ◆ → 2nd 👣 Move ▲`` (None if it is not a pair id)."""
    parts = aid.split("-")[1:]
    if not parts or not all(p.isascii() and p.isdigit() and int(p) < len(content().cards)
                            for p in parts):
        return None
    cards = [show_card(int(p)) for p in parts]
    if len(cards) == 2:
        return f"1st {cards[0]} → 2nd {cards[1]}"
    return " → ".join(cards)


def _first_kinds(choices: list[tuple[str, Choice]]) -> list[tuple[str, None]]:
    seen: list[str] = []
    for kind, _ in choices:
        if kind not in seen:
            seen.append(kind)
    return [(k, None) for k in seen]


register(SushidoRenderer())
