"""Tournaments (migration v006), in the shared SQL of both stores.

Every step of an event is one transaction guarded by its state: a sign-up is taken only
while the event is in ``signup``; the start closes the sign-up and pairs round 1 at once;
a pairing's match is created and linked together (:meth:`start_pairing`), so a pairing
never gets two matches; the results of a round and the pairings of the next are written
together, guarded by the round number (:meth:`settle_round`), so a round is paired once,
whoever (a match ending, the bot's start-up sweep) gets there first.
"""

from __future__ import annotations

import json
from typing import Any

from db import _rows
from db.base import (
    EntrantRecord,
    MatchRecord,
    PairingRecord,
    PairingResult,
    TournamentRecord,
)
from db.sql import Connection, ShardFilter, shard_sql
from db.sqlite_decks import DeckStore

__all__ = ["TournamentStore"]

_T_COLUMNS = ("id, guild_id, channel_id, message_id, organiser_id, game, format, options,"
              " status, round")
_P_COLUMNS = ("tournament_id, round, slot, a_id, b_id, match_id, status, winner_id, forfeit")


def _tournament(row: Any) -> TournamentRecord:
    return TournamentRecord(
        id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"],
        message_id=row["message_id"], organiser_id=row["organiser_id"], game=row["game"],
        format=row["format"], options=json.loads(row["options"]), status=row["status"],
        round=row["round"])


def _pairing(row: Any) -> PairingRecord:
    return PairingRecord(
        tournament_id=row["tournament_id"], round=row["round"], slot=row["slot"],
        a_id=row["a_id"], b_id=row["b_id"], match_id=row["match_id"], status=row["status"],
        winner_id=row["winner_id"], forfeit=bool(row["forfeit"]))


