"""REST handlers for channels, messages, threads, users, guild members and DMs."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from aiohttp import web

from .restutil import (
    check,
    edit_message,
    error,
    fake_of,
    jresp,
    new_message,
    no_content,
    read_body,
)
from .store import Channel, Message, iso_now, snowflake

if TYPE_CHECKING:
    from .server import FakeDiscord


# --- channels and messages -------------------------------------------------------------


def _channel(request: web.Request) -> Channel | None:
    return fake_of(request).channels.get(int(request.match_info["channel_id"]))


def _message(request: web.Request, channel: Channel) -> Message | None:
    msg = fake_of(request).store.get(request.match_info["message_id"])
    if msg is None or msg.deleted or msg.channel_id != channel.id or msg.ephemeral:
        return None
    return msg


async def channel_get(request: web.Request) -> web.Response:
    channel = _channel(request)
    if channel is None:
        return error(404, 10003, "Unknown Channel")
    return jresp(fake_of(request).channel_payload(channel))


async def channel_patch(request: web.Request) -> web.Response:
    fake, channel = fake_of(request), _channel(request)
    body, _ = await read_body(request)
    if channel is None:
        return error(404, 10003, "Unknown Channel")
    check(fake, "PATCH /channels/{channel_id}", body or {})
    body = body or {}
    channel.name = body.get("name", channel.name)
    channel.archived = bool(body.get("archived", channel.archived))
    channel.locked = bool(body.get("locked", channel.locked))
    payload = fake.channel_payload(channel)
    await fake.dispatch("THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", payload)
    fake.notify()
    return jresp(payload)


async def messages_post(request: web.Request) -> web.Response:
    fake, channel = fake_of(request), _channel(request)
    body, files = await read_body(request)
    if channel is None:
        return error(404, 10003, "Unknown Channel")
    check(fake, "POST /channels/{channel_id}/messages", body or {})
    msg = new_message(fake, channel, body or {}, files, source="channel")
    return jresp(msg.payload())


async def messages_list(request: web.Request) -> web.Response:
    fake, channel = fake_of(request), _channel(request)
    if channel is None:
        return error(404, 10003, "Unknown Channel")
    limit = int(request.query.get("limit", "50"))
    msgs = list(reversed(fake.store.channel(channel.id)))[:limit]
    return jresp([m.payload() for m in msgs])


async def message_one(request: web.Request) -> web.Response:
    fake, channel = fake_of(request), _channel(request)
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
    await asyncio.sleep(0.005)  # let the bot's gateway reader run before the reply lands
    fake.notify()
    return jresp({**payload, "member": member}, 201)


async def threads_post(request: web.Request) -> web.Response:
    fake, parent = fake_of(request), _channel(request)
    body, _ = await read_body(request)
    if parent is None:
        return error(404, 10003, "Unknown Channel")
    check(fake, "POST /channels/{channel_id}/threads", body or {})
    body = body or {}
    return await _open_thread(fake, parent, body.get("name", "thread"), body.get("type", 12))


async def message_thread_post(request: web.Request) -> web.Response:
    fake, parent = fake_of(request), _channel(request)
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
    fake, thread = fake_of(request), _channel(request)
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
    user = fake_of(request).user_by_id(int(request.match_info["user_id"]))
    if user is None:
        return error(404, 10013, "Unknown User")
    return jresp(user.user_payload())


async def member_get(request: web.Request) -> web.Response:
    fake = fake_of(request)
    user = fake.user_by_id(int(request.match_info["user_id"]))
    if int(request.match_info["guild_id"]) not in fake.guilds:
        return error(404, 10004, "Unknown Guild")
    if user is None:
        return error(404, 10007, "Unknown Member")
    return jresp(user.member_payload())


async def guild_get(request: web.Request) -> web.Response:
    fake = fake_of(request)
    gid = int(request.match_info["guild_id"])
    if gid not in fake.guilds:
        return error(404, 10004, "Unknown Guild")
    return jresp(fake.guild_payload(gid))


async def guild_channels(request: web.Request) -> web.Response:
    fake = fake_of(request)
    gid = int(request.match_info["guild_id"])
    return jresp([fake.channel_payload(c) for c in fake.channels.values()
                  if c.guild_id == gid and not c.is_thread])


async def dm_open(request: web.Request) -> web.Response:
    fake = fake_of(request)
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
    for msg in fake_of(request).store.all():
        for att in msg.attachments:
            if str(att.id) == request.match_info["attachment_id"]:
                return web.Response(body=att.data, headers={"Content-Type": att.content_type})
    return error(404, 0, "404: Not Found")


async def unknown(request: web.Request) -> web.Response:
    fake = fake_of(request)
    fake.unknown_routes.append((request.method, request.path))
    return error(404, 0, f"404: Not Found (fake discord has no {request.method} {request.path})")

