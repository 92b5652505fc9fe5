"""Bad input is refused before it reaches a query, and never stops the bot.

Discord validates slash-command options on its side (types, ranges, choices), but the bot
does not rely on it (defence in depth): every option of every command is checked here
against the command's own definition before discord.py converts it or a cog queries the
store with it. A refused command gets one clear ephemeral answer and changes nothing.

- Integers must fit SQLite's signed 64 bits and the parameter's range (``/forfeit
  match_id 2^63``, ``/settings turn_timer 0``); numbers must be finite.
- Strings must fit the parameter's length (Discord's 6,000 characters at most) and,
  when the parameter has choices, be one of them.
- Users, channels and roles must be snowflakes that Discord resolved: SQL-looking text
  in a user option answers "no such player".
- Errors raised by commands are answered and logged once: bad input at INFO, a bug at
  ERROR with its traceback (discord.py's default logs every failure as an error).
- A malformed ``INTERACTION_CREATE`` (a component without ``custom_id`` or
  ``component_type``) would raise inside discord.py's gateway parser, which ends the
  bot's connection loop; it is refused and logged instead, and the bot keeps serving.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import ids
from cogs.i18n_discord import locale_of
from cogs.router import answer
from referee.i18n import DEFAULT, PLAYERS_KEPT, recall_players, remember_player, t

log = logging.getLogger("hajime.guard")

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
"""SQLite's INTEGER range: bigger numbers raise OverflowError in any query."""
MAX_STRING = 6000
"""Discord's longest string option."""

STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3, 4, 5, 6, 7, 8, 9, 10, 11)
RESOLVED = {USER: ("users",), CHANNEL: ("channels",), ROLE: ("roles",),
            MENTIONABLE: ("users", "roles"), ATTACHMENT: ("attachments",)}
NO_SUCH = {USER: "guard.no_player", CHANNEL: "guard.no_channel", ROLE: "guard.no_role",
           MENTIONABLE: "guard.no_mentionable", ATTACHMENT: "guard.no_file"}
"""The refusal's key per resolved option type."""


