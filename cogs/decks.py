"""/deck: check, build and show decks for any game whose engine offers deck building.

A game takes part when its engine implements :class:`engine.core.decks.DeckBuilding`
(``validate_deck``, the code's tag and universe, the names players type). Everything here
is generic: kard names come from the game (autocompleted), codes are the engine's
(:func:`engine.core.decks.encode`), and validation is the engine's, naming each broken
limit of the chosen level. Every answer is ephemeral. A deck is its code, which a player
keeps and shares; ``/deck save|import|edit|list|delete`` keep named decks per user and per
game in the store (:mod:`cogs.saved_decks`), and ``/deck show`` takes a saved name too.
``/deck import`` opens a box (a modal) to paste a list, one card a line, or a code;
``/deck export`` gives a saved deck back as that list, to copy: both go through the
engine's one list reader (:func:`referee.decks.pasted_deck`, :func:`~referee.decks.export_text`).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from cogs.i18n_discord import L, locale_of
from cogs.router import answer
from cogs.saved_decks import (
    check_name,
    edited,
    looks_like_code,
    name_choices,
    read_deck,
    saved,
    store_deck,
)
from engine.core import EngineError
from engine.core.decks import Deck, DeckCodeError
from engine.games import REGISTRY
from referee.decks import (
    LEVELS,
    builder,
    builders,
    card_word,
    cards_word,
    code_of,
    deck_of,
    export_text,
    kard_suggestions,
    leader_id,
    leader_name,
    listing,
    pasted_deck,
    problems,
    typed_deck,
)
from referee.i18n import game_name, reason, t

log = logging.getLogger("hajime.decks")
T = TypeVar("T")
MESSAGE_CHARS = 2000
"""Discord's longest message content (a longer exported list is sent as a file)."""


