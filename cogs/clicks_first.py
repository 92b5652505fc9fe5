"""Answers before news: what follows a click's answer yields to clicks still unanswered.

A click's answer (the interaction callback) is what a player waits for, and Discord
drops it after 3 s; the news of a step (the public board's edit, the other seats' open
hands, a ping) can follow a few milliseconds later without anyone noticing. On one
event loop both queue for the same core: under load a click would wait behind the
board edits of a dozen other matches. :class:`ClicksFirst` counts the clicks received
and not yet answered, and :meth:`ClicksFirst.turn` holds the news back while there are
some (at most :data:`WAIT_CAP` seconds, so news is never starved).
"""

from __future__ import annotations

import asyncio
import contextlib

WAIT_CAP = 0.05
"""The longest a step's news waits for the clicks before it (seconds; the bot's
``news_wait_ms`` setting)."""


class ClicksFirst:
    """The clicks waiting for their answer, and a wait for none."""

    def __init__(self, cap: float = WAIT_CAP) -> None:
        self.cap = cap
        self.waiting: set[int] = set()
        """Interaction ids received and not answered yet."""
        self._none = asyncio.Event()
        self._none.set()
        self.held = 0
        """How many times news waited (for logs and benchmarks)."""

    def arrived(self, interaction_id: int) -> None:
        """A click came in: news waits until it is answered."""
        self.waiting.add(interaction_id)
        self._none.clear()

    def answered(self, interaction_id: int) -> None:
        """A click was answered (or refused, or failed): it no longer holds news back."""
        self.waiting.discard(interaction_id)
        if not self.waiting:
            self._none.set()

    async def turn(self) -> None:
        """Return once no click waits for its answer, or after :attr:`cap` seconds (0: at
        once)."""
        if not self.waiting or self.cap <= 0:
            return
        self.held += 1
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self.cap):
                await self._none.wait()


def clicks_of(client: object) -> ClicksFirst | None:
    """The bot's :class:`ClicksFirst` (set by its router), if any."""
    clicks = getattr(client, "clicks_first", None)
    return clicks if isinstance(clicks, ClicksFirst) else None