def leaf_options(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of the (sub)command actually invoked."""
    options: list[dict[str, Any]] = list(data.get("options") or [])
    while options and isinstance(options[0], dict) and options[0].get("type") in (1, 2):
        options = list(options[0].get("options") or [])
    return options


def _bounds(param: app_commands.Parameter | None, lo: float, hi: float) -> tuple[float, float]:
    if param is None:
        return lo, hi
    low = lo if param.min_value is None else max(lo, param.min_value)
    high = hi if param.max_value is None else min(hi, param.max_value)
    return low, high


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _range_text(name: str, value: float, lo: float, hi: float, unbounded: float,
                loc: str = DEFAULT) -> str:
    """The refusal of ``value`` outside ``[lo, hi]`` (``±unbounded``: no bound given)."""
    if lo > -unbounded and hi < unbounded:
        return t(loc, "guard.between", name=name, lo=_num(lo), hi=_num(hi))
    if value > hi:
        return (t(loc, "guard.too_large_max", name=name, hi=_num(hi)) if hi < unbounded
                else t(loc, "guard.too_large", name=name))
    return (t(loc, "guard.too_small_min", name=name, lo=_num(lo)) if lo > -unbounded
            else t(loc, "guard.too_small", name=name))


def shown(text: app_commands.locale_str | None, english: str, loc: str) -> str:
    """An option's or choice's name as the reader's Discord shows it: its catalog text in
    ``loc`` (what the app_commands Translator gave Discord), else ``english``."""
    key = text.extras.get("key") if isinstance(text, app_commands.locale_str) else None
    return t(loc, key) if isinstance(key, str) and key else english


def option_problem(opt: dict[str, Any], param: app_commands.Parameter | None,
                   resolved: dict[str, Any] | None, loc: str = DEFAULT) -> str | None:
    """Why a raw option is refused (a sentence for the user, in ``loc``), or None when it
    is fine. ``resolved`` None: an autocomplete request, which Discord sends without the
    resolved users and channels (a user option is then only checked to be an id)."""
    name = str(opt.get("name", "?"))[:32]
    kind, value = opt.get("type"), opt.get("value")
    if param is None:
        return t(loc, "guard.unknown_option", name=name)
    name = shown(param.locale_name, param.display_name, loc)
    if kind != param.type.value:
        return t(loc, "guard.wrong_type", name=name)
    choices = [c.value for c in param.choices or []]
    if choices and not param.autocomplete and value not in choices:
        names = ", ".join(shown(getattr(c, "_locale_name", None), c.name, loc)
                          for c in param.choices or [])
        return t(loc, "guard.one_of", name=name, names=names)
    if kind == STRING:
        if not isinstance(value, str):
            return t(loc, "guard.text", name=name)
        _, longest = _bounds(param, 0, MAX_STRING)
        if len(value) > longest:
            return t(loc, "guard.too_long", name=name, max=int(longest))
    elif kind == INTEGER:
        if not isinstance(value, int) or isinstance(value, bool):
            return t(loc, "guard.whole", name=name)
        lo, hi = _bounds(param, INT64_MIN, INT64_MAX)
        if not lo <= value <= hi:
            return _range_text(name, value, lo, hi, INT64_MAX, loc)
    elif kind == NUMBER:
        if (not isinstance(value, int | float) or isinstance(value, bool)
                or not math.isfinite(value)):
            return t(loc, "guard.number", name=name)
        lo, hi = _bounds(param, -(2.0**53), 2.0**53)
        if not lo <= value <= hi:
            return _range_text(name, value, lo, hi, 2.0**53, loc)
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            return t(loc, "guard.boolean", name=name)
    elif kind in RESOLVED:
        ok = (isinstance(value, str) and value.isascii() and value.isdigit()
              and int(value) <= INT64_MAX
              and (resolved is None
                   or any(value in (resolved.get(key) or {}) for key in RESOLVED[kind])))
        if not ok:
            return t(loc, NO_SUCH[kind])
    else:
        return t(loc, "guard.unreadable", name=name)
    return None


def command_problem(interaction: discord.Interaction[Any]) -> str | None:
    """Why a slash command's options are refused (in the user's language), or None
    (context menus pass)."""
    data: dict[str, Any] = dict(interaction.data or {})
    if data.get("type", 1) != 1:
        return None
    loc = locale_of(interaction)
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return t(loc, "guard.unknown_command")
    params = {p.display_name: p for p in command.parameters}
    resolved: dict[str, Any] = dict(data.get("resolved") or {})
    asking = interaction.type is discord.InteractionType.autocomplete
    for opt in leaf_options(data):
        if not isinstance(opt, dict):
            return t(loc, "guard.cannot_read")
        if opt.get("focused"):  # autocomplete: whatever is being typed
            continue
        problem = option_problem(opt, params.get(str(opt.get("name"))),
                                 None if asking else resolved, loc)
        if problem is not None:
            return problem
    return None


def malformed(data: Any) -> str | None:
    """What is missing from an INTERACTION_CREATE payload discord.py would choke on."""
    if not isinstance(data, dict):
        return "not an object"
    for key in ("id", "type", "token", "application_id"):
        if key not in data:
            return f"no {key}"
    inner: Any = data.get("data")
    if data["type"] in (2, 3, 4, 5) and not isinstance(inner, dict):
        return "no data"
    if data["type"] == 3:
        if not isinstance(inner.get("custom_id"), str):
            return "component without custom_id"
        if not isinstance(inner.get("component_type"), int):
            return "component without component_type"
    if data["type"] == 5 and (not isinstance(inner.get("custom_id"), str)
                              or not isinstance(inner.get("components"), list)):
        return "modal without custom_id or components"
    if data["type"] in (2, 4) and not isinstance(inner.get("name"), str):
        return "command without name"
    return None


SLIMMED = ("embeds", "components", "attachments")
"""What a clicked message's copy in a component interaction loses before discord.py
builds its ``Message``: nothing reads them (the router reads the message's flags only,
every click is routed by its custom id), and building them cost more than the rest of the
interaction (a hand's embed and controls, a board's picture)."""


def message_custom_ids(message: dict[str, Any]) -> list[str]:
    """The custom_ids of every button and menu of a raw message (nested rows included)."""
    out: list[str] = []
    todo: list[Any] = list(message.get("components") or ())
    while todo:
        comp = todo.pop()
        if not isinstance(comp, dict):
            continue
        cid = comp.get("custom_id")
        if isinstance(cid, str):
            out.append(cid)
        inner = comp.get("components")
        if isinstance(inner, list):
            todo.extend(inner)
    return out


def slim(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a well-formed INTERACTION_CREATE) with the clicked message's embeds,
    components and attachments left out (:data:`SLIMMED`), and the custom_ids it carried
    noted in the interaction's ``data`` (:data:`cogs.ids.MESSAGE_IDS`); ``data`` unchanged."""
    message = data.get("message")
    if data.get("type") != 3 or not isinstance(message, dict):
        return data
    inner = {**data["data"], ids.MESSAGE_IDS: message_custom_ids(message)}
    if not any(message.get(key) for key in SLIMMED):
        return {**data, "data": inner}
    return {**data, "data": inner, "message": {**message, **{key: [] for key in SLIMMED}}}


