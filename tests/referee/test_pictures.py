"""Board pictures are kept per distinct picture: the key must cover everything drawn."""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from engine.core import Rng
from engine.games import REGISTRY
from engine.simulate import pick
from referee import pictures
from referee.render.registry import renderer_for


def spectator_views(game_id: str, seed: int, steps: int) -> list:
    """The spectator views of one random match, step by step."""
    game = REGISTRY[game_id]
    state = game.setup(game.parse_options({}), 2, seed)
    rng = Rng(seed=seed)
    views = [game.view(state, None)]
    while state.result is None and len(views) < steps:
        seat = next(s for s, p in game.prompts(state).items() if not p.committed)
        state, _ = game.apply(state, seat, pick(game, state, seat, rng))
        views.append(game.view(state, None))
    return views


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_equal_sushido_keys_draw_equal_pictures(seed: int) -> None:
    """Views whose picture keys are equal (e.g. a seat committed or announced) draw the
    very same PNG: what the key leaves out is never drawn."""
    renderer = renderer_for("sushido")
    by_key: dict[str, bytes | None] = {}
    for view in spectator_views("sushido", seed, 60):
        key = renderer.picture_key(view)
        png = renderer.picture(view)
        if key in by_key:
            assert by_key[key] == png
        by_key[key] = png


def test_left_out_fields_do_not_change_the_picture() -> None:
    """Changing every field the Sushido key leaves out changes neither key nor picture."""
    renderer = renderer_for("sushido")
    view = spectator_views("sushido", 7, 12)[-1]
    seats = [s.model_copy(update={"committed_cards": not s.committed_cards,
                                  "committed_reveal": not s.committed_reveal,
                                  "declared": "combo", "answered": not s.answered,
                                  "guards": s.guards + 1}) for s in view.seats]
    other = view.model_copy(update={"seats": seats, "log": ["something else"],
                                    "prompts": [], "inplay": [], "discard_top": None})
    assert renderer.picture_key(other) == renderer.picture_key(view)
    assert renderer.picture(other) == renderer.picture(view)
    moved = [s.model_copy(update={"life": s.life - 1}) for s in view.seats]
    assert renderer.picture_key(view.model_copy(update={"seats": moved})) \
        != renderer.picture_key(view)


def test_a_kept_picture_is_not_drawn_again() -> None:
    renderer = renderer_for("world_of_fighters")
    view = spectator_views("world_of_fighters", 3, 5)[-1]
    draws = pictures.stats["draws"]
    first = asyncio.run(pictures.drawn(renderer, view))
    assert first is not None and pictures.stats["draws"] == draws + 1
    assert pictures.picture(renderer, view) is first
    assert pictures.stats["draws"] == draws + 1


def test_a_renderer_whose_picture_takes_no_locale_still_draws() -> None:
    """A game renderer written before pictures were localized draws its English picture."""
    from referee.render.base import Renderer

    class Old(Renderer):
        game_id = "old-game"

        def picture(self, view: BaseModel) -> bytes | None:
            return b"png"

    class New(Renderer):
        game_id = "new-game"

        def picture(self, view: BaseModel, loc: str = "en-US") -> bytes | None:
            return loc.encode()

    class View(BaseModel):
        turn: int = 1

    view = View()
    assert pictures.picture(Old(), view, "fr") == b"png"
    assert pictures.picture(New(), view, "fr") == b"fr"
    assert asyncio.run(pictures.drawn(New(), view, "en-US")) == b"en-US"


async def test_picture_processes_yield_the_cpu_to_the_bot() -> None:
    """A drawing process runs at a lower priority than the bot's event loop."""
    import asyncio
    import os

    from referee import pictures

    pictures.use_processes(1)
    try:
        assert pictures._pool is not None
        theirs = await asyncio.get_running_loop().run_in_executor(pictures._pool, os.nice, 0)
    finally:
        pictures.use_processes(0)
    assert theirs == min(19, os.nice(0) + pictures.NICENESS)


async def test_stopping_the_picture_processes_waits_for_them() -> None:
    """The bot's close stops its picture processes and waits for them: none is left
    for Python's teardown, where the pool's manager thread fails ("Exception ignored in
    ... weakref_cb: 'NoneType' object has no attribute 'util'", seen in every bench)."""
    import asyncio
    import os

    from referee import pictures

    pictures.use_processes(1)
    pool = pictures._pool
    assert pool is not None
    worker = await asyncio.get_running_loop().run_in_executor(pool, os.getpid)
    processes = list(pool._processes.values())
    assert [p.pid for p in processes] == [worker]
    await pictures.stop_processes()
    assert pictures._pool is None
    assert not any(p.is_alive() for p in processes)
