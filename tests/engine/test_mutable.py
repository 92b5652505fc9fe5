"""``Mutable``: assigning fields directly gives exactly pydantic's result."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict

from engine.core import Mutable


class _Plain(BaseModel):
    model_config = ConfigDict(extra="forbid")

    a: int = 0
    b: list[int] = []
    c: str | None = None


class _Fast(Mutable):
    model_config = ConfigDict(extra="forbid")

    a: int = 0
    b: list[int] = []
    c: str | None = None


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("abc"), st.integers(0, 9)), max_size=6),
       st.booleans())
def test_same_dict_fields_set_and_json_as_pydantic(writes: list[tuple[str, int]],
                                                   together: bool) -> None:
    """Field by field or all at once (``assign``), the model ends as pydantic's would."""
    plain, fast = _Plain(), _Fast()
    values = {name: (n if name == "a" else [n] if name == "b" else str(n))
              for name, n in writes}
    for name, value in values.items():
        setattr(plain, name, value)
    if together:
        fast.assign(**values)
    else:
        for name, value in values.items():
            setattr(fast, name, value)
    assert fast.__dict__ == plain.__dict__
    assert fast.model_fields_set == plain.model_fields_set
    assert fast.model_dump_json() == plain.model_dump_json()
    assert fast.model_dump_json(exclude_unset=True) == plain.model_dump_json(exclude_unset=True)


def test_unknown_names_are_refused_as_pydantic_does() -> None:
    """A name that is not a field is refused, alone or among fields (nothing hidden)."""
    fast = _Fast()
    with pytest.raises(ValueError, match="no field"):
        fast.zz = 1
    with pytest.raises(ValueError, match="no field"):
        fast.assign(a=1, zz=2)
    assert "zz" not in fast.__dict__


def test_a_frozen_or_validated_mutable_model_is_refused() -> None:
    """The fast path would skip pydantic's frozen and assignment checks: refused up front."""
    with pytest.raises(TypeError):
        class _Frozen(Mutable):
            model_config = ConfigDict(frozen=True)
            a: int = 0
    with pytest.raises(TypeError):
        class _Checked(Mutable):
            model_config = ConfigDict(validate_assignment=True)
            a: int = 0
