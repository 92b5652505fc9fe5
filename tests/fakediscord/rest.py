"""REST handlers of the fake Discord (login, command sync, interactions, messages, threads).

Every JSON body the bot sends to a validated route is checked with ``schema.validate``;
problems go to ``FakeDiscord.schema_errors``. Unknown routes are recorded and answered 404.
"""

from __future__ import annotations

import json
import time
import traceback
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import schema
from .store import EPHEMERAL, LOADING, Attachment, Channel, Message, iso_now, snowflake

if TYPE_CHECKING:
    from .server import FakeDiscord
    from .users import InteractionResult

#: where the aiohttp application keeps its FakeDiscord
FAKE_KEY: web.AppKey[Any] = web.AppKey("fake_discord")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def jresp(data: Any, status: int = 200) -> web.Response:
    # exactly "application/json": discord.py's json_or_text compares the header verbatim
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json"})


def error(status: int, code: int, message: str) -> web.Response:
    return jresp({"message": message, "code": code}, status)


def no_content() -> web.Response:
    return web.Response(status=204)


def _fake(request: web.Request) -> FakeDiscord:
    fake: FakeDiscord = request.app[FAKE_KEY]
    return fake


@web.middleware
async def error_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    fake = _fake(request)
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
    files: list[Attachment] = []
    body: Any = None
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        async for part in reader:
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
    fake = _fake(request)
    fake.requests.append((request.method, request.path, body))
    return body, files


def check(fake: FakeDiscord, operation: str, body: Any) -> None:
    fake.schema_errors.extend(schema.validate(operation, body))


def _finish(fake: FakeDiscord, msg: Message) -> Message:
    for att in msg.attachments:
        att.url = f"{fake.base_url}/attachments/{msg.channel_id}/{att.id}/{att.filename}"
    fake.notify()
    return msg


def new_message(fake: FakeDiscord, channel: Channel, body: dict[str, Any],
                files: list[Attachment], *, source: str,
                res: InteractionResult | None = None) -> Message:
    flags = int(body.get("flags") or 0)
    ephemeral = bool(flags & EPHEMERAL) and res is not None
    msg = Message(id=snowflake(), channel_id=channel.id, guild_id=channel.guild_id,
                  author=fake.bot_user.user_payload(), flags=EPHEMERAL if ephemeral else 0,
                  source=source, application_id=fake.application_id,
                  interaction_id=res.id if res else None,
                  webhook_token=res.token if res else None,
                  recipient_id=res.user.id if ephemeral and res else None)
    msg.apply({**body, "flags": flags & ~EPHEMERAL}, files)
    fake.store.add(msg)
    return _finish(fake, msg)


def edit_message(fake: FakeDiscord, msg: Message, body: dict[str, Any],
                 files: list[Attachment]) -> Message:
    msg.apply(body, files)
    msg.edits += 1
    msg.edited_timestamp = iso_now()
    return _finish(fake, msg)


# --- login and gateway -----------------------------------------------------------------


async def users_me(request: web.Request) -> web.Response:
    fake = _fake(request)
    if not request.headers.get("Authorization", "").startswith("Bot "):
        return error(401, 0, "401: Unauthorized")
    return jresp({**fake.bot_user.user_payload(), "verified": True, "mfa_enabled": False,
                  "locale": "en-US", "email": None})


async def application_me(request: web.Request) -> web.Response:
    fake = _fake(request)
    owner = next(iter(fake.users.values()))
    return jresp({
        "id": str(fake.application_id), "name": fake.bot_user.name, "description": "",
        "icon": None, "bot_public": True, "bot_require_code_grant": False,
        "verify_key": "0" * 64, "owner": owner.user_payload(), "team": None, "flags": 0,
        "summary": "", "rpc_origins": [], "bot": fake.bot_user.user_payload(),
        "interactions_endpoint_url": None, "approximate_guild_count": 1,
    })


