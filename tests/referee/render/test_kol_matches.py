"""The Kingdom of Loathing renderer over whole random matches of 2, 3 and 4 seats.

Every position's public board (embed and picture key) must not change when the hidden
cards are redealt (hands and decks mixed, location piles below their tops and the skill
pile shuffled); every text is in players' names and catalogued words; every decision's
controls keep each legal action reachable, in menus of 1 to 25 options.
"""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import pytest

from cogs.controls import control_rows
from engine.core import Event, Rng, for_viewer
from engine.games.kingdom_of_loathing import GAME
from engine.games.kingdom_of_loathing.agent import GreedyAgent
from engine.games.kingdom_of_loathing.model import KolState
from engine.simulate import pick
from referee.render.base import BoardContext, Choice
from referee.render.kingdom_of_loathing import KolRenderer

R = KolRenderer()
NAMES = ["<@101>", "<@102>", "<@103>", "<@104>"]
UNKNOWN_KEY = re.compile(r"\bkol\.[a-z_.]+")
BAD = re.compile(r"\bSeat\b|\bseat \d|\d{15,}")


def play(seed: int, seats: int, leave_at: int | None = None
         ) -> list[tuple[KolState, list[Event]]]:
    """Every state of a random match, with the events that led to it; a seat leaves
    (forfeits) after ``leave_at`` steps when asked. Random players rarely march, so the
    round cap is 4: the forced March ends the match."""
    s = GAME.setup(GAME.parse_options({"round_cap": 4}), seats, seed)
    agent = Rng(seed=seed + 100)
    out: list[tuple[KolState, list[Event]]] = [(s, [])]
    while s.result is None and len(out) < 600:
        if leave_at is not None and len(out) == leave_at:
            s, ev = GAME.concede(s, seats - 1, "forfeit")
        else:
            seat = next(x for x, p in sorted(GAME.prompts(s).items()) if not p.committed)
            s, ev = GAME.apply(s, seat, pick(GAME, s, seat, agent))
        out.append((s, ev))
    return out


def greedy(seed: int, seats: int) -> list[tuple[KolState, list[Event]]]:
    """A match of the game's greedy agents (they march when they can win)."""
    s = GAME.setup(GAME.parse_options({}), seats, seed)
    agent, rng = GreedyAgent(), random.Random(seed)
    out: list[tuple[KolState, list[Event]]] = [(s, [])]
    while s.result is None and len(out) < 3000:
        seat = next(x for x, p in sorted(GAME.prompts(s).items()) if not p.committed)
        action = agent.choose(GAME.view(s, seat), GAME.legal(s, seat), rng)
        s, ev = GAME.apply(s, seat, action)
        out.append((s, ev))
    return out


MATCHES = [play(seed, seats, leave) for seed, seats, leave in
           ((1, 2, None), (2, 3, None), (3, 4, None), (4, 4, 20), (5, 3, 12))]
MATCHES.append(greedy(6, 3))
STATES = [s for m in MATCHES for s, _ in m]


def redeal(state: KolState, seed: int) -> KolState:
    """The same public position with the hidden cards redealt."""
    other = GAME.clone(state)
    rng = random.Random(seed)
    for p in other.players:
        pool = p.hand + p.deck
        rng.shuffle(pool)
        p.hand, p.deck = pool[:len(p.hand)], pool[len(p.hand):]
    for pile in other.locations:
        rest = pile[1:]
        rng.shuffle(rest)
        pile[1:] = rest
    rng.shuffle(other.skill_deck)
    if other.phase == "choose":
        other.combat.chosen = []  # picked from the (redealt) hand: secret
    return other


def ctx(state: KolState, loc: str = "en-US") -> BoardContext:
    out = GAME.outcome(state)
    names = NAMES[: state.seats]
    view = GAME.view(state, None)
    return BoardContext(match_id=5, game_name=GAME.name, view=view, names=names,
                        prompts=GAME.prompts(state), finished=out is not None,
                        summary=R.result_line(out, view, names, loc) if out else "",
                        locale=loc, left=tuple(state.left))


def all_text(embed: discord.Embed) -> str:
    d: Any = embed.to_dict()
    parts = [d.get("title", ""), d.get("description", ""),
             (d.get("footer") or {}).get("text", "")]
    parts += [f["name"] + "\n" + f["value"] for f in d.get("fields", [])]
    return "\n".join(parts)


