"""The World of Fighters board picture: a PNG for start, mid-game and final views."""

from __future__ import annotations

import io
import time

import pytest
from PIL import Image

from engine.core import Rng
from engine.games.world_of_fighters import GAME
from engine.games.world_of_fighters.model import Options, WofState
from engine.simulate import pick
from referee.render.wof_board import HEIGHT, WIDTH, render_board

PNG = b"\x89PNG\r\n\x1a\n"


def _states() -> list[WofState]:
    s = GAME.setup(Options(bouts=3), 2, 11)
    agent = Rng(seed=5)
    out = [s]
    while s.result is None:
        prompts = GAME.prompts(s)
        seats = sorted(x for x, p in prompts.items() if not p.committed)
        seat = seats[agent.below(len(seats))]
        s, _ = GAME.apply(s, seat, pick(GAME, s, seat, agent))
        out.append(s)
    return out


STATES = _states()


@pytest.mark.parametrize("which", ["start", "picked", "moving", "mid", "final"])
def test_renders_png_of_the_right_size(which: str) -> None:
    state = {
        "start": STATES[0],
        "picked": STATES[2],
        "moving": next(s for s in STATES if s.phase == "move"),
        "mid": next(s for s in STATES if s.phase == "commit" and s.turn > 4),
        "final": STATES[-1],
    }[which]
    for viewer in (None, 0, 1):
        png = render_board(GAME.view(state, viewer))
        assert png.startswith(PNG)
        with Image.open(io.BytesIO(png)) as img:
            assert img.size == (WIDTH, HEIGHT) and img.format == "PNG"


def test_every_state_of_a_match_renders() -> None:
    for state in STATES[::3]:
        assert render_board(GAME.view(state, None)).startswith(PNG)


def test_render_time() -> None:
    view = GAME.view(next(s for s in STATES if s.phase == "commit" and s.turn > 4), None)
    render_board(view)  # warm the font cache
    n = 20
    start = time.perf_counter()
    for _ in range(n):
        render_board(view)
    ms = (time.perf_counter() - start) / n * 1000
    print(f"wof render_board: {ms:.1f} ms")
    assert ms < 500  # loose: only catches pathologies; the target is < 30 ms
