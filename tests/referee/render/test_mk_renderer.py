"""The Mortal Kombat renderer: boards, hands, controls and narration from views.

No Discord connection: embeds are built offline. Random matches at each level are played
through the engine; at every step the public board, its picture and the public narration
must not change when the hands and decks are shuffled between the players' piles (so
they cannot depend on them), never say "Seat", and every control fits Discord.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import discord
import pytest

import referee.render.mortal_kombat as mkr
from engine.core import Event, Outcome, Rng, for_viewer, public
from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.model import MkState, Options
from engine.simulate import pick
from referee.render.base import BoardContext, Choice
from referee.render.registry import renderer_for
from tests.referee.render.controls_fit import grouped_in_french

PNG = b"\x89PNG\r\n\x1a\n"
NAMES = ["<@1>", "<@2>"]
R = mkr.MkRenderer()


def _play(seed: int, level: str, cap: int = 400) -> list[tuple[MkState, list[Event]]]:
    """The states of a random match (at most ``cap`` steps), with the events before each."""
    s = GAME.setup(Options(level=level), 2, seed)  # type: ignore[arg-type]
    agent = Rng(seed=seed + 100)
    out: list[tuple[MkState, list[Event]]] = [(s, [])]
    while s.result is None and len(out) < cap:
        prompts = GAME.prompts(s)
        seats = sorted(x for x, p in prompts.items() if not p.committed)
        seat = seats[agent.below(len(seats))]
        s, ev = GAME.apply(s, seat, pick(GAME, s, seat, agent))
        out.append((s, ev))
    return out


MATCHES = {level: _play(seed, level) for seed, level in
           ((3, "starter"), (7, "basic"), (11, "advanced"))}


def _ctx(state: MkState) -> BoardContext:
    out = GAME.outcome(state)
    return BoardContext(match_id=42, game_name=GAME.name, view=GAME.view(state, None),
                        names=NAMES, prompts=GAME.prompts(state), finished=out is not None,
                        summary=out.summary if out else "")


def _text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    for f in embed.fields:
        parts += [f.name or "", f.value or ""]
    return "\n".join(parts)


def _swap_hidden(state: MkState) -> MkState:
    """The same public position with each seat's hand and deck kards replaced."""
    s = GAME.clone(state)
    for f in s.fighters:
        pool = f.hand + f.deck
        pool.reverse()
        f.hand, f.deck = pool[:len(f.hand)], pool[len(f.hand):]
    return s


def test_registered() -> None:
    assert isinstance(renderer_for("mortal_kombat"), mkr.MkRenderer)


@pytest.mark.parametrize("level", sorted(MATCHES))
def test_public_board_depends_on_no_hidden_kard(level: str) -> None:
    for state, _ in MATCHES[level][::7]:
        other = _swap_hidden(state)
        a, b = R.board_embed(_ctx(state)), R.board_embed(_ctx(other))
        assert _text(a) == _text(b)
        assert R.picture_key(GAME.view(state, None)) == R.picture_key(GAME.view(other, None))
        assert "Seat" not in _text(a) and "seat" not in _text(a)


@pytest.mark.parametrize("level", sorted(MATCHES))
def test_public_narration_names_no_kard_in_a_hand(level: str) -> None:
    for state, events in MATCHES[level]:
        lines = R.narrate(for_viewer(events, None), NAMES)
        hidden = {mkr.show_kard(x) for f in state.fighters for x in f.hand}
        shown = {mkr.show_kard(x) for f in state.fighters for x in f.discard}
        for ev in for_viewer(events, None):  # kards the rules show (a discard, a loss)
            for key in ("kard", "kombo", "kards", "discarded", "lost"):
                value = ev.data.get(key)
                for x in value if isinstance(value, list) else [value]:
                    if isinstance(x, str):
                        shown.add(mkr.show_kard(x))
        ex = state.exchange
        if ex is not None:
            shown |= {mkr.show_kard(x) for x in [ex.kard, *ex.se, *ex.dse, *ex.extra,
                                                *([ex.kombo] if ex.kombo else []),
                                                *([ex.defense] if ex.defense else [])]}
        for line in lines:
            assert "Seat" not in line and "=" not in line, line
            for name in hidden - shown:
                assert not re.search(re.escape(name) + r"(?!\s?\w)", line), (name, line)


@pytest.mark.parametrize("level", sorted(MATCHES))
def test_every_decision_fits_discord_and_is_worded(level: str) -> None:
    seen: set[str] = set()
    for state, _ in MATCHES[level]:
        for seat, prompt in GAME.prompts(state).items():
            if prompt.committed:
                continue
            choices = [(a.kind, Choice(aid=a.aid, label=GAME.label(state, seat, a)))
                       for a in GAME.legal(state, seat)]
            groups = grouped_in_french(R, choices)
            assert groups and all(g.choices for g in groups)
            for g in groups:
                for c in g.choices:
                    assert c.label and "mk." not in c.label and "-" not in c.aid[:2]
            text = R.prompt_text(prompt, "fr")
            assert "mk." not in text
            seen.add(prompt.kind)
            hand = R.hand_embed(GAME.view(state, seat), seat, NAMES, prompt, "fr")
            assert "mk." not in _text(hand)
    assert {"pick", "act", "respond", "boost"} <= seen


def test_discard_pairs_are_split_by_how_many_go() -> None:
    state = next(s for s, _ in MATCHES["basic"] if s.phase == "discard")
    choices = [(a.kind, Choice(aid=a.aid, label=GAME.label(state, 0, a)))
               for a in GAME.legal(state, 0)]
    groups = R.groups(choices)
    titles = [g.title for g in groups]
    assert titles[:2] == ["Discard one kard", "Discard two kards"]
    assert groups[-1].choices[0].label == "Keep everything" and not groups[-1].select