def test_matches_cover_the_game() -> None:
    kinds = {e.kind for m in MATCHES for _, evs in m for e in evs}
    assert {"man", "march", "march_score", "eliminated", "match_over", "seat_left"} <= kinds
    assert all(m[-1][0].result is not None for m in MATCHES)
    reasons = {m[-1][0].result.reason for m in MATCHES}  # type: ignore[union-attr]
    assert {"sorceress", "rounds"} <= reasons, reasons


@pytest.mark.parametrize("loc", ["en-US", "fr"])
def test_board_and_lines_speak_names_and_game_words(loc: str) -> None:
    for m in MATCHES:
        for state, events in m:
            text = all_text(R.board_embed(ctx(state, loc)))
            assert not UNKNOWN_KEY.search(text) and not BAD.search(text), text
            for viewer in [None, *range(state.seats)]:
                for line in R.narrate(for_viewer(events, viewer), NAMES, loc):
                    assert not UNKNOWN_KEY.search(line) and not BAD.search(line), line


@pytest.mark.parametrize("loc", ["en-US", "fr"])
def test_hands_speak_game_words(loc: str) -> None:
    for state in STATES[::3]:
        prompts = GAME.prompts(state)
        for seat in range(state.seats):
            embed = R.hand_embed(GAME.view(state, seat), seat, NAMES[: state.seats],
                                 prompts.get(seat), loc)
            text = all_text(embed)
            assert not UNKNOWN_KEY.search(text) and not BAD.search(text), text
            if seat in prompts:  # the decision, worded by the catalog
                assert R.prompt_text(prompts[seat], loc) in text


def test_a_leaver_is_one_line_in_names() -> None:
    leaves = [e for m in MATCHES for _, evs in m for e in evs if e.kind == "seat_left"]
    assert leaves
    for e in leaves:
        (line,) = R.narrate([e], NAMES)
        assert NAMES[e.data["seat"]] in line and "left" in line


def test_every_ending_is_explained() -> None:
    for m in MATCHES:
        state = m[-1][0]
        out = GAME.outcome(state)
        assert out is not None
        line = R.result_line(out, GAME.view(state, None), NAMES[: state.seats])
        assert any(name in line for name in NAMES[: state.seats]), line
        assert not UNKNOWN_KEY.search(line) and not BAD.search(line), line


def test_public_board_ignores_hidden_cards() -> None:
    changed = 0
    for i, state in enumerate(STATES):
        other = redeal(state, i)
        if other.model_dump() != state.model_dump():
            changed += 1
        assert R.board_embed(ctx(other)).to_dict() == R.board_embed(ctx(state)).to_dict()
        assert (R.picture_key(GAME.view(other, None))
                == R.picture_key(GAME.view(state, None)))
    assert changed > len(STATES) // 2


def test_controls_reach_every_legal_action_in_small_menus() -> None:
    for state in STATES:
        for seat in GAME.prompts(state):
            legal = GAME.legal(state, seat)
            pairs = [(a.kind, Choice(aid=a.aid, label=GAME.label(state, seat, a)))
                     for a in legal]
            groups = R.groups(pairs)
            assert all(g.choices for g in groups)
            rows = control_rows(1, state.version, seat, groups)
            shown: list[str] = []
            for row in rows:
                for item in row:
                    if isinstance(item, discord.ui.Select):
                        assert 1 <= len(item.options) <= 25
                        shown += [o.value for o in item.options]
                    else:
                        assert isinstance(item, discord.ui.Button)
                        shown.append(str(item.custom_id).rsplit(":", 1)[1])
            assert sorted(shown) == sorted(a.aid for a in legal)
            for g in groups:
                for c in g.choices:
                    assert c.label and not UNKNOWN_KEY.search(c.label), c.label
                    if c.aid.startswith("kill-"):  # the monster, its power, its place
                        assert re.fullmatch(r"Kill .+ \(\d+.*\) at .+", c.label), c.label


def test_equal_picture_keys_draw_equal_pictures() -> None:
    by_key: dict[str, bytes | None] = {}
    reused = 0
    for state in STATES[:160]:  # consecutive steps: many leave the picture as it was
        view = GAME.view(state, None)
        key, png = R.picture_key(view), R.picture(view)
        reused += key in by_key
        assert by_key.setdefault(key, png) == png
    assert len(by_key) > 10 and reused > 10


def test_pictures_of_every_seat_count() -> None:
    for m in MATCHES[:3]:
        png = R.picture(GAME.view(m[len(m) // 2][0], None))
        assert png is not None and png.startswith(b"\x89PNG")
