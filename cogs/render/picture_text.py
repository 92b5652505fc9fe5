"""Words and font of the board pictures: the catalog's texts in the reader's language.

A board picture sits beside the public embed, so it speaks the embed's locale: every word
it draws is ``picture.<game>.<key>`` of the i18n catalog (:func:`cogs.i18n.t`). Pillow's
bundled font (``ImageFont.load_default``) has no accented letters (é, è, à, ç draw as
empty boxes), so the pictures use Roboto Regular, shipped in ``fonts/`` with its Apache
2.0 licence (from the ``font-roboto`` package on PyPI).
"""

from __future__ import annotations

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


class Canvas(ImageDraw.ImageDraw):
    """A drawing surface that knows the language of its words."""

    def __init__(self, img: Image.Image, game: str, loc: str = DEFAULT) -> None:
        super().__init__(img)
        self.game = game
        self.loc = loc

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
