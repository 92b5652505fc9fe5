"""Words and font of the board pictures: the catalog's texts in the reader's language.

A board picture sits beside the public embed, so it speaks the embed's locale: every word
it draws is ``picture.<game>.<key>`` of the i18n catalog (:func:`referee.i18n.t`). Pillow's
bundled font (``ImageFont.load_default``) has no accented letters (é, è, à, ç draw as
empty boxes), so the pictures use Roboto Regular, shipped in ``fonts/`` with its Apache
2.0 licence (from the ``font-roboto`` package on PyPI).
"""

from __future__ import annotations

import math
import re
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from referee.i18n import DEFAULT, t
from referee.render import png

FONT_PATH = Path(__file__).with_name("fonts") / "Roboto-Regular.ttf"


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    """The pictures' font at ``size`` pixels (cached: loading costs more than drawing)."""
    return ImageFont.truetype(str(FONT_PATH), size)


MASKS = 4096
"""Rendered words kept per process (a few KB each): a board redraws mostly the same words."""

_masks: dict[tuple[Any, ...], tuple[Any, tuple[int, int]]] = {}

SHAPES = 4096
"""Rounded rectangles kept per process (a few dozen rectangles each)."""

_shapes: dict[tuple[Any, ...], list[tuple[tuple[int, int, int, int], Any]]] = {}


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
        an "L" font mode, stroked or not, is rendered once per process and pasted after."""
        stroke = kwargs.get("stroke_width", 0)
        if (not kwargs.keys() <= {"stroke_width", "stroke_fill"} or not isinstance(text, str)
                or "\n" in text or self.fontmode != "L" or not isinstance(stroke, int | float)
                or not isinstance(font, ImageFont.FreeTypeFont)):
            super().text(xy, text, fill, font, anchor, **kwargs)
            return
        ink = self._ink(fill)
        if ink is None:
            return
        if stroke:  # as Pillow: the stroked text in the stroke's ink, the text over it
            outline = kwargs.get("stroke_fill")
            stroke_ink = ink if outline is None else self._ink(outline)
            self._line(xy, text, font, anchor, stroke_ink, stroke)
            if ink != stroke_ink:
                self._line(xy, text, font, anchor, ink, 0)
        else:
            self._line(xy, text, font, anchor, ink, 0)

    def _ink(self, fill: Any) -> Any:
        """The ink ``ImageDraw.text`` draws ``fill`` with."""
        ink, fill_ink = self._getink(fill)
        return fill_ink if ink is None else ink

    def _line(self, xy: Any, text: str, font: ImageFont.FreeTypeFont, anchor: str | None,
              ink: Any, stroke: float) -> None:
        """One line of text in ``ink``, stroked ``stroke`` wide (0: not), from the kept
        masks."""
        x, y = xy
        start = (math.modf(x)[0], math.modf(y)[0])
        key = (font, text, anchor, start, ink, stroke)
        got = _masks.get(key)
        if got is None:  # what ImageDraw.text asks FreeType for one line
            got = font.getmask2(text, "L", None, None, None, stroke, anchor or "la", ink,
                                start, stroke_filled=True)
            if len(_masks) >= MASKS:
                _masks.clear()
            _masks[key] = got
        mask, offset = got
        self.draw.draw_bitmap((int(x) + offset[0], int(y) + offset[1]), mask, ink)

    def rounded_rectangle(self, xy: Any, radius: float = 0, fill: Any = None,
                          outline: Any = None, width: int = 1, *,
                          corners: tuple[bool, bool, bool, bool] | None = None) -> None:
        """Pillow's ``ImageDraw.rounded_rectangle``, the same pixels: drawn once per process
        for each place, size and colours, and filled again as the plain rectangles it is made
        of (Pillow draws it in Python, a few pie slices and rectangles: about a fifth of a
        board's drawing)."""
        if self.mode != "RGB" or corners is not None:
            super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
            return
        key = (self.im.size, tuple(xy), radius, fill, outline, width)
        try:
            layers = _shapes.get(key)
        except TypeError:  # a list among the coordinates or colours
            super().rounded_rectangle(xy, radius, fill, outline, width)
            return
        if layers is None:
            layers = self._shape(xy, radius, fill, outline, width)
            if len(_shapes) >= SHAPES:
                _shapes.clear()
            _shapes[key] = layers
        for rect, ink in layers:
            self.draw.draw_rectangle(rect, ink, 1)

    def _shape(self, xy: Any, radius: float, fill: Any,
               outline: Any, width: int) -> list[tuple[tuple[int, int, int, int], Any]]:
        """The pixels Pillow's ``rounded_rectangle`` sets, as plain rectangles of one ink
        each: found on a blank scratch image of this size with the shape at the same place
        (fill drawn as 1, outline as 2), each ink's rows cut into runs and the runs equal
        from row to row joined (a panel: its corners' rows and one block between)."""
        outline_ink, fill_ink = self._getink(outline, fill)
        if outline_ink == fill_ink:  # Pillow draws no outline of the fill's colour
            outline_ink = None
        scratch = Image.new("L", self.im.size, 0)
        ImageDraw.Draw(scratch).rounded_rectangle(
            xy, radius, None if fill_ink is None else 1, None if outline_ink is None else 2,
            width)
        box = scratch.getbbox()
        if box is None:
            return []
        left, top, right, bottom = box
        data = scratch.crop(box).tobytes()
        span = right - left
        rects = []
        for value, ink in ((b"\x01", fill_ink), (b"\x02", outline_ink)):
            if ink is None:
                continue
            runs = re.compile(re.escape(value) + b"+")
            open_: dict[tuple[int, int], int] = {}  # a run (x0, x1) -> the row it began
            for y in range(bottom - top + 1):
                row = data[y * span:(y + 1) * span] if y < bottom - top else b""
                here = {(m.start(), m.end() - 1) for m in runs.finditer(row)}
                for run in [r for r in open_ if r not in here]:
                    first = open_.pop(run)
                    rects.append(((left + run[0], top + first, left + run[1], top + y - 1),
                                  ink))
                for run in here:
                    open_.setdefault(run, y)
        return rects

    def png(self) -> bytes:
        """The picture drawn so far as PNG bytes (:func:`referee.render.png.encode`)."""
        return png.encode(self._image)

    def w(self, key: str, **params: Any) -> str:
        """The text ``picture.<game>.<key>`` in the picture's locale."""
        return t(self.loc, f"picture.{self.game}.{key}", **params)


@lru_cache(maxsize=4096)
def fit(text: str, size: int, width: float) -> str:
    """``text`` shortened with '...' to fit ``width`` pixels at ``size`` (kept: a board
    fits the same names again and again, and measuring them is FreeType's work)."""
    face = font(size)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "...") > width:
        text = text[:-1]
    return text + "..."
