"""How a tournament moves on: results, pairing the next round, opening its matches, the
standings and the final post (:class:`TournamentFlow`, mixed into
:class:`cogs.tournaments.Tournaments`).

Advancing is one idempotent step (:meth:`TournamentFlow.advance`): it records the results
of finished matches, decides byes and pairings with a dropped player, pairs the next round
in the same transaction as the round's last result (:mod:`db.sqlite_tournaments`) and
opens the matches not opened yet through the normal path (thread, board, timers). Every
post is recorded or idempotent, so running it again (a restart) repeats nothing. A match
whose board Discord refuses is cancelled by the table; its pairing is re-opened once at
once, and if the board is refused again the organiser is told in the tournament's channel
(the players named, and ``/tournament repair`` to re-open it later).
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord
from discord.ext import commands

from cogs.autocomplete import user_name
from cogs.embeds import to_discord
from cogs.i18n_discord import server_locale
from cogs.router import StaticView
from db.base import MatchRecord, PairingRecord, PairingResult, Store, TournamentRecord
from engine.core import EngineError
from engine.tournament import Event, Pairing, auto_result, champion, next_round, planned_rounds
from referee.i18n import t
from referee.service import Referee
from referee.tournament_sealed import LEVEL, match_decks
from referee.tournament_text import (
    bracket_png,
    event_of,
    pairings_text,
    signup_text,
    standings_embed,
    title,
)

__all__ = ["TournamentFlow", "auto_results", "result_of"]

log = logging.getLogger("hajime.tournaments")


def result_of(rec: MatchRecord, ranks: list[int], p: PairingRecord) -> PairingResult:
    """A finished match's result for its pairing (equal ranks: a draw)."""
    winner = None if ranks[0] == ranks[1] else rec.seats[0 if ranks[0] < ranks[1] else 1]
    return PairingResult(slot=p.slot, winner_id=winner)


def auto_results(rnd: int, pairings: list[Pairing], dropped: set[int],
                 start: int = 0) -> list[PairingResult]:
    """The results of a round's pairings decided without a match (byes, drops)."""
    out = []
    for slot, p in enumerate(pairings, start=start):
        r = auto_result(rnd, p, dropped)
        if r is not None:
            out.append(PairingResult(slot=slot, winner_id=r.winner, forfeit=True))
    return out


