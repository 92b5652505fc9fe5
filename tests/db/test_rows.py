"""db/_rows.py's JSON columns: orjson writes the text the standard module wrote."""

from __future__ import annotations

import json
import math

from hypothesis import given
from hypothesis import strategies as st

from db import _rows

_SCALARS = (st.none() | st.booleans() | st.integers(-(2 ** 63), 2 ** 63 - 1)
            | st.text() | st.floats(allow_nan=False, allow_infinity=False, width=32))
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text(max_size=8) | st.integers(0, 99), inner,
                                         max_size=4), max_leaves=20)


@given(_VALUES)
def test_dumps_matches_the_standard_modules_values(value: object) -> None:
    """The same value back, whichever module reads it."""
    text = _rows.dumps(value)
    assert json.loads(text) == json.loads(json.dumps(value))
    assert _rows.loads(text) == json.loads(text)


def test_dumps_without_floats_is_the_old_text_byte_for_byte() -> None:
    """Events' data (ints, strings, lists, dicts with int keys, non-ASCII names)."""
    value = {"seat": 1, "cards": ["Maguro", "Ikura"], 3: None, "name": "Zoé 🍣", "ok": True}
    assert _rows.dumps(value) == json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def test_what_orjson_refuses_falls_back_to_the_standard_module() -> None:
    """An integer past 64 bits is written; a NaN an older build wrote is read."""
    assert _rows.dumps({"n": 2 ** 70}) == f'{{"n":{2 ** 70}}}'
    assert math.isnan(_rows.loads('{"x": NaN}')["x"])
