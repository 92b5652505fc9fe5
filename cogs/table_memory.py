"""The table's memory of a match, kept in the database so that it survives a restart.

The table (:mod:`cogs.table`) remembers, per match, the public lines folded into the
board's "So far this turn" field, the turn and the seats already pinged in it, and which
seats were deciding what when the thread was last told. All of it is written to
``matches.table_memory`` together with ``published_version`` (the version whose posts are
out) once Discord accepted the posts; the in-process dictionaries are only a cache, loaded
from the record the first time a match is seen.

After a crash between an action's commit and its posts, :func:`unpublished_step` rebuilds
what the table needs to post them (the stored events of every unpublished version, the
acting seat, the decisions before and after) from the database alone.

Posts are idempotent within Discord's nonce window: each carries a nonce derived from
the match, the version and its place (:func:`nonce`), sent with ``enforce_nonce``, so a
post repeated after a kill that landed between the post and its record returns the
message already created instead of a second one. A restart later than that window (a
few minutes) after such a kill posts it a second time: at most one duplicate.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from cogs.referee import Applied, Referee, pending_seats
from db.base import MatchRecord, Store
from engine.core import Event


@dataclass
class Memory:
    """One match's table memory."""

    recent: list[str] = field(default_factory=list)
    """Public lines since the last thread message (the board's "So far this turn")."""
    turn: tuple[Any, ...] | None = None
    """The renderer's turn key of the turn in which :attr:`pinged` were pinged."""
    pinged: set[int] = field(default_factory=set)
    """Seats pinged in :attr:`turn` (a seat is pinged at most once per turn)."""
    pending: dict[int, str] = field(default_factory=dict)
    """Seats deciding (with the prompt kind) when the thread was last told."""

    def dump(self) -> dict[str, Any]:
        """The JSON form stored in ``matches.table_memory``."""
        return {"recent": list(self.recent),
                "turn": None if self.turn is None else list(self.turn),
                "pinged": sorted(self.pinged),
                "pending": {str(s): k for s, k in sorted(self.pending.items())}}

    @classmethod
    def load(cls, data: dict[str, Any]) -> Memory:
        """The memory stored as :meth:`dump` wrote it (an empty one for ``{}``)."""
        turn = data.get("turn")
        return cls(recent=[str(x) for x in data.get("recent") or []],
                   turn=None if turn is None else tuple(turn),
                   pinged={int(s) for s in data.get("pinged") or []},
                   pending={int(s): str(k) for s, k in (data.get("pending") or {}).items()})


def nonce(match_id: int, *where: object) -> str:
    """A message nonce for one post of a match (24 characters; Discord allows 25).

    The same match, version and place give the same nonce, so Discord (``enforce_nonce``)
    answers a repeated post with the message it already created.
    """
    key = ":".join(str(x) for x in (match_id, *where))
    return hashlib.blake2b(key.encode(), digest_size=12).hexdigest()


async def unpublished_step(store: Store, referee: Referee, rec: MatchRecord) -> Applied | None:
    """Every committed but unposted step of a match as one :class:`Applied`, or None.

    Its events are the stored events of each version after ``published_version``; its
    seat is the actor when exactly one player's action is missing (None for several
    steps, a timeout or a forfeit: every new decision is then pinged unless its seat was
    already pinged this turn); the decisions before are those remembered with the last
    posts, those after come from the current state.
    """
    done = rec.published_version
    if done is None or done >= rec.version:
        return None
    game = referee.game(rec.game)
    state = game.load(rec.state)
    events = [Event(kind=e.kind, data=e.data,
                    audience=None if e.audience is None else tuple(e.audience))
              for e in await store.events(rec.id) if e.version > done]
    actions = [a for a in await store.action_log(rec.id) if a.version > done]
    seat = actions[0].seat if len(actions) == 1 and not actions[0].note else None
    before = Memory.load(rec.table_memory).pending
    return Applied(rec, state, events, seat, game.outcome(state), before,
                   pending_seats(game, state))