def note_locale(data: dict[str, Any]) -> tuple[int, str] | None:
    """Remember the client locale of the player behind an interaction (see
    :func:`cogs.i18n_discord.match_locale`); ``(user id, language)`` when it is new or changed
    (to store), else None."""
    with contextlib.suppress(AttributeError, KeyError, TypeError, ValueError):
        user = (data.get("member") or {}).get("user") or data.get("user") or {}
        user_id = int(user["id"])
        changed = remember_player(user_id, data.get("locale"))
        return None if changed is None else (user_id, changed)
    return None


class Guard(commands.Cog):
    """Installs the option check, the command error handler and the gateway guard."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self._parser: Callable[[Any], None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    async def cog_load(self) -> None:
        """Hook the command tree and discord.py's INTERACTION_CREATE parser."""
        tree = self.bot.tree
        tree.interaction_check = self.check_command  # type: ignore[method-assign]
        tree.error(self.on_command_error)
        parsers: dict[str, Callable[[Any], None]] = self.bot._connection.parsers
        store = getattr(self.bot, "store", None)
        if store is not None:  # the players' languages from before a restart
            recall_players(await store.player_locales(PLAYERS_KEPT))
        if self._parser is None:
            self._parser = parsers["INTERACTION_CREATE"]
            parsers["INTERACTION_CREATE"] = self.parse_interaction

    async def cog_unload(self) -> None:
        """Put discord.py's parser back."""
        if self._parser is not None:
            self.bot._connection.parsers["INTERACTION_CREATE"] = self._parser
            self._parser = None

    # ------------------------------------------------------------------ commands
    async def check_command(self, interaction: discord.Interaction[Any], /) -> bool:
        """Refuse a command whose options do not fit its definition (before any query)."""
        try:
            problem = command_problem(interaction)
        except Exception:  # a check that crashes must not let the command through
            log.exception("could not check a command's options")
            problem = t(locale_of(interaction), "guard.cannot_read")
        if problem is None:
            return True
        name = str(dict(interaction.data or {}).get("name", "?"))[:32]
        log.info("refused /%s from %s: %s", name, interaction.user.id, problem)
        if interaction.type is discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            await answer(interaction, problem)
        return False

    async def on_command_error(self, interaction: discord.Interaction[Any],
                               error: app_commands.AppCommandError, /) -> None:
        """Answer a failed command once; bad input is logged as such, a bug as an error."""
        command = interaction.command
        name = command.qualified_name if command is not None else "?"
        loc = locale_of(interaction)
        if isinstance(error, app_commands.CommandInvokeError):
            log.error("error in /%s", name, exc_info=error.original)
            text = t(loc, "router.command_error")
        elif isinstance(error, app_commands.CheckFailure):
            log.info("/%s refused: %s", name, error)
            text = t(loc, "guard.not_here")
        else:
            log.info("/%s refused: %r", name, error)
            text = t(loc, "guard.bad_options")
        if interaction.response.is_done():
            return  # the command (or its cog's error handler) already answered
        try:
            await answer(interaction, text)
        except discord.HTTPException as exc:
            log.info("could not answer a failed /%s (HTTP %s)", name, exc.status)

    # ------------------------------------------------------------------ gateway
    def parse_interaction(self, data: Any) -> None:
        """discord.py's INTERACTION_CREATE parser, never raising into the gateway loop."""
        assert self._parser is not None
        problem = malformed(data)
        if problem is not None:
            log.warning("ignored a malformed interaction: %s", problem)
            self._refuse(data)
            return
        changed = note_locale(data)
        if changed is not None:
            self._spawn(self._store_locale(*changed))
        try:
            self._parser(slim(data))
        except Exception:
            log.exception("could not parse an interaction; the bot goes on")

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _store_locale(self, user_id: int, locale: str) -> None:
        """Store a player's new language (only when it changed; see :func:`note_locale`)."""
        store = getattr(self.bot, "store", None)
        if store is None:
            return
        try:
            await store.set_player_locale(user_id, locale)
        except Exception:  # the language is still known until the next restart
            log.warning("could not store a player's language", exc_info=True)

    def _refuse(self, data: Any) -> None:
        """Answer a malformed interaction ephemerally when it can be answered at all."""
        try:
            interaction: discord.Interaction[Any] = discord.Interaction(
                data=data, state=self.bot._connection)
        except Exception:
            return

        async def refuse() -> None:
            try:
                await answer(interaction, t(locale_of(interaction), "guard.fresh_button"))
            except discord.HTTPException as exc:
                log.info("could not answer a malformed interaction (HTTP %s)", exc.status)

        task = asyncio.get_running_loop().create_task(refuse())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
