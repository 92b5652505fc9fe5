"""Sushido in Discord: the arena board, the private hand and the narration.

Everything here reads a :class:`SushidoView` (or public events), never a state. Every
card is written by :func:`show_card`, one place, so the leak test can tag each card with
its id and prove that no public message names a hidden card.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from engine.core import Event, Outcome, Prompt
from engine.games.sushido.data import content
from engine.games.sushido.model import ARENA
from referee.card_text import entry_text
from referee.i18n import DEFAULT, t, translate_english
from referee.render.base import BoardContext, Choice, Group, Renderer
from referee.render.embed import Embed, Style

TOKENS = ("🔴", "🔵")
TYPE_ICON = {"hit": "👊", "block": "🛡️", "move": "👣", "super": "⚡"}
DUELS = {"iaijutsu": "Iaijutsu", "entrainement": "Entraînement", "rencontre": "Rencontre"}
"""The rulebook's French duel names, shown as names..."""
"""...each explained in the player's language (``sushido.duel_hint.*``)."""
GROUPS = frozenset({"pick", "hajime", "reveal", "declare", "oppose", "boost", "step", "break",
                    "parry", "play", "accept", "super_combo", "surplus"})
"""Action kinds whose control groups have a title in the catalog (``sushido.group.*``)."""
REASONS = frozenset({"ko", "ring_out"})
MOVES = frozenset({"advance", "retreat", "pushed", "push", "escape", "step"})


def why_text(reason: Any, loc: str) -> str:
    """How a round or match ended (``K.-O.``, ``Ring Out``): the game's words."""
    return t(loc, f"sushido.why.{reason}") if reason in REASONS else str(reason or "")


def show_card(card: Any) -> str:
    """A card as text (``👊 Hit ◆``): a CardView, an event's card dict or a card id."""
    if isinstance(card, int):
        return _id_text(card)
    if isinstance(card, dict):
        return _card_text(str(card.get("type")), str(card.get("symbol")))
    return _card_text(str(card.type), str(card.symbol))


@lru_cache(maxsize=256)
def _card_text(kind: str, symbol: str) -> str:
    """:func:`show_card` of a card type and symbol (a few dozen of them)."""
    glyph = content().glyphs.get(symbol, "?")
    return f"{TYPE_ICON.get(kind, '')} {kind.capitalize()} {glyph}".strip()


@lru_cache(maxsize=1024)
def _id_text(card_id: int) -> str:
    """:func:`show_card` of a card id (the deck's cards)."""
    card = content().card(card_id)
    return _card_text(str(card.type), str(card.symbol))


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


def duel_text(duel: str, loc: str = DEFAULT) -> str:
    """A duel type's French name with a short explanation in ``loc``:
    ``Iaijutsu (one decisive round)``, ``Iaijutsu (un seul round décisif)``."""
    if duel not in DUELS:
        return duel
    return t(loc, "sushido.duel", name=DUELS[duel], hint=t(loc, f"sushido.duel_hint.{duel}"))


def steps(n: int, loc: str = DEFAULT) -> str:
    """``1 step``, ``2 steps``."""
    return t(loc, "sushido.steps", count=n)


def distance_text(mine: int, theirs: int, seat: int, loc: str = DEFAULT) -> str:
    """Where a fighter stands, in words (never a square number)."""
    return _distance_text(mine, theirs, seat, loc)


@lru_cache(maxsize=512)
def _distance_text(mine: int, theirs: int, seat: int, loc: str) -> str:
    """:func:`distance_text`, worded once per places, seat and language."""
    if not 0 <= mine < ARENA:
        return t(loc, "sushido.out_of_arena")
    gap = abs(mine - theirs) - 1
    where = (t(loc, "sushido.contact") if gap == 0
             else t(loc, "sushido.apart", steps=steps(gap, loc)))
    behind = mine if seat == 0 else ARENA - 1 - mine
    back = (t(loc, "sushido.back_to_edge") if behind == 0
            else t(loc, "sushido.behind", steps=steps(behind, loc)))
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


_NOT_DRAWN = {
    "prompts": True, "log": True, "inplay": True, "discard_top": True,
    "seats": {"__all__": {"committed_cards", "committed_reveal", "declared", "answered",
                          "guards"}},
}
"""Spectator-view fields ``sushido_board.render_board`` never reads (checked by a test)."""


