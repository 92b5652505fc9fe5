"""Chains: a decision and its follow-ups as one choice (issue 31).

When a seat's decision is followed by another decision of the same seat and nothing is
learnt between them (no hidden card shown, no draw, no shuffle, nobody else deciding),
asking twice only costs a click: a game may offer the two as one *chain*, a compound
action listing the atomic actions' ids (:meth:`engine.core.Game.offered`). Its legal
actions stay atomic (the AI and the simulator play step by step); a chain is checked step
by step on a copy (:func:`chain_ok`) and played the same way (:func:`play`).

A chain's id is ``t=`` and its steps' ids joined by ``.`` (no game's action id holds a
``.`` or a ``=``; both are allowed in a Discord custom_id).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from engine.core.events import Event
from engine.core.state import ActionBase

HEAD = "t="
SEP = "."
LIMIT = 25
"""Chains offered for one decision at most (one Discord select)."""
MAX_AID = 48
"""The longest chain id: it must fit a Discord custom_id's field (a button's action id)."""


def chain_aid(steps: tuple[str, ...]) -> str:
    """The id of a chain of these steps."""
    return HEAD + SEP.join(steps)



class Chain(ActionBase):
    """A decision and its follow-ups of the same seat as one choice, when nothing is
    learnt between them: the steps' action ids (a game lists it in its action union)."""

    kind: Literal["chain"] = "chain"
    steps: tuple[str, ...]

    @property
    def aid(self) -> str:
        """``t=`` and the steps' ids joined by ``.``."""
        return chain_aid(self.steps)


def steps_of(aid: str) -> tuple[str, ...] | None:
    """The steps of a chain id (``None``: not a chain id)."""
    if not aid.startswith(HEAD) or len(aid) <= len(HEAD):
        return None
    return tuple(aid[len(HEAD):].split(SEP))


def _find(game: Any, state: Any, seat: int, aid: str) -> Any:
    return next((a for a in game.legal(state, seat) if a.aid == aid), None)


def chain_ok(game: Any, state: Any, seat: int, steps: tuple[str, ...],
             follows: Callable[[Any, Any, int, list[Event]], bool]) -> bool:
    """Whether ``steps`` is a chain ``seat`` may play now: each step legal in turn, and
    each step after the first a follow-up ``follows`` accepts (played on a copy)."""
    if not steps or len(chain_aid(steps)) > MAX_AID or state.result is not None:
        return False
    s = game.clone(state)
    for i, step in enumerate(steps):
        prompt = game.prompt(s, seat)
        if prompt is None or prompt.committed:
            return False
        action = _find(game, s, seat, step)
        if action is None:
            return False
        if i + 1 < len(steps):
            before = s
            s = game.clone(s)
            events = game._apply(s, seat, action)
            if not follows(before, s, seat, events):
                return False
    return True


def play(game: Any, state: Any, seat: int, steps: tuple[str, ...]) -> list[Event]:
    """Play a checked chain's steps on ``state`` (owned), returning all their events."""
    events: list[Event] = []
    for step in steps:
        action = _find(game, state, seat, step)
        if action is None:  # pragma: no cover - chains are checked before they are played
            raise AssertionError(f"chain step {step} is not legal")
        events += game._apply(state, seat, action)
    return events


def expand(game: Any, state: Any, seat: int, actions: list[Any],
           follows: Callable[[Any, Any, int, list[Event]], bool],
           make: Callable[[tuple[str, ...]], Any], limit: int = LIMIT) -> list[Any]:
    """``actions`` (the seat's legal actions now) with each one whose follow-up decision
    ``follows`` accepts replaced by its chains (recursively), as long as the whole list
    stays within ``limit`` choices; a follow-up left out is asked on its own, as before.
    ``make`` builds a chain action from its steps. A chain's id fits :data:`MAX_AID`."""
    entries: list[tuple[tuple[str, ...], Any]] = [((a.aid,), a) for a in actions]
    i = 0
    while i < len(entries):
        steps = entries[i][0]
        s = state
        for step in steps:  # replay the prefix on a copy (chains are short)
            nxt = game.clone(s)
            events = game._apply(nxt, seat, _find(game, s, seat, step))
            s, before = nxt, s
            if not follows(before, s, seat, events):
                s = None
                break
        if s is None:
            i += 1
            continue
        more = game.legal(s, seat)
        if (not more or len(entries) - 1 + len(more) > limit
                or any(len(chain_aid((*steps, m.aid))) > MAX_AID for m in more)):
            i += 1
            continue
        entries[i:i + 1] = [((*steps, m.aid), None) for m in more]
    return [atom if atom is not None else make(steps) for steps, atom in entries]
