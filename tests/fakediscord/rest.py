"""REST handlers of the fake Discord: login, command sync, interaction callbacks, webhooks.

Every JSON body the bot sends to a validated route is checked with ``schema.validate``;
problems go to ``FakeDiscord.schema_errors``. Unknown routes are recorded and answered 404.
Channel, message, thread and user routes live in ``rest_channels.py``.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import rest_channels as ch
from .restutil import (
    Handler,
    check,
    edit_message,
    error,
    fake_of,
    jresp,
    new_message,
    no_content,
    read_body,
)
from .store import LOADING, Message, snowflake

if TYPE_CHECKING:
    from .server import FakeDiscord
    from .users import InteractionResult


# --- login and gateway -----------------------------------------------------------------


async def users_me(request: web.Request) -> web.Response:
    fake = fake_of(request)
    auth = request.headers.get("Authorization", "")
    if not auth.startswith("Bot ") or auth[4:] in fake.rejected_tokens:
        return error(401, 0, "401: Unauthorized")
    return jresp({**fake.bot_user.user_payload(), "verified": True, "mfa_enabled": False,
                  "locale": "en-US", "email": None})


async def application_me(request: web.Request) -> web.Response:
    fake = fake_of(request)
    owner = next(iter(fake.users.values()))
    return jresp({
        "id": str(fake.application_id), "name": fake.bot_user.name, "description": "",
        "icon": None, "bot_public": True, "bot_require_code_grant": False,
        "verify_key": "0" * 64, "owner": owner.user_payload(), "team": None, "flags": 0,
        "summary": "", "rpc_origins": [], "bot": fake.bot_user.user_payload(),
        "interactions_endpoint_url": None, "approximate_guild_count": 1,
    })


async def gateway_info(request: web.Request) -> web.Response:
    fake = fake_of(request)
    return jresp({"url": str(fake.gateway_url), "shards": fake.shard_count,
                  "session_start_limit": {
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
    fake, key = fake_of(request), _guild_key(request)
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
    fake, key = fake_of(request), _guild_key(request)
    body, _ = await read_body(request)
    path = ("/applications/{application_id}/guilds/{guild_id}/commands" if key
            else "/applications/{application_id}/commands")
    check(fake, _op(request, path), body)
    cmds = fake.commands.setdefault(key, {})
    cmds[body["name"]] = out = _command_out(fake, body, key, cmds.get(body["name"]))
    fake.notify()
    return jresp(out, 201)


async def commands_get(request: web.Request) -> web.Response:
    fake = fake_of(request)
    return jresp(list(fake.commands.get(_guild_key(request), {}).values()))


# --- interactions and webhooks ---------------------------------------------------------

CALLBACK_OP = "POST /interactions/{interaction_id}/{interaction_token}/callback"


async def interaction_callback(request: web.Request) -> web.Response:
    received = time.perf_counter()
    fake = fake_of(request)
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
    if request.query.get("with_response", "").lower() not in ("1", "true"):
        return web.Response(status=204)  # Discord answers with the message only if asked
    info: dict[str, Any] = {"id": str(res.id), "type": res.type,
                            "response_message_loading": kind == 5,
                            "response_message_ephemeral": bool(msg and msg.ephemeral)}
    resource: dict[str, Any] = {"type": kind}
    if msg is not None and kind in (4, 5, 7):
        info["response_message_id"] = str(msg.id)
        resource["message"] = msg.payload()
    return jresp({"interaction": info, "resource": resource})


def _webhook_interaction(request: web.Request) -> InteractionResult | None:
    fake = fake_of(request)
    res = fake.interactions.get(request.match_info["token"])
    if res is None or request.match_info["app_id"] != str(fake.application_id):
        return None
    return res


async def webhook_post(request: web.Request) -> web.Response:
    fake = fake_of(request)
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
    msg = fake_of(request).store.get(mid)
    mine = msg is not None and (msg.interaction_id == res.id or msg is res.source_message)
    return res, msg if mine else None


async def webhook_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
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
        ("GET", "/channels/{channel_id}", ch.channel_get),
        ("PATCH", "/channels/{channel_id}", ch.channel_patch),
        ("POST", "/channels/{channel_id}/messages", ch.messages_post),
        ("GET", "/channels/{channel_id}/messages", ch.messages_list),
        ("GET", "/channels/{channel_id}/messages/{message_id}", ch.message_one),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}", ch.message_one),
        ("DELETE", "/channels/{channel_id}/messages/{message_id}", ch.message_one),
        ("POST", "/channels/{channel_id}/ch.typing", ch.typing),
        ("POST", "/channels/{channel_id}/threads", ch.threads_post),
        ("POST", "/channels/{channel_id}/messages/{message_id}/threads", ch.message_thread_post),
        ("GET", "/channels/{channel_id}/thread-members", ch.thread_members_list),
        ("PUT", "/channels/{channel_id}/thread-members/{user_id}", ch.thread_member),
        ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", ch.thread_member),
        ("POST", "/users/@me/channels", ch.dm_open),
        ("GET", "/users/{user_id}", ch.user_get),
        ("GET", "/guilds/{guild_id}", ch.guild_get),
        ("GET", "/guilds/{guild_id}/channels", ch.guild_channels),
        ("GET", "/guilds/{guild_id}/members/{user_id}", ch.member_get),
    ]
    for method, path, handler in routes:
        r.add_route(method, prefix + path, handler)
    r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", ch.attachment_get)
    r.add_route("*", "/{tail:.*}", ch.unknown)
