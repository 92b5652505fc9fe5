"""Cheaper board pictures, the same pixels.

:meth:`Canvas.text` pastes kept masks of words (stroked ones too),
:meth:`Canvas.rounded_rectangle` fills the kept rectangles of each shape and
:meth:`Canvas.png` writes the PNG with unfiltered rows and ISA-L's deflate; the pictures
they make must decode to exactly the pixels of Pillow's own ``ImageDraw.text``,
``ImageDraw.rounded_rectangle`` and PNG encoder (monkeypatched back in as the reference),
for every game, in both locales, along random matches.
"""

from __future__ import annotations

import io
import random
import zlib
from typing import Any

import pytest
from PIL import Image, ImageDraw

from engine.games import REGISTRY
from referee.render import picture_text, png
from referee.render.picture_text import Canvas
from referee.render.png import encode
from referee.render.registry import renderer_for
from tests.referee.render.test_picture_text import _spectator_views

TABLES = [("sushido", 2), ("world_of_fighters", 2), ("kingdom_of_loathing", 2),
          ("kingdom_of_loathing", 4), ("mortal_kombat", 2), ("mortal_kombat", 3),
          ("epic_battles", 2)]
"""Every game, and the larger tables that draw differently (a Brawl, four KoL seats)."""


def _views(game_id: str, seats: int, seed: int, count: int) -> list[Any]:
    """Spectator views along one random match (:func:`_spectator_views`)."""
    return _spectator_views(game_id, seats, seed, count)


def _pixels(png: bytes | None) -> tuple[str, tuple[int, int], bytes] | None:
    if png is None:
        return None
    img = Image.open(io.BytesIO(png))
    return img.mode, img.size, img.tobytes()


def _pillow_png(self: Canvas) -> bytes:
    out = io.BytesIO()
    self._image.save(out, format="PNG", optimize=False, compress_level=1)
    return out.getvalue()


def test_all_games_are_covered() -> None:
    assert {game for game, _ in TABLES} == set(REGISTRY)


@pytest.mark.parametrize(("game_id", "seats"), TABLES)
@pytest.mark.parametrize("loc", ["en-US", "fr"])
def test_kept_shapes_and_fast_png_draw_the_same_pixels(game_id: str, seats: int, loc: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.pictures import draw

    renderer = renderer_for(game_id)
    views = [v for seed in (1, 2, 3) for v in _views(game_id, seats, seed, 60)[::5]]
    monkeypatch.setattr(picture_text, "_shapes", {})
    monkeypatch.setattr(picture_text, "_masks", {})
    fresh = [_pixels(draw(renderer, v, loc)) for v in views]  # shapes drawn, then kept
    again = [_pixels(draw(renderer, v, loc)) for v in views]  # every shape pasted now
    monkeypatch.setattr(Canvas, "text", ImageDraw.ImageDraw.text)
    monkeypatch.setattr(Canvas, "rounded_rectangle", ImageDraw.ImageDraw.rounded_rectangle)
    monkeypatch.setattr(Canvas, "png", _pillow_png)
    pillow = [_pixels(draw(renderer, v, loc)) for v in views]
    assert any(p is not None for p in pillow)
    for i, (a, b, ref) in enumerate(zip(fresh, again, pillow, strict=True)):
        assert a == ref, (game_id, seats, loc, i)
        assert b == ref, (game_id, seats, loc, i)


def test_a_kept_shape_is_not_drawn_by_pillow_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(picture_text, "_shapes", {})
    calls = []
    original = ImageDraw.ImageDraw.rounded_rectangle

    def spy(self: Any, *args: Any, **kwargs: Any) -> None:
        calls.append(args)
        original(self, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "rounded_rectangle", spy)
    shapes = [((3.5, 4, 60, 40), 8, (40, 43, 54), None, 1),
              ((10, 10, 38.5, 44), 3, (120, 34, 44), (214, 170, 96), 2),
              ((10, 10, 38, 44), 3, None, (70, 73, 86), 2),
              ((5, 5, 25, 15), 9, (1, 2, 3), (1, 2, 3), 2),  # joined corners: an ellipse
              ((0, 0, 79, 59), 0, "gold", "red", 1)]
    imgs = []
    for _ in range(2):
        img = Image.new("RGB", (80, 60), (28, 30, 38))
        canvas = Canvas(img, "sushido")
        for xy, radius, fill, outline, width in shapes:
            canvas.rounded_rectangle(xy, radius, fill, outline, width)
        imgs.append(img.tobytes())
    assert len(calls) == len(shapes)  # the second picture drew none of them
    ref = Image.new("RGB", (80, 60), (28, 30, 38))
    plain = ImageDraw.ImageDraw(ref)
    for xy, radius, fill, outline, width in shapes:
        original(plain, xy, radius, fill, outline, width)
    assert imgs == [ref.tobytes(), ref.tobytes()]


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "P", "1"])
@pytest.mark.parametrize("size", [(53, 17), (1, 1), (333, 250)])
@pytest.mark.parametrize("deflate", ["isal", "zlib"])
def test_png_decodes_to_the_same_pixels(mode: str, size: tuple[int, int], deflate: str,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    if deflate == "zlib":  # where isal has no wheel
        monkeypatch.setattr(png, "_deflate", zlib)
        monkeypatch.setattr(png, "LEVEL", 1)
    else:
        assert png._deflate.__name__.endswith("isal_zlib")
    rng = random.Random(f"{mode}{size}")
    img = Image.frombytes("RGB", size, rng.randbytes(size[0] * size[1] * 3))
    img = img.convert(mode)
    back = Image.open(io.BytesIO(encode(img)))
    assert (back.mode, back.size, back.tobytes()) == (img.mode, img.size, img.tobytes())
