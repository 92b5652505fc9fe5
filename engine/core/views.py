"""Views assembled without validation from a part every viewer shares and a viewer's own.

A view is an allow-list: its model class declares every field a viewer may read, and each
game's ``build_view`` copies each field on purpose from the state. Most of a view does not
depend on who looks (the board, the counts, the log); only a few fields do (the viewer's
hand, its pending choice). The bot builds several views of one state version per click
(the actor's new hand, the board, the other seats' refreshed hands), so a game splits its
view in two:

- ``shared``: the viewer-independent fields (a dict), built once per state version and
  reused by every viewer's view (:meth:`engine.core.Game.viewed`);
- ``own``: the viewer's fields (a dict).

:func:`assemble` joins them into the view model without pydantic's validation: the
engine's own code builds every value with the type validation would keep (lists as lists,
nested view models already built), which ``tests/engine/test_views.py`` checks for every
game along random matches (each view equals its JSON validated back, with no serializer
warning). The allow-list is unchanged: a key that is not a declared field is refused, as
``extra="forbid"`` would. Views are read-only; their parts (lists, nested models) may be
shared between the views of one version, so a renderer must not change them in place.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
_new = object.__new__
_SLOTS = BaseModel.__dict__
_set_dict = _SLOTS["__dict__"].__set__
_set_fields_set = _SLOTS["__pydantic_fields_set__"].__set__
_set_extra = _SLOTS["__pydantic_extra__"].__set__
_set_private = _SLOTS["__pydantic_private__"].__set__


_Plan = tuple[tuple[str, ...], tuple[tuple[str, Any, bool, bool], ...]]
_PLANS: dict[type[BaseModel], _Plan] = {}


def _plan(cls: type[BaseModel]) -> _Plan:
    """The field names in declaration order, and per field: its default, whether the
    default must be copied, whether the field is required."""
    got = _PLANS.get(cls)
    if got is None:
        fields = tuple((n, f.default, isinstance(f.default, list | dict | set),
                        f.is_required()) for n, f in cls.model_fields.items())
        got = _PLANS[cls] = (tuple(n for n, *_ in fields), fields)
    return got


def _complete(cls: type[BaseModel], given: dict[str, Any]) -> dict[str, Any]:
    """``given`` in declaration order, the missing fields at their defaults (mutable
    ones copied, as pydantic does); a :class:`TypeError` for an unknown or missing
    field."""
    order, fields = _plan(cls)
    extra = given.keys() - set(order)
    if extra:
        raise TypeError(f"{cls.__name__}: not fields of the view: {sorted(extra)}")
    data: dict[str, Any] = {}
    for n, default, mutable, required in fields:
        if n in given:
            data[n] = given[n]
        elif required:
            raise TypeError(f"{cls.__name__}: no value for the field {n!r}")
        else:
            data[n] = default.copy() if mutable else default
    return data


class Shared(dict[str, Any]):
    """The viewer-independent fields of one view class, completed by :func:`shared` (in
    declaration order, defaults filled, a placeholder for each of the viewer's fields):
    :func:`assemble` then copies it and puts in the viewer's fields in place."""

    cls: type[BaseModel]
    """The view class."""
    given: frozenset[str]
    """The fields given (pydantic's fields set of a view built from them)."""
    own: frozenset[str]
    """The viewer's fields (placeholders here)."""


def shared(cls: type[BaseModel], own: tuple[str, ...], **fields: Any) -> Shared:
    """The viewer-independent ``fields`` of the view class ``cls``, for :func:`assemble`;
    ``own`` names the viewer's fields (each viewer's part gives exactly those); any other
    field not given takes its default. Raises :class:`TypeError` for a key that is not a
    field of ``cls``, or a field with neither a value nor a default."""
    order = _plan(cls)[0]
    if set(own) & fields.keys() or set(own) - set(order):
        raise TypeError(f"{cls.__name__}: the viewer's fields {own} are not its own")
    data = _complete(cls, {**fields, **dict.fromkeys(own)})
    out = Shared(data)
    out.cls = cls
    out.given = frozenset(fields)
    out.own = frozenset(own)
    return out


def assemble(cls: type[M], common: dict[str, Any], own: dict[str, Any]) -> M:
    """The view model ``cls`` with the fields of ``common`` (a plain dict, or a
    :class:`Shared` of ``cls``, whose viewer's fields ``own`` must give exactly) and
    ``own``, the others at their defaults; no validation.

    The fields are kept in declaration order (the JSON's order, as validation gives it).
    Raises :class:`TypeError` for a key that is not a field of ``cls``, or a field left
    without a value and without a default (what validation would refuse)."""
    if type(common) is Shared:
        if common.cls is not cls or own.keys() != common.own:
            raise TypeError(f"{cls.__name__}: the viewer's fields are {sorted(common.own)}, "
                            f"not {sorted(own)}")
        data = dict(common)
        data.update(own)  # existing keys: declaration order kept
        given = set(common.given)
        given.update(own)
    else:
        given_all = {**common, **own}
        data = _complete(cls, given_all)
        given = set(given_all)
    return _made(cls, data, given)


def construct(cls: type[M], **fields: Any) -> M:
    """The view model (or part of one) ``cls`` from ``fields``, checked and filled as
    :func:`assemble` does (quickest with every field, in declaration order); no
    validation."""
    order = (_PLANS.get(cls) or _plan(cls))[0]
    data = fields if tuple(fields) == order else _complete(cls, fields)
    return _made(cls, data, set(fields))


def _made(cls: type[M], data: dict[str, Any], given: set[str]) -> M:
    """The model ``cls`` holding ``data`` (complete, in declaration order) as its fields,
    ``given`` as the fields set, no extra or private values: what validation would have
    built, without it."""
    new = _new(cls)
    _set_dict(new, data)
    _set_fields_set(new, given)
    _set_extra(new, None)
    _set_private(new, None)
    return new
