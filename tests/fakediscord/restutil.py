"""Shared helpers of the fake's REST handlers: JSON replies, body parsing, message upkeep."""

from __future__ import annotations

import json
import traceback
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import multipart, schema
from .store import EPHEMERAL, Attachment, Channel, Message, iso_now, snowflake

if TYPE_CHECKING:
    from .server import FakeDiscord
    from .users import InteractionResult

#: JSON as Discord sends it (no spaces); no circular-reference check (~10% less CPU)
encode_json = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode

#: where the aiohttp application keeps its FakeDiscord
FAKE_KEY: web.AppKey[Any] = web.AppKey("fake_discord")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def jresp(data: Any, status: int = 200) -> web.Response:
    # exactly "application/json": discord.py's json_or_text compares the header verbatim
    return web.Response(body=encode_json(data).encode(), status=status,
                        headers={"Content-Type": "application/json"})


def error(status: int, code: int, message: str) -> web.Response:
    return jresp({"message": message, "code": code}, status)


def no_content() -> web.Response:
    return web.Response(status=204)


def fake_of(request: web.Request) -> FakeDiscord:
    fake: FakeDiscord = request.app[FAKE_KEY]
    return fake


@web.middleware
async def error_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    fake = fake_of(request)
    try:
        return await handler(request)
    except web.HTTPException:
        raise
    except Exception as exc:  # never 5xx: discord.py would retry with sleeps
        fake.handler_errors.append(f"{request.method} {request.path}: {exc!r}\n"
                                   + traceback.format_exc(limit=4))
        return error(400, 50035, f"fake discord failed on this request: {exc!r}")


async def read_body(request: web.Request) -> tuple[Any, list[Attachment]]:
    """JSON body, or ``payload_json`` plus the uploaded files of a multipart body."""
    fake = fake_of(request)
    if fake.lean:
        return await _read_body_lean(fake, request)
    files: list[Attachment] = []
    body: Any = None
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        async for part in reader:
            if part is None:
                break
            name = getattr(part, "name", None) or ""
            if name == "payload_json":
                body = json.loads(await part.text())  # type: ignore[union-attr]
            elif name.startswith("file"):
                data = bytes(await part.read())  # type: ignore[union-attr]
                files.append(Attachment(
                    id=snowflake(), filename=getattr(part, "filename", None) or name, data=data,
                    content_type=part.headers.get("Content-Type", "application/octet-stream")))
    else:
        raw = await request.read()
        if raw:
            body = json.loads(raw)
    fake.requests.append((request.method, request.path, body))
    return body, files


async def _read_body_lean(fake: FakeDiscord, request: web.Request
                          ) -> tuple[Any, list[Attachment]]:
    """:func:`read_body` of ``FakeDiscord(lean=True)``: the multipart body parsed by
    :mod:`.multipart` in one pass, and the request logged without its body."""
    raw = await request.read()
    fake.requests.append((request.method, request.path, None))
    ctype = request.headers.get("Content-Type", "")
    if not ctype.startswith("multipart/"):
        return (json.loads(raw) if raw else None), []
    boundary = multipart.boundary_of(ctype)
    if boundary is None:
        raise ValueError(f"multipart body without a boundary: {ctype!r}")
    body: Any = None
    files: list[Attachment] = []
    for part in multipart.parse(raw, boundary):
        if part.name == "payload_json":
            body = json.loads(part.data)
        elif part.name.startswith("file"):
            files.append(Attachment(
                id=snowflake(), filename=part.filename or part.name, data=part.data,
                content_type=part.content_type or "application/octet-stream"))
    return body, files


def check(fake: FakeDiscord, operation: str, body: Any) -> None:
    if fake.validate_schemas:
        fake.schema_errors.extend(schema.validate(operation, body))


def _finish(fake: FakeDiscord, msg: Message) -> Message:
    for att in msg.attachments:
        att.url = f"{fake.base_url}/attachments/{msg.channel_id}/{att.id}/{att.filename}"
    fake.notify()
    return msg


def new_message(fake: FakeDiscord, channel: Channel, body: dict[str, Any],
                files: list[Attachment], *, source: str,
                res: InteractionResult | None = None) -> Message:
    nonce = body.get("nonce")
    key = (channel.id, str(nonce))
    enforce = nonce is not None and body.get("enforce_nonce") and res is None
    if enforce and key in fake.nonces:  # Discord: the same author's message, that nonce
        return fake.nonces[key]  # type: ignore[no-any-return]
    flags = int(body.get("flags") or 0)
    ephemeral = bool(flags & EPHEMERAL) and res is not None
    msg = Message(id=snowflake(), channel_id=channel.id, guild_id=channel.guild_id,
                  author=fake.bot_user.user_payload(), flags=EPHEMERAL if ephemeral else 0,
                  source=source, application_id=fake.application_id,
                  interaction_id=res.id if res else None,
                  webhook_token=res.token if res else None,
                  recipient_id=res.user.id if ephemeral and res else None,
                  keep_history=not fake.lean)
    if res is not None:
        msg.interaction_metadata = _metadata(res, source)
    msg.apply({**body, "flags": flags & ~EPHEMERAL}, files)
    fake.store.add(msg)
    if enforce:
        fake.nonces[key] = msg
    return _finish(fake, msg)


def _metadata(res: InteractionResult, source: str) -> dict[str, Any]:
    meta: dict[str, Any] = {"id": str(res.id), "type": res.type, "user": res.user.user_payload(),
                            "authorizing_integration_owners": {}}
    if res.source_message is not None:
        meta["interacted_message_id"] = str(res.source_message.id)
    if source == "followup" and res.original is not None:
        meta["original_response_message_id"] = str(res.original.id)
    return meta


def edit_message(fake: FakeDiscord, msg: Message, body: dict[str, Any],
                 files: list[Attachment]) -> Message:
    msg.apply(body, files)
    msg.edits += 1
    msg.edited_timestamp = iso_now()
    return _finish(fake, msg)


