"""Ladder reads and writes over :class:`db.sqlite.SqliteStore`: boards, profiles, history.

Every function takes the store and runs one read (under the store's lock, in one
``BEGIN``/``COMMIT`` snapshot when it issues several statements) or one write transaction.
The leaderboard order is ``ordinal DESC, mu DESC, rowid`` (the ``ratings_board`` index of
migration 1 yields exactly that order, so no sort is needed; equal ratings are ordered by
who was rated first in the scope); players who set
``player_prefs.hide_from_leaderboard`` are left out of boards and ranks.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from db.ratings import Rating, display_rating, is_provisional
from db.sql import Connection
from db.sqlite import SqliteStore

__all__ = [
    "BoardPage",
    "BoardRow",
    "GameProfile",
    "HistoryPage",
    "MatchSummary",
    "SeatResult",
    "game_profile",
    "get_hidden",
    "history_page",
    "leaderboard_page",
    "match_summary",
    "rated_games",
    "reset_ladder",
    "set_hidden",
]

_VISIBLE = (
    "NOT EXISTS (SELECT 1 FROM player_prefs p"
    " WHERE p.user_id = r.user_id AND p.hide_from_leaderboard = 1)"
)


@dataclass(frozen=True)
class BoardRow:
    """One leaderboard line."""

    rank: int
    user_id: int
    rating: int
    games: int
    provisional: bool


@dataclass(frozen=True)
class BoardPage:
    """One page of a leaderboard and the number of listed players in total."""

    scope: str
    game: str
    offset: int
    limit: int
    total: int
    rows: list[BoardRow]


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished match."""

    seat: int
    user_id: int
    rank: int
    forfeited: bool
    label: str


@dataclass(frozen=True)
class MatchSummary:
    """A finished match as the history and profile list it."""

    match_id: int
    game: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    message_id: int | None
    finished_at: float
    rated: bool
    seats: list[SeatResult] = field(default_factory=list)

    def result_of(self, user_id: int) -> SeatResult | None:
        """The seat result of ``user_id`` (None if they did not play)."""
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def link(self) -> str:
        """A jump link to the match board (or its channel when the board is unknown)."""
        guild = self.guild_id if self.guild_id is not None else "@me"
        if self.thread_id and self.message_id:
            return f"https://discord.com/channels/{guild}/{self.thread_id}/{self.message_id}"
        return f"https://discord.com/channels/{guild}/{self.channel_id}"


@dataclass(frozen=True)
class HistoryPage:
    """One page of a player's finished matches, newest first."""

    offset: int
    limit: int
    total: int
    matches: list[MatchSummary]


@dataclass(frozen=True)
class GameProfile:
    """A player's standing in one game and scope."""

    rating: Rating
    rank: int
    """1-based position among listed players (counting the player even when hidden)."""
    listed: int
    """How many players the scope's board lists."""
    favourite: str | None
    recent: list[MatchSummary]


@asynccontextmanager
async def _snapshot(store: SqliteStore) -> AsyncIterator[Connection]:
    """A read connection inside one ``BEGIN``/``COMMIT`` (one consistent snapshot)."""
    async with store.read_connection() as conn:
        await conn.execute("BEGIN")
        try:
            yield conn
        finally:
            await conn.execute("COMMIT")


async def _fetch(store: SqliteStore, sql: str,
                 params: tuple[object, ...]) -> list[Any]:
    async with store.read_connection() as conn:
        return list(await conn.execute_fetchall(sql, params))


async def _listed(conn: Connection, scope: str, game: str) -> int:
    """How many players a board lists: all rated minus the hidden ones.

    Two index-only counts; the hidden players (few) drive the second one (SQLite's
    ``CROSS JOIN`` keeps ``player_prefs`` as the outer loop; the join condition is in
    ``WHERE`` because PostgreSQL's ``CROSS JOIN`` takes no ``ON``), so no per-row
    ``NOT EXISTS`` is needed.
    """
    rated = await conn.execute_fetchall(
        "SELECT COUNT(*) FROM ratings WHERE scope = ? AND game = ?", (scope, game))
    hidden = await conn.execute_fetchall(
        "SELECT COUNT(*) FROM player_prefs p CROSS JOIN ratings r"
        " WHERE r.scope = ? AND r.game = ? AND r.user_id = p.user_id"
        " AND p.hide_from_leaderboard = 1", (scope, game))
    return int(next(iter(rated))[0]) - int(next(iter(hidden))[0])


