"""Match openings and public boards in the SQLite store (the crash-safety half).

A match is created by the same transaction that accepts its challenge
(:meth:`BoardStore.accept_challenge`), marked ``opening``; the bot then creates the
thread, posts the board and pings, recording each step, and clears the mark. What a board
shows is ``board_version``, written only after Discord accepted the post or edit, so a
crash between an action's commit and its board edit leaves ``board_version < version``
behind: :meth:`BoardStore.unsettled_matches` lists exactly what the reconciler must
finish after a restart (see :mod:`cogs.reconcile`).
"""

from __future__ import annotations

from typing import Any

from db import _rows
from db.base import ChallengeRecord, MatchRecord
from db.sql import Connection
from db.sqlite_core import SqliteDatabase

__all__ = ["BoardStore"]

UNSETTLED = (
    "opening = 1 OR board_version IS NULL OR board_version < version"
    " OR published_version < version"
)
"""The condition of the ``matches_unsettled`` partial index (kept identical so it is used)."""


class BoardStore(SqliteDatabase):
    """Openings and board versions; :class:`db.sqlite.SqliteStore` inherits them."""

    async def _insert_match(
        self,
        conn: Connection,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seats: list[int],
        state: str,
        version: int,
        deadline: float | None,
        rated: bool,
        opening: bool,
    ) -> MatchRecord:
        """Insert a match and its seats inside the caller's transaction."""
        now = self._clock()
        timeouts = [0] * len(seats)
        cur = await conn.execute(
            "INSERT INTO matches (guild_id, channel_id, game, options, status, seats, state,"
            " version, deadline, reminded, timeouts, rated, created_at, updated_at, opening,"
            " published_version)"
            " VALUES (?, ?, ?, ?, 'active', ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)",
            (
                guild_id,
                channel_id,
                game,
                _rows.dumps(options),
                _rows.dumps(seats),
                state,
                version,
                deadline,
                _rows.dumps(timeouts),
                int(rated),
                now,
                now,
                int(opening),
                version,
            ),
        )
        new_id = cur.lastrowid
        assert new_id is not None
        await conn.executemany(
            "INSERT INTO match_seats (match_id, seat, user_id) VALUES (?, ?, ?)",
            [(new_id, seat, user) for seat, user in enumerate(seats)],
        )
        return MatchRecord(
            id=new_id,
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            options=options,
            seats=seats,
            state=state,
            version=version,
            deadline=deadline,
            timeouts=timeouts,
            rated=rated,
            created_at=now,
            updated_at=now,
            opening=opening,
            published_version=version,
        )

    async def accept_challenge(
        self,
        challenge_id: int,
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
        """Close an open challenge as accepted and create its match, in one transaction.

        The match is marked ``opening`` (its board is not posted yet). Returns None, writing
        nothing, when the challenge was no longer open (answered, expired or withdrawn).
        """
        async with self.write_transaction() as conn:
            # Close it first: the UPDATE locks the row, so a racing accept in another
            # transaction (PostgreSQL, READ COMMITTED) waits and then finds it closed.
            closed = await conn.execute(
                "UPDATE challenges SET status = 'accepted' WHERE id = ? AND status = 'open'",
                (challenge_id,),
            )
            if closed.rowcount != 1:
                return None
            rec = await self._insert_match(
                conn,
                guild_id=guild_id,
                channel_id=channel_id,
                game=game,
                options=options,
                seats=seats,
                state=state,
                version=version,
                deadline=deadline,
                rated=rated,
                opening=True,
            )
            await conn.execute(
                "UPDATE challenges SET match_id = ? WHERE id = ?", (rec.id, challenge_id)
            )
        return rec

    async def set_match_thread(self, match_id: int, thread_id: int) -> None:
        """Remember where a match's board goes (its thread, or the channel itself)."""
        await self._write("UPDATE matches SET thread_id = ? WHERE id = ?", (thread_id, match_id))

    async def set_board_message(self, match_id: int, message_id: int, version: int) -> None:
        """A board message was posted showing ``version``: it becomes the match's board."""
        await self._write(
            "UPDATE matches SET message_id = ?, board_version = ? WHERE id = ?",
            (message_id, version, match_id),
        )

    async def set_board_version(self, match_id: int, message_id: int, version: int) -> bool:
        """The board ``message_id`` was edited to show ``version``; never moves backwards.

        False (nothing written) when the match has another board message by now or its
        board already shows ``version`` or later.
        """
        changed = await self._write(
            "UPDATE matches SET board_version = ? WHERE id = ? AND message_id = ?"
            " AND (board_version IS NULL OR board_version < ?)",
            (version, match_id, message_id, version),
        )
        return changed == 1

    async def finish_opening(self, match_id: int, version: int, deadline: float | None) -> None:
        """Thread, board and pings are out: clear the opening mark.

        The first deadline restarts at ``deadline`` (the players could not see the match
        before), unless the match has moved past ``version`` meanwhile.
        """
        await self._write(
            "UPDATE matches SET opening = 0, reminded = 0,"
            " deadline = CASE WHEN version = ? THEN ? ELSE deadline END"
            " WHERE id = ? AND opening = 1",
            (version, deadline, match_id),
        )

    async def set_published(self, match_id: int, version: int,
                            memory: dict[str, Any]) -> bool:
        """The posts of ``version`` are out: record it and the table's memory of the turn.

        Never moves backwards; the same version may rewrite the memory (the opening's
        pings). False (nothing written) when a later version is already recorded.
        """
        changed = await self._write(
            "UPDATE matches SET published_version = ?, table_memory = ? WHERE id = ?"
            " AND (published_version IS NULL OR published_version <= ?)",
            (version, _rows.dumps(memory), match_id, version),
        )
        return changed == 1

    async def set_shown(self, match_id: int, version: int, memory: dict[str, Any],
                        message_id: int, board_version: int) -> None:
        """:meth:`set_published` and :meth:`set_board_version` in one statement (one
        write per step instead of two), each part under its own never-backwards rule."""
        newer = "(published_version IS NULL OR published_version <= ?)"
        await self._write(
            "UPDATE matches SET"
            " board_version = CASE WHEN message_id = ?"
            " AND (board_version IS NULL OR board_version < ?) THEN ? ELSE board_version END,"
            f" table_memory = CASE WHEN {newer} THEN ? ELSE table_memory END,"
            f" published_version = CASE WHEN {newer} THEN ? ELSE published_version END"
            " WHERE id = ?",
            (message_id, board_version, board_version, version, _rows.dumps(memory),
             version, version, match_id),
        )

    async def unsettled_matches(self) -> list[MatchRecord]:
        """Active matches still opening, and matches whose board or posts are older than
        their state, the most recently played first (a restart redraws those first).

        Matches that never got a board message (e.g. aborted while opening) are left out.
        """
        rows = await self._fetch(
            f"SELECT {_rows.MATCH_COLUMNS} FROM matches WHERE ({UNSETTLED})"
            " AND ((opening = 1 AND status = 'active') OR message_id IS NOT NULL)"
            " ORDER BY updated_at DESC, id DESC"
        )
        return [_rows.match_from_row(r) for r in rows]

    async def challenge_of_match(self, match_id: int) -> ChallengeRecord | None:
        """The accepted challenge that opened a match, if any (to update its message)."""
        rows = await self._fetch(
            f"SELECT {_rows.CHALLENGE_COLUMNS} FROM challenges WHERE match_id = ?"
            " ORDER BY id LIMIT 1",
            (match_id,),
        )
        return _rows.challenge_from_row(rows[0]) if rows else None
