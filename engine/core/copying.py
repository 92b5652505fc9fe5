"""A fast deep copy of state data (the hot spot of an action that must not mutate its input).

A state holds only plain data: lists, dicts, ints, strings, ``None``, tuples of immutable
values, and pydantic models. Frozen models and tuples are immutable and are shared;
lists, dicts and mutable models are copied. A mutable model is rebuilt from its
``__dict__`` without validation (as ``BaseModel.__copy__`` does, but deep), which is
several times faster than ``model_construct`` or ``model_copy(deep=True)``.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_LEAVES = (int, str, float, bool, type(None), tuple)
_set = object.__setattr__
_MUTABLE: dict[type, bool] = {}


def _mutable_model(cls: type) -> bool:
    """Whether instances of a model class must be copied (not frozen); cached per class."""
    flag = _MUTABLE.get(cls)
    if flag is None:
        flag = issubclass(cls, BaseModel) and not cls.model_config.get("frozen", False)
        _MUTABLE[cls] = flag
    return flag


def deep_copy(value: T) -> T:
    """An independent copy of ``value``: shares only immutable parts (scalars, tuples,
    frozen models); a test checks that ``apply`` never mutates its input."""
    return _copy(value)  # type: ignore[no-any-return]


def _copy(value: Any) -> Any:
    if isinstance(value, _LEAVES):
        return value
    if isinstance(value, list):
        if not value:
            return []
        first = value[0]
        if isinstance(first, _LEAVES) and all(isinstance(x, _LEAVES) for x in value):
            return value.copy()
        return [_copy(x) for x in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    cls = type(value)
    if _mutable_model(cls):
        new = cls.__new__(cls)  # type: ignore[call-overload]
        _set(new, "__dict__", {k: _copy(v) for k, v in value.__dict__.items()})
        _set(new, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_private__", None)
        return new
    if isinstance(value, BaseModel):
        return value  # frozen
    raise TypeError(f"cannot copy state data of type {cls.__name__}")