# ------------------------------------------------------------------ leaderboard
async def leaderboard_page(store: SqliteStore, scope: str, game: str, offset: int = 0,
                           limit: int = 10) -> BoardPage:
    """Listed players of ``scope``/``game`` ordered by rating, ``limit`` from ``offset``."""
    offset, limit = max(0, offset), max(1, limit)
    async with _snapshot(store) as conn:
        total = await _listed(conn, scope, game)
        rows = await conn.execute_fetchall(
            "SELECT r.user_id, r.mu, r.sigma, r.games FROM ratings r"
            f" WHERE r.scope = ? AND r.game = ? AND {_VISIBLE}"
            " ORDER BY r.ordinal DESC, r.mu DESC, r.rowid LIMIT ? OFFSET ?",
            (scope, game, limit, offset),
        )
    out = [
        BoardRow(rank=offset + i + 1, user_id=int(r[0]), rating=display_rating(r[1], r[2]),
                 games=int(r[3]), provisional=is_provisional(r[2], int(r[3])))
        for i, r in enumerate(rows)
    ]
    return BoardPage(scope, game, offset, limit, total, out)


async def rated_games(store: SqliteStore, scope: str, user_id: int) -> list[str]:
    """The games in which ``user_id`` has a rating in ``scope``, most played first."""
    rows = await _fetch(
        store, "SELECT game FROM ratings WHERE scope = ? AND user_id = ? ORDER BY games DESC, game",
        (scope, user_id),
    )
    return [str(r[0]) for r in rows]


# --------------------------------------------------------------------- history
async def _summaries(conn: Connection, match_ids: list[int]) -> list[MatchSummary]:
    """Summaries of ``match_ids`` (in that order) with every seat's result."""
    if not match_ids:
        return []
    marks = ",".join("?" for _ in match_ids)
    matches = await conn.execute_fetchall(
        "SELECT id, game, guild_id, channel_id, thread_id, message_id, rated, updated_at"
        f" FROM matches WHERE id IN ({marks})",
        match_ids,
    )
    seats = await conn.execute_fetchall(
        "SELECT match_id, seat, user_id, rank, forfeited, label, finished_at"
        f" FROM match_results WHERE match_id IN ({marks}) ORDER BY match_id, seat",
        match_ids,
    )
    by_match: dict[int, list[SeatResult]] = {}
    finished: dict[int, float] = {}
    for s in seats:
        by_match.setdefault(int(s[0]), []).append(
            SeatResult(int(s[1]), int(s[2]), int(s[3]), bool(s[4]), str(s[5])))
        finished[int(s[0])] = float(s[6])
    found = {
        int(m[0]): MatchSummary(
            match_id=int(m[0]), game=str(m[1]), guild_id=m[2], channel_id=int(m[3]),
            thread_id=m[4], message_id=m[5], rated=bool(m[6]),
            finished_at=finished.get(int(m[0]), float(m[7])),
            seats=by_match.get(int(m[0]), []))
        for m in matches
    }
    return [found[i] for i in match_ids if i in found]


def _history_filter(user_id: int, game: str | None, guild_id: int | None
                    ) -> tuple[str, list[object]]:
    where, params = "user_id = ?", list[object]([user_id])
    if game is not None:
        where += " AND game = ?"
        params.append(game)
    if guild_id is not None:
        where += " AND guild_id = ?"
        params.append(guild_id)
    return where, params


async def history_page(store: SqliteStore, user_id: int, *, game: str | None = None,
                       guild_id: int | None = None, offset: int = 0,
                       limit: int = 10) -> HistoryPage:
    """Finished matches of ``user_id``, newest first, optionally of one game and server."""
    offset, limit = max(0, offset), max(1, limit)
    where, params = _history_filter(user_id, game, guild_id)
    async with _snapshot(store) as conn:
        total = await conn.execute_fetchall(
            f"SELECT COUNT(*) FROM match_results WHERE {where}", params)
        ids = await conn.execute_fetchall(
            f"SELECT match_id FROM match_results WHERE {where}"
            " ORDER BY finished_at DESC, match_id DESC LIMIT ? OFFSET ?",
            [*params, limit, offset],
        )
        matches = await _summaries(conn, [int(r[0]) for r in ids])
    return HistoryPage(offset, limit, int(next(iter(total))[0]), matches)


