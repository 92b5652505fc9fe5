"""Events: what happened, and who may know it.

An event is frozen data with an audience: ``None`` means public, a tuple means only
those seats. A private event always comes with a public twin that says the same thing
without the secret (``private_with_twin``), so every seat gets a coherent story.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

_new = object.__new__
_ALL_SET = {"kind", "audience", "data"}
_SLOTS = BaseModel.__dict__
_set_dict = _SLOTS["__dict__"].__set__
_set_fields_set = _SLOTS["__pydantic_fields_set__"].__set__
_set_extra = _SLOTS["__pydantic_extra__"].__set__
_set_private = _SLOTS["__pydantic_private__"].__set__
"""The setters of a model's ``__dict__`` and pydantic's three slots, taken once: what
``object.__setattr__`` would find and call for each name (events are made several times
per action)."""


class Event(BaseModel):
    """One thing that happened. ``data`` holds only JSON-friendly values."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: str
    audience: tuple[int, ...] | None = None
    data: dict[str, Any] = {}

    @property
    def public(self) -> bool:
        """True when every seat and spectator may see this event."""
        return self.audience is None

    @classmethod
    def make(cls, kind: str, audience: tuple[int, ...] | None, data: dict[str, Any]) -> Event:
        """An event from trusted engine code, without validation (several per action on
        the bot's path; the fields are exactly what validation would keep). Events are
        frozen, so they share one fields set (nothing ever adds to it)."""
        return _made(cls, kind, audience, data)

    def visible_to(self, viewer: int | None) -> bool:
        """Whether a seat (or a spectator, ``None``) may see this event."""
        return self.audience is None or (viewer is not None and viewer in self.audience)


def _made(cls: type[Event], kind: str, audience: tuple[int, ...] | None,
          data: dict[str, Any]) -> Event:
    """:meth:`Event.make`'s event, built field by field (shared by the makers below)."""
    new = _new(cls)
    _set_dict(new, {"kind": kind, "audience": audience, "data": data})
    _set_fields_set(new, _ALL_SET)
    _set_extra(new, None)
    _set_private(new, None)
    return new


def public(kind: str, **data: Any) -> Event:
    """A public event."""
    return _made(Event, kind, None, data)


def private_with_twin(
    kind: str, seats: tuple[int, ...], secret: dict[str, Any], shared: dict[str, Any]
) -> list[Event]:
    """A private event for ``seats`` (with ``secret`` and ``shared`` data) and its public twin.

    The twin carries only ``shared`` and ``twin_of`` so renderers can skip it for the seats
    that already got the private one.
    """
    return [_made(Event, kind, tuple(seats), {**shared, **secret}),
            _made(Event, kind, None, {**shared, "twin_of": list(seats)})]


def for_viewer(events: list[Event], viewer: int | None) -> list[Event]:
    """The events a viewer may see, without public twins of private events they received."""
    out: list[Event] = []
    for ev in events:
        if not ev.visible_to(viewer):
            continue
        twin_of = ev.data.get("twin_of")
        if ev.audience is None and viewer is not None and twin_of and viewer in twin_of:
            continue
        out.append(ev)
    return out