class SushidoRenderer(Renderer):
    """Sushido's boards, hands and narration."""

    game_id = "sushido"
    color = 0xD64545

    def picture(self, view: BaseModel, loc: str = DEFAULT) -> bytes | None:
        """The arena as a PNG in ``loc``, drawn from the spectator view (the embed keeps
        the text)."""
        from referee.render.sushido_board import render_board

        return render_board(view, loc)  # type: ignore[arg-type]

    def picture_key(self, view: BaseModel) -> str:
        """The view without what the picture never shows (who committed or announced,
        prompts, the log, cards in play and the discard's top): a seat committing or
        announcing leaves the picture as it was."""
        return view.model_dump_json(exclude=_NOT_DRAWN)  # type: ignore[arg-type]

    def board_embed(self, ctx: BoardContext) -> Embed:
        """The public board, from the spectator view."""
        v: Any = ctx.view
        loc = ctx.locale
        title = t(loc, "sushido.title", duel=DUELS.get(v.duel, v.duel), id=ctx.match_id)
        embed = Embed(title=title, color=self.color)
        if v.phase == "pick":
            pair = t(loc, "render.vs", a=ctx.names[0], b=ctx.names[1])
            embed.description = (f"{pair} · {duel_text(v.duel, loc)}\n"
                                 + t(loc, "sushido.pick_desc"))
        else:
            embed.description = (t(loc, "sushido.round_desc", duel=duel_text(v.duel, loc),
                                   round=v.round, turn=v.turn)
                                 + f"\n{arena_text([s.pos for s in v.seats])}")
        for s in v.seats:
            name = s.fighter_name or "?"
            p1 = " · **P1**" if s.seat == v.p1 else ""
            lines = [f"{TOKENS[s.seat]} **{name}** {ctx.names[s.seat]}{p1}"]
            if s.picked and s.fighter_name:
                lines += [f"❤️ {s.life}/{s.max_life} {life_bar(s.life, s.max_life)}",
                          f"⚡ `{gauge_text(s.gauge)}` ({s.gauge}/5)",
                          t(loc, "sushido.rounds_won", count=s.tokens),
                          t(loc, "sushido.hand_chain", hand=s.hand_count, chain=s.chain_size)]
                if s.revealed:
                    lines.append(t(loc, "sushido.in_play", cards=cards_text(s.revealed)))
                if s.guards:
                    lines.append(t(loc, "sushido.guard_ready", count=s.guards))
            embed.add_field(name="\u200b", value="\n".join(lines), inline=True)
        if v.kata is not None:
            embed.add_field(name=t(loc, "sushido.kata_of", who=ctx.names[v.kata.attacker]),
                            value=t(loc, "sushido.kata_value", att=cards_text(v.kata.att),
                                    dfn=cards_text(v.kata.dfn)),
                            inline=False)
        if any(v.last_reveal):
            reveal = "\n".join(f"{TOKENS[i]} {cards_text(cs)}"
                               for i, cs in enumerate(v.last_reveal))
            embed.add_field(name=t(loc, "sushido.last_reveal"), value=reveal, inline=False)
        self.add_status(embed, ctx)
        if not ctx.finished:
            embed.set_footer(text=t(loc, "sushido.footer", deck=v.deck_count,
                                    discard=v.discard_count))
        return embed

    def hand_text(self, view: BaseModel, seat: int, loc: str = DEFAULT) -> str:
        """The cards in the seat's hand (its own view)."""
        me: Any = getattr(view, "me", None)
        return cards_text(list(me.hand)) if me is not None else "—"

    def hand_embed(self, view: BaseModel, seat: int, names: list[str],
                   prompt: Prompt | None, loc: str = DEFAULT) -> Embed:
        """Your hand, chain and commit (ephemeral)."""
        v: Any = view
        me = v.me
        embed = Embed(title=t(loc, "sushido.corner", token=TOKENS[seat]),
                              color=self.color)
        if me is None:
            return embed
        if v.phase == "pick":
            embed.description = t(loc, "sushido.pick_hand")
        embed.add_field(name=t(loc, "sushido.hand", count=len(me.hand)),
                        value=cards_text(me.hand), inline=False)
        size = v.seats[seat].chain_size
        chain = " → ".join(f"🂠 {i + 1}" for i in range(size))
        embed.add_field(name=t(loc, "sushido.chain", size=size),
                        value=t(loc, "sushido.chain_value", cards=chain) if size else "—",
                        inline=False)
        if me.commit is not None:
            embed.add_field(name=t(loc, "sushido.face_down"), value=cards_text(me.commit),
                            inline=False)
        mine = v.seats[seat]
        if mine.fighter_name:
            f = content().fighters[mine.fighter]
            embed.add_field(name=t(loc, "sushido.combos", name=f.name),
                            value=_fighter_combos(mine.fighter, loc), inline=False)
            where = distance_text(mine.pos, v.seats[1 - seat].pos, seat, loc)
            embed.add_field(name=t(loc, "sushido.status"),
                            value=f"❤️ {mine.life}/{mine.max_life} · ⚡ {mine.gauge}/5 · "
                                  f"{where}", inline=False)
        if prompt is not None:
            embed.add_field(name=t(loc, "render.your_decision"),
                            value=self.prompt_text(prompt, loc), inline=False)
        return embed

    def prompt_text(self, prompt: Prompt, loc: str = DEFAULT) -> str:
        """The decision in ``loc``, from its kind (the engine words it in English)."""
        if prompt.kind == "escape":
            key = ("sushido.prompt.escape_ko" if prompt.text.startswith("K.-O.")
                   else "sushido.prompt.escape_ring_out" if prompt.text.startswith("Ring Out")
                   else "sushido.prompt.escape")
            return t(loc, key)
        key = f"sushido.prompt.{prompt.kind}"
        return t(loc, key) if t(DEFAULT, key) == prompt.text else prompt.text

    def groups(self, choices: list[tuple[str, Choice]],
               loc: str = DEFAULT) -> list[Group]:
        """Group by kind; Hajime pairs and fighter picks always as a select.

        Discord allows 5 rows (a row of buttons, or one select of 25): when the groups
        need more, the button groups are folded into selects so no choice is dropped.
        """
        choices = _chained(_placing(choices), loc)
        groups = super().groups(choices, loc)
        for g, (kind, _) in zip(groups, _first_kinds(choices), strict=True):
            if kind.startswith("place-"):  # Hajime and reveal in one choice, by reveal
                g.title, g.select = t(loc, f"sushido.group.{kind.replace('-', '_')}"), True
                for c in g.choices:
                    c.label = _pair_label(c.aid.rsplit("-", 1)[0], loc) or c.label
                continue
            if kind in GROUPS:
                g.title = t(loc, f"sushido.group.{kind}")
            for c in g.choices:  # the engine's English label, in the player's language
                c.label = translate_english(c.label, "sushido.label.", loc)
            if kind == "hajime":  # "1st → 2nd" with card icons, read from the action id
                for c in g.choices:
                    c.label = _pair_label(c.aid, loc) or c.label
            if kind in ("hajime", "pick", "play", "break"):
                g.select = len(g.choices) > 5 or kind in ("hajime", "pick")
            if kind == "super_combo":
                for c in g.choices:
                    c.style = Style.danger
        return _fit_rows(groups, loc)

    def board_controls(self, view: BaseModel, loc: str = DEFAULT) -> list[Choice]:
        """A "Super Combo!" button while some fighter's gauge is full (the gauge is public)."""
        v: Any = view
        if v.result is not None or v.phase not in ("hajime", "reveal", "resolve"):
            return []
        if not any(s.gauge >= 5 for s in v.seats):
            return []
        return [Choice(aid="super-combo", label=t(loc, "sushido.super_combo_button"), emoji="🌟",
                       style=Style.danger)]

    def result_line(self, outcome: Outcome, view: BaseModel, names: list[str],
                    loc: str = DEFAULT) -> str:
        """``<@a> (Biwa) wins 1-0 by Ring Out``: players' names, fighters, score, reason."""
        v: Any = view
        def who(s: int) -> str:
            f = v.seats[s].fighter_name
            return f"{names[s]} ({f})" if f else names[s]
        tokens = [s.tokens for s in v.seats]
        if outcome.forfeited:
            loser = outcome.forfeited[0]
            key = "sushido.result.forfeit" if outcome.reason == "forfeit" else (
                "sushido.result.timeout")
            return t(loc, key, winner=who(1 - loser), loser=who(loser))
        why = why_text(outcome.reason, loc)
        if outcome.draw:
            return t(loc, "sushido.result.draw", a=tokens[0], b=tokens[1], first=who(0),
                     second=who(1), why=why)
        w = outcome.winners[0]
        return t(loc, "sushido.result.win", winner=who(w), won=tokens[w],
                 lost=tokens[1 - w], why=why)

    def narrate(self, events: list[Event], names: list[str],
                loc: str = DEFAULT) -> list[str]:
        """The events as lines; damage says where it came from ("takes 2 from X's Hit")."""
        lines: list[str] = []
        source: tuple[int, str] | None = None
        for ev in events:
            d = ev.data
            if ev.kind == "card":
                kind = str(d["card"]["type"]).capitalize()
                source = (d["seat"], t(loc, "sushido.doubled", kind=kind)
                          if d.get("doubled") else kind)
            elif ev.kind in ("super_combo", "passive") or (ev.kind == "combo" and d.get("ok")):
                source = (d["seat"], str(d["name"]))
            line = self._line(ev, names, source, loc)
            if line:
                lines.append(line)
        return lines

    def line(self, event: Event, names: list[str], loc: str = DEFAULT) -> str | None:
        """One event as a line of the match log."""
        return self._line(event, names, None, loc)

    def _line(self, event: Event, names: list[str], source: tuple[int, str] | None,
              loc: str = DEFAULT) -> str | None:
        d = event.data
        who = names[d["seat"]] if isinstance(d.get("seat"), int) else ""
        k = event.kind
        if k in ("turn_end", "reveal_commit", "hajime", "pick", "kata_end", "match_start",
                 "push_fails", "round_lost", "match_over", "declaration_dropped"):
            return None
        if k == "hajime_all":
            return t(loc, "sushido.line.hajime_all")
        if k == "draw":
            return t(loc, "sushido.line.you_draw", cards=cards_text(d["cards"])) \
                if "cards" in d else None
        if k == "picks":
            fighters = [content().fighters[f].name for f in d["fighters"]]
            return t(loc, "sushido.line.fighters", list=t(loc, "render.vs", a="", b="").join(
                t(loc, "sushido.line.fighter", who=names[i], name=f)
                for i, f in enumerate(fighters)))
        if k == "round_start":
            return t(loc, "sushido.line.round_start", round=d["round"], who=names[d["p1"]])
        if k == "turn_start":
            return t(loc, "sushido.line.turn_start", turn=d["turn"])
        if k == "reveal":
            return t(loc, "sushido.line.reveal", list=" · ".join(
                f"{names[i]} {cards_text(cs)}" for i, cs in enumerate(d["cards"])))
        if k == "chain_full_discard":
            return t(loc, "sushido.line.chain_full", who=who, card=show_card(d["card"]))
        if k == "declare":
            return _declare_line(d, who, loc)
        if k == "combo":
            return _combo_line(d, who, loc)
        simple = {"kata": "sushido.line.kata", "oppose": "sushido.line.oppose"}
        if k in simple:
            return t(loc, simple[k], who=who, cards=cards_text(d["cards"]))
        if k == "kata_clash":
            return t(loc, "sushido.line.clash", who=names[d["attacker"]],
                     card=show_card(d["card"]), against=show_card(d["against"]))
        if k == "kata_surplus":
            if d.get("chosen"):
                return t(loc, "sushido.line.surplus_chosen", who=who,
                         cards=cards_text(d["cards"]))
            return t(loc, "sushido.line.surplus", who=who)
        if k == "card":
            return t(loc, "sushido.line.plays_doubled" if d.get("doubled")
                     else "sushido.line.plays", who=who, card=show_card(d["card"]))
        if k == "damage":
            if source is not None and source[0] != d["seat"]:
                line = t(loc, "sushido.line.damage_from", who=who, amount=d["amount"],
                         source=names[source[0]], what=source[1], life=d["life"])
            else:
                line = t(loc, "sushido.line.damage", who=who, amount=d["amount"],
                         life=d["life"])
            return line + " " + t(loc, "sushido.line.no_life") if d["life"] <= 0 else line
        return self._line_more(event, who, names, loc)

    def _line_more(self, event: Event, who: str, names: list[str], loc: str) -> str | None:
        """The rest of :meth:`_line`: life, gauge, moves, guards, breaks, round ends."""
        d, k = event.data, event.kind
        if k == "heal":
            return (t(loc, "sushido.line.heals", who=who, amount=d["amount"], life=d["life"])
                    if d["amount"] else t(loc, "sushido.line.full_life", who=who,
                                          life=d["life"]))
        if k == "super_gain":
            return (t(loc, "sushido.line.gains", who=who, amount=d["amount"],
                      gauge=d["gauge"]) if d["amount"]
                    else t(loc, "sushido.line.gauge_full", who=who, gauge=d["gauge"]))
        if k == "super_spend":
            return t(loc, "sushido.line.spends", who=who, gauge=d["gauge"])
        if k == "move":
            if not 0 <= d["pos"] < ARENA:
                return t(loc, "sushido.line.pushed_out", who=who)
            why = str(d.get("why"))
            how = t(loc, f"sushido.move.{why}" if why in MOVES else "sushido.move.other")
            edge = 0 if d["seat"] == 0 else ARENA - 1
            return t(loc, "sushido.line.moves_edge" if d["pos"] == edge
                     else "sushido.line.moves", who=who, how=how)
        plain = {"push": "pushes", "ring_out": "ring_out", "whiff": "whiff", "guard": "guards",
                 "guarded": "guarded", "break_nothing": "break_nothing",
                 "accept_ring_out": "accepts_ring_out", "accept_ko": "accepts_ko",
                 "ko": "ko", "timeout": "timeout"}
        if k in plain:
            return t(loc, f"sushido.line.{plain[k]}", who=who)
        if k == "parry":
            return t(loc, "sushido.line.parries", who=who, card=show_card(d["card"]))
        if k == "break":
            if d.get("card"):
                return t(loc, "sushido.line.breaks_card", who=who, owner=names[d["owner"]],
                         card=show_card(d["card"]))
            return t(loc, "sushido.line.breaks", who=who, owner=names[d["owner"]])
        if k in ("passive", "super_combo"):
            return t(loc, f"sushido.line.{k}", who=who, name=d["name"])
        if k == "get_up":
            return t(loc, "sushido.line.gets_up", who=who, life=d["life"])
        if k == "round_end":
            win = d.get("winners") or []
            why = why_text(d.get("reason"), loc)
            if len(win) == 2:
                return t(loc, "sushido.line.round_both", round=d["round"], why=why)
            return t(loc, "sushido.line.round_to_why" if why else "sushido.line.round_to",
                     round=d["round"], who=names[win[0]], why=why)
        if k == "reshuffle":
            return t(loc, "sushido.line.reshuffle")
        return super().line(event, names, loc)


