"""Attribute reads on the engine's pydantic models without pydantic's ``__getattr__`` hook.

pydantic's ``BaseModel`` defines ``__getattr__`` (for private attributes and extra
fields). CPython then gives every model class the generic "getattr hook" slot: each read
of a field (``state.version``, ``seat.hand``) looks up ``__getattr__`` and
``__getattribute__`` on the type before the ordinary look-up, and CPython 3.11 does not
specialize such reads. That was 15-20% of every game's instructions per action.

For a model class that has no private attributes, no extra fields (``extra`` is not
``"allow"``) and pydantic's own ``__getattr__``, that hook can only ever raise the same
``AttributeError`` the ordinary look-up raises (``'X' object has no attribute 'y'``)
after it has already failed: :func:`plain_attrs` gives such a class CPython's ordinary
attribute look-up (``tp_getattro = PyObject_GenericGetAttr``, what any class without a
``__getattr__`` has). Everything found, and every error raised, is the same; a read costs
about a third as much (a test checks reads, misses, ``hasattr`` and ``getattr``).

This writes one slot of the class's C type object, so it is done only on CPython 3.11
(the layout checked: ``object``'s slot at that offset must be the ordinary look-up), and
only to classes whose slot is still the hook pydantic's ``BaseModel`` has. Anywhere else
it does nothing (the models stay correct, as slow as before). Setting ``__getattr__`` or
``__getattribute__`` on a class later would make CPython recompute the slot (back to the
hook): nothing in the engine does.
"""

from __future__ import annotations

import ctypes
import sys
from typing import Any

from pydantic import BaseModel

_OFFSET = 144
"""``offsetof(PyTypeObject, tp_getattro)`` on 64-bit CPython 3.11."""


def _slot(cls: type) -> ctypes.c_void_p:
    return ctypes.c_void_p.from_address(id(cls) + _OFFSET)


def _generic() -> int | None:
    """The address of ``PyObject_GenericGetAttr`` if the layout is the one expected."""
    if (sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11)
            or ctypes.sizeof(ctypes.c_void_p) != 8):
        return None
    address = ctypes.cast(ctypes.pythonapi.PyObject_GenericGetAttr, ctypes.c_void_p).value
    if address is None or _slot(object).value != address:
        return None
    return address


_GENERIC = _generic()
_HOOK = _slot(BaseModel).value if _GENERIC is not None else None
"""The slot every pydantic model class gets (pydantic's ``__getattr__`` hook)."""


def eligible(cls: type[BaseModel]) -> bool:
    """Whether the ordinary look-up finds everything pydantic's hook would for ``cls``:
    no private attributes, no extra fields, pydantic's own ``__getattr__``."""
    return (not cls.__private_attributes__
            and cls.model_config.get("extra") != "allow"
            and getattr(cls, "__getattr__", None) is BaseModel.__getattr__  # type: ignore[attr-defined]
            and cls.__getattribute__ is object.__getattribute__)


def plain_attrs(cls: type[BaseModel]) -> bool:
    """Give ``cls`` CPython's ordinary attribute look-up if it is :func:`eligible` and this
    is CPython 3.11 (see the module); returns whether it has it now."""
    if _GENERIC is None or not eligible(cls):
        return False
    slot = _slot(cls)
    if slot.value == _HOOK:
        slot.value = _GENERIC
    return slot.value == _GENERIC


def plain_attrs_all(prefix: str = "engine.") -> int:
    """:func:`plain_attrs` for every model class defined so far in modules under
    ``prefix`` (the engine's states, actions, events and views); returns how many."""
    done = 0
    todo: list[Any] = [BaseModel]
    seen: set[type] = set()
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub in seen:
                continue
            seen.add(sub)
            todo.append(sub)
            if sub.__module__.startswith(prefix) and plain_attrs(sub):
                done += 1
    return done


def has_plain_attrs(cls: type) -> bool:
    """Whether ``cls`` has the ordinary look-up (for tests)."""
    return _GENERIC is not None and _slot(cls).value == _GENERIC
