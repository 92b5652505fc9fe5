"""Fake users who drive the bot: slash commands, clicks, selects, autocomplete, modals."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .store import ALL_PERMISSIONS, Attachment, Channel, Message, iso_now, snowflake

if TYPE_CHECKING:
    from .server import FakeDiscord

CHAT_INPUT, SUBCOMMAND, GROUP = 1, 1, 2
USER, CHANNEL, ROLE, MENTIONABLE = 6, 7, 8, 9


@dataclass(eq=False)
class FakeUser:
    """A Discord user who is a member of the fake guild."""

    fake: FakeDiscord = field(repr=False)
    id: int
    name: str
    bot: bool = False
    roles: list[int] = field(default_factory=list)
    #: the member's permissions in interactions (a decimal bit string); None: all of them
    permissions: str | None = None
    #: the user's client language sent as the interaction's ``locale``; None: the guild's
    locale: str | None = None

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def user_payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "username": self.name, "discriminator": "0",
                "global_name": self.name.title(), "avatar": None, "bot": self.bot,
                "public_flags": 0, "flags": 0}

    def member_payload(self, *, with_user: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {"roles": [str(r) for r in self.roles], "joined_at": iso_now(),
                               "deaf": False, "mute": False, "flags": 0, "nick": None,
                               "avatar": None, "pending": False, "premium_since": None}
        if with_user:
            out["user"] = self.user_payload()
        return out

    # --- reading what this user sees ---------------------------------------------------

    def ephemerals(self, channel: Channel | int | None = None) -> list[Message]:
        """Ephemeral messages only this user can see (oldest first)."""
        cid = channel.id if isinstance(channel, Channel) else channel
        return self.fake.store.ephemerals(self.id, cid)

    def last_ephemeral(self) -> Message | None:
        msgs = self.ephemerals()
        return msgs[-1] if msgs else None

    # --- driving -----------------------------------------------------------------------

    async def slash(self, command: str, *, channel: Channel | None = None,
                    **options: Any) -> InteractionResult:
        """Invoke ``/command`` (``"group sub"`` for subcommands) with typed options."""
        channel = channel or self.fake.channel
        cmd, path_defs, leaf_defs = self.fake.find_command(command, channel)
        resolved: dict[str, dict[str, Any]] = {}
        opts = _build_options(self.fake, leaf_defs, options, resolved, focused=None)
        data = _nest(cmd, path_defs, opts)
        if resolved:
            data["resolved"] = resolved
        return await self._send(2, channel, data)

    async def autocomplete(self, command: str, focused: str, value: str, *,
                           channel: Channel | None = None, **options: Any) -> InteractionResult:
        """Type ``value`` into option ``focused``; the result's ``choices`` hold the answer."""
        channel = channel or self.fake.channel
        cmd, path_defs, leaf_defs = self.fake.find_command(command, channel)
        options = {**options, focused: value}
        opts = _build_options(self.fake, leaf_defs, options, {}, focused=focused)
        return await self._send(4, channel, _nest(cmd, path_defs, opts))

    async def click(self, message: Message, custom_id: str | None = None, *,
                    label: str | None = None) -> InteractionResult:
        """Click a button of ``message`` by custom_id or label."""
        comp = _component(message, custom_id, label)
        data = {"custom_id": comp["custom_id"], "component_type": comp.get("type", 2)}
        return await self._send(3, self.fake.channels[message.channel_id], data, message=message)

    async def select(self, message: Message, custom_id: str | None = None,
                     values: list[Any] | None = None, *, placeholder: str | None = None
                     ) -> InteractionResult:
        """Pick ``values`` in a select menu of ``message`` (users/channels may be objects)."""
        comp = None
        if placeholder is not None:
            from .store import walk_components
            comp = next((c for c in walk_components(message.components)
                         if c.get("placeholder") == placeholder), None)
        comp = comp or _component(message, custom_id, None)
        resolved: dict[str, dict[str, Any]] = {}
        vals = [_resolve_value(self.fake, comp.get("type", 3), v, resolved) for v in values or []]
        data: dict[str, Any] = {"custom_id": comp["custom_id"],
                                "component_type": comp.get("type", 3), "values": vals}
        if comp.get("type", 3) == 3:
            allowed = {o.get("value") for o in comp.get("options") or []}
            bad = [v for v in vals if v not in allowed]
            if bad:
                raise ValueError(f"values {bad} are not options of {comp['custom_id']!r}")
            least, most = comp.get("min_values", 1), comp.get("max_values", 1)
            if not least <= len(vals) <= most or len(set(vals)) != len(vals):
                raise ValueError(f"{len(vals)} values picked in {comp['custom_id']!r} "
                                 f"(Discord allows {least} to {most}, each once)")
        if resolved:
            data["resolved"] = resolved
        return await self._send(3, self.fake.channels[message.channel_id], data, message=message)

    async def interact(self, message: Message, custom_id: str, *, component_type: int = 2,
                       values: list[Any] | None = None) -> InteractionResult:
        """Send a component interaction on ``message`` without checking that the message
        carries ``custom_id`` (stale or forged clicks, races with an edit)."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        resolved: dict[str, dict[str, Any]] = {}
        if values is not None or component_type != 2:
            data["values"] = [_resolve_value(self.fake, component_type, v, resolved)
                              for v in values or []]
        if resolved:
            data["resolved"] = resolved
        return await self._send(3, self.fake.channels[message.channel_id], data, message=message)

    async def submit_modal(self, modal: InteractionResult | dict[str, Any],
                           values: dict[str, Any]) -> InteractionResult:
        """Submit the modal the bot opened (an InteractionResult of type 9, or its data)."""
        source: InteractionResult | None
        spec: dict[str, Any] | None
        if isinstance(modal, InteractionResult):
            source, spec = modal, modal.modal
        else:
            source, spec = None, modal
        if not spec:
            raise ValueError("the bot did not answer this interaction with a modal")
        missing = set(values)
        components = [_fill(comp, values, missing) for comp in spec.get("components", [])]
        if missing:
            raise KeyError(f"no modal inputs named {sorted(missing)}")
        channel = self.fake.channels[source.channel_id] if source else self.fake.channel
        message = source.source_message if source else None
        data = {"custom_id": spec["custom_id"], "components": components}
        return await self._send(5, channel, data, message=message)

    async def _send(self, itype: int, channel: Channel, data: dict[str, Any],
                    message: Message | None = None) -> InteractionResult:
        fake = self.fake
        iid = snowflake()
        token = f"aW50ZXJhY3Rpb246{iid}.{secrets.token_urlsafe(24)}"
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(fake.application_id), "type": itype,
            "data": data, "token": token, "version": 1,
            "channel": fake.channel_payload(channel), "channel_id": str(channel.id),
            "app_permissions": ALL_PERMISSIONS, "locale": self.locale or fake.locale,
            "entitlements": [], "attachment_size_limit": 10 * 1024 * 1024,
        }
        if channel.guild_id is not None:
            member = self.member_payload()
            member["permissions"] = self.permissions or ALL_PERMISSIONS
            payload.update(guild_id=str(channel.guild_id), member=member,
                           guild={"id": str(channel.guild_id),
                                  "locale": fake.guild_locale(channel.guild_id),
                                  "features": []},
                           guild_locale=fake.guild_locale(channel.guild_id), context=0,
                           authorizing_integration_owners={"0": str(channel.guild_id)})
        else:
            payload.update(user=self.user_payload(), context=1,
                           authorizing_integration_owners={"1": str(self.id)})
        if message is not None:
            payload["message"] = message.payload()
        result = InteractionResult(fake=fake, id=iid, token=token, type=itype, user=self,
                                   channel_id=channel.id, payload=payload,
                                   source_message=message)
        await fake.dispatch_interaction(result)
        return result


@dataclass(eq=False)
class InteractionResult:
    """One interaction sent to the bot and everything the bot answered to it."""

    fake: FakeDiscord = field(repr=False)
    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    payload: dict[str, Any] = field(repr=False)
    source_message: Message | None = field(default=None, repr=False)
    dispatched_at: float = 0.0
    #: seconds from sending INTERACTION_CREATE to receiving the callback
    latency: float | None = None
    response_type: int | None = None
    callback_body: dict[str, Any] | None = field(default=None, repr=False)
    #: the @original message (reply, deferred placeholder, or the updated component message)
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    _answered: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    def _record_callback(self, body: dict[str, Any], received_at: float) -> None:
        self.latency = received_at - self.dispatched_at
        self.response_type = int(body.get("type", 0))
        self.callback_body = body
        data = body.get("data") or {}
        if self.response_type == 8:
            self.choices = list(data.get("choices") or [])
        elif self.response_type == 9:
            self.modal = data
        self._answered.set()

    @property
    def answered(self) -> bool:
        return self._answered.is_set()

    async def response(self, timeout: float = 5.0) -> InteractionResult:
        """Wait for the bot's interaction callback; raises TimeoutError."""
        if self._answered.is_set():
            return self
        try:
            async with asyncio.timeout(timeout):  # no task per wait, unlike wait_for
                await self._answered.wait()
        except TimeoutError:
            raise TimeoutError(
                f"bot did not answer interaction {self.id} within {timeout}s; "
                + self.fake.diagnostics()) from None
        return self

    async def followup(self, index: int = 0, timeout: float = 5.0) -> Message:
        """Wait for the ``index``-th follow-up message (0-based)."""
        await self.fake.wait_for(lambda: len(self.followups) > index, timeout=timeout,
                                 what=f"follow-up #{index} of interaction {self.id}")
        return self.followups[index]

    async def settled(self, timeout: float = 5.0) -> Message:
        """Wait until the original response exists and is no longer "thinking"."""
        await self.response(timeout)
        await self.fake.wait_for(lambda: self.original is not None and not self.original.loading,
                                 timeout=timeout, what=f"original of interaction {self.id}")
        assert self.original is not None
        return self.original

    # --- convenience views on the original response ------------------------------------

    @property
    def message(self) -> Message | None:
        return self.original

    @property
    def messages(self) -> list[Message]:
        """The original response (if a message) followed by the follow-ups."""
        out = [self.original] if self.original is not None else []
        return out + [m for m in self.followups if m is not self.original]

    @property
    def content(self) -> str | None:
        return self.original.content if self.original else None

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.original.embeds if self.original else []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.original.components if self.original else []

    @property
    def attachments(self) -> list[Attachment]:
        return self.original.attachments if self.original else []

    @property
    def ephemeral(self) -> bool:
        return bool(self.original and self.original.ephemeral)


