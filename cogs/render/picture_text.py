"""Words and font of the board pictures: the catalog's texts in the reader's language.

A board picture sits beside the public embed, so it speaks the embed's locale: every word
it draws is ``picture.<game>.<key>`` of the i18n catalog (:func:`cogs.i18n.t`). Pillow's
bundled font (``ImageFont.load_default``) has no accented letters (é, è, à, ç draw as
empty boxes), so the pictures use Roboto Regular, shipped in ``fonts/`` with its Apache
2.0 licence (from the ``font-roboto`` package on PyPI).
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from cogs.i18n import DEFAULT, t

FONT_PATH = Path(__file__).with_name("fonts") / "Roboto-Regular.ttf"


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The pictures' font at ``size`` pixels (cached: loading costs more than drawing)."""
    return ImageFont.truetype(str(FONT_PATH), size)


MASKS = 4096
"""Rendered words kept per process (a few KB each): a board redraws mostly the same words."""

_masks: dict[tuple[Any, ...], tuple[Any, tuple[int, int]]] = {}


class Canvas(ImageDraw.ImageDraw):
    """A drawing surface that knows the language of its words.

    Its :meth:`text` keeps each rendered line of text (FreeType's mask of it) and pastes
    it again where Pillow would: rendering the glyphs was about 40% of a board's drawing,
    and most of a board's words are the same from one picture to the next.
    """

    def __init__(self, img: Image.Image, game: str, loc: str = DEFAULT) -> None:
        super().__init__(img)
        self.game = game
        self.loc = loc

    def text(self, xy: Any, text: Any, fill: Any = None, font: Any = None,  # type: ignore[override]
             anchor: str | None = None, **kwargs: Any) -> None:
        """Pillow's ``ImageDraw.text``, the same pixels; one line of a FreeType font in
        an "L" font mode is rendered once per process and pasted after."""
        if (kwargs or not isinstance(text, str) or "\n" in text or self.fontmode != "L"
                or not isinstance(font, ImageFont.FreeTypeFont)):
            super().text(xy, text, fill, font, anchor, **kwargs)
            return
        ink, fill_ink = self._getink(fill)
        if ink is None:
            ink = fill_ink
        if ink is None:
            return
        x, y = xy
        start = (math.modf(x)[0], math.modf(y)[0])
        key = (font, text, anchor, start, ink)
        got = _masks.get(key)
        if got is None:  # what ImageDraw.text asks FreeType for one line, no stroke
            got = font.getmask2(text, "L", None, None, None, 0, anchor or "la", ink, start,
                                stroke_filled=True)
            if len(_masks) >= MASKS:
                _masks.clear()
            _masks[key] = got
        mask, offset = got
        self.draw.draw_bitmap((int(x) + offset[0], int(y) + offset[1]), mask, ink)

    def w(self, key: str, **params: Any) -> str:
        """The text ``picture.<game>.<key>`` in the picture's locale."""
        return t(self.loc, f"picture.{self.game}.{key}", **params)


def fit(text: str, size: int, width: float) -> str:
    """``text`` shortened with '...' to fit ``width`` pixels at ``size``."""
    face = font(size)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "...") > width:
        text = text[:-1]
    return text + "..."
