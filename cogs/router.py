"""One entry point for every component click: parse the custom_id, route, answer errors.

Why not one ``discord.ui.DynamicItem`` per button kind (the usual persistent-button
pattern)? Both survive restarts, since nothing is kept in memory. But discord.py drops a
click whose custom_id matches no template, and Discord then shows "This interaction
failed". Parsing every ``hj:`` id here answers malformed and foreign ids with a clear
ephemeral message too, and puts error handling in one place.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.ext import commands

from cogs import ids
from cogs.clicks_first import BOARD_WAIT_CAP, LANES, WAIT_CAP, ClicksFirst
from cogs.i18n_discord import locale_of
from engine.core import EngineError
from referee.i18n import REASON_PREFIX, Refusal, reason, t, translate_english

log = logging.getLogger("hajime.router")

Handler = Callable[[discord.Interaction[Any], ids.CustomId], Awaitable[None]]


class StaticView(discord.ui.View):
    """A view used only to lay out components: never stored, never dispatched.

    The router handles every click, so discord.py need not keep one object per sent
    message in memory (its view store would otherwise grow with every ephemeral hand).
    """

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_dispatchable(self) -> bool:
        """Never register this view for dispatch."""
        return False


async def answer(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer ephemerally, whether or not the interaction was already responded to.

    An English text of a cog not yet moved onto the locale files is shown in the player's
    language when it equals one of the catalog's ``reason.*`` texts.
    """
    text = translate_english(text, REASON_PREFIX, locale_of(interaction))
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


class Router(commands.Cog):
    """Routes component interactions to the handler registered for their kind."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.handlers: dict[str, Handler] = {}
        self.active = 0
        """Handlers running now (tests and benchmarks wait for 0: the bot is idle)."""
        settings = getattr(bot, "settings", None)
        self.clicks = ClicksFirst(
            getattr(settings, "news_wait_ms", WAIT_CAP * 1000) / 1000,
            getattr(settings, "news_lanes", LANES),
            getattr(settings, "board_wait_ms", BOARD_WAIT_CAP * 1000) / 1000)
        """Clicks not answered yet: a step's news waits for them (:mod:`cogs.clicks_first`)."""
        bot.clicks_first = self.clicks  # type: ignore[attr-defined]

    def register(self, kind: str, handler: Handler) -> None:
        """Route custom_ids ``hj:<kind>:...`` to ``handler``."""
        self.handlers[kind] = handler

    @staticmethod
    def install(bot: commands.Bot, handlers: dict[str, Handler]) -> None:
        """Register a cog's handlers with the bot's router (loaded before the other cogs)."""
        router = bot.get_cog("Router")
        if not isinstance(router, Router):
            raise RuntimeError("the Router cog must be added before the cogs that use it")
        for kind, handler in handlers.items():
            router.register(kind, handler)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Handle every component interaction whose custom_id is (or looks like) ours."""
        if interaction.type is not discord.InteractionType.component:
            return
        self.clicks.arrived(interaction.id)
        try:
            await self._route(interaction)
        finally:  # answered, refused or failed: it holds no news back any longer
            self.clicks.answered(interaction.id)
            release(interaction)

    async def _route(self, interaction: discord.Interaction[Any]) -> None:
        """:meth:`on_interaction` for a component interaction."""
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        raw = str(data.get("custom_id", ""))
        loc = locale_of(interaction)
        try:
            cid = ids.parse(raw)
            handler = self.handlers.get(cid.kind)
            if handler is None:
                raise ids.BadCustomId("unknown kind")
        except ids.BadCustomId:
            await answer(interaction, t(loc, "router.unknown_button"))
            return
        message = interaction.message
        if ids.is_private(cid) and (message is None or not message.flags.ephemeral):
            log.info("refused private control %s on a public message", raw)
            await answer(interaction, t(loc, "router.private_control"))
            return
        home = data.get(ids.MESSAGE_IDS)
        if message is not None and isinstance(home, list) and not ids.at_home(cid, home):
            log.info("refused control %s on a message that does not carry its kind", raw)
            await answer(interaction, t(loc, "router.foreign_control"))
            return
        self.active += 1
        try:
            await handler(interaction, cid)
        except ids.BadCustomId:
            await answer(interaction, t(loc, "router.damaged_button"))
        except EngineError as exc:
            await answer(interaction, reason(exc, loc))
        except discord.HTTPException:
            log.exception("discord error while handling %s", raw)
            self.settle_soon()
            with contextlib.suppress(discord.HTTPException):
                await answer(interaction, t(loc, "router.discord_refused"))
        except Exception:
            log.exception("error while handling %s", raw)
            self.settle_soon()
            await answer(interaction, t(loc, "router.error"))
        finally:
            self.active -= 1

    def settle_soon(self) -> None:
        """A handler failed midway: what it committed may wait for Discord (an accepted
        challenge's match still opening, when answering the click failed before the
        board was posted); a reconcile pass finishes it now, not at the next restart."""
        reconciler: Any = self.bot.get_cog("Reconciler")
        if reconciler is not None:
            reconciler.kick()


def check_message(interaction: discord.Interaction[Any], stored: int | None) -> None:
    """Refuse a control of a challenge, a table or a tournament sent from any message but
    the one stored for it (``stored``; None: not posted yet, nothing to compare), so that
    it can never turn another message into its own (an ephemeral one of its own, e.g. the
    challenge's deck menu, is the caller's to allow)."""
    message = interaction.message
    if stored is not None and message is not None and message.id != stored:
        raise Refusal("router.foreign_control")


def release(interaction: discord.Interaction[Any]) -> None:
    """Break discord.py's reference cycle between a handled interaction and its
    ``response`` (``InteractionResponse._parent``), so that the interaction, its message,
    member and data are freed as soon as nothing holds it, instead of by the cyclic GC.

    Every click left ~25 objects of cyclic garbage: at 200 clicks/s each of the GC's young
    collections freed 3,000-7,000 of them (10-600 once released; bench/README.md, 27 Nov
    night). Nothing answers a click after its handler returns (a kept interaction is
    only used to edit its message, which needs its token, not its ``response``).
    """
    with contextlib.suppress(AttributeError):
        del interaction._cs_response  # type: ignore[attr-defined]  # discord.py's cache slot


async def setup(bot: commands.Bot) -> None:
    """discord.py extension entry point."""
    await bot.add_cog(Router(bot))