def test_a_defender_can_always_take_the_hit_in_one_click() -> None:
    for state, _ in MATCHES["advanced"]:
        if state.phase != "respond":
            continue
        seat = next(iter(GAME.prompts(state)))
        choices = [(a.kind, Choice(aid=a.aid, label=GAME.label(state, seat, a)))
                   for a in GAME.legal(state, seat)]
        buttons = [c for g in R.groups(choices) if not g.select for c in g.choices]
        assert [c.label for c in buttons] == ["Take the hit"]
        hand = _text(R.hand_embed(GAME.view(state, seat), seat, NAMES, None))
        assert state.exchange is not None and mkr.show_kard(state.exchange.kard) in hand


def test_picture_and_board_at_each_level() -> None:
    for level, match in MATCHES.items():
        for state, _ in (match[0], match[len(match) // 2], match[-1]):
            view = GAME.view(state, None)
            png = R.picture(view)
            assert png is not None and png.startswith(PNG)
            embed = R.board_embed(_ctx(state))
            text = _text(embed)
            assert "mk." not in text
            if state.phase != "pick" and state.result is None:
                assert ("Distance" in text) == (level == "advanced")
                assert "initiative" in text


def test_result_lines_in_names_and_rounds() -> None:
    state = MATCHES["basic"][-1][0]
    view: Any = GAME.view(state, None)
    fighters = [view.fighters[0].model_copy(update={"rounds": 2, "name": "Sub-Zero"}),
                view.fighters[1].model_copy(update={"rounds": 1, "name": "Kano"})]
    view = view.model_copy(update={"fighters": fighters})  # views are frozen
    win = Outcome.win(0, 2, "rounds", "x")
    assert R.result_line(win, view, NAMES) == \
        "🏆 <@1> (Sub-Zero) wins the match 2-1 in rounds."
    gone = Outcome(ranks=(1, 2), reason="forfeit", summary="", forfeited=(1,))
    assert "<@2> (Kano) left" in R.result_line(gone, view, NAMES)
    draw = Outcome.tie(2, "rounds", "")
    assert "draw" in R.result_line(draw, view, NAMES)


def test_narration_of_the_main_moments() -> None:
    lines = R.narrate([
        public("kombatants_revealed", kombatants=["subzero", "kano"]),
        public("round_over", round=1, winner=1, reason="timer", kp=[4, 9]),
    ], NAMES)
    assert lines[0].startswith("🐉 🟥 <@1> (Sub-Zero) against 🟦 <@2> (Kano)")
    assert "Time!" in lines[1] and "<@2>" in lines[1]


@pytest.mark.parametrize(("how", "speed", "against", "words"), [
    ("bl", 5, 5, "blocks with"), ("bl", 4, 5, "too slow"), ("ev", 5, 5, "too slow"),
    ("ev", 6, 5, "evades with"), ("ct", 6, 5, "lands first"), ("ct", 5, 5, "both hit"),
    ("sc", 5, 5, "the attack fails"),
])
def test_each_response_is_told_with_its_speeds(how: str, speed: int, against: int,
                                               words: str) -> None:
    line = R.line(public("responded", seat=1, kard="d01", how=how, speed=speed,
                         against=against), NAMES)
    assert line is not None and words in line and "<@2>" in line and "High Block" in line


def test_kp_read_in_the_readers_language_and_never_below_zero() -> None:
    said_zero = 0
    for steps in MATCHES.values():
        for state, events in steps[::5] + steps[-1:]:
            ctx = _ctx(state)
            fr = _text(R.board_embed(dataclasses.replace(ctx, locale="fr")))
            assert "** KP" not in fr and " PK" in fr, fr
            for loc in ("en-US", "fr"):
                for line in R.narrate(for_viewer(events, None), NAMES, loc):
                    assert not re.search(r"\(-\d+ (KP|PK)", line), line
                    said_zero += "(0 KP left)" in line
        last = steps[-1][0]
        assert not re.search(r"\*\*-\d", _text(R.board_embed(_ctx(last))))
    knocked = {"kind": "damage", "seat": 1, "amount": 5, "kp": -2}
    line = R.narrate([Event(kind="damage", data=knocked)], NAMES)[0]
    assert "(0 KP left)" in line and "-2" not in line, line


def test_keeping_every_kard_is_said_in_words_to_its_player() -> None:
    kept = Event(kind="discard_chosen", audience=(0,), data={"seat": 0, "kards": []})
    for loc, words in (("en-US", "You keep every kard."), ("fr", "Vous gardez toutes vos kartes.")):
        assert R.narrate([kept], NAMES, loc) == [words]
    one = Event(kind="discard_chosen", audience=(0,), data={"seat": 0, "kards": ["b01"]})
    line = R.narrate([one], NAMES)[0]
    assert line.startswith("You discard ") and "—" not in line


def test_a_modifier_counts_its_turns_in_words() -> None:
    from engine.games.mortal_kombat.model import Modifier

    haste = Modifier(seat=0, kard="b01", kind="speed", value=1, target="self", turns=1)
    one = R.modifier_text(haste, NAMES, "en-US")
    two = R.modifier_text(haste.model_copy(update={"turns": 2}), NAMES, "en-US")
    assert one.endswith("1 more turn") and two.endswith("2 more turns")
    fr = R.modifier_text(haste.model_copy(update={"turns": 2}), NAMES, "fr")
    assert fr.endswith("encore 2 tours") and "(s)" not in one + two + fr
