"""Prompts: which seats must decide what, now.

A prompt is always a commit: several seats deciding at once is a commit of several
seats, an ordinary turn is a commit of one. Every seat the rules ask is prompted, even
with a single legal choice, so being prompted reveals nothing.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Prompt(BaseModel):
    """What one seat is asked to decide."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: int
    kind: str
    """Stable machine name of the decision (e.g. ``"hajime"``, ``"reveal"``)."""
    text: str
    """One short sentence for the player: what to decide."""
    simultaneous: bool = False
    """True when other seats decide at the same time and choices are revealed together."""
    committed: bool = False
    """True when this seat has already committed and waits for the others."""
