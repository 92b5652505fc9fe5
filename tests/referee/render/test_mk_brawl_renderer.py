"""The Mortal Kombat renderer at a Brawl table (3-6 seats): board, picture, seat lines,
target menu, narration and result, in English and French, from views only."""

from __future__ import annotations

import re

import pytest

import referee.render.mortal_kombat as mkr
from cogs.controls import control_rows
from engine.core import Event, Rng, for_viewer
from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.model import MkState, Options
from engine.simulate import pick
from referee.render.base import BoardContext, Choice

PNG = b"\x89PNG\r\n\x1a\n"
R = mkr.MkRenderer()


def _play(seats: int, seed: int, level: str) -> list[tuple[MkState, list[Event]]]:
    s = GAME.setup(Options(level=level), seats, seed)  # type: ignore[arg-type]
    agent = Rng(seed=seed + 100)
    out: list[tuple[MkState, list[Event]]] = [(s, [])]
    while s.result is None and len(out) < 3000:
        open_seats = sorted(x for x, p in GAME.prompts(s).items() if not p.committed)
        seat = open_seats[agent.below(len(open_seats))]
        s, ev = GAME.apply(s, seat, pick(GAME, s, seat, agent))
        out.append((s, ev))
    return out


@pytest.mark.parametrize(("seats", "level", "loc"), [(3, "advanced", "en-US"),
                                                     (6, "basic", "fr")])
def test_brawl_board_names_every_kombatant_and_never_a_seat(seats: int, level: str,
                                                            loc: str) -> None:
    names = [f"<@{i + 1}>" for i in range(seats)]
    steps = _play(seats, 4, level)
    assert steps[-1][0].result is not None
    aimed = target = 0
    for s, events in steps[::7] + steps[-1:]:
        view = GAME.view(s, None)
        ctx = BoardContext(match_id=9, game_name="Mortal Kombat", view=view, names=names,
                           prompts=GAME.prompts(s), finished=s.result is not None,
                           locale=loc)
        text = repr(R.board_embed(ctx).to_dict())
        assert not re.search(r"\b[Ss]eat \d|\bmk\.", text), text
        assert all(n in text for n in names)
        aimed += "🎯" in text
        target += s.exchange is not None and s.exchange.target is not None and (
            "🎯" in text or "❓" in text)
        assert R.picture(view)[:8] == PNG
        assert len(R.seat_lines(view, names, loc)) == seats
        for line in R.narrate(for_viewer(events, None), names, loc):
            assert not re.search(r"\b[Ss]eat \d|\bmk\.", line), line
    assert aimed and target
    last = steps[-1][0]
    assert last.result is not None
    line = R.result_line(last.result, GAME.view(last, None), names, loc)
    assert any(n in line for n in names) and "mk." not in line


def test_the_target_menu_names_the_kombatants() -> None:
    s = GAME.setup(Options(level="basic"), 4, 2)
    for seat in range(4):
        s, _ = GAME.act(s, seat, f"pick-{('subzero', 'kano', 'raiden', 'sonya')[seat]}")
    seat = s.initiative
    choices = [(a.kind, Choice(aid=a.aid, label=GAME.label(s, seat, a)))
               for a in GAME.legal(s, seat)]
    for loc, word in (("en-US", "Target"), ("fr", "Viser")):
        groups = R.groups([(k, Choice(aid=c.aid, label=c.label)) for k, c in choices], loc)
        aim = groups[0]
        assert aim.select and len(aim.choices) == 2  # the two not aimed at yet
        assert all(c.label.startswith(word) for c in aim.choices)
        assert all(not re.search(r"\d", c.label) for c in aim.choices)
        assert control_rows(1, s.version, seat, groups)


@pytest.mark.parametrize("loc", ["en-US", "fr"])
def test_the_pick_board_of_a_brawl_speaks_to_everyone_and_counts_no_deck(loc: str) -> None:
    names = [f"<@{i + 1}>" for i in range(4)]
    s = GAME.setup(Options(level="starter"), 4, 1)
    ctx = BoardContext(match_id=9, game_name="Mortal Kombat", view=GAME.view(s, None),
                       names=names, prompts=GAME.prompts(s), finished=False, locale=loc)
    embed = R.board_embed(ctx).to_dict()
    text = repr(embed)
    assert "Both players" not in text and "Les deux joueurs" not in text
    footer = embed["footer"]["text"]
    assert ("Infinity Rule" if loc == "en-US" else "Infini") in footer
    assert "0 kards" not in footer and "kards" not in footer, footer
    hand = repr(R.hand_embed(GAME.view(s, 2), 2, names, GAME.prompts(s)[2], loc).to_dict())
    assert "until both" not in hand and "les deux aient" not in hand, hand
