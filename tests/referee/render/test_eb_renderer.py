"""The Epic Battles renderer: boards, hands, controls and narration from views.

No Discord connection: embeds are built offline. Random matches are played through the
engine; at every step the public board, its picture and the public narration must not
change when the hidden cards (hands, decks, events set face down) are dealt differently,
never say "Seat", and every control fits Discord, worded in English and French.
"""

from __future__ import annotations

import re

import discord
import pytest

import referee.render.epic_battles as ebr
from engine.core import Event, Rng, for_viewer
from engine.games.epic_battles import GAME
from engine.games.epic_battles.data import EFFECT_TYPES
from engine.games.epic_battles.model import EbState, Options, SetEvent
from engine.simulate import pick
from referee.render.base import BoardContext, Choice
from referee.render.eb_text import note_line, show_card
from referee.render.registry import renderer_for
from tests.referee.render.controls_fit import grouped_in_french

PNG = b"\x89PNG\r\n\x1a\n"
NAMES = ["<@1>", "<@2>"]
R = ebr.EbRenderer()


def _play(seed: int, cap: int = 500) -> list[tuple[EbState, list[Event]]]:
    """The states of a random match (at most ``cap`` steps), with the events before each."""
    s = GAME.setup(Options(rounds=1), 2, seed)
    agent = Rng(seed=seed + 100)
    out: list[tuple[EbState, list[Event]]] = [(s, [])]
    while s.result is None and len(out) < cap:
        seats = sorted(x for x, p in GAME.prompts(s).items() if not p.committed)
        seat = seats[agent.below(len(seats))]
        s, ev = GAME.apply(s, seat, pick(GAME, s, seat, agent))
        out.append((s, ev))
    return out


MATCHES = {seed: _play(seed) for seed in (3, 8)}


def _ctx(state: EbState) -> BoardContext:
    out = GAME.outcome(state)
    return BoardContext(match_id=42, game_name=GAME.name, view=GAME.view(state, None),
                        names=NAMES, prompts=GAME.prompts(state), finished=out is not None,
                        summary=out.summary if out else "")


def _text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for f in embed.fields:
        parts += [f.name or "", f.value or ""]
    return "\n".join(parts)


def _redeal(state: EbState) -> EbState:
    """The same public position with each seat's hidden cards dealt differently."""
    s = GAME.clone(state)
    for side in s.sides:
        down = [e.card for e in side.events if not e.known]
        pool = list(reversed(side.hand + side.deck + down))
        side.hand, rest = pool[:len(side.hand)], pool[len(side.hand):]
        side.deck, rest = rest[:len(side.deck)], rest[len(side.deck):]
        side.events = [e if e.known else SetEvent(card=rest.pop()) for e in side.events]
    return s


def test_registered_and_every_match_ends_or_runs() -> None:
    assert isinstance(renderer_for("epic_battles"), ebr.EbRenderer)
    assert any(states[-1][0].result is not None for states in MATCHES.values())


@pytest.mark.parametrize("seed", sorted(MATCHES))
def test_public_board_depends_on_no_hidden_card(seed: str) -> None:
    for state, _ in MATCHES[seed][::5]:
        other = _redeal(state)
        for loc in ("en-US", "fr"):
            a = R.board_embed(_ctx(state)) if loc == "en-US" else None
            ctx_a, ctx_b = _ctx(state), _ctx(other)
            ctx_a.locale = ctx_b.locale = loc
            a, b = R.board_embed(ctx_a), R.board_embed(ctx_b)
            assert _text(a) == _text(b)
            assert "Seat" not in _text(a) and "eb." not in _text(a)
        assert R.picture_key(GAME.view(state, None)) == R.picture_key(GAME.view(other, None))
    png = R.picture(GAME.view(MATCHES[seed][-1][0], None))
    assert png is not None and png.startswith(PNG)


@pytest.mark.parametrize("seed", sorted(MATCHES))
def test_public_narration_names_no_hidden_card(seed: int) -> None:
    said = 0
    for state, events in MATCHES[seed]:
        public_events = for_viewer(events, None)
        hidden = {show_card(x) for side in state.sides
                  for x in side.hand + side.deck + [e.card for e in side.events if not e.known]}
        shown = {show_card(x) for side in state.sides
                 for x in side.discard + side.energy + [k.card for k in side.kamidogu]
                 + [e.card for e in side.events if e.known]}
        for ev in public_events:
            shown |= {show_card(x) for x in ev.data.get("cards") or []}
        for loc in ("en-US", "fr"):
            for line in R.narrate(public_events, NAMES, loc):
                said += 1
                assert "Seat" not in line and "eb." not in line and "=" not in line, line
                assert "(s)" not in line, line  # counts agree: "1 card", "2 cards"
                for name in hidden - shown:
                    assert not re.search(re.escape(name) + r"(?!\s?\w)", line), (name, line)
    assert said > 20