async def match_summary(store: SqliteStore, match_id: int) -> MatchSummary | None:
    """One match with its seat results (None if unknown; no seats if it has no results)."""
    async with _snapshot(store) as conn:
        found = await _summaries(conn, [match_id])
    return found[0] if found else None


# --------------------------------------------------------------------- profile
async def game_profile(store: SqliteStore, scope: str, game: str, user_id: int, *,
                       recent: int = 5) -> GameProfile | None:
    """``user_id``'s rating, rank, favourite fighter and last matches in one scope/game.

    None when the player has no rating there. The favourite fighter is the label the
    player played most in this scope (ties: the most recent), from ``match_results``.
    """
    guild_id = None if scope == "global" else int(scope)
    async with _snapshot(store) as conn:
        got = list(await conn.execute_fetchall(
            "SELECT scope, game, user_id, mu, sigma, games, wins, losses, draws, streak"
            " FROM ratings WHERE scope = ? AND game = ? AND user_id = ?",
            (scope, game, user_id)))
        if not got:
            return None
        g = got[0]
        rating = Rating(g[0], g[1], int(g[2]), float(g[3]), float(g[4]), int(g[5]),
                        int(g[6]), int(g[7]), int(g[8]), int(g[9]))
        above = await conn.execute_fetchall(
            "SELECT COUNT(*) FROM ratings r JOIN ratings me ON me.scope = r.scope"
            " AND me.game = r.game AND me.user_id = ? WHERE r.scope = ? AND r.game = ?"
            " AND (r.ordinal > me.ordinal OR (r.ordinal = me.ordinal AND (r.mu > me.mu"
            f" OR (r.mu = me.mu AND r.rowid < me.rowid)))) AND {_VISIBLE}",
            (user_id, scope, game))
        listed = await _listed(conn, scope, game)
        where, params = _history_filter(user_id, game, guild_id)
        fav = list(await conn.execute_fetchall(
            f"SELECT label FROM match_results WHERE {where} AND label != ''"
            " GROUP BY label ORDER BY COUNT(*) DESC, MAX(finished_at) DESC LIMIT 1", params))
        ids = await conn.execute_fetchall(
            f"SELECT match_id FROM match_results WHERE {where}"
            " ORDER BY finished_at DESC, match_id DESC LIMIT ?", [*params, recent])
        last = await _summaries(conn, [int(r[0]) for r in ids])
    return GameProfile(rating, int(next(iter(above))[0]) + 1, listed,
                       str(fav[0][0]) if fav else None, last)


# --------------------------------------------------------------------- privacy
async def set_hidden(store: SqliteStore, user_id: int, hidden: bool) -> None:
    """Hide (or show again) ``user_id`` on every leaderboard."""
    async with store.write_transaction() as conn:
        await conn.execute(
            "INSERT INTO player_prefs (user_id, hide_from_leaderboard) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET"
            " hide_from_leaderboard = excluded.hide_from_leaderboard",
            (user_id, int(hidden)))


async def get_hidden(store: SqliteStore, user_id: int) -> bool:
    """Whether ``user_id`` is hidden from leaderboards."""
    rows = await _fetch(
        store, "SELECT hide_from_leaderboard FROM player_prefs WHERE user_id = ?", (user_id,))
    return bool(rows and rows[0][0])


# ----------------------------------------------------------------------- reset
async def reset_ladder(store: SqliteStore, guild_id: int, game: str) -> int:
    """Delete a server's ratings for one game (match history stays); rows deleted."""
    async with store.write_transaction() as conn:
        cur = await conn.execute(
            "DELETE FROM ratings WHERE scope = ? AND game = ?", (str(guild_id), game))
        return int(cur.rowcount)
