"""Prompts: which seats must decide what, now.

A prompt is always a commit: several seats deciding at once is a commit of several
seats, an ordinary turn is a commit of one. Every seat the rules ask is prompted, even
with a single legal choice, so being prompted reveals nothing.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

_set = object.__setattr__
_FIELDS_SET = {"seat", "kind", "text", "simultaneous", "committed"}
"""The fields set of every prompt built by engine code: prompts are frozen, nothing adds
to it (``model_copy`` copies it)."""


class Prompt(BaseModel):
    """What one seat is asked to decide."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    def __init__(self, *, seat: int, kind: str, text: str, simultaneous: bool = False,
                 committed: bool = False) -> None:
        """Built by engine code with typed arguments, without pydantic's validation: the
        prompts of a state are listed several times per click on the bot's path (the
        fields are exactly what validation would keep; ``model_validate`` still checks)."""
        _set(self, "__dict__", {"seat": seat, "kind": kind, "text": text,
                                "simultaneous": simultaneous, "committed": committed})
        _set(self, "__pydantic_fields_set__", _FIELDS_SET)  # frozen: one shared set
        _set(self, "__pydantic_extra__", None)
        _set(self, "__pydantic_private__", None)

    seat: int
    kind: str
    """Stable machine name of the decision (e.g. ``"hajime"``, ``"reveal"``)."""
    text: str
    """One short sentence for the player: what to decide."""
    simultaneous: bool = False
    """True when other seats decide at the same time and choices are revealed together."""
    committed: bool = False
    """True when this seat has already committed and waits for the others."""