def _component(message: Message, custom_id: str | None, label: str | None) -> dict[str, Any]:
    comp = message.find_component(custom_id=custom_id, label=label)
    if comp is None or not comp.get("custom_id"):
        raise LookupError(f"message {message.id} has no component custom_id={custom_id!r} "
                          f"label={label!r}; it has {message.custom_ids}")
    if comp.get("disabled"):
        raise LookupError(f"component {comp['custom_id']!r} is disabled")
    return comp


def _fill(comp: dict[str, Any], values: dict[str, Any], missing: set[str]) -> dict[str, Any]:
    kind = comp.get("type")
    if kind == 1:
        return {"type": 1, "components": [_fill(c, values, missing)
                                          for c in comp.get("components", [])]}
    if kind == 18:
        return {"type": 18, "component": _fill(comp["component"], values, missing)}
    custom_id = comp.get("custom_id")
    out: dict[str, Any] = {"type": kind, "custom_id": custom_id}
    value = values.get(custom_id, comp.get("value", "")) if custom_id else None
    missing.discard(custom_id or "")
    if kind == 4:
        out["value"] = str(value or "")
    elif custom_id is not None:
        out["values"] = [str(v) for v in (value if isinstance(value, list) else [value])
                         if v not in (None, "")]
    return out


def _resolve_value(fake: FakeDiscord, kind: int, value: Any,
                   resolved: dict[str, dict[str, Any]]) -> str:
    if isinstance(value, FakeUser):
        resolved.setdefault("users", {})[str(value.id)] = value.user_payload()
        member = value.member_payload(with_user=False)
        member["permissions"] = ALL_PERMISSIONS
        resolved.setdefault("members", {})[str(value.id)] = member
        return str(value.id)
    if isinstance(value, Channel):
        ch = fake.channel_payload(value)
        ch["permissions"] = ALL_PERMISSIONS
        resolved.setdefault("channels", {})[str(value.id)] = ch
        return str(value.id)
    return str(value)