def _declare_line(d: dict[str, Any], who: str, loc: str) -> str:
    """An announcement (or its answer) as a line."""
    if d.get("answer"):
        key = "answers_kata" if d["choice"] == "kata" else "no_answer"
    elif d["choice"] in ("pass", "kata"):
        key = "passes" if d["choice"] == "pass" else "announces_kata"
    else:
        key = "announces_combo_of" if d.get("size") else "announces_combo"
    return t(loc, f"sushido.line.{key}", who=who, size=d.get("size"))


def _combo_line(d: dict[str, Any], who: str, loc: str) -> str:
    """A Combo that succeeds, or fails (and why) and is played as a Kata."""
    name = d.get("name") or t(loc, "sushido.combo_word")
    if d["ok"]:
        return t(loc, "sushido.line.combo_ok", who=who, name=name, cards=cards_text(d["cards"]))
    if d.get("symbols_ok") is False or not d.get("name"):
        why = t(loc, "sushido.line.fail_symbols", name=name)
    elif not d.get("ranged") and not d.get("contact"):
        why = t(loc, "sushido.line.fail_contact", name=name)
    else:
        why = t(loc, "sushido.line.fail_fit")
    return t(loc, "sushido.line.combo_fails", who=who, why=why, cards=cards_text(d["cards"]))