class ImportBox(discord.ui.Modal):
    """``/deck import``'s box: one multi-line field to paste a list (one card a line,
    ``3 Low Kick``, a ``Leader: Scorpion`` line) or a deck code; on submit the deck is read
    by :func:`referee.decks.pasted_deck`, checked and saved (or refused, saying what is
    wrong, with nothing saved)."""

    def __init__(self, cog: Decks, game: str, name: str, leader: str | None,
                 loc: str) -> None:
        super().__init__(title=t(loc, "decks.modal_title", game=game_name(game, loc))[:45],
                         timeout=15 * 60)
        self.cog, self.game, self.name, self.leader = cog, game, name, leader
        hooks = builder(game)
        a, b, *_ = [*hooks.deck_names(), "", ""]
        example = leader or next(iter(hooks.deck_leaders()), "")
        self.pasted: discord.ui.TextInput[ImportBox] = discord.ui.TextInput(
            label=t(loc, "decks.modal_label")[:45], style=discord.TextStyle.paragraph,
            placeholder=t(loc, "decks.modal_placeholder", a=a, b=b, leader=example)[:100],
            max_length=4000, custom_id="deck")
        self.add_item(self.pasted)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Read, check and save what was pasted."""
        await self.cog._store(interaction, self.game, self.name,
                              lambda: pasted_deck(self.game, self.pasted.value, self.leader),
                              None)

    async def on_error(self, interaction: discord.Interaction[Any],  # type: ignore[override]
                       error: Exception) -> None:
        """An unexpected failure still gets an answer (and is logged)."""
        log.exception("deck import failed", exc_info=error)
        await answer(interaction, t(locale_of(interaction), "router.command_error"))


class Decks(commands.Cog):
    """/deck check, build, show and sealed (ephemeral; nothing is stored)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def store(self) -> Any:
        """The bot's store (saved decks)."""
        return self.bot.store  # type: ignore[attr-defined]  # set by bot.py

    deck = app_commands.Group(name=L("cmd.deck.name"), description=L("cmd.deck.description"))

    async def _attempt(self, interaction: discord.Interaction[Any],
                       work: Callable[[], Awaitable[T]]) -> T | None:
        """Run ``work`` (read, check, store...); an engine refusal gets its clear
        ephemeral answer, nothing changes, and ``None`` comes back."""
        try:
            return await work()
        except EngineError as exc:
            await self._refuse(interaction, exc)
            return None

    async def _answer(self, interaction: discord.Interaction[Any], game: str,
                      read: Callable[[], Deck], level: str | None, title_key: str) -> None:
        """The one validate-and-answer of /deck check and build: read the deck (a refusal
        answers instead), then its leader, size, code and every broken limit."""
        async def work() -> Deck:
            return read()

        deck = await self._attempt(interaction, work)
        if deck is None:
            return
        loc = locale_of(interaction)
        found = problems(game, deck, level)
        embed = discord.Embed(title=t(loc, title_key, game=game_name(game, loc)),
                              color=0x2ECC71 if not found else 0xE74C3C)
        embed.add_field(name=t(loc, "deck.leader"), value=leader_name(game, deck))
        embed.add_field(name=t(loc, f"deck.size_{card_word(builder(game))}"),
                        value=str(deck.size))
        embed.add_field(name=t(loc, "deck.code"), value=f"`{code_of(game, deck)}`",
                        inline=False)
        leveled = "level" in REGISTRY[game].options_model.model_fields
        verdict = (t(loc, "deck.legal", level=level or "-") if not found and leveled else
                   t(loc, "deck.legal_plain") if not found else
                   "\n".join(f"• {reason(DeckCodeError(p), loc)}" for p in found))
        embed.add_field(name=t(loc, "deck.verdict"), value=verdict[:1024], inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    async def _refuse(self, interaction: discord.Interaction[Any], exc: EngineError) -> None:
        await interaction.response.send_message(reason(exc, locale_of(interaction)),
                                                ephemeral=True)

    @deck.command(name=L("cmd.deck.check.name"), description=L("cmd.deck.check.description"))
    @app_commands.rename(game=L("cmd.deck.opt.game.name"), code=L("cmd.deck.opt.code.name"),
                         level=L("cmd.deck.opt.level.name"))
    @app_commands.describe(game=L("cmd.deck.opt.game.description"),
                           code=L("cmd.deck.opt.code.description"),
                           level=L("cmd.deck.opt.level.description"))
    @app_commands.choices(level=[app_commands.Choice(name=L(f"choice.level.{lv}"), value=lv)
                                 for lv in LEVELS])
    async def check(self, interaction: discord.Interaction[Any], game: str, code: str,
                    level: str | None = None) -> None:
        """Read a deck code and name each limit it breaks at a level."""
        await self._answer(interaction, game, lambda: deck_of(game, code), level,
                           "deck.title_check")

    @deck.command(name=L("cmd.deck.build.name"), description=L("cmd.deck.build.description"))
    @app_commands.rename(game=L("cmd.deck.opt.game.name"),
                         leader=L("cmd.deck.opt.leader.name"),
                         kards=L("cmd.deck.opt.kards.name"),
                         level=L("cmd.deck.opt.level.name"))
    @app_commands.describe(game=L("cmd.deck.opt.game.description"),
                           leader=L("cmd.deck.opt.leader.description"),
                           kards=L("cmd.deck.opt.kards.description"),
                           level=L("cmd.deck.opt.level.description"))
    @app_commands.choices(level=[app_commands.Choice(name=L(f"choice.level.{lv}"), value=lv)
                                 for lv in LEVELS])
    async def build(self, interaction: discord.Interaction[Any], game: str, leader: str,
                    kards: str, level: str | None = None) -> None:
        """A deck from a list of kard names: its code and each broken limit."""
        def read() -> Deck:
            hooks = builder(game)
            return typed_deck(hooks, kards, leader_id(hooks, leader))

        await self._answer(interaction, game, read, level, "deck.title_build")

    @deck.command(name=L("cmd.deck.show.name"), description=L("cmd.deck.show.description"))
    @app_commands.rename(game=L("cmd.deck.opt.game.name"), code=L("cmd.deck.opt.code.name"))
    @app_commands.describe(game=L("cmd.deck.opt.game.description"),
                           code=L("cmd.deck.opt.code.description"))
    async def show(self, interaction: discord.Interaction[Any], game: str, code: str) -> None:
        """The kards of a deck code or of one's saved deck, by name, and its code to share."""
        loc = locale_of(interaction)

        async def read() -> Deck:
            if looks_like_code(game, code):
                return deck_of(game, code)
            found = await saved(self.store, interaction.user.id, game, code)  # a saved one
            return deck_of(game, found.code)

        deck = await self._attempt(interaction, read)
        if deck is None:
            return
        embed = discord.Embed(title=t(loc, "deck.title_show", game=game_name(game, loc),
                                      leader=leader_name(game, deck), size=deck.size,
                                      cards=cards_word(game, loc)),
                              description=listing(game, deck)[:4000], color=0x5865F2)
        embed.add_field(name=t(loc, "deck.code"), value=f"`{code_of(game, deck)}`",
                        inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @deck.command(name=L("cmd.deck.sealed.name"),
                  description=L("cmd.deck.sealed.description"))
    @app_commands.rename(game=L("cmd.deck.opt.game.name"),
                         leader=L("cmd.deck.opt.leader.name"), seed=L("cmd.deck.opt.seed.name"))
    @app_commands.describe(game=L("cmd.deck.opt.game.description"),
                           leader=L("cmd.deck.opt.leader.description"),
                           seed=L("cmd.deck.opt.seed.description"))
    async def sealed(self, interaction: discord.Interaction[Any], game: str, leader: str,
                     seed: app_commands.Range[int, 0, 999_999]) -> None:
        """A Sealed pool (the same seed gives the same pool to everyone) and its deck."""
        loc = locale_of(interaction)

        async def work() -> tuple[list[str], Deck]:
            hooks = builder(game)
            make = getattr(hooks, "sealed", None)
            if make is None:
                raise DeckCodeError(f"{game} has no Sealed pools.")
            lid = leader_id(hooks, leader)
            assert lid is not None
            made: tuple[list[str], Deck] = make(seed, lid)
            return made

        done = await self._attempt(interaction, work)
        if done is None:
            return
        pool, deck = done
        embed = discord.Embed(title=t(loc, "deck.title_sealed", game=game_name(game, loc),
                                      seed=seed, leader=leader_name(game, deck)),
                              description=listing(game, Deck.of(pool))[:4000],
                              color=0x5865F2)
        embed.add_field(name=t(loc, "deck.code"), value=f"`{code_of(game, deck)}`",
                        inline=False)
        found = problems(game, deck, "basic")
        embed.add_field(name=t(loc, "deck.verdict"), value=(
            t(loc, "deck.legal", level="basic") if not found else "\n".join(found))[:1024],
            inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # ------------------------------------------------------------ saved decks
    async def _store(self, interaction: discord.Interaction[Any], game: str, name: str,
                     read: Callable[[], Deck], level: str | None) -> None:
        """The one read-check-save-answer of /deck save and import."""
        async def work() -> tuple[Deck, str, bool]:
            deck = read()
            code, new = await store_deck(self.store, interaction.user.id, game, name, deck,
                                         level)
            return deck, code, new

        done = await self._attempt(interaction, work)
        if done is not None:
            deck, code, new = done
            await self._saved_answer(interaction, "decks.saved" if new else "decks.replaced",
                                     game, name, code, deck)

    async def _saved_answer(self, interaction: discord.Interaction[Any], key: str, game: str,
                            name: str, code: str, deck: Deck) -> None:
        loc = locale_of(interaction)
        embed = discord.Embed(title=t(loc, key, name=check_name(name),
                                      game=game_name(game, loc)), color=0x2ECC71)
        embed.add_field(name=t(loc, "deck.leader"), value=leader_name(game, deck))
        embed.add_field(name=t(loc, f"deck.size_{card_word(builder(game))}"),
                        value=str(deck.size))
        embed.add_field(name=t(loc, "deck.code"), value=f"`{code}`", inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @deck.command(name=L("cmd.deck.save.name"), description=L("cmd.deck.save.description"))
    @app_commands.rename(game=L("cmd.deck.opt.game.name"), name=L("cmd.deck.opt.name.name"),
                         deck=L("cmd.deck.opt.deck.name"),
                         leader=L("cmd.deck.opt.leader.name"),
                         level=L("cmd.deck.opt.level.name"))
    @app_commands.describe(game=L("cmd.deck.opt.game.description"),
                           name=L("cmd.deck.opt.name.description"),
                           deck=L("cmd.deck.opt.deck.description"),
                           leader=L("cmd.deck.opt.leader.description"),
                           level=L("cmd.deck.opt.level.description"))
    @app_commands.choices(level=[app_commands.Choice(name=L(f"choice.level.{lv}"), value=lv)
                                 for lv in LEVELS])
    async def save(self, interaction: discord.Interaction[Any], game: str, name: str,
                   deck: str, leader: str | None = None, level: str | None = None) -> None:
        """Save a deck (a code, or a list of kard names) under a name, checked at a level."""
        await self._store(interaction, game, name, lambda: read_deck(game, deck, leader),
                          level)

    @deck.command(name=L("cmd.deck.import.name"),
                  description=L("cmd.deck.import.description"))
    @app_commands.rename(game=L("cmd.deck.opt.game.name"), name=L("cmd.deck.opt.name.name"),
                         leader=L("cmd.deck.opt.leader.name"))
    @app_commands.describe(game=L("cmd.deck.opt.game.description"),
                           name=L("cmd.deck.opt.name.description"),
                           leader=L("cmd.deck.opt.leader.description"))
    async def import_(self, interaction: discord.Interaction[Any], game: str, name: str,
                      leader: str | None = None) -> None:
        """Open a box to paste a list (one card a line) or a deck code, saved as ``name``
        once read and checked (:class:`ImportBox`); a game without decks or a bad name is
        refused at once."""
        async def work() -> str:
            builder(game)
            if leader:
                leader_id(builder(game), leader)
            return check_name(name)

        tidy = await self._attempt(interaction, work)
        if tidy is not None:
            await interaction.response.send_modal(
                ImportBox(self, game, tidy, leader, locale_of(interaction)))

    @deck.command(name=L("cmd.deck.export.name"),
                  description=L("cmd.deck.export.description"))
    @app_commands.rename(game=L("cmd.deck.opt.game.name"), name=L("cmd.deck.opt.name.name"))
    @app_commands.describe(game=L("cmd.deck.opt.game.description"),
                           name=L("cmd.deck.opt.name.description"))
    async def export(self, interaction: discord.Interaction[Any], game: str,
                     name: str) -> None:
        """One of the user's saved decks as a list to copy (a code block, one card a line
        with its count, its leader first), which ``/deck import`` reads back; only to them."""
        loc = locale_of(interaction)

        async def work() -> Any:
            builder(game)
            return await saved(self.store, interaction.user.id, game, name)

        found = await self._attempt(interaction, work)
        if found is None:
            return
        deck = deck_of(game, found.code)
        text = export_text(game, deck, loc)
        head = t(loc, "decks.exported", name=found.name, game=game_name(game, loc),
                 leader=leader_name(game, deck), size=deck.size, cards=cards_word(game, loc),
                 code=found.code)
        body = f"{head}\n```\n{text}\n```"
        if len(body) <= MESSAGE_CHARS:
            await interaction.response.send_message(body, ephemeral=True)
            return
        await interaction.response.send_message(
            f"{head}\n{t(loc, 'decks.export_file')}", ephemeral=True,
            file=discord.File(io.BytesIO(text.encode()), filename="deck.txt"))

    @deck.command(name=L("cmd.deck.edit.name"), description=L("cmd.deck.edit.description"))
    @app_commands.rename(game=L("cmd.deck.opt.game.name"), name=L("cmd.deck.opt.name.name"),
                         add=L("cmd.deck.opt.add.name"), remove=L("cmd.deck.opt.remove.name"),
                         level=L("cmd.deck.opt.level.name"))
    @app_commands.describe(game=L("cmd.deck.opt.game.description"),
                           name=L("cmd.deck.opt.name.description"),
                           add=L("cmd.deck.opt.add.description"),
                           remove=L("cmd.deck.opt.remove.description"),
                           level=L("cmd.deck.opt.level.description"))
    @app_commands.choices(level=[app_commands.Choice(name=L(f"choice.level.{lv}"), value=lv)
                                 for lv in LEVELS])
    async def edit(self, interaction: discord.Interaction[Any], game: str, name: str,
                   add: str | None = None, remove: str | None = None,
                   level: str | None = None) -> None:
        """Add and remove kards of a saved deck; the result is checked before it is saved."""
        async def work() -> tuple[str, Deck, str]:
            found = await saved(self.store, interaction.user.id, game, name)
            read = edited(game, deck_of(game, found.code), add, remove)
            code, _ = await store_deck(self.store, interaction.user.id, game, found.name,
                                       read, level)
            return found.name, read, code

        done = await self._attempt(interaction, work)
        if done is not None:
            await self._saved_answer(interaction, "decks.edited", game, done[0], done[2],
                                     done[1])

    @deck.command(name=L("cmd.deck.list.name"), description=L("cmd.deck.list.description"))
    @app_commands.rename(game=L("cmd.deck.opt.game.name"))
    @app_commands.describe(game=L("cmd.deck.opt.game.description"))
    async def list_(self, interaction: discord.Interaction[Any], game: str) -> None:
        """The user's saved decks of a game (leader, size), only to them."""
        loc = locale_of(interaction)

        async def work() -> list[Any]:
            builder(game)
            return list(await self.store.user_decks(interaction.user.id, game))

        mine = await self._attempt(interaction, work)
        if mine is None:
            return
        if not mine:
            await interaction.response.send_message(
                t(loc, "decks.none", game=game_name(game, loc)), ephemeral=True)
            return
        lines = []
        for d in mine:
            deck = deck_of(game, d.code)
            lines.append(t(loc, "decks.line", name=d.name, leader=leader_name(game, deck),
                           size=deck.size, cards=cards_word(game, loc)))
        embed = discord.Embed(title=t(loc, "decks.title_list", game=game_name(game, loc),
                                      count=len(mine)),
                              description="\n".join(lines)[:4000], color=0x5865F2)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @deck.command(name=L("cmd.deck.delete.name"),
                  description=L("cmd.deck.delete.description"))
    @app_commands.rename(game=L("cmd.deck.opt.game.name"), name=L("cmd.deck.opt.name.name"))
    @app_commands.describe(game=L("cmd.deck.opt.game.description"),
                           name=L("cmd.deck.opt.name.description"))
    async def delete(self, interaction: discord.Interaction[Any], game: str,
                     name: str) -> None:
        """Delete one of the user's saved decks."""
        loc = locale_of(interaction)

        async def work() -> Any:
            builder(game)
            return await saved(self.store, interaction.user.id, game, name)

        found = await self._attempt(interaction, work)
        if found is None:
            return
        await self.store.delete_deck(interaction.user.id, game, found.name)
        await interaction.response.send_message(
            t(loc, "decks.deleted", name=found.name, game=game_name(game, loc)),
            ephemeral=True)

    @save.autocomplete("game")
    @import_.autocomplete("game")
    @export.autocomplete("game")
    @edit.autocomplete("game")
    @list_.autocomplete("game")
    @delete.autocomplete("game")
    @check.autocomplete("game")
    @build.autocomplete("game")
    @show.autocomplete("game")
    @sealed.autocomplete("game")
    async def game_autocomplete(self, interaction: discord.Interaction[Any],
                                current: str) -> list[app_commands.Choice[str]]:
        """The games with decks."""
        loc = locale_of(interaction)
        return [app_commands.Choice(name=game_name(gid, loc)[:100], value=gid)
                for gid in builders() if current.lower() in game_name(gid, loc).lower()
                or current.lower() in gid][:25]

    @build.autocomplete("leader")
    @sealed.autocomplete("leader")
    @save.autocomplete("leader")
    @import_.autocomplete("leader")
    async def leader_autocomplete(self, interaction: discord.Interaction[Any],
                                  current: str) -> list[app_commands.Choice[str]]:
        """Leaders of the chosen game matching what is typed."""
        game = builders().get(str(getattr(interaction.namespace, "game", "") or ""))
        if game is None:
            return []
        return [app_commands.Choice(name=n[:100], value=n[:100])
                for n in game.deck_leaders() if current.lower() in n.lower()][:25]

    @show.autocomplete("code")
    @edit.autocomplete("name")
    @export.autocomplete("name")
    @delete.autocomplete("name")
    async def saved_autocomplete(self, interaction: discord.Interaction[Any],
                                 current: str) -> list[app_commands.Choice[str]]:
        """The user's saved decks of the chosen game matching what is typed."""
        game = str(getattr(interaction.namespace, "game", "") or "")
        if game not in builders():
            return []
        mine = await self.store.user_decks(interaction.user.id, game)
        return [app_commands.Choice(name=label, value=value)
                for label, value in name_choices(mine, current)]

    @build.autocomplete("kards")
    @edit.autocomplete("add")
    @edit.autocomplete("remove")
    async def kards_autocomplete(self, interaction: discord.Interaction[Any],
                                 current: str) -> list[app_commands.Choice[str]]:
        """The list typed so far with its last kard name completed."""
        game = builders().get(str(getattr(interaction.namespace, "game", "") or ""))
        if game is None:
            return []
        return [app_commands.Choice(name=s, value=s) for s in kard_suggestions(game, current)]
