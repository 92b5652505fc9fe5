"""A match's state from its stored snapshot and the actions logged after it.

The store writes the whole state only every few actions (:attr:`Referee.snapshot_every`,
and whenever the match's status changes); every action bumps the match's version and
writes its log row in the same transaction. So the state at ``rec.version`` is the
snapshot at ``rec.snapshot_version`` with the logged actions after it replayed through
the engine, exactly as the referee applied them: :func:`load_state` is the one way any
reader gets a stored match's state (the referee's cache makes it rare on the bot's path:
a restart, another shard process, an evicted match).
"""

from __future__ import annotations

from typing import Any

from db.base import ActionLog, MatchRecord, Store
from engine.core import BaseState, Game

__all__ = ["ReplayMismatch", "load_state", "replay", "replay_row"]


class ReplayMismatch(RuntimeError):
    """The log does not lead from the snapshot to the match's version (a corrupt store)."""


def replay_row(game: Game[Any, Any], state: BaseState, row: ActionLog) -> BaseState:
    """``state`` (owned: it may be changed in place) after one logged step of the referee.

    The rows the referee writes (:mod:`referee.service`): a seat's action (``note`` empty),
    a ``forfeit``, a ``timeout-forfeit`` (the seat, then ``action["also"]``), a
    ``timeout`` (``action["steps"]``: each seat's default action, in order) and an
    ``aborted: ...`` row, which changes no state.
    """
    note = row.note
    if note.startswith("aborted"):
        return state
    if note == "":
        if row.seat is None or row.action is None:
            raise ReplayMismatch(f"action row of version {row.version} has no seat or action")
        applied: BaseState = game.apply(state, row.seat, game.parse_action(row.action),
                                        owned=True)[0]
        return applied
    if note in ("forfeit", "timeout-forfeit"):
        reason = "forfeit" if note == "forfeit" else "timeout"
        if row.seat is None:
            raise ReplayMismatch(f"{note} row of version {row.version} has no seat")
        new: BaseState = game.concede(state, row.seat, reason)[0]
        for seat in (row.action or {}).get("also", []):
            new, _ = game.concede(new, int(seat), reason)
        return new
    if note == "timeout":
        new = state
        for step in (row.action or {}).get("steps", []):
            new, _ = game.apply(new, int(step["seat"]), game.parse_action(step["action"]),
                                owned=True)
        return new
    raise ReplayMismatch(f"unknown log row {note!r} at version {row.version}")


def replay(game: Game[Any, Any], state: BaseState, rows: list[ActionLog],
           until: int | None = None) -> BaseState:
    """``state`` (owned) with the ``rows`` after its version replayed, up to ``until``.

    Each row must produce exactly its logged version; anything else is a
    :class:`ReplayMismatch` (the stored match cannot be trusted).
    """
    for row in rows:
        if row.version <= state.version or row.note.startswith("aborted"):
            continue
        if until is not None and row.version > until:
            break
        state = replay_row(game, state, row)
        if state.version != row.version:
            raise ReplayMismatch(
                f"replaying the log gave version {state.version}, the log says {row.version}")
    return state


async def load_state(store: Store, game: Game[Any, Any], rec: MatchRecord) -> BaseState:
    """The state of ``rec`` at ``rec.version``: its snapshot, plus the logged actions
    after the snapshot replayed (none when the snapshot is current). A fresh object."""
    state: BaseState = game.load(rec.state)
    if rec.snapshot_version >= rec.version:
        return state
    rows = await store.action_log(rec.id, after=rec.snapshot_version)
    state = replay(game, state, rows, until=rec.version)
    if state.version != rec.version:
        raise ReplayMismatch(
            f"match {rec.id}: the log leads to version {state.version}, not {rec.version}")
    return state
