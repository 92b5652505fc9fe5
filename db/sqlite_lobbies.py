"""Tables of 2-4 seats waiting to start, in the shared SQL of both stores.

A lobby row (migration v004) is seated by compare-and-set on its ``players``: a join,
a leave, a double click or two players racing for the last seat change it at most once,
and the loser is told so. Starting a table closes it and creates its match in one
transaction (like accepting a challenge), so a table never starts twice.
"""

from __future__ import annotations

from typing import Any

from db import _rows
from db.base import LobbyRecord, MatchRecord
from db.sql import ShardFilter, shard_sql
from db.sqlite_boards import BoardStore

__all__ = ["LOBBY_COLUMNS", "LobbyStore", "lobby_from_row"]

LOBBY_COLUMNS = _rows.LOBBY_COLUMNS
lobby_from_row = _rows.lobby_from_row


class LobbyStore(BoardStore):
    """The lobby half of :class:`db.base.Store`; :class:`db.sqlite.SqliteStore` (and so
    :class:`db.postgres.PostgresStore`) inherit it."""

    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        game: str,
        options: dict[str, Any],
        seats: int,
        invited: list[int],
        expires_at: float,
    ) -> LobbyRecord:
        """Store a new open table with its host seated."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "INSERT INTO lobbies (guild_id, channel_id, host_id, game, options, seats,"
                " players, invited, status, expires_at, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)",
                (guild_id, channel_id, host_id, game, _rows.dumps(options), seats,
                 _rows.dumps([host_id]), _rows.dumps(invited), expires_at, self._clock()),
            )
            new_id = cur.lastrowid
        assert new_id is not None
        return LobbyRecord(id=new_id, guild_id=guild_id, channel_id=channel_id,
                           host_id=host_id, game=game, options=options, seats=seats,
                           players=[host_id], invited=invited, expires_at=expires_at)

    async def get_lobby(self, lobby_id: int) -> LobbyRecord | None:
        """A table by id."""
        rows = await self._fetch(
            f"SELECT {LOBBY_COLUMNS} FROM lobbies WHERE id = ?", (lobby_id,))
        return lobby_from_row(rows[0]) if rows else None

    async def set_lobby_message(self, lobby_id: int, message_id: int) -> None:
        """Remember the message that carries the table's buttons."""
        async with self.write_transaction() as conn:
            await conn.execute("UPDATE lobbies SET message_id = ? WHERE id = ?",
                               (message_id, lobby_id))

    async def seat_lobby(self, lobby_id: int, expected: list[int], players: list[int]
                         ) -> bool:
        """Compare-and-set an open table's players (see :class:`db.base.Store`)."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "UPDATE lobbies SET players = ? WHERE id = ? AND status = 'open'"
                " AND players = ?",
                (_rows.dumps(players), lobby_id, _rows.dumps(expected)))
            return cur.rowcount == 1

    async def close_lobby(self, lobby_id: int, status: str) -> bool:
        """Move an open table to ``status``; False if it was no longer open."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "UPDATE lobbies SET status = ? WHERE id = ? AND status = 'open'",
                (status, lobby_id))
            return cur.rowcount == 1

    async def lobby_of_match(self, match_id: int) -> LobbyRecord | None:
        """The started table that opened a match, if any."""
        rows = await self._fetch(
            f"SELECT {LOBBY_COLUMNS} FROM lobbies WHERE match_id = ?", (match_id,))
        return lobby_from_row(rows[0]) if rows else None

    async def open_lobbies(self, shards: ShardFilter | None = None) -> list[LobbyRecord]:
        """Every open table, oldest first."""
        where, params = shard_sql(shards)
        rows = await self._fetch(
            f"SELECT {LOBBY_COLUMNS} FROM lobbies WHERE status = 'open'{where} ORDER BY id",
            params)
        return [lobby_from_row(r) for r in rows]

    async def start_lobby(
        self,
        lobby_id: int,
        players: list[int],
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seats: list[int],
        state: str,
        version: int,
        deadline: float | None,
        rated: bool = True,
    ) -> MatchRecord | None:
        """Close the table as started and create its match, in one transaction."""
        async with self.write_transaction() as conn:
            # the UPDATE locks the row: a racing start (PostgreSQL) waits, then finds it
            # closed; a join that slipped in first changes players, and this start fails
            closed = await conn.execute(
                "UPDATE lobbies SET status = 'started' WHERE id = ? AND status = 'open'"
                " AND players = ?", (lobby_id, _rows.dumps(players)))
            if closed.rowcount != 1:
                return None
            rec = await self._insert_match(
                conn, guild_id=guild_id, channel_id=channel_id, game=game, options=options,
                seats=seats, state=state, version=version, deadline=deadline, rated=rated,
                opening=True)
            await conn.execute("UPDATE lobbies SET match_id = ? WHERE id = ?",
                               (rec.id, lobby_id))
        return rec