async def gateway_info(request: web.Request) -> web.Response:
    fake = _fake(request)
    return jresp({"url": str(fake.gateway_url), "shards": 1, "session_start_limit": {
        "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})


# --- application commands --------------------------------------------------------------


def _command_out(fake: FakeDiscord, body: dict[str, Any], guild_id: int | None,
                 old: dict[str, Any] | None) -> dict[str, Any]:
    out = dict(body)
    out["id"] = old["id"] if old else str(snowflake())
    out["application_id"] = str(fake.application_id)
    out["version"] = str(snowflake())
    out.setdefault("type", 1)
    out.setdefault("description", "")
    out.setdefault("options", [])
    out.setdefault("default_member_permissions", None)
    out.setdefault("nsfw", False)
    if guild_id is not None:
        out["guild_id"] = str(guild_id)
    return out


def _guild_key(request: web.Request) -> int | None:
    gid = request.match_info.get("guild_id")
    return int(gid) if gid else None


def _op(request: web.Request, path: str) -> str:
    return f"{request.method} {path}"


async def commands_put(request: web.Request) -> web.Response:
    fake, key = _fake(request), _guild_key(request)
    body, _ = await read_body(request)
    path = ("/applications/{application_id}/guilds/{guild_id}/commands" if key
            else "/applications/{application_id}/commands")
    check(fake, _op(request, path), body)
    old = fake.commands.get(key, {})
    new = {c["name"]: _command_out(fake, c, key, old.get(c["name"])) for c in body or []}
    fake.commands[key] = new
    fake.command_syncs += 1
    fake.notify()
    return jresp(list(new.values()))


async def commands_post(request: web.Request) -> web.Response:
    fake, key = _fake(request), _guild_key(request)
    body, _ = await read_body(request)
    path = ("/applications/{application_id}/guilds/{guild_id}/commands" if key
            else "/applications/{application_id}/commands")
    check(fake, _op(request, path), body)
    cmds = fake.commands.setdefault(key, {})
    cmds[body["name"]] = out = _command_out(fake, body, key, cmds.get(body["name"]))
    fake.notify()
    return jresp(out, 201)


async def commands_get(request: web.Request) -> web.Response:
    fake = _fake(request)
    return jresp(list(fake.commands.get(_guild_key(request), {}).values()))


# --- interactions and webhooks ---------------------------------------------------------

CALLBACK_OP = "POST /interactions/{interaction_id}/{interaction_token}/callback"


async def interaction_callback(request: web.Request) -> web.Response:
    received = time.perf_counter()
    fake = _fake(request)
    res = fake.interactions.get(request.match_info["token"])
    body, files = await read_body(request)
    if res is None or str(res.id) != request.match_info["interaction_id"]:
        return error(404, 10062, "Unknown interaction")
    if res.answered:
        fake.protocol_errors.append(f"interaction {res.id} acknowledged twice")
        return error(400, 40060, "Interaction has already been acknowledged.")
    check(fake, CALLBACK_OP, body)
    res._record_callback(body, received)
    if res.latency is not None and res.latency > 3.0:
        fake.protocol_errors.append(f"interaction {res.id} answered after {res.latency:.2f}s")
    kind = res.response_type
    data = body.get("data") or {}
    channel = fake.channels[res.channel_id]
    msg: Message | None = None
    if kind == 4:
        msg = new_message(fake, channel, data, files, source="interaction", res=res)
    elif kind == 5:
        msg = new_message(fake, channel, {"flags": data.get("flags", 0)}, [],
                          source="interaction", res=res)
        msg.flags |= LOADING
    elif kind in (6, 7):
        msg = res.source_message
        if msg is None:
            fake.protocol_errors.append(f"interaction {res.id}: response type {kind} "
                                        "but the interaction has no message")
        elif kind == 7:
            edit_message(fake, msg, data, files)
    res.original = msg
    fake.notify()
    info: dict[str, Any] = {"id": str(res.id), "type": res.type,
                            "response_message_loading": kind == 5,
                            "response_message_ephemeral": bool(msg and msg.ephemeral)}
    resource: dict[str, Any] = {"type": kind}
    if msg is not None and kind in (4, 5, 7):
        info["response_message_id"] = str(msg.id)
        resource["message"] = msg.payload()
    return jresp({"interaction": info, "resource": resource})


def _webhook_interaction(request: web.Request) -> InteractionResult | None:
    fake = _fake(request)
    res = fake.interactions.get(request.match_info["token"])
    if res is None or request.match_info["app_id"] != str(fake.application_id):
        return None
    return res


async def webhook_post(request: web.Request) -> web.Response:
    fake = _fake(request)
    body, files = await read_body(request)
    res = _webhook_interaction(request)
    if res is None:
        return error(404, 10015, "Unknown Webhook")
    if not res.answered:
        fake.protocol_errors.append(f"interaction {res.id}: follow-up before acknowledgement")
        return error(404, 10015, "Unknown Webhook")
    check(fake, "POST /webhooks/{webhook_id}/{webhook_token}", body)
    original = res.original
    if res.response_type == 5 and original is not None and original.loading:
        # the first follow-up after a "thinking" defer replaces the placeholder
        msg = edit_message(fake, original, body, files)
    else:
        msg = new_message(fake, fake.channels[res.channel_id], body, files,
                          source="followup", res=res)
    res.followups.append(msg)
    fake.notify()
    if request.query.get("wait", "").lower() in ("1", "true"):
        return jresp(msg.payload())
    return no_content()


def _webhook_message(request: web.Request) -> tuple[InteractionResult | None, Message | None]:
    res = _webhook_interaction(request)
    if res is None:
        return None, None
    mid = request.match_info["message_id"]
    if mid == "@original":
        return res, res.original
    msg = _fake(request).store.get(mid)
    mine = msg is not None and (msg.interaction_id == res.id or msg is res.source_message)
    return res, msg if mine else None


async def webhook_message(request: web.Request) -> web.Response:
    fake = _fake(request)
    body, files = await read_body(request)
    res, msg = _webhook_message(request)
    if res is None:
        return error(404, 10015, "Unknown Webhook")
    if msg is None or msg.deleted:
        return error(404, 10008, "Unknown Message")
    if request.method == "GET":
        return jresp(msg.payload())
    if request.method == "DELETE":
        msg.deleted = True
        fake.notify()
        return no_content()
    which = "@original" if request.match_info["message_id"] == "@original" else "{message_id}"
    check(fake, f"PATCH /webhooks/{{webhook_id}}/{{webhook_token}}/messages/{which}", body or {})
    return jresp(edit_message(fake, msg, body or {}, files).payload())


# --- channels and messages -------------------------------------------------------------


def _channel(request: web.Request) -> Channel | None:
    return _fake(request).channels.get(int(request.match_info["channel_id"]))


def _message(request: web.Request, channel: Channel) -> Message | None:
    msg = _fake(request).store.get(request.match_info["message_id"])
    if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
        return None
    return msg


async def channel_get(request: web.Request) -> web.Response:
    channel = _channel(request)
    if channel is None:
        return error(404, 10003, "Unknown Channel")
    return jresp(_fake(request).channel_payload(channel))


async def channel_patch(request: web.Request) -> web.Response:
    fake, channel = _fake(request), _channel(request)
    body, _ = await read_body(request)
    if channel is None:
        return error(404, 10003, "Unknown Channel")
    body = body or {}
    channel.name = body.get("name", channel.name)
    channel.archived = bool(body.get("archived", channel.archived))
    channel.locked = bool(body.get("locked", channel.locked))
    payload = fake.channel_payload(channel)
    await fake.dispatch("THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", payload)
    fake.notify()
    return jresp(payload)


async def messages_post(request: web.Request) -> web.Response:
    fake, channel = _fake(request), _channel(request)
    body, files = await read_body(request)
    if channel is None:
        return error(404, 10003, "Unknown Channel")
    check(fake, "POST /channels/{channel_id}/messages", body or {})
    msg = new_message(fake, channel, body or {}, files, source="channel")
    return jresp(msg.payload())


async def messages_list(request: web.Request) -> web.Response:
    fake, channel = _fake(request), _channel(request)
    if channel is None:
        return error(404, 10003, "Unknown Channel")
    limit = int(request.query.get("limit", "50"))
    msgs = list(reversed(fake.store.channel(channel.id)))[:limit]
    return jresp([m.payload() for m in msgs])


async def message_one(request: web.Request) -> web.Response:
    fake, channel = _fake(request), _channel(request)
    body, files = await read_body(request)
    if channel is None:
        return error(404, 10003, "Unknown Channel")
    msg = _message(request, channel)
    if msg is None:
        return error(404, 10008, "Unknown Message")
    if request.method == "GET":
        return jresp(msg.payload())
    if request.method == "DELETE":
        msg.deleted = True
        fake.notify()
        return no_content()
    if msg.author.get("id") != str(fake.bot_user.id):
        return error(403, 50005, "Cannot edit a message authored by another user")
    check(fake, "PATCH /channels/{channel_id}/messages/{message_id}", body or {})
    return jresp(edit_message(fake, msg, body or {}, files).payload())


async def typing(request: web.Request) -> web.Response:
    return no_content()


# --- threads ---------------------------------------------------------------------------


async def _open_thread(fake: FakeDiscord, parent: Channel, name: str, kind: int,
                       thread_id: int | None = None) -> web.Response:
    thread = Channel(thread_id or snowflake(), name, type=kind, guild_id=parent.guild_id,
                     parent_id=parent.id, owner_id=fake.bot_user.id)
    thread.members.add(fake.bot_user.id)
    fake.channels[thread.id] = thread
    payload = fake.channel_payload(thread)
    member = {"id": str(thread.id), "user_id": str(fake.bot_user.id),
              "join_timestamp": iso_now(), "flags": 0}
    # the gateway event first, so the bot's cache knows the thread when the reply arrives
    await fake.dispatch("THREAD_CREATE", {**payload, "newly_created": True, "member": member})
    fake.notify()
    return jresp({**payload, "member": member}, 201)


async def threads_post(request: web.Request) -> web.Response:
    fake, parent = _fake(request), _channel(request)
    body, _ = await read_body(request)
    if parent is None:
        return error(404, 10003, "Unknown Channel")
    check(fake, "POST /channels/{channel_id}/threads", body or {})
    body = body or {}
    return await _open_thread(fake, parent, body.get("name", "thread"), body.get("type", 12))


async def message_thread_post(request: web.Request) -> web.Response:
    fake, parent = _fake(request), _channel(request)
    body, _ = await read_body(request)
    if parent is None:
        return error(404, 10003, "Unknown Channel")
    msg = _message(request, parent)
    if msg is None:
        return error(404, 10008, "Unknown Message")
    check(fake, "POST /channels/{channel_id}/messages/{message_id}/threads", body or {})
    msg.thread_id = msg.id  # Discord gives the thread the id of its starter message
    return await _open_thread(fake, parent, (body or {}).get("name", "thread"), 11, msg.id)


async def thread_member(request: web.Request) -> web.Response:
    fake, thread = _fake(request), _channel(request)
    if thread is None or not thread.is_thread:
        return error(404, 10003, "Unknown Channel")
    raw = request.match_info["user_id"]
    uid = fake.bot_user.id if raw == "@me" else int(raw)
    if fake.user_by_id(uid) is None:
        return error(404, 10013, "Unknown User")
    added, removed = [], []
    if request.method == "PUT":
        thread.members.add(uid)
        added = [{"id": str(thread.id), "user_id": str(uid), "join_timestamp": iso_now(),
                  "flags": 0}]
    else:
        thread.members.discard(uid)
        removed = [str(uid)]
    await fake.dispatch("THREAD_MEMBERS_UPDATE", {
        "id": str(thread.id), "guild_id": str(thread.guild_id),
        "member_count": len(thread.members), "added_members": added,
        "removed_member_ids": removed})
    fake.notify()
    return no_content()


async def thread_members_list(request: web.Request) -> web.Response:
    thread = _channel(request)
    if thread is None or not thread.is_thread:
        return error(404, 10003, "Unknown Channel")
    return jresp([{"id": str(thread.id), "user_id": str(u), "join_timestamp": iso_now(),
                   "flags": 0} for u in sorted(thread.members)])


# --- users, members, guild, DMs --------------------------------------------------------


async def user_get(request: web.Request) -> web.Response:
    user = _fake(request).user_by_id(int(request.match_info["user_id"]))
    if user is None:
        return error(404, 10013, "Unknown User")
    return jresp(user.user_payload())


async def member_get(request: web.Request) -> web.Response:
    fake = _fake(request)
    user = fake.user_by_id(int(request.match_info["user_id"]))
    if request.match_info["guild_id"] != str(fake.guild_id):
        return error(404, 10004, "Unknown Guild")
    if user is None:
        return error(404, 10007, "Unknown Member")
    return jresp(user.member_payload())


async def guild_get(request: web.Request) -> web.Response:
    fake = _fake(request)
    if request.match_info["guild_id"] != str(fake.guild_id):
        return error(404, 10004, "Unknown Guild")
    return jresp(fake.guild_payload())


async def guild_channels(request: web.Request) -> web.Response:
    fake = _fake(request)
    return jresp([fake.channel_payload(c) for c in fake.channels.values()
                  if c.guild_id == fake.guild_id and not c.is_thread])


async def dm_open(request: web.Request) -> web.Response:
    fake = _fake(request)
    body, _ = await read_body(request)
    check(fake, "POST /users/@me/channels", body or {})
    user = fake.user_by_id(int((body or {}).get("recipient_id", 0)))
    if user is None:
        return error(400, 50007, "Cannot send messages to this user")
    channel = fake.dm(user)
    if channel is None:
        channel = Channel(snowflake(), f"dm-{user.name}", type=1, recipients=[user.id])
        fake.channels[channel.id] = channel
    return jresp(fake.channel_payload(channel))


async def attachment_get(request: web.Request) -> web.Response:
    for msg in _fake(request).store.all():
        for att in msg.attachments:
            if str(att.id) == request.match_info["attachment_id"]:
                return web.Response(body=att.data, headers={"Content-Type": att.content_type})
    return error(404, 0, "404: Not Found")


async def unknown(request: web.Request) -> web.Response:
    fake = _fake(request)
    fake.unknown_routes.append((request.method, request.path))
    return error(404, 0, f"404: Not Found (fake discord has no {request.method} {request.path})")


def add_routes(app: web.Application, prefix: str) -> None:
    r = app.router
    app_cmds = "/applications/{app_id}/commands"
    guild_cmds = "/applications/{app_id}/guilds/{guild_id}/commands"
    hook = "/webhooks/{app_id}/{token}"
    routes: list[tuple[str, str, Handler]] = [
        ("GET", "/users/@me", users_me),
        ("GET", "/oauth2/applications/@me", application_me),
        ("GET", "/applications/@me", application_me),
        ("GET", "/gateway", gateway_info),
        ("GET", "/gateway/bot", gateway_info),
        ("PUT", app_cmds, commands_put), ("POST", app_cmds, commands_post),
        ("GET", app_cmds, commands_get),
        ("PUT", guild_cmds, commands_put), ("POST", guild_cmds, commands_post),
        ("GET", guild_cmds, commands_get),
        ("POST", "/interactions/{interaction_id}/{token}/callback", interaction_callback),
        ("POST", hook, webhook_post),
        ("GET", hook + "/messages/{message_id}", webhook_message),
        ("PATCH", hook + "/messages/{message_id}", webhook_message),
        ("DELETE", hook + "/messages/{message_id}", webhook_message),
        ("GET", "/channels/{channel_id}", channel_get),
        ("PATCH", "/channels/{channel_id}", channel_patch),
        ("POST", "/channels/{channel_id}/messages", messages_post),
        ("GET", "/channels/{channel_id}/messages", messages_list),
        ("GET", "/channels/{channel_id}/messages/{message_id}", message_one),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}", message_one),
        ("DELETE", "/channels/{channel_id}/messages/{message_id}", message_one),
        ("POST", "/channels/{channel_id}/typing", typing),
        ("POST", "/channels/{channel_id}/threads", threads_post),
        ("POST", "/channels/{channel_id}/messages/{message_id}/threads", message_thread_post),
        ("GET", "/channels/{channel_id}/thread-members", thread_members_list),
        ("PUT", "/channels/{channel_id}/thread-members/{user_id}", thread_member),
        ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", thread_member),
        ("POST", "/users/@me/channels", dm_open),
        ("GET", "/users/{user_id}", user_get),
        ("GET", "/guilds/{guild_id}", guild_get),
        ("GET", "/guilds/{guild_id}/channels", guild_channels),
        ("GET", "/guilds/{guild_id}/members/{user_id}", member_get),
    ]
    for method, path, handler in routes:
        r.add_route(method, prefix + path, handler)
    r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", attachment_get)
    r.add_route("*", "/{tail:.*}", unknown)
