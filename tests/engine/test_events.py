"""Events built by engine code without validation are the models validation would give."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.core import Event, for_viewer, private_with_twin, public

scalars = st.one_of(st.integers(), st.text(max_size=5), st.booleans(), st.none())
datas = st.dictionaries(st.sampled_from(["seat", "card", "why", "n"]), scalars, max_size=4)


def same(made: Event, validated: Event) -> None:
    """Equal, and the same in every way pydantic exposes."""
    assert made == validated
    assert made.model_dump_json() == validated.model_dump_json()
    assert made.model_fields_set == validated.model_fields_set
    assert made.__pydantic_extra__ is None and made.__pydantic_private__ is None
    assert made.model_copy() == validated and hash(made.kind) == hash(validated.kind)


@given(kind=st.sampled_from(["damage", "move", "x"]), data=datas)
def test_public_is_the_validated_event(kind: str, data: dict[str, object]) -> None:
    same(public(kind, **data), Event.model_validate({"kind": kind, "audience": None,
                                                      "data": data}))


@given(secret=datas, shared=datas, seat=st.integers(0, 3))
def test_private_with_twin_is_the_validated_pair(secret: dict[str, object],
                                                 shared: dict[str, object], seat: int) -> None:
    mine, twin = private_with_twin("draw", (seat,), secret, shared)
    same(mine, Event.model_validate({"kind": "draw", "audience": (seat,),
                                     "data": {**shared, **secret}}))
    same(twin, Event.model_validate({"kind": "draw", "audience": None,
                                     "data": {**shared, "twin_of": [seat]}}))
    assert for_viewer([mine, twin], seat) == [mine]
    assert for_viewer([mine, twin], None) == [twin]