def combos_text(f: Any, loc: str) -> str:
    """A fighter's combos: name, range mark, symbols and effect (the effect from the
    fighter's ``/card`` text in ``loc``, so a translation is used when there is one)."""
    if loc != DEFAULT:
        entry = next((e for e in content_catalog() if e.name == f.name), None)
        if entry is not None:
            text = entry_text("sushido", entry, loc)
            if text != entry.text:
                return "\n".join(line for line in text.splitlines() if line.startswith("•"))
    return "\n".join(
        f"**{c.name}**{' >>>' if c.ranged else ''}: "
        f"{' '.join(content().glyphs[s] for s in c.symbols)} — {c.text}"
        for c in f.combos)


@lru_cache(maxsize=128)
def _fighter_combos(fighter: Any, loc: str) -> str:
    """:func:`combos_text` of a fighter (by its key in the content), as the hand shows it
    (worded once per fighter and language)."""
    return combos_text(content().fighters[fighter], loc)[:1000]


def content_catalog() -> list[Any]:
    """Sushido's ``/card`` entries (fighters and card types)."""
    from engine.games.sushido.catalog import catalog

    return catalog()


MAX_ROWS = 5
"""Rows of components in one Discord message."""


def _rows(groups: list[Group]) -> int:
    """Rows the table lays these groups out on: one per button group, one per 25 options."""
    return sum(1 if not g.select and len(g.choices) <= 5 else -(-len(g.choices) // 25)
               for g in groups)


def _fit_rows(groups: list[Group], loc: str = DEFAULT) -> list[Group]:
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
        merged = Group(title=t(loc, "sushido.group.more"), select=True,
                       choices=[c for g in buttons for c in g.choices])
        out = [g for g in out if g not in buttons] + [merged]
    return out


def _pair_label(aid: str, loc: str = DEFAULT) -> str | None:
    """``h-10-51`` -> ``1st 👊 Hit ◆ → 2nd 👣 Move ▲`` (None if it is not a pair id)."""
    return _pair_text(aid, loc, show_card)


@lru_cache(maxsize=8192)
def _pair_text(aid: str, loc: str, show_card: Callable[[Any], str]) -> str | None:
    """:func:`_pair_label`, worded once per pair and language (and per ``show_card``: a
    test may replace it)."""
    parts = aid.split("-")[1:]
    if not parts or not all(p.isascii() and p.isdigit() and int(p) < len(content().cards)
                            for p in parts):
        return None
    cards = [show_card(int(p)) for p in parts]
    if len(cards) == 2:
        return t(loc, "sushido.pair", first=cards[0], second=cards[1])
    return " → ".join(cards)


def _placing(choices: list[tuple[str, Choice]]) -> list[tuple[str, Choice]]:
    """Hajime and reveal as one choice where they fit (decision, issue 31: one decision
    instead of two, nothing learnt between them): the placements, one select per reveal
    (``place-both``, ``place-first``...), instead of the Hajime list then the reveal
    buttons. A hand too big for a select of 25 placements keeps the two steps."""
    places = [(f"place-{c.aid.rsplit('-', 1)[1]}", c) for k, c in choices if k == "place"]
    if not places:
        return choices
    per_show: dict[str, int] = {}
    for kind, _ in places:
        per_show[kind] = per_show.get(kind, 0) + 1
    rest = [(k, c) for k, c in choices if k != "place"]
    if max(per_show.values()) > 25:
        return rest
    out: list[tuple[str, Choice]] = []
    for kind, c in rest:  # the placements where the Hajime list was
        if kind == "hajime":
            out += places
            places = []
        else:
            out.append((kind, c))
    return out + places


CHAIN_KINDS = {"c": "play", "b": "boost", "s": "step", "k": "break", "p": "parry",
               "d": "declare", "o": "oppose", "x": "surplus"}
"""The kind of a chain's first step by its id's prefix (the decisions of a turn's
resolution, where chains are offered)."""


def _chained(choices: list[tuple[str, Choice]], loc: str) -> list[tuple[str, Choice]]:
    """A chain (a decision with its follow-ups, issue 31) in the group of its first
    step's kind, labelled step by step in the player's language."""
    out: list[tuple[str, Choice]] = []
    for kind, c in choices:
        if kind == "chain":
            first = c.aid.removeprefix("t=").split(".", 1)[0]
            kind = CHAIN_KINDS.get(first.split("-", 1)[0], "play")
            c.label = " → ".join(translate_english(part, "sushido.label.", loc)
                                 for part in c.label.split(" → "))
        out.append((kind, c))
    return out


def _first_kinds(choices: list[tuple[str, Choice]]) -> list[tuple[str, None]]:
    seen: list[str] = []
    for kind, _ in choices:
        if kind not in seen:
            seen.append(kind)
    return [(k, None) for k in seen]
