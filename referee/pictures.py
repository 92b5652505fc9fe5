"""Board pictures, drawn once per distinct picture and kept (bounded).

Drawing a board with Pillow took 10-20 ms of CPU (1-5 ms since the PNG and the rounded
rectangles are written faster, :mod:`referee.render.png`); done for every click it dominated the
bot's latency (the drawing thread competes with the event loop). A picture is a pure
function of the spectator view, and many clicks leave what the picture shows unchanged
(a seat commits, announces, answers): the renderer's :meth:`picture_key` names what the
picture depends on, and an unchanged key reuses the PNG already drawn.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import hashlib
import inspect
import logging
import multiprocessing
import os
from collections import OrderedDict

from pydantic import BaseModel

from referee.i18n import DEFAULT
from referee.render.base import Renderer

log = logging.getLogger(__name__)

SIZE = 128
"""Pictures kept (about 30 KB each): a bounded cost, whatever the number of matches."""

_cache: OrderedDict[tuple[str, str, str], bytes | None] = OrderedDict()
stats = {"hits": 0, "draws": 0}
"""Counters, for benches and logs."""


Key = tuple[str, str, str]
"""(game, locale, the renderer's picture key): a picture's words are in its locale."""


def key_of(renderer: Renderer, view: BaseModel, loc: str = DEFAULT) -> bytes:
    """A short digest of the key of ``view``'s picture in ``loc`` (16 bytes, to be kept
    per live board): equal digests, the same picture."""
    text = "\x00".join((renderer.game_id, loc, renderer.picture_key(view)))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def cached(renderer: Renderer, view: BaseModel,
           loc: str = DEFAULT) -> tuple[Key, bytes | None, bool]:
    """The key of ``view``'s picture in ``loc``, the PNG if already drawn, and whether it
    was."""
    key = (renderer.game_id, loc, renderer.picture_key(view))
    if key in _cache:
        _cache.move_to_end(key)
        stats["hits"] += 1
        return key, _cache[key], True
    return key, None, False


def keep(key: Key, png: bytes | None) -> bytes | None:
    """Remember a freshly drawn picture."""
    stats["draws"] += 1
    _cache[key] = png
    while len(_cache) > SIZE:
        _cache.popitem(last=False)
    return png


@functools.cache
def _takes_locale(kind: type[Renderer]) -> bool:
    """Whether a renderer's ``picture`` takes the locale (one written before pictures were
    localized draws in English)."""
    return "loc" in inspect.signature(kind.picture).parameters


def draw(renderer: Renderer, view: BaseModel, loc: str = DEFAULT) -> bytes | None:
    """``renderer``'s picture of ``view`` worded in ``loc`` (not kept)."""
    if _takes_locale(type(renderer)):  # type: ignore[arg-type]  # (a class is hashable)
        return renderer.picture(view, loc)
    return renderer.picture(view)


def picture(renderer: Renderer, view: BaseModel, loc: str = DEFAULT) -> bytes | None:
    """The board picture of ``view`` worded in ``loc``, drawn here if it is not kept."""
    key, png, hit = cached(renderer, view, loc)
    return png if hit else keep(key, draw(renderer, view, loc))


_pool: concurrent.futures.ProcessPoolExecutor | None = None

NICENESS = 10
"""How much lower than the bot a picture process runs: when both want the one free
core, the event loop (which answers the clicks) gets it, and the board's picture,
which follows the answer, waits a few milliseconds more."""


def _lower_priority(increment: int = NICENESS) -> None:
    """In a new worker process: yield the CPU to the bot (where the OS allows)."""
    with contextlib.suppress(AttributeError, OSError):  # no nice(): the bot's priority
        os.nice(increment)


def use_processes(workers: int) -> None:
    """Draw missing pictures in ``workers`` worker processes (0: in a thread).

    A drawing thread holds the GIL for much of its 10-20 ms and delays every other
    click's answer; a process draws on another core. Started lazily (spawned, so no
    thread of the bot is forked) at the first drawing, at a lower priority than the bot
    (:data:`NICENESS`).
    """
    global _pool
    if _pool is not None:
        _pool.shutdown(wait=False, cancel_futures=True)
        _pool = None
    if workers > 0:
        _pool = concurrent.futures.ProcessPoolExecutor(
            max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
            initializer=_lower_priority)


async def stop_processes() -> None:
    """Stop the picture processes and wait for them to exit (the bot is closing).

    :func:`use_processes` lets a replaced pool finish in the background; at the bot's
    end nothing would finish it, and its manager thread would then run while Python is
    tearing its modules down ("Exception ignored in ... weakref_cb"). The wait runs in a
    thread: a drawing still under way (tens of milliseconds) is cancelled or finished.
    """
    global _pool
    pool, _pool = _pool, None
    if pool is not None:
        await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


def _draw(game_id: str, view: BaseModel, loc: str = DEFAULT) -> bytes | None:
    """In a worker process: the picture of a view."""
    from referee.render.registry import renderer_for

    return draw(renderer_for(game_id), view, loc)


_drawing: dict[Key, asyncio.Task[bytes | None]] = {}
"""Pictures being drawn now: a second ask for one waits for the same drawing."""


async def drawn(renderer: Renderer, view: BaseModel, loc: str = DEFAULT) -> bytes | None:
    """:func:`picture`, drawing a missing one off the event loop (a worker process when
    :func:`use_processes` set some, else a thread; a broken pool falls back to a thread).
    A picture already being drawn is not drawn twice (the board's edit joins the drawing
    its step began early, :meth:`cogs.reconcile.Reconciler.want_board`); a caller that is
    cancelled leaves the drawing to finish (and be kept) for the others."""
    key, png, hit = cached(renderer, view, loc)
    if hit:
        return png
    drawing = _drawing.get(key)
    if drawing is None:
        drawing = _drawing[key] = asyncio.ensure_future(
            _draw_off_loop(key, renderer, view, loc))
        drawing.add_done_callback(lambda _: _drawing.pop(key, None))
    return await asyncio.shield(drawing)


async def _draw_off_loop(key: Key, renderer: Renderer, view: BaseModel,
                         loc: str) -> bytes | None:
    """:func:`drawn`'s drawing."""
    if _pool is not None:
        try:
            loop = asyncio.get_running_loop()
            return keep(key, await loop.run_in_executor(_pool, _draw, renderer.game_id, view,
                                                           loc))
        except concurrent.futures.process.BrokenProcessPool:
            log.warning("the picture worker process died; drawing in a thread")
            use_processes(0)
    return keep(key, await asyncio.to_thread(draw, renderer, view, loc))
