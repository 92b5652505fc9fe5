"""FakeDiscord: an offline Discord (gateway + REST) on 127.0.0.1 for end-to-end tests.

Usage (inside the test's event loop)::

    async with FakeDiscord() as fake:
        alice = fake.add_user("alice")
        with patch_discord(fake):            # from .fixtures
            async with running_bot(fake, bot):
                res = await alice.slash("ping")
                await res.response()
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

import yarl
from aiohttp import web

from . import rest
from .gateway import RECONNECT, GatewaySession, gateway_handler
from .ratelimit import RateLimits
from .restutil import FAKE_KEY, error_middleware
from .store import ALL_PERMISSIONS, Channel, Message, MessageStore, snowflake
from .users import FakeUser, InteractionResult

API_PREFIX = "/api/v10"


def guild_snowflake(shard: int, shard_count: int) -> int:
    """A fresh guild id that Discord's formula puts on ``shard`` of ``shard_count``."""
    base = snowflake()
    stamp = base >> 22
    stamp += (shard - stamp) % shard_count
    return (stamp << 22) | (base & ((1 << 22) - 1))


class FakeDiscord:
    """Gateway and REST server plus the state of one fake guild (more: :meth:`add_guild`).

    ``shard_count`` is what ``/gateway/bot`` recommends; a connection that IDENTIFYs with
    ``shard: [id, count]`` receives the guilds, and the events (interactions included), of
    that shard only (``(guild_id >> 22) % count``; events without a guild: shard 0), as
    Discord does.

    ``lean=True`` is for benchmarks only (``bench/discord_bench.py``), never for tests: no
    schema validation of the bot's bodies (:attr:`validate_schemas` off), :attr:`requests`
    keeps ``(method, path, None)`` without the bodies, messages keep no edit
    :attr:`~.store.Message.history`, and multipart bodies are parsed by
    :mod:`.multipart` instead of aiohttp's reader. What the bot is sent and answered is
    the same; what a test could inspect afterwards is not kept.
    """

    def __init__(self, *, guild_name: str = "Hajime Test Guild", locale: str = "en-US",
                 bot_name: str = "hajime", guild_id: int | None = None,
                 shard_count: int = 1, lean: bool = False,
                 rate_limits: RateLimits | None = None) -> None:
        #: bench-only fast path (see the class docstring)
        self.lean = lean
        #: Discord's rate limits and a network delay, when given (:mod:`.ratelimit`)
        self.rate_limits = rate_limits
        self.application_id = snowflake()
        self.shard_count = shard_count
        self.guild_id = guild_id or snowflake()
        self.guild_name = guild_name
        self.locale = locale
        #: every guild: id -> (name, locale); the first is ``guild_id``, whose name and
        #: locale are :attr:`guild_name` and :attr:`locale` (tests change them)
        self.guilds: dict[int, tuple[str, str]] = {self.guild_id: (guild_name, locale)}
        self.bot_user = FakeUser(self, self.application_id, bot_name, bot=True)
        self.users: dict[int, FakeUser] = {}
        self.channels: dict[int, Channel] = {}
        self.store = MessageStore()
        #: synced commands: key (guild_id or None) -> {name: command payload}
        self.commands: dict[int | None, dict[str, dict[str, Any]]] = {}
        self.interactions: dict[str, InteractionResult] = {}
        self.sessions: list[GatewaySession] = []
        self.sessions_by_id: dict[str, GatewaySession] = {}
        self.gateway_queries: list[dict[str, str]] = []
        #: every REST request: (method, path, JSON body or payload_json)
        self.requests: list[tuple[str, str, Any]] = []
        #: schema and limit violations in bodies the bot sent; tests assert it stays empty
        self.schema_errors: list[str] = []
        #: misuse of the protocol (double ack, late ack, follow-up before ack, ...)
        self.protocol_errors: list[str] = []
        #: routes the fake does not know (answered 404)
        self.unknown_routes: list[tuple[str, str]] = []
        #: exceptions raised inside the fake's own handlers (answered 400)
        self.handler_errors: list[str] = []
        #: messages created with ``enforce_nonce``, by (channel, nonce): Discord returns the
        #: existing message instead of creating another (the bot's idempotent posts)
        self.nonces: dict[tuple[int, str], Any] = {}
        #: ERROR log records emitted while ``running_bot`` ran (bot tracebacks)
        self.bot_errors: list[str] = []
        self.command_syncs = 0
        #: check every body against Discord's schema (off in ``lean`` mode: benchmarks)
        self.validate_schemas = not lean
        #: bot tokens answered 401 at login (to test a rejected token)
        self.rejected_tokens: set[str] = set()
        #: futures of the ``wait_for`` calls waiting for the next :meth:`notify`
        self._waiters: list[asyncio.Future[None]] = []
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.channel = self.add_channel("general")
        self.add_user("owner")

    # --- lifecycle ---------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        middlewares = [error_middleware]
        if self.rate_limits is not None:
            middlewares.insert(0, self.rate_limits.middleware())
        app = web.Application(middlewares=middlewares, client_max_size=64 * 2**20)
        app[FAKE_KEY] = self
        app.router.add_get("/gateway/", gateway_handler)
        app.router.add_get("/gateway", gateway_handler)
        rest.add_routes(app, API_PREFIX)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[attr-defined]
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        return self

    async def stop(self) -> None:
        for session in list(self.sessions):
            await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> yarl.URL:
        return yarl.URL(f"ws://127.0.0.1:{self.port}/gateway/")

    # --- world building ----------------------------------------------------------------

    def add_user(self, name: str, *, bot: bool = False) -> FakeUser:
        user = FakeUser(self, snowflake(), name, bot=bot)
        self.users[user.id] = user
        return user

    def add_guild(self, name: str, *, shard: int = 0, locale: str | None = None) -> Channel:
        """Another guild (every user is a member), on ``shard`` of :attr:`shard_count`;
        returns its #general channel. Announced (GUILD_CREATE) to a connected shard."""
        gid = guild_snowflake(shard, self.shard_count)
        self.guilds[gid] = (name, locale or self.locale)
        return self.add_channel("general", guild_id=gid)

    async def announce_guild(self, guild_id: int) -> None:
        """GUILD_CREATE of ``guild_id`` to the connections of its shard (a bot joined)."""
        await self.dispatch("GUILD_CREATE", self.guild_payload(guild_id))

    def guild_info(self, guild_id: int | None) -> tuple[str, str]:
        """A guild's name and preferred locale (the default guild's for none)."""
        if guild_id is None or guild_id == self.guild_id:
            return self.guild_name, self.locale
        return self.guilds[guild_id]

    def guild_locale(self, guild_id: int | None) -> str:
        """A guild's preferred locale (the default guild's for none)."""
        return self.guild_info(guild_id)[1]

    def add_channel(self, name: str, *, type: int = 0, guild_id: int | None = None) -> Channel:
        channel = Channel(snowflake(), name, type=type, guild_id=guild_id or self.guild_id,
                          position=len(self.channels))
        self.channels[channel.id] = channel
        return channel

    def user(self, name: str) -> FakeUser:
        return next(u for u in self.users.values() if u.name == name)

    def members(self) -> list[FakeUser]:
        return [self.bot_user, *self.users.values()]

    def user_by_id(self, user_id: int) -> FakeUser | None:
        if user_id == self.bot_user.id:
            return self.bot_user
        return self.users.get(user_id)

    def dm(self, user: FakeUser) -> Channel | None:
        """The DM channel the bot opened with ``user``, if any."""
        return next((c for c in self.channels.values()
                     if c.type == 1 and c.recipients == [user.id]), None)

    def threads(self, parent: Channel | None = None) -> list[Channel]:
        return [c for c in self.channels.values() if c.is_thread
                and (parent is None or c.parent_id == parent.id)]

    def channel_payload(self, channel: Channel) -> dict[str, Any]:
        """A channel's payload; a DM's names its recipients (the only users it needs:
        not every member's payload built per call, which cost ~2 us per member)."""
        if channel.type != 1:
            return channel.payload()
        users: dict[int, dict[str, Any]] = {}
        for uid in channel.recipients:
            user = self.user_by_id(uid)
            if user is not None:
                users[uid] = user.user_payload()
        return channel.payload(users)

    def guild_payload(self, guild_id: int | None = None) -> dict[str, Any]:
        gid = guild_id or self.guild_id
        name, locale = self.guild_info(gid)
        everyone = {"id": str(gid), "name": "@everyone", "permissions": ALL_PERMISSIONS,
                    "position": 0, "color": 0, "hoist": False, "managed": False,
                    "mentionable": False, "flags": 0}
        guild_channels = [c for c in self.channels.values() if c.guild_id == gid]
        members = self.members()
        return {
            "id": str(gid), "name": name, "icon": None, "splash": None,
            "discovery_splash": None, "banner": None, "description": None,
            "owner_id": str(next(iter(self.users))), "afk_channel_id": None, "afk_timeout": 300,
            "verification_level": 0, "default_message_notifications": 0,
            "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0, "premium_tier": 0,
            "premium_progress_bar_enabled": False, "system_channel_id": None,
            "system_channel_flags": 0, "rules_channel_id": None, "vanity_url_code": None,
            "preferred_locale": locale, "features": [], "roles": [everyone], "emojis": [],
            "stickers": [], "application_id": None, "max_members": 500000,
            "channels": [self.channel_payload(c) for c in guild_channels if not c.is_thread],
            "threads": [self.channel_payload(c) for c in guild_channels if c.is_thread],
            "members": [u.member_payload() for u in members], "member_count": len(members),
            "large": False, "unavailable": False, "joined_at": members[0].member_payload()
            ["joined_at"], "presences": [], "voice_states": [], "stage_instances": [],
            "guild_scheduled_events": [], "soundboard_sounds": [],
        }

    # --- commands ----------------------------------------------------------------------

    def find_command(self, path: str, channel: Channel
                     ) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
        """(command, [subcommand group/subcommand defs], leaf option defs) for "a b c"."""
        name, *subs = path.split()
        cmd = self.commands.get(channel.guild_id, {}).get(name) if channel.guild_id else None
        cmd = cmd or self.commands.get(None, {}).get(name)
        if cmd is None:
            known = sorted({n for cmds in self.commands.values() for n in cmds})
            raise LookupError(f"no synced command {name!r}; synced: {known}")
        defs: list[dict[str, Any]] = cmd.get("options") or []
        chain: list[dict[str, Any]] = []
        for sub in subs:
            found = next((o for o in defs if o["name"] == sub and o["type"] in (1, 2)), None)
            if found is None:
                raise LookupError(f"/{name} has no subcommand {sub!r}")
            chain.append(found)
            defs = found.get("options") or []
        if any(o["type"] in (1, 2) for o in defs):
            raise LookupError(f"/{path} needs a subcommand: {[o['name'] for o in defs]}")
        return cmd, chain, defs

    def command_names(self, guild: bool | None = None) -> list[str]:
        out: set[str] = set()
        for key, cmds in self.commands.items():
            if guild is None or (key is not None) == guild:
                out.update(cmds)
        return sorted(out)

    # --- events and waiting ------------------------------------------------------------

    def notify(self) -> None:
        """Wake every ``wait_for``; call after any change of state."""
        waiters, self._waiters = self._waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 5.0,
                       what: str = "condition") -> Any:
        """Wait until ``predicate()`` is truthy and return its value; TimeoutError otherwise."""
        deadline = time.monotonic() + timeout
        loop = asyncio.get_running_loop()
        while True:
            value = predicate()
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"timed out after {timeout}s waiting for {what}; "
                                   + self.diagnostics())
            changed = loop.create_future()  # resolved by the next notify()
            self._waiters.append(changed)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed, min(left, 0.25))

    async def reconnect(self, timeout: float = 5.0) -> None:
        """Ask the bot to reconnect (gateway op 7); wait until it has RESUMEd."""
        old = [s for s in self.sessions if s.identified]
        for session in old:
            await session.send(RECONNECT, None)
        await self.wait_for(lambda: any(s.identified and s not in old and not s.ws.closed
                                        for s in self.sessions),
                            timeout=timeout, what="the bot to resume")

    def diagnostics(self) -> str:
        """What went wrong so far, for timeout messages."""
        parts = {"bot errors": self.bot_errors, "fake handler errors": self.handler_errors,
                 "protocol errors": self.protocol_errors, "unknown routes": self.unknown_routes,
                 "schema errors": self.schema_errors}
        text = "; ".join(f"{k}: {v}" for k, v in parts.items() if v)
        return text or "no errors recorded"

    @property
    def connected(self) -> bool:
        return any(s.identified and not s.ws.closed for s in self.sessions)

    def shard_of(self, guild_id: int | None, shard_count: int) -> int:
        """Discord's formula: the shard of a guild's events (none: shard 0)."""
        return 0 if guild_id is None else (guild_id >> 22) % shard_count

    def guilds_of(self, session: GatewaySession) -> list[int]:
        """The guilds whose events go to ``session`` (all of them without sharding)."""
        shard, count = session.shard
        return [g for g in self.guilds if self.shard_of(g, count) == shard]

    async def dispatch(self, event: str, data: Any,
                       stamp: InteractionResult | None = None) -> None:
        """Send a gateway event to every identified session of the event's shard (the
        shard of its ``guild_id``; shard 0 for an event without one); ``stamp``: the
        interaction whose ``dispatched_at`` is the moment the frame goes out."""
        raw = data.get("guild_id") if isinstance(data, dict) else None
        guild_id = int(raw) if raw else None
        if event == "GUILD_CREATE" and isinstance(data, dict):
            guild_id = int(data["id"])
        for session in list(self.sessions):
            shard, count = session.shard
            if session.identified and self.shard_of(guild_id, count) == shard:
                await session.dispatch(event, data, stamp)

    async def dispatch_interaction(self, result: InteractionResult) -> None:
        raw = result.payload.get("guild_id")
        gid = int(raw) if raw else None
        if not any(s.identified and not s.ws.closed
                   and self.shard_of(gid, s.shard[1]) == s.shard[0] for s in self.sessions):
            raise RuntimeError("no bot is connected to the fake gateway for this guild's shard")
        self.interactions[result.token] = result
        result.dispatched_at = time.perf_counter()  # re-stamped as the frame is sent
        await self.dispatch("INTERACTION_CREATE", result.payload, result)
        if self.lean:  # sent: not kept for the whole run (benches read only its custom_id)
            result.payload = {"data": {"custom_id": (result.payload.get("data") or {}).get(
                "custom_id")}}

    # --- messages ----------------------------------------------------------------------

    def messages(self, channel: Channel | int) -> list[Message]:
        """Public (non-ephemeral) messages of a channel or thread, oldest first."""
        return self.store.channel(channel.id if isinstance(channel, Channel) else channel)

    def latest(self, channel: Channel | int) -> Message | None:
        return self.store.latest(channel.id if isinstance(channel, Channel) else channel)

    def find(self, predicate: Callable[[Message], Any]) -> list[Message]:
        """Every live message (public or ephemeral) matching ``predicate``, oldest first."""
        return [m for m in self.store.all() if not m.deleted and predicate(m)]

    async def wait_for_message(self, predicate: Callable[[Message], Any],
                               timeout: float = 5.0) -> Message:
        """The newest live message matching ``predicate``, once there is one."""
        found: list[Message] = await self.wait_for(lambda: self.find(predicate), timeout,
                                                   what="a matching message")
        return found[-1]

    @property
    def latencies(self) -> list[float]:
        """Dispatch-to-callback seconds of every answered interaction, in order."""
        return [r.latency for r in self.interactions.values() if r.latency is not None]

    def public_messages(self) -> list[Message]:
        return [m for m in self.store.all() if not m.ephemeral and not m.deleted]

    def ephemeral_messages(self) -> list[Message]:
        return [m for m in self.store.all() if m.ephemeral and not m.deleted]
