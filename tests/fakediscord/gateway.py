"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME."""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .restutil import FAKE_KEY, encode_json

if TYPE_CHECKING:
    from .server import FakeDiscord
    from .users import InteractionResult

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT = 0, 1, 2, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11
HEARTBEAT_INTERVAL_MS = 41250
ACK_DELAY_S = 0.05
"""How long a HEARTBEAT_ACK takes, as a network round trip to Discord would. An ACK
sent at once races discord.py's keep-alive thread, which marks the heartbeat as sent
only when it wakes after the send: on a busy loop the ACK is read first and discord.py
logs "Can't keep up, websocket is 41.3s behind" (a whole interval, measured from the
previous heartbeat) though nothing is late."""


class GatewaySession:
    """One bot connection. Events are sent as text frames (never compressed)."""

    def __init__(self, fake: FakeDiscord, ws: web.WebSocketResponse) -> None:
        self.fake = fake
        self.ws = ws
        self.session_id = secrets.token_hex(16)
        self.seq = 0
        self.identified = False
        self.resumed = False
        self.identify: dict[str, Any] | None = None
        self.shard: tuple[int, int] = (0, 1)
        """``[shard_id, shard_count]`` from IDENTIFY (default: the only shard)."""
        self._acks: set[asyncio.Task[None]] = set()

    async def send(self, op: int, d: Any, t: str | None = None,
                   stamp: InteractionResult | None = None) -> None:
        """Send one frame; ``stamp``'s ``dispatched_at`` is set once the frame is encoded,
        as it is handed to the socket (the start of the interaction's latency)."""
        frame: dict[str, Any] = {"op": op, "d": d, "s": None, "t": t}
        if op == DISPATCH:
            self.seq += 1
            frame["s"] = self.seq
        if not self.ws.closed:
            text = encode_json(frame)
            if stamp is not None:
                stamp.dispatched_at = time.perf_counter()
            await self.ws.send_str(text)

    async def dispatch(self, event: str, data: Any,
                       stamp: InteractionResult | None = None) -> None:
        await self.send(DISPATCH, data, event, stamp)

    async def _ack(self) -> None:
        """A HEARTBEAT_ACK, :data:`ACK_DELAY_S` after the heartbeat."""
        await asyncio.sleep(ACK_DELAY_S)
        await self.send(HEARTBEAT_ACK, None)

    async def run(self) -> None:
        await self.send(HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS})
        try:
            async for msg in self.ws:
                if msg.type != WSMsgType.TEXT:
                    if msg.type == WSMsgType.BINARY:
                        self.fake.protocol_errors.append("gateway: binary frame from the bot")
                    continue
                frame = json.loads(msg.data)
                await self.handle(frame.get("op"), frame.get("d"))
        finally:  # the connection is gone: no ACK left waiting past it
            for ack in list(self._acks):
                ack.cancel()

    async def handle(self, op: int | None, d: Any) -> None:
        fake = self.fake
        if op == HEARTBEAT:  # answered after a round trip; the next frames are read meanwhile
            ack = asyncio.create_task(self._ack())
            self._acks.add(ack)
            ack.add_done_callback(self._acks.discard)
        elif op == IDENTIFY:
            shard = (d or {}).get("shard") or [0, 1]
            if not (isinstance(shard, list) and len(shard) == 2 and 0 <= shard[0] < shard[1]):
                fake.protocol_errors.append(f"gateway: invalid shard {shard}")
                await self.ws.close(code=4010)  # Discord: Invalid shard
                return
            self.shard = (int(shard[0]), int(shard[1]))
            self.identify = d
            self.identified = True
            fake.sessions_by_id[self.session_id] = self
            guilds = fake.guilds_of(self)
            await self.dispatch("READY", {
                "v": 10,
                "user": fake.bot_user.user_payload(),
                "session_id": self.session_id,
                "resume_gateway_url": str(fake.gateway_url),
                "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
                "application": {"id": str(fake.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "shard": list(self.shard),
            })
            for g in guilds:
                await self.dispatch("GUILD_CREATE", fake.guild_payload(g))
            fake.notify()
        elif op == RESUME:
            old = fake.sessions_by_id.get(str((d or {}).get("session_id")))
            if old is None:
                await self.send(INVALID_SESSION, False)
                return
            self.session_id, self.seq, self.shard = old.session_id, old.seq, old.shard
            self.identified = True
            self.resumed = True
            fake.sessions_by_id[self.session_id] = self
            await self.dispatch("RESUMED", {})
            fake.notify()
        elif op == REQUEST_MEMBERS:
            await self.dispatch("GUILD_MEMBERS_CHUNK", {
                "guild_id": str((d or {}).get("guild_id") or fake.guild_id),
                "members": [u.member_payload() for u in fake.members()],
                "chunk_index": 0, "chunk_count": 1, "not_found": [], "presences": [],
                "nonce": (d or {}).get("nonce"),
            })
        elif op in (3, 4):  # presence / voice state updates: accepted silently
            return
        else:
            fake.protocol_errors.append(f"gateway: unexpected op {op}")


async def gateway_handler(request: web.Request) -> web.WebSocketResponse:
    fake: FakeDiscord = request.app[FAKE_KEY]
    ws = web.WebSocketResponse(autoping=True)
    await ws.prepare(request)
    session = GatewaySession(fake, ws)
    fake.sessions.append(session)
    fake.gateway_queries.append(dict(request.query))
    try:
        await session.run()
    finally:
        if session in fake.sessions:
            fake.sessions.remove(session)
        if session.identified:
            fake.sessions_by_id[session.session_id] = session
        fake.notify()
    return ws
