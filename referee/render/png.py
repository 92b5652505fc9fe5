"""PNG bytes of a board picture, written for speed: rows unfiltered, deflated by ISA-L.

Pillow's PNG encoder tries the five PNG row filters on every row and keeps the best: on a
board picture that choice cost about twice the deflate itself (7 ms of a 13 ms Sushido
draw). A board is mostly flat colour, which deflate squeezes as well unfiltered (a
repeated pixel is a match 3 bytes back). The deflate is Intel's ISA-L (the ``isal``
package), about five times faster than zlib's fastest level on a board and as small;
without it (no wheel for the platform), zlib's level 1. Decoded, the pixels are the same
(``tests/referee/render``).
"""

from __future__ import annotations

import io
import struct
import zlib
from types import ModuleType

from PIL import Image

_deflate: ModuleType
try:
    from isal import isal_zlib as _deflate
    LEVEL = 2
    """ISA-L's default level: a board deflates to 30-70 KB."""
except ImportError:  # pragma: no cover - isal is a dependency; a platform without its wheel
    _deflate = zlib
    LEVEL = 1

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_KINDS = {"RGB": (2, 3), "RGBA": (6, 4), "L": (0, 1)}
"""Image mode: the PNG colour type and the bytes per pixel (8 bits per sample)."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind))))


def encode(img: Image.Image) -> bytes:
    """``img`` as PNG bytes (Pillow's own encoder for a mode other than RGB, RGBA, L)."""
    kind = _KINDS.get(img.mode)
    if kind is None or "transparency" in img.info:
        out = io.BytesIO()
        img.save(out, format="PNG", optimize=False, compress_level=1)
        return out.getvalue()
    colour, depth = kind
    width, height = img.size
    # each row behind its filter byte, 0 (None): Pillow's raw encoder zero-pads each row
    # to the stride asked, so every row but the last is followed by the next one's
    rows = img.tobytes("raw", img.mode, width * depth + 1)
    deflate = _deflate.compressobj(LEVEL)
    data = deflate.compress(b"\x00") + deflate.compress(memoryview(rows)[:-1]) + deflate.flush()
    head = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return (SIGNATURE + _chunk(b"IHDR", head) + _chunk(b"IDAT", data)
            + _chunk(b"IEND", b""))
