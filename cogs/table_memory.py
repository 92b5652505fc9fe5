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

Open private hands are remembered by their interaction token (valid 15 minutes, stored
only while it is), so a new decision after a restart still shows in the hand the player
has open instead of pinging them a second time in the turn.
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from db.base import MatchRecord, Store
from engine.core import BaseState, Event
from referee.service import Applied, Referee, pending_seats

if TYPE_CHECKING:
    from cogs.table_hand import Hands

HAND_SECONDS = 14 * 60
"""How long a private hand can be refreshed in place (Discord's token lasts 15 minutes)."""

SavedHand = tuple[float, str] | tuple[float, str, int]
"""An open private hand: the Unix time, the interaction token, and the follow-up's message
id when the hand is a follow-up of that interaction (else it is its original response)."""


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
    hands: dict[int, SavedHand] = field(default_factory=dict)
    """Per seat, the Unix time and the interaction token of its open private hand (and its
    message id when it is a follow-up), so a restarted bot can still show a new decision
    there (Discord accepts edits of an interaction's answer for 15 minutes; older ones are
    not stored)."""

    def dump(self) -> dict[str, Any]:
        """The JSON form stored in ``matches.table_memory``."""
        return {"recent": list(self.recent),
                "turn": None if self.turn is None else list(self.turn),
                "pinged": sorted(self.pinged),
                "pending": {str(s): k for s, k in sorted(self.pending.items())},
                "hands": {str(s): list(saved) for s, saved in sorted(self.hands.items())}}

    @classmethod
    def load(cls, data: dict[str, Any]) -> Memory:
        """The memory stored as :meth:`dump` wrote it (an empty one for ``{}``)."""
        turn = data.get("turn")
        return cls(recent=[str(x) for x in data.get("recent") or []],
                   turn=None if turn is None else tuple(turn),
                   pinged={int(s) for s in data.get("pinged") or []},
                   pending={int(s): str(k) for s, k in (data.get("pending") or {}).items()},
                   hands={int(s): _saved_hand(v) for s, v in (data.get("hands") or {}).items()})


def _saved_hand(v: list[Any]) -> SavedHand:
    """A stored :data:`SavedHand` (``[time, token]`` or ``[time, token, message id]``)."""
    if len(v) > 2 and v[2] is not None:
        return float(v[0]), str(v[1]), int(v[2])
    return float(v[0]), str(v[1])


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
    state = await referee.cached_state(rec, game)
    events = [Event(kind=e.kind, data=e.data,
                    audience=None if e.audience is None else tuple(e.audience))
              for e in await store.events(rec.id) if e.version > done]
    actions = [a for a in await store.action_log(rec.id) if a.version > done]
    seat = actions[0].seat if len(actions) == 1 and not actions[0].note else None
    before = Memory.load(rec.table_memory).pending
    return Applied(rec, state, events, seat, game.outcome(state), before,
                   pending_seats(game, state))


class TableMemory:
    """The table's per-match memory, cached in process and stored with each post.

    Mixed into :class:`cogs.table.Table`, which owns the attributes declared here.
    """

    bot: commands.Bot
    recent: dict[int, list[str]]
    pinged: dict[int, tuple[Any, set[int]]]
    told: dict[int, dict[int, str]]
    loaded: set[int]
    hand_tokens: dict[int, dict[int, SavedHand]]
    hands_built: Hands
    _publishing: dict[int, asyncio.Lock]
    hand_payload: Callable[..., dict[str, Any]]
    """A seat's private view, as :meth:`cogs.table.Table.hand_payload` renders it."""

    def recall(self, rec: MatchRecord) -> None:
        """Load a match's table memory from its record, the first time it is seen."""
        if rec.id in self.loaded:
            return
        self.loaded.add(rec.id)
        mem = Memory.load(rec.table_memory)
        if mem.recent:
            self.recent[rec.id] = mem.recent
        if mem.turn is not None:
            self.pinged[rec.id] = (mem.turn, mem.pinged)
        self.told[rec.id] = mem.pending
        if mem.hands:
            tokens = self.hand_tokens.setdefault(rec.id, {})
            for seat, saved in mem.hands.items():
                tokens.setdefault(seat, saved)

    def memory(self, match_id: int, recent: list[str] | None = None) -> Memory:
        """A match's table memory as it is stored (``recent``: the board's lines as they
        were after the step being recorded, when later steps folded more in since)."""
        turn, pinged = self.pinged.get(match_id, (None, set()))
        now = time.time()
        hands = {seat: saved for seat, saved in self.hand_tokens.get(match_id, {}).items()
                 if now - saved[0] <= HAND_SECONDS}
        if recent is None:
            recent = self.recent.get(match_id, [])
        return Memory(recent=list(recent), turn=turn,
                      pinged=set(pinged), pending=dict(self.told.get(match_id, {})),
                      hands=hands)

    def forget(self, match_id: int) -> None:
        """Drop a match's cached memory (reloaded from the database when next needed)."""
        self.loaded.discard(match_id)
        self.recent.pop(match_id, None)
        self.pinged.pop(match_id, None)
        self.told.pop(match_id, None)
        self.hand_tokens.pop(match_id, None)
        self.hands_built.forget(match_id)

    def publish_lock(self, match_id: int) -> asyncio.Lock:
        """The lock serializing one match's posts (live steps and recovered ones)."""
        return self._publishing.setdefault(match_id, asyncio.Lock())

    async def refresh_saved_hand(self, rec: MatchRecord, state: BaseState, seat: int) -> None:
        """Refresh a hand opened before a restart, through its stored interaction token."""
        saved = self.hand_tokens.get(rec.id, {}).get(seat)
        if saved is None or time.time() - saved[0] > HAND_SECONDS:
            return
        payload = self.hand_payload(rec, state, seat, with_controls=True)
        which = str(saved[2]) if len(saved) > 2 else "@original"
        route = discord.http.Route(
            "PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/" + which,
            webhook_id=self.bot.application_id, webhook_token=saved[1])
        try:
            await self.bot.http.request(route, json={
                "embeds": [payload["embed"].to_dict()],
                "components": payload["view"].to_components()})
        except discord.HTTPException:
            self.hand_tokens.get(rec.id, {}).pop(seat, None)