def test_every_note_kind_is_worded_and_explains_the_outcome() -> None:
    keys = {ev.data["key"] for states in MATCHES.values() for _, evs in states for ev in evs
            if ev.kind == "note"}
    assert {"attack", "round_start", "set"} <= keys
    for key in keys:
        for loc in ("en-US", "fr"):
            line = note_line({"key": key, "seats": [0, 1], "cards": ["hadoken", "jab"],
                              "n": 2, "what": "bonus"}, NAMES, loc)
            assert line is None or ("eb." not in line and "{" not in line), (key, line)
    assert "Blocked" in (note_line({"key": "chip", "seats": [1, 0], "cards": ["hadoken"],
                                    "n": 1}, NAMES) or "")
    one = {"key": "damage", "seats": [0], "cards": ["hadoken"], "n": 1}
    assert "**1** damage: 1 card off the deck." in (note_line(one, NAMES) or "")
    assert "**1** dégât, 1 carte du deck en moins." in (note_line(one, NAMES, "fr") or "")
    drain = {"key": "effect", "seats": [1], "cards": ["hadoken"], "n": 2, "what": "drain"}
    assert "loses 2 energy cards" in (note_line(drain, NAMES) or "")
    for loc in ("en-US", "fr"):
        for what in ("draw", "flip_draw", "energize", "recover", "drain", "swap_weapons",
                     "armor"):
            for n in (1, 3):
                line = note_line({**drain, "what": what, "n": n}, NAMES, loc) or ""
                assert "(s)" not in line and (str(n) in line or n == 1), (what, n, line)
    ran_out = note_line({"key": "round_over", "seats": [1], "n": 1}, NAMES) or ""
    assert "<@2>'s deck is empty" in ran_out and "<@1> wins round 1" in ran_out
    for loc in ("en-US", "fr"):  # every effect type of the data is worded
        for what in set(EFFECT_TYPES) - {"mill", "strip"}:  # those two: own notes
            line = note_line({**drain, "what": what, "n": 1}, NAMES, loc) or ""
            assert "eb." not in line and "{" not in line, (what, line)
    frozen = note_line({**drain, "cards": ["deep_freeze"], "what": "freeze", "n": 1},
                       NAMES) or ""
    assert "Deep Freeze" in frozen and "cannot block until the end of the turn" in frozen


def test_new_cards_show_in_words_variable_costs_and_floating_freezes() -> None:
    from referee.render.eb_text import stats
    assert "cost 2 (varies)" in stats("fierce_punch")
    assert "coût 2 (variable)" in stats("fierce_punch", "fr")
    view_float = type("F", (), {"type": "freeze", "n": 1, "source": "deep_freeze",
                                "seat": 0})()
    text = R.float_text(view_float, NAMES, "en-US")
    assert "Deep Freeze (<@1>): the rival cannot block until the end" in text
    assert "+" not in text


@pytest.mark.parametrize("seed", sorted(MATCHES))
def test_every_decision_fits_discord_and_is_worded(seed: int) -> None:
    kinds: set[str] = set()
    for state, _ in MATCHES[seed]:
        for seat, prompt in GAME.prompts(state).items():
            if prompt.committed:
                continue
            kinds.add(prompt.kind)
            hand = R.hand_embed(GAME.view(state, seat), seat, NAMES, prompt, "fr")
            assert "eb." not in _text(hand)
            # the legal actions, and what a player is offered (chains of them)
            for listing in (GAME.legal(state, seat), GAME.offered(state, seat)):
                choices = [(a.kind, Choice(aid=a.aid, label=GAME.label(state, seat, a)))
                           for a in listing]
                groups = grouped_in_french(R, choices)
                for g in groups:
                    assert "eb." not in g.title
                    for c in g.choices:
                        assert c.label and "eb." not in c.label
                        for step in c.label.split(" → "):  # each step of a chain in French
                            assert not step.startswith(("Set ", "Discard ", "Block with ",
                                                        "Flip ", "Take ")) and step != "Pass", c
    assert {"pick", "set", "act", "block"} <= kinds


def test_a_combo_hit_explains_what_combo_effects_touch() -> None:
    from referee.i18n import t

    for loc, words in (("en-US", "never for the earlier attacks"),
                       ("fr", "jamais pour les attaques précédentes")):
        line = t(loc, "eb.strike_combo", n=2)
        assert words in line and "2" in line and "reaches back" not in line, line
