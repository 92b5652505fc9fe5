"""State of the fake Discord: snowflakes, guild, channels, threads and the message store."""

from __future__ import annotations

import datetime as dt
import itertools
import threading
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7

_counter = itertools.count()
_lock = threading.Lock()


def snowflake() -> int:
    """A real, time-based snowflake (discord.py reads creation times from ids)."""
    with _lock:
        inc = next(_counter) & 0xFFF
    return ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) | (1 << 17) | inc


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


ALL_PERMISSIONS = str((1 << 53) - 1)


@dataclass
class Attachment:
    """A file the bot uploaded; ``data`` holds its bytes."""

    id: int
    filename: str
    data: bytes
    content_type: str = "application/octet-stream"
    description: str | None = None
    url: str = ""

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description:
            out["description"] = self.description
        return out


@dataclass
class Message:
    """One message as the fake stores it (public, or ephemeral for ``recipient_id``)."""

    id: int
    channel_id: int
    guild_id: int | None
    author: dict[str, Any]
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    #: "channel" (REST create), "interaction" (callback), "followup" (webhook)
    source: str = "channel"
    interaction_id: int | None = None
    webhook_token: str | None = None
    recipient_id: int | None = None
    application_id: int | None = None
    created: float = field(default_factory=time.monotonic)
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    edits: int = 0
    deleted: bool = False
    thread_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    history: list[dict[str, Any]] = field(default_factory=list)
    #: append every create/edit body to :attr:`history` (off in ``FakeDiscord(lean=True)``)
    keep_history: bool = field(default=True, repr=False)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def apply(self, body: dict[str, Any], files: list[Attachment] | None = None) -> None:
        """Apply a create/edit body (JSON fields the bot sent)."""
        if "content" in body:
            self.content = body["content"] or ""
        if "embeds" in body:
            self.embeds = list(body["embeds"] or [])
        if "components" in body:
            self.components = list(body["components"] or [])
        if body.get("flags") is not None:
            keep = self.flags & EPHEMERAL
            self.flags = (int(body["flags"]) & ~LOADING) | keep
        else:
            self.flags &= ~LOADING
        files = files or []
        if "attachments" in body:
            kept: list[Attachment] = []
            by_index = {str(i): f for i, f in enumerate(files)}
            old = {str(a.id): a for a in self.attachments}
            for ref in body["attachments"] or []:
                key = str(ref.get("id"))
                att = old.get(key) or by_index.pop(key, None)
                if att is not None:
                    if ref.get("description"):
                        att.description = ref["description"]
                    if ref.get("filename") and key not in old:
                        att.filename = ref["filename"]
                    kept.append(att)
            kept.extend(by_index.values())
            self.attachments = kept
        elif files:
            self.attachments = [*self.attachments, *files]
        if self.keep_history:
            self.history.append(body)

    def find_component(self, *, custom_id: str | None = None, label: str | None = None) -> (
        dict[str, Any] | None
    ):
        for comp in walk_components(self.components):
            if custom_id is not None and comp.get("custom_id") == custom_id:
                return comp
            if label is not None and comp.get("label") == label:
                return comp
        return None

    def button(self, label: str) -> dict[str, Any]:
        """The button labelled ``label`` (KeyError if absent)."""
        comp = self.find_component(label=label)
        if comp is None:
            raise KeyError(f"no component labelled {label!r} in message {self.id}")
        return comp

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in walk_components(self.components) if c.get("custom_id")]

    def attachment(self, filename: str | None = None) -> Attachment:
        for att in self.attachments:
            if filename is None or att.filename == filename:
                return att
        raise KeyError(f"no attachment {filename!r} in message {self.id}")

    def payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": 0 if self.source == "channel" else 20,
            "author": self.author,
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            out["guild_id"] = str(self.guild_id)
        if self.interaction_metadata is not None:
            out["interaction_metadata"] = self.interaction_metadata
        if self.webhook_token is not None and self.application_id is not None:
            out["webhook_id"] = str(self.application_id)
            out["application_id"] = str(self.application_id)
        return out


def walk_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for comp in components:
        out.append(comp)
        out.extend(walk_components(comp.get("components") or []))
        for key in ("component", "accessory"):
            if isinstance(comp.get(key), dict):
                out.extend(walk_components([comp[key]]))
    return out


@dataclass
class Channel:
    id: int
    name: str
    type: int = 0  # 0 text, 1 DM, 11 public thread, 12 private thread
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    position: int = 0
    recipients: list[int] = field(default_factory=list)
    members: set[int] = field(default_factory=set)
    archived: bool = False
    locked: bool = False

    @property
    def is_thread(self) -> bool:
        return self.type in (10, 11, 12)

    def payload(self, users: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
        out: dict[str, Any] = {"id": str(self.id), "type": self.type, "name": self.name,
                               "flags": 0, "last_message_id": None}
        if self.guild_id is not None:
            out["guild_id"] = str(self.guild_id)
        if self.type == 1:
            out.pop("name")
            out["recipients"] = [(users or {}).get(u, {"id": str(u)}) for u in self.recipients]
            return out
        if self.is_thread:
            out.update(
                parent_id=str(self.parent_id),
                owner_id=str(self.owner_id),
                message_count=0,
                member_count=len(self.members),
                rate_limit_per_user=0,
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso_now(),
                    "locked": self.locked,
                    "create_timestamp": iso_now(),
                },
            )
        else:
            out.update(position=self.position, permission_overwrites=[], nsfw=False,
                       topic=None, rate_limit_per_user=0, parent_id=None)
        return out


class MessageStore:
    """Public messages by channel; ephemeral messages by recipient user."""

    def __init__(self) -> None:
        self.by_id: dict[int, Message] = {}
        self.public: dict[int, list[Message]] = {}
        self.ephemeral: dict[int, list[Message]] = {}

    def add(self, msg: Message) -> Message:
        self.by_id[msg.id] = msg
        if msg.ephemeral and msg.recipient_id is not None:
            self.ephemeral.setdefault(msg.recipient_id, []).append(msg)
        else:
            self.public.setdefault(msg.channel_id, []).append(msg)
        return msg

    def get(self, message_id: int | str) -> Message | None:
        return self.by_id.get(int(message_id))

    def channel(self, channel_id: int, *, include_deleted: bool = False) -> list[Message]:
        """Public messages of a channel or thread, oldest first."""
        msgs = self.public.get(int(channel_id), [])
        return [m for m in msgs if include_deleted or not m.deleted]

    def latest(self, channel_id: int) -> Message | None:
        msgs = self.channel(channel_id)
        return msgs[-1] if msgs else None

    def ephemerals(self, user_id: int, channel_id: int | None = None) -> list[Message]:
        msgs = self.ephemeral.get(int(user_id), [])
        return [m for m in msgs if not m.deleted
                and (channel_id is None or m.channel_id == int(channel_id))]

    def all(self) -> list[Message]:
        return sorted(self.by_id.values(), key=lambda m: m.id)