def _build_options(fake: FakeDiscord, defs: list[dict[str, Any]], given: dict[str, Any],
                   resolved: dict[str, dict[str, Any]], focused: str | None
                   ) -> list[dict[str, Any]]:
    by_name = {d["name"]: d for d in defs}
    unknown = set(given) - set(by_name)
    if unknown:
        raise TypeError(f"unknown options {sorted(unknown)}; the command has {sorted(by_name)}")
    out: list[dict[str, Any]] = []
    for d in defs:
        name = d["name"]
        if name not in given:
            if d.get("required") and focused is None:
                raise TypeError(f"missing required option {name!r}")
            continue
        value, kind = given[name], d["type"]
        opt: dict[str, Any] = {"name": name, "type": kind}
        if name == focused:
            opt["value"], opt["focused"] = str(value), True
        elif kind in (USER, CHANNEL, ROLE, MENTIONABLE):
            opt["value"] = _resolve_value(fake, kind, value, resolved)
        else:
            opt["value"] = _coerce(d, value)
        out.append(opt)
    return out


def _coerce(d: dict[str, Any], value: Any) -> Any:
    kind = d["type"]
    convs: dict[int, Callable[[Any], Any]] = {3: str, 4: int, 5: bool, 10: float}
    conv = convs.get(kind, _same)
    choices = d.get("choices") or []
    if choices:
        values = [c["value"] for c in choices]
        if value not in values:
            named = [c["value"] for c in choices if c["name"] == value]
            if not named:
                raise ValueError(f"{value!r} is not a choice of {d['name']!r}: {values}")
            value = named[0]
    return conv(value)


def _same(value: Any) -> Any:
    return value


def _nest(cmd: dict[str, Any], path: list[dict[str, Any]], opts: list[dict[str, Any]]
          ) -> dict[str, Any]:
    for sub in reversed(path):
        opts = [{"name": sub["name"], "type": sub["type"], "options": opts}]
    data: dict[str, Any] = {"id": str(cmd["id"]), "name": cmd["name"],
                            "type": cmd.get("type", CHAT_INPUT), "options": opts}
    if cmd.get("guild_id"):
        data["guild_id"] = str(cmd["guild_id"])
    return data