class TournamentStore(DeckStore):
    """The tournament part of :class:`db.base.Store`; :class:`db.sqlite.SqliteStore` (and
    so :class:`db.postgres.PostgresStore`) inherit it."""

    async def create_tournament(self, *, guild_id: int | None, channel_id: int,
                                organiser_id: int, game: str, format: str,
                                options: dict[str, Any]) -> TournamentRecord:
        """Store a new tournament open for sign-up."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, game, format,"
                " options, status, round, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, 'signup', 0, ?)",
                (guild_id, channel_id, organiser_id, game, format, _rows.dumps(options),
                 self._clock()))
            new_id = cur.lastrowid
        assert new_id is not None
        return TournamentRecord(id=new_id, guild_id=guild_id, channel_id=channel_id,
                                organiser_id=organiser_id, game=game, format=format,
                                options=options)

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        """A tournament by id."""
        rows = await self._fetch(f"SELECT {_T_COLUMNS} FROM tournaments WHERE id = ?",
                                 (tournament_id,))
        return _tournament(rows[0]) if rows else None

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the sign-up (then standings) message."""
        async with self.write_transaction() as conn:
            await conn.execute("UPDATE tournaments SET message_id = ? WHERE id = ?",
                               (message_id, tournament_id))

    async def live_tournaments(self, shards: ShardFilter | None = None
                               ) -> list[TournamentRecord]:
        """Tournaments in sign-up or running, oldest first."""
        where, params = shard_sql(shards)
        rows = await self._fetch(
            f"SELECT {_T_COLUMNS} FROM tournaments"
            f" WHERE status IN ('signup', 'running', 'closing'){where}"
            " ORDER BY id", params)
        return [_tournament(r) for r in rows]

    async def close_tournament(self, tournament_id: int) -> bool:
        """The final standings are posted: ``closing`` becomes ``finished`` (False when it
        was not closing)."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "UPDATE tournaments SET status = 'finished' WHERE id = ? AND status = 'closing'",
                (tournament_id,))
            return cur.rowcount == 1

    async def enter_tournament(self, tournament_id: int, user_id: int) -> bool:
        """Sign a player up; False when not in sign-up or already entered."""
        async with self.write_transaction() as conn:
            open_ = await conn.execute(  # locks the event: a racing start waits
                "UPDATE tournaments SET round = round WHERE id = ? AND status = 'signup'",
                (tournament_id,))
            if open_.rowcount != 1:
                return False
            cur = await conn.execute(
                "INSERT OR IGNORE INTO tournament_entrants (tournament_id, user_id, position)"
                " SELECT ?, ?, COALESCE(MAX(position), 0) + 1 FROM tournament_entrants"
                " WHERE tournament_id = ?", (tournament_id, user_id, tournament_id))
            return cur.rowcount == 1

    async def leave_tournament(self, tournament_id: int, user_id: int) -> bool:
        """Take a player off the sign-up list; False when not in sign-up or not entered."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?"
                " AND EXISTS (SELECT 1 FROM tournaments WHERE id = ? AND status = 'signup')",
                (tournament_id, user_id, tournament_id))
            return cur.rowcount == 1

    async def entrants(self, tournament_id: int) -> list[EntrantRecord]:
        """The entrants in sign-up order."""
        rows = await self._fetch(
            "SELECT tournament_id, user_id, position, seed, dropped, pool, deck"
            " FROM tournament_entrants WHERE tournament_id = ? ORDER BY position",
            (tournament_id,))
        return [EntrantRecord(tournament_id=r["tournament_id"], user_id=r["user_id"],
                              position=r["position"], seed=r["seed"],
                              dropped=bool(r["dropped"]), pool=r["pool"], deck=r["deck"])
                for r in rows]

    async def _pair(self, conn: Connection, tournament_id: int, rnd: int,
                    pairings: list[tuple[int, int | None]],
                    results: list[PairingResult]) -> None:
        await conn.execute(
            "INSERT INTO tournament_rounds (tournament_id, round, created_at) VALUES (?, ?, ?)",
            (tournament_id, rnd, self._clock()))
        await conn.executemany(
            "INSERT INTO tournament_pairings (tournament_id, round, slot, a_id, b_id)"
            " VALUES (?, ?, ?, ?, ?)",
            [(tournament_id, rnd, slot, a, b) for slot, (a, b) in enumerate(pairings)])
        await self._record(conn, tournament_id, rnd, results)

    @staticmethod
    async def _record(conn: Connection, tournament_id: int, rnd: int,
                      results: list[PairingResult]) -> None:
        await conn.executemany(
            "UPDATE tournament_pairings SET status = 'done', winner_id = ?, forfeit = ?"
            " WHERE tournament_id = ? AND round = ? AND slot = ? AND status = 'pending'",
            [(r.winner_id, int(r.forfeit), tournament_id, rnd, r.slot) for r in results])

    async def start_tournament(self, tournament_id: int, seeds: list[int],
                               pools: dict[int, int], first: list[tuple[int, int | None]],
                               results: list[PairingResult]) -> bool:
        """Close the sign-up, seed, pair round 1 (see :class:`db.base.Store`)."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "UPDATE tournaments SET status = 'running', round = 1"
                " WHERE id = ? AND status = 'signup'", (tournament_id,))
            if cur.rowcount != 1:
                return False
            await conn.executemany(
                "UPDATE tournament_entrants SET seed = ?, pool = ?"
                " WHERE tournament_id = ? AND user_id = ?",
                [(i + 1, pools.get(uid), tournament_id, uid) for i, uid in enumerate(seeds)])
            await self._pair(conn, tournament_id, 1, first, results)
        return True

    async def pairings(self, tournament_id: int) -> list[PairingRecord]:
        """Every pairing, by round then slot."""
        rows = await self._fetch(
            f"SELECT {_P_COLUMNS} FROM tournament_pairings WHERE tournament_id = ?"
            " ORDER BY round, slot", (tournament_id,))
        return [_pairing(r) for r in rows]

    async def start_pairing(self, tournament_id: int, round: int, slot: int, *,
                            guild_id: int | None, channel_id: int, game: str,
                            options: dict[str, Any], seats: list[int], state: str,
                            version: int, deadline: float | None, rated: bool = True
                            ) -> MatchRecord | None:
        """Create a pending pairing's match and link it, in one transaction."""
        async with self.write_transaction() as conn:
            free = await conn.execute(  # locks the pairing: a racing opener waits
                "UPDATE tournament_pairings SET forfeit = forfeit WHERE tournament_id = ?"
                " AND round = ? AND slot = ? AND status = 'pending' AND match_id IS NULL"
                " AND EXISTS (SELECT 1 FROM tournaments WHERE id = ? AND status = 'running')",
                (tournament_id, round, slot, tournament_id))
            if free.rowcount != 1:
                return None
            rec = await self._insert_match(
                conn, guild_id=guild_id, channel_id=channel_id, game=game, options=options,
                seats=seats, state=state, version=version, deadline=deadline, rated=rated,
                opening=True)
            await conn.execute(
                "UPDATE tournament_pairings SET match_id = ? WHERE tournament_id = ?"
                " AND round = ? AND slot = ?", (rec.id, tournament_id, round, slot))
        return rec

    async def settle_round(self, tournament_id: int, round: int,
                           results: list[PairingResult],
                           following: list[tuple[int, int | None]] | None,
                           next_results: list[PairingResult], finished: bool) -> bool:
        """Record results and pair the next round (or finish), guarded by the round."""
        async with self.write_transaction() as conn:
            status = "closing" if finished else "running"
            step = 1 if following is not None else 0
            cur = await conn.execute(
                "UPDATE tournaments SET round = round + ?, status = ?"
                " WHERE id = ? AND round = ? AND status = 'running'",
                (step, status, tournament_id, round))
            if cur.rowcount != 1:
                return False
            await self._record(conn, tournament_id, round, results)
            if following is not None:
                await self._pair(conn, tournament_id, round + 1, following, next_results)
        return True

    async def drop_entrant(self, tournament_id: int, user_id: int) -> bool:
        """Mark an entrant of a running event as dropped."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "UPDATE tournament_entrants SET dropped = 1 WHERE tournament_id = ?"
                " AND user_id = ? AND dropped = 0 AND EXISTS (SELECT 1 FROM tournaments"
                " WHERE id = ? AND status = 'running')", (tournament_id, user_id, tournament_id))
            return cur.rowcount == 1

    async def set_entrant_deck(self, tournament_id: int, user_id: int, code: str) -> bool:
        """Register a sealed deck for an entrant still in a running event."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "UPDATE tournament_entrants SET deck = ? WHERE tournament_id = ?"
                " AND user_id = ? AND dropped = 0 AND EXISTS (SELECT 1 FROM tournaments"
                " WHERE id = ? AND status = 'running')", (code, tournament_id, user_id,
                                                          tournament_id))
            return cur.rowcount == 1

    async def cancel_tournament(self, tournament_id: int) -> bool:
        """Cancel an event in sign-up or running."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "UPDATE tournaments SET status = 'cancelled' WHERE id = ?"
                " AND status IN ('signup', 'running')", (tournament_id,))
            return cur.rowcount == 1

    async def reopen_pairing(self, tournament_id: int, round: int, slot: int,
                             match_id: int) -> bool:
        """Unlink a pending pairing's (aborted) match so that it is opened again."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "UPDATE tournament_pairings SET match_id = NULL WHERE tournament_id = ?"
                " AND round = ? AND slot = ? AND match_id = ? AND status = 'pending'",
                (tournament_id, round, slot, match_id))
            return cur.rowcount == 1

    async def set_round_message(self, tournament_id: int, round: int, message_id: int
                                ) -> bool:
        """Remember a round's pairings message; False when it was already posted."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "UPDATE tournament_rounds SET message_id = ? WHERE tournament_id = ?"
                " AND round = ? AND message_id IS NULL", (message_id, tournament_id, round))
            return cur.rowcount == 1

    async def round_messages(self, tournament_id: int) -> dict[int, int | None]:
        """Each paired round's pairings message (None: not posted yet)."""
        rows = await self._fetch(
            "SELECT round, message_id FROM tournament_rounds WHERE tournament_id = ?"
            " ORDER BY round", (tournament_id,))
        return {r["round"]: r["message_id"] for r in rows}

    async def tournament_of_match(self, match_id: int) -> int | None:
        """The tournament a match plays a pairing of, if any."""
        rows = await self._fetch(
            "SELECT tournament_id FROM tournament_pairings WHERE match_id = ?", (match_id,))
        return int(rows[0]["tournament_id"]) if rows else None

    async def ratings_of(self, scope: str, game: str, users: list[int]) -> dict[int, float]:
        """The ladder's conservative rating (``mu - 3 sigma``) of each rated user."""
        if not users:
            return {}
        marks = ", ".join("?" for _ in users)
        rows = await self._fetch(
            f"SELECT user_id, mu, sigma FROM ratings WHERE scope = ? AND game = ?"
            f" AND user_id IN ({marks})", (scope, game, *users))
        return {int(r["user_id"]): float(r["mu"]) - 3.0 * float(r["sigma"]) for r in rows}
