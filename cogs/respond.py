"""Interaction answers that do not ask Discord for the message back.

discord.py's ``InteractionResponse.send_message``/``edit_message`` call the interaction
callback with ``with_response=true`` and build a ``Message`` object from the answer, and
``Interaction.edit_original_response`` builds one from the edited message: the table's
hot path (Act, a control, the refresh of an open hand) never reads that message (every
click is routed by its custom id, :mod:`cogs.router`), so these helpers send the same
request body through discord.py's own webhook adapter and skip the parsing (and, for
the callback, Discord's answer body: 204 instead of the message).
"""

from __future__ import annotations

from typing import Any

import discord
from discord.http import Route, handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context, interaction_message_response_params

from cogs.clicks_first import clicks_of

EPHEMERAL = 64
"""The message flag of a reply only its recipient sees."""


async def reply(interaction: discord.Interaction[Any], *, update: bool = False,
                ephemeral: bool = False, content: str | None = MISSING,
                embed: discord.Embed = MISSING, view: discord.ui.View = MISSING) -> None:
    """Answer ``interaction`` with a new message (``update`` False) or by editing the
    message its component is on (``update`` True), as ``InteractionResponse.send_message``
    / ``edit_message`` would, without asking for (or parsing) the message back.

    Raises ``discord.InteractionResponded`` if it was already answered (like discord.py).
    """
    response = interaction.response
    if not update and content is MISSING:
        content = None  # as send_message sends it
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    kind = (discord.InteractionResponseType.message_update if update
            else discord.InteractionResponseType.channel_message)
    state = interaction._state
    params = interaction_message_response_params(
        type=kind.value, content=content, embed=embed, view=view,
        flags=discord.MessageFlags._from_value(EPHEMERAL) if ephemeral and not update
        else MISSING,
        previous_allowed_mentions=state.allowed_mentions)
    route = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback",
                  webhook_id=interaction.id, webhook_token=interaction.token)
    await async_context.get().request(route, interaction._session, payload=params.payload,
                                      proxy=state.http.proxy,
                                      proxy_auth=state.http.proxy_auth)
    response._response_type = kind
    clicks = clicks_of(interaction.client)
    if clicks is not None:
        clicks.answered(interaction.id)


async def defer_update(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge a click without changing its message (``DEFERRED_UPDATE_MESSAGE``, 6).

    The clicked message then *is* the interaction's original response: for the next 15
    minutes its token edits it (``PATCH /webhooks/{app}/{token}/messages/@original``), an
    interaction endpoint that Discord's global rate limit does not bind (the table edits
    the public board that way, :meth:`cogs.table.Table.claim_board`)."""
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    state = interaction._state
    route = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback",
                  webhook_id=interaction.id, webhook_token=interaction.token)
    await async_context.get().request(
        route, interaction._session,
        payload={"type": discord.InteractionResponseType.deferred_message_update.value},
        proxy=state.http.proxy, proxy_auth=state.http.proxy_auth)
    response._response_type = discord.InteractionResponseType.deferred_message_update
    clicks = clicks_of(interaction.client)
    if clicks is not None:
        clicks.answered(interaction.id)


async def followup(interaction: discord.Interaction[Any], *, ephemeral: bool,
                   content: str | None = None, embed: discord.Embed = MISSING,
                   view: discord.ui.View = MISSING) -> int:
    """A follow-up message of an answered interaction (``Webhook.send`` without building
    the message); the new message's id (to edit it later, :func:`edit_original`)."""
    state = interaction._state
    with handle_message_parameters(
            content=content, embed=embed, view=view,
            flags=discord.MessageFlags._from_value(EPHEMERAL) if ephemeral else MISSING,
            previous_allowed_mentions=state.allowed_mentions) as params:
        data: Any = await async_context.get().execute_webhook(
            interaction.application_id, interaction.token, session=interaction._session,
            proxy=state.http.proxy, proxy_auth=state.http.proxy_auth,
            payload=params.payload, multipart=params.multipart, files=params.files,
            wait=True)
    return int(data["id"])


async def edit_original(interaction: discord.Interaction[Any], *,
                        embed: discord.Embed = MISSING,
                        view: discord.ui.View = MISSING,
                        message_id: int | None = None) -> None:
    """``Interaction.edit_original_response`` without building the edited message
    (``message_id``: one of its follow-ups instead)."""
    state = interaction._state
    with handle_message_parameters(embed=embed, view=view,
                                   previous_allowed_mentions=state.allowed_mentions) as params:
        if message_id is not None:
            await async_context.get().edit_webhook_message(
                interaction.application_id, interaction.token, message_id,
                session=interaction._session, proxy=state.http.proxy,
                proxy_auth=state.http.proxy_auth, payload=params.payload,
                multipart=params.multipart, files=params.files)
            return
        await async_context.get().edit_original_interaction_response(
            interaction.application_id, interaction.token, session=interaction._session,
            proxy=state.http.proxy, proxy_auth=state.http.proxy_auth,
            payload=params.payload, multipart=params.multipart, files=params.files)


async def edit_by_token(bot: Any, token: str, message: int | str = "@original",
                        **payload: Any) -> Any:
    """Edit a message of an interaction known only by its token (``message``: its original
    response or a follow-up's id): the board's edit through the click that owns it, or a
    hand opened before a restart. The edited message's JSON (its attachments' ids)."""
    http = bot.http
    route = Route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/"
                  + ("@original" if message == "@original" else str(int(message))),
                  webhook_id=bot.application_id, webhook_token=token)
    with handle_message_parameters(
            previous_allowed_mentions=bot._connection.allowed_mentions, **payload) as params:
        return await async_context.get().request(
            route, http._HTTPClient__session, payload=params.payload,
            multipart=params.multipart, files=params.files, proxy=http.proxy,
            proxy_auth=http.proxy_auth)
