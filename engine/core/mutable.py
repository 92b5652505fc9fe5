"""A pydantic model that is cheap to change in place (the state of a match, and its parts).

An action changes a few fields of a state it owns (a life, a position, a counter): with
pydantic's own ``__setattr__`` every such assignment looks up a memoized handler, which
then does just two things. :class:`Mutable` does those two things directly for a declared
field, so the result (the value in ``__dict__``, the name in the fields set) is exactly
pydantic's; anything else (private attributes, class variables, unknown names) still goes
through pydantic. Only for models that are neither frozen nor validated on assignment.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel

_base_setattr = BaseModel.__setattr__


class Mutable(BaseModel):
    """Base of a model whose fields are assigned on the hot path of an action."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """Refuse a frozen or assignment-validated subclass (the fast path would skip it)."""
        super().__pydantic_init_subclass__(**kwargs)
        if cls.model_config.get("frozen") or cls.model_config.get("validate_assignment"):
            raise TypeError(f"{cls.__name__}: a Mutable model can be neither frozen nor "
                            "validated on assignment")

    def __setattr__(self, name: str, value: Any) -> None:
        """Assign a declared field as pydantic does (no validation on assignment)."""
        fields = self.__dict__
        if name in fields:
            fields[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            _base_setattr(self, name, value)

    def assign(self, **values: Any) -> None:
        """Assign several declared fields at once, as one ``__setattr__`` each would (a
        name that is not a declared field goes through pydantic, which refuses it)."""
        fields = self.__dict__
        if values.keys() <= fields.keys():
            fields.update(values)
            self.__pydantic_fields_set__.update(values)
        else:
            for name, value in values.items():
                setattr(self, name, value)


M = TypeVar("M", bound=BaseModel)
_set = object.__setattr__


@cache
def _plan(cls: type[BaseModel]) -> tuple[tuple[str, Any, bool], ...]:
    return tuple((n, f.default, isinstance(f.default, list | dict | set))
                 for n, f in cls.model_fields.items())


def trusted(cls: type[M], **fields: Any) -> M:
    """A model built by engine code without validation: ``fields`` have exactly the types
    validation would keep; the others take their defaults (mutable ones copied, as
    pydantic does)."""
    data: dict[str, Any] = {}
    for n, default, mutable in _plan(cls):
        if n in fields:
            data[n] = fields[n]
        else:
            data[n] = default.copy() if mutable else default
    new = cls.__new__(cls)
    _set(new, "__dict__", data)
    _set(new, "__pydantic_fields_set__", set(fields))
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new
