"""The Sushido board picture: a PNG for every phase, deterministic, spectator view only."""

from __future__ import annotations

import inspect
import io
import time
import typing

import pytest
from PIL import Image

from engine.core import Rng
from engine.games.sushido import GAME
from engine.games.sushido.model import ARENA, Options, SushidoState
from engine.games.sushido.views import SushidoView
from engine.simulate import pick
from referee.render.registry import renderer_for
from referee.render.sushido_board import (
    ARENA_TOP,
    CELL,
    HEIGHT,
    MARGIN,
    SEAT_COLORS,
    SQ_H,
    WIDTH,
    ZONE,
    render_board,
)

PNG = b"\x89PNG\r\n\x1a\n"
PHASES = {"pick", "hajime", "reveal", "resolve", "over"}


def _match(seed: int, duel: str) -> list[SushidoState]:
    """Every state of one random legal match (capped like the simulator)."""
    state = GAME.setup(Options(duel=duel), 2, seed)  # type: ignore[arg-type]
    agent = Rng(seed=seed ^ 0x5EED)
    out = [state]
    while state.result is None and len(out) < 3000:
        prompts = GAME.prompts(state)
        seats = sorted(s for s, p in prompts.items() if not p.committed)
        seat = seats[agent.below(len(seats))]
        state, _ = GAME.apply(state, seat, pick(GAME, state, seat, agent))
        out.append(state)
    return out


def _sample(states: list[SushidoState]) -> list[SushidoState]:
    """The first state of each (phase, Kata or not), the last one, and every 15th."""
    seen: set[tuple[str, bool]] = set()
    out = []
    for i, s in enumerate(states):
        key = (s.phase, s.kata is not None)
        if key not in seen or i % 15 == 0 or i == len(states) - 1:
            seen.add(key)
            out.append(s)
    return out


def _png_ok(png: bytes) -> None:
    assert png.startswith(PNG)
    with Image.open(io.BytesIO(png)) as img:
        img.verify()
    with Image.open(io.BytesIO(png)) as img:
        assert img.format == "PNG" and img.size == (WIDTH, HEIGHT)


def _pixel(png: bytes, xy: tuple[float, float]) -> tuple[int, int, int]:
    with Image.open(io.BytesIO(png)) as img:
        return img.convert("RGB").getpixel((int(xy[0]), int(xy[1])))  # type: ignore[return-value]


def _token_xy(pos: int) -> tuple[float, float]:
    """A point of a fighter's token below its label (the token's own colour)."""
    if pos < 0:
        x = MARGIN + ZONE / 2
    elif pos >= ARENA:
        x = MARGIN + ZONE + ARENA * CELL + ZONE / 2
    else:
        x = MARGIN + ZONE + pos * CELL + CELL / 2
    return x, ARENA_TOP + SQ_H / 2 + 6 + 12


@pytest.mark.parametrize(("seed", "duel"), [(1, "iaijutsu"), (2, "entrainement"),
                                            (3, "rencontre"), (4, "entrainement")])
def test_every_phase_of_random_matches_renders_a_png(seed: int, duel: str) -> None:
    states = _sample(_match(seed, duel))
    assert states[-1].result is not None
    phases = set()
    for state in states:
        view = GAME.view(state, None)
        png = render_board(view)
        _png_ok(png)
        phases.add(state.phase)
        if state.phase != "pick":  # fighters stand where the view says, in their colours
            for s in view.seats:
                assert _pixel(png, _token_xy(s.pos)) == SEAT_COLORS[s.seat], (state.phase, s)
    assert phases == PHASES


def test_a_ring_out_fighter_is_drawn_in_the_ring_out_zone() -> None:
    state = next(s for s in _match(5, "entrainement") if s.phase == "hajime")
    for seat, pos in ((0, -1), (1, ARENA)):
        out = GAME.clone(state)
        out.seat[seat].pos = pos
        png = render_board(GAME.view(out, None))
        assert _pixel(png, _token_xy(pos)) == SEAT_COLORS[seat]
        assert _pixel(png, _token_xy(state.seat[seat].pos)) != SEAT_COLORS[seat]


def test_same_view_gives_the_same_bytes() -> None:
    states = _match(6, "rencontre")
    for state in (states[0], states[len(states) // 2], states[-1]):
        view = GAME.view(state, None)
        again = SushidoView.model_validate_json(view.model_dump_json())
        assert render_board(view) == render_board(view) == render_board(again)
    assert render_board(GAME.view(states[5], None)) != render_board(GAME.view(states[-1], None))


def test_it_draws_the_spectator_view_only() -> None:
    """Its input type has no hidden card; a seat's view (with its hand) is refused."""
    hints = typing.get_type_hints(render_board)
    assert hints["view"] is SushidoView
    assert "view" in inspect.signature(render_board).parameters
    state = next(s for s in _match(7, "entrainement") if s.phase == "reveal")
    for seat in (0, 1):
        with pytest.raises(ValueError, match="spectator"):
            render_board(GAME.view(state, seat))
    # hidden cards (hands, face-down commits, deck order) do not change the picture
    swapped = GAME.clone(state)
    for seat in swapped.seat:
        seat.hand, swapped.deck[:len(seat.hand)] = (swapped.deck[:len(seat.hand)],
                                                    list(seat.hand))
        if seat.commit is not None:
            seat.commit = list(reversed(seat.commit))
    assert swapped.seat[0].hand != state.seat[0].hand
    assert render_board(GAME.view(swapped, None)) == render_board(GAME.view(state, None))


def test_the_renderer_attaches_the_picture() -> None:
    state = _match(8, "iaijutsu")[4]
    view = GAME.view(state, None)
    png = renderer_for("sushido").picture(view)
    assert png is not None and png == render_board(view)


def test_render_time() -> None:
    states = _match(9, "entrainement")
    view = GAME.view(next(s for s in states if s.phase == "resolve" and s.turn > 2), None)
    render_board(view)  # warm the font cache
    n = 20
    start = time.perf_counter()
    for _ in range(n):
        render_board(view)
    ms = (time.perf_counter() - start) / n * 1000
    print(f"sushido render_board: {ms:.1f} ms")
    assert ms < 500  # loose: only catches pathologies on a loaded machine; target < 20 ms
