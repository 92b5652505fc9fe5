"""``engine.core.plain_attrs``: the engine's models read their fields without pydantic's
``__getattr__`` hook, and everything found or refused is as before."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr

import engine.games  # noqa: F401  (imports every game's models)
from engine.core.plain_attrs import eligible, has_plain_attrs, plain_attrs

CPYTHON_311 = sys.implementation.name == "cpython" and sys.version_info[:2] == (3, 11)


def _models(prefix: str = "engine.") -> list[type[BaseModel]]:
    out, todo, seen = [], [BaseModel], set()
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
                if sub.__module__.startswith(prefix):
                    out.append(sub)
    return out


@pytest.mark.skipif(not CPYTHON_311, reason="the slot is written on CPython 3.11 only")
def test_every_eligible_engine_model_has_the_plain_look_up() -> None:
    """States, actions, events and views of every game (imported with the registry)."""
    from engine.core import Event
    from engine.games.sushido.model import SushidoState

    models = _models()
    assert Event in models and SushidoState in models
    missing = [m.__qualname__ for m in models if eligible(m) and not has_plain_attrs(m)]
    assert not missing


def _pair(**config: Any) -> tuple[type[BaseModel], type[BaseModel]]:
    """Two identical model classes; the second given the plain look-up."""
    made = []
    for _ in range(2):
        class Thing(BaseModel):
            model_config = ConfigDict(**config)
            kind: str = "x"
            n: int = 1
            tag: str = "class attribute"  # a field: read from the instance

            @property
            def double(self) -> int:
                return self.n * 2

        made.append(Thing)
    plain_attrs(made[1])
    return made[0], made[1]


def _behaviour(obj: Any) -> list[Any]:
    out: list[Any] = [obj.kind, obj.n, obj.double, obj.tag, obj.__dict__,
                      hasattr(obj, "nope"), getattr(obj, "nope", "default"),
                      obj.model_fields_set, obj.__pydantic_extra__, obj.__pydantic_private__,
                      type(obj).model_fields.keys(), obj.model_dump()]
    for name in ("nope", "_private", "__weird__"):
        try:
            getattr(obj, name)
        except AttributeError as exc:
            out.append(str(exc))
    return out


@pytest.mark.parametrize("extra", ["forbid", "ignore"])
def test_reads_misses_and_errors_are_the_same(extra: str) -> None:
    """A field, a property, ``__dict__``, pydantic's slots, ``hasattr``/``getattr`` with a
    default and the ``AttributeError`` of a miss: the same with and without the hook."""
    hooked, plain = _pair(extra=extra)
    if CPYTHON_311:
        assert has_plain_attrs(plain) and not has_plain_attrs(hooked)
    a, b = hooked(kind="k", n=3), plain(kind="k", n=3)
    assert _behaviour(a) == _behaviour(b)
    b.n = 5
    assert b.n == 5 and b.double == 10


def test_models_that_need_the_hook_keep_it() -> None:
    """Private attributes and extra fields are found through pydantic's ``__getattr__``:
    such classes are left alone and still work."""

    class Private(BaseModel):
        x: int = 0
        _secret: int = PrivateAttr(default=7)

    class Extra(BaseModel):
        model_config = ConfigDict(extra="allow")
        x: int = 0

    for cls in (Private, Extra):
        assert not eligible(cls)
        assert not plain_attrs(cls)
        assert not has_plain_attrs(cls)
    assert Private()._secret == 7
    assert Extra(y=3).y == 3  # type: ignore[attr-defined]