class TournamentFlow:
    """The advancing half of the tournament cog."""

    bot: commands.Bot
    store: Store
    referee: Referee
    _locks: dict[int, asyncio.Lock]

    def locale(self, guild_id: int | None) -> str:
        """The language of a server's public messages."""
        return server_locale(self.bot.get_guild(guild_id) if guild_id is not None else None)

    def lock(self, tournament_id: int) -> asyncio.Lock:
        """The in-process lock of one event (its steps run one at a time)."""
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def advance(self, tournament_id: int) -> None:
        """Record finished matches, pair the next round when this one is done, post the
        round, open its matches and show the standings (idempotent)."""
        async with self.lock(tournament_id):
            while await self._step(tournament_id):
                pass
            await self.show(tournament_id)

    async def _step(self, tournament_id: int) -> bool:
        """One step; True when a new round was paired (then step again)."""
        tour = await self.store.get_tournament(tournament_id)
        if tour is None or tour.status not in ("running", "closing"):
            return False
        entrants = await self.store.entrants(tour.id)
        if tour.status == "closing":  # the last result is in; the final post may not be
            await self.finish(tour, event_of(tour, entrants, await self.store.pairings(tour.id)))
            return False
        dropped = {e.user_id for e in entrants if e.dropped}
        pairings = await self.store.pairings(tour.id)
        current = [p for p in pairings if p.round == tour.round]
        decider = tour.format == "series" and tour.round > planned_rounds(
            event_of(tour, entrants, pairings))
        await self.post_round(tour, current, decider)
        results: list[PairingResult] = []
        for p in current:
            if p.status == "done" or p.b_id is None:
                continue
            if p.match_id is not None:
                rec = await self.store.get_match(p.match_id)
                if rec is not None and rec.status == "finished":
                    game = self.referee.game(rec.game)
                    outcome = game.outcome(await self.referee.cached_state(rec, game))
                    if outcome is not None:
                        results.append(result_of(rec, list(outcome.ranks), p))
            else:
                auto = auto_result(p.round, Pairing(p.a_id, p.b_id), dropped)
                if auto is not None:
                    results.append(PairingResult(slot=p.slot, winner_id=auto.winner,
                                                 forfeit=True))
        settled = {r.slot for r in results}
        left = [p for p in current if p.status != "done" and p.slot not in settled]
        if left:
            if results:
                await self.store.settle_round(tour.id, tour.round, results, None, [], False)
            await self.open_matches(tour, [p for p in left if p.match_id is None])
            return False
        done = {(p.round, p.slot): p for p in pairings}
        for r in results:
            old = done[(tour.round, r.slot)]
            done[(tour.round, r.slot)] = old.model_copy(update={
                "status": "done", "winner_id": r.winner_id, "forfeit": r.forfeit})
        event = event_of(tour, entrants, list(done.values()))
        following = next_round(event)
        if following is None:
            if await self.store.settle_round(tour.id, tour.round, results, None, [], True):
                await self.finish(tour, event)
            return False
        return await self.store.settle_round(
            tour.id, tour.round, results, [(p.a, p.b) for p in following],
            auto_results(tour.round + 1, following, dropped), False)

    async def post_round(self, tour: TournamentRecord, current: list[PairingRecord],
                         decider: bool = False) -> None:
        """Post the round's pairings once (recorded, so a restart does not repeat it);
        ``decider``: a tied series' extra match, said so."""
        posted = await self.store.round_messages(tour.id)
        if posted.get(tour.round) is not None or not current:
            return
        public = self.locale(tour.guild_id)
        where = self.bot.get_partial_messageable(tour.channel_id)
        message = await where.send(pairings_text(tour, tour.round, current, public, decider),
                                   allowed_mentions=discord.AllowedMentions(
                                       users=[discord.Object(id=u) for p in current
                                              for u in (p.a_id, p.b_id) if u is not None]))
        await self.store.set_round_message(tour.id, tour.round, message.id)

    async def open_matches(self, tour: TournamentRecord, todo: list[PairingRecord]) -> None:
        """Open each pairing's match through the normal path (thread, board, timers)."""
        options = {"level": tour.options["level"]} if "level" in tour.options else {}
        sealed = bool(tour.options.get("sealed"))
        entrants = {e.user_id: e for e in await self.store.entrants(tour.id)} if sealed else {}
        for p in todo:
            assert p.b_id is not None
            opts = dict(options)
            if sealed:  # each seat's deck from its own pool (Basic rules)
                opts.update(level=LEVEL, decks=match_decks(tour.game, entrants[p.a_id],
                                                           entrants[p.b_id]))
            for retry in (False, True):
                refused = await self.open_one(tour, p, opts)
                if refused is None:
                    break
                if retry or not await self.store.reopen_pairing(tour.id, p.round, p.slot,
                                                                refused):
                    await self.tell_unopened(tour, p)
                    break

    async def open_one(self, tour: TournamentRecord, p: PairingRecord,
                       options: dict[str, Any]) -> int | None:
        """Open one pairing's match and post its board. When Discord refuses the board,
        the match is cancelled (unrated) and its id comes back (to re-open the pairing);
        None otherwise (opened, or opened meanwhile by another step)."""
        assert p.b_id is not None
        try:
            rec, state = await self.referee.open_match(
                guild_id=tour.guild_id, channel_id=tour.channel_id, game_id=tour.game,
                options=options, seats=[p.a_id, p.b_id], pairing=(tour.id, p.round, p.slot))
        except EngineError:
            return None  # opened meanwhile by another step
        table: Any = self.bot.get_cog("Table")
        try:
            await table.post_board(rec, state, None)
        except EngineError:
            log.warning("could not open the board of match %s (tournament %s)", rec.id,
                        tour.id)
            return rec.id
        return None

    async def tell_unopened(self, tour: TournamentRecord, p: PairingRecord) -> None:
        """Tell the organiser, in the tournament's channel, that a pairing's match could
        not be opened even on a second try, and how to re-open it (``/tournament
        repair``), naming its players."""
        public = self.locale(tour.guild_id)
        command = (f"/{t(public, 'cmd.tournament.name')}"
                   f" {t(public, 'cmd.tournament.repair.name')}")
        people = dict.fromkeys(u for u in (tour.organiser_id, p.a_id, p.b_id) if u is not None)
        try:
            await self.bot.get_partial_messageable(tour.channel_id).send(
                t(public, "tournament.no_board", organiser=f"<@{tour.organiser_id}>",
                  a=f"<@{p.a_id}>", b=f"<@{p.b_id}>", round=p.round, command=command,
                  title=title(tour, public)),
                allowed_mentions=discord.AllowedMentions(
                    users=[discord.Object(id=u) for u in people]))
        except discord.HTTPException as exc:
            log.warning("could not tell the organiser of tournament %s that a match of "
                        "round %s could not open (HTTP %s)", tour.id, p.round, exc.status)

    async def show(self, tournament_id: int) -> None:
        """Edit the event's message into its standings."""
        tour = await self.store.get_tournament(tournament_id)
        if tour is None or tour.message_id is None or tour.status == "signup":
            return
        public = self.locale(tour.guild_id)
        entrants = await self.store.entrants(tour.id)
        event = event_of(tour, entrants, await self.store.pairings(tour.id))
        message = self.bot.get_partial_messageable(tour.channel_id).get_partial_message(
            tour.message_id)
        try:
            if tour.round == 0:  # cancelled during the sign-up
                await message.edit(content=signup_text(tour, entrants, public, t(
                    public, "tournament.cancelled")), view=StaticView(),
                    allowed_mentions=discord.AllowedMentions.none())
                return
            await message.edit(content=None, embed=to_discord(standings_embed(tour, event, public)),
                               view=StaticView(), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.info("could not edit the standings of tournament %s", tour.id)

    async def finish(self, tour: TournamentRecord, event: Event) -> None:
        """Post the final standings and the bracket picture, then mark the event finished
        (it stays ``closing`` until then, so a restart in between posts them: at least once;
        a crash between the post and the mark posts them twice)."""
        public = self.locale(tour.guild_id)
        guild = self.bot.get_guild(tour.guild_id) if tour.guild_id is not None else None
        names = {u: await user_name(self.bot, guild, u) for u in event.players}
        png = await asyncio.to_thread(bracket_png, event, names, title(tour, public),
                                      t(public, "tournament.bye_word"),
                                      [t(public, "tournament.round_label", round=i + 1)
                                       for i in range(len(event.history))])
        winner = champion(event)
        embed = to_discord(standings_embed(tour, event, public, t(
            public, "tournament.final", who=f"<@{winner}>" if winner is not None else "—")))
        embed.set_image(url="attachment://bracket.png")
        await self.bot.get_partial_messageable(tour.channel_id).send(
            embed=embed, file=discord.File(fp=io.BytesIO(png), filename="bracket.png"),
            allowed_mentions=discord.AllowedMentions.none())
        await self.store.close_tournament(tour.id)
