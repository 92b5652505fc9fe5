"""Ratings: openskill's Weng-Lin (Plackett-Luce) model, one rating per player per game.

Each finished, rated match updates two *scopes*: the server it was played in
(``scope = str(guild_id)``) and ``'global'``; a match outside a server (a DM) only updates
the global scope. :func:`on_results` is the :class:`db.sqlite.SqliteStore` results hook,
so the ratings commit (or roll back) together with the action that ended the match::

    store = store_from_url(settings.database, on_results=db.ratings.on_results)

Rules.

- ``mu``/``sigma`` come from ``PlackettLuce().rate(teams, ranks=...)`` with one-player
  teams, so two or more seats and ties (equal ranks) are handled by the model.
- A forfeited seat (conceded or lost on timeouts) is ranked after every other seat and
  always counts as a loss; several seats that left an N-seat match keep their order
  (the first to leave last).
- In an N-seat match, the seats sharing the best rank all win (two finishers tied for
  first place after a third left: two wins and a loss).
- Win, loss or draw per seat: a draw when every seat shares the same rank (and nobody
  forfeited); otherwise a win for the seats holding the best rank, a loss for the others.
- ``streak`` is the current run: ``+n`` after ``n`` wins in a row, ``-n`` after ``n``
  losses in a row, ``0`` after a draw.
- Unrated matches (``match.rated`` is False) change nothing.

Display. Players see :func:`display_rating` = ``round(1000 + 40 * (mu - 3 * sigma))``
(openskill's conservative *ordinal*, scaled so that a newcomer starts at 1000 and a strong
regular sits around 1500-2000), floored at 0. A rating is *provisional* while the player
has fewer than :data:`PROVISIONAL_GAMES` games or ``sigma`` > :data:`PROVISIONAL_SIGMA`
(a newcomer has sigma 8.33; it drops under 7.5 after about four games).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from openskill.models import PlackettLuce

from db.base import MatchRecord, ResultRow
from db.sql import Connection

__all__ = [
    "BASE",
    "GLOBAL",
    "MODEL",
    "PROVISIONAL_GAMES",
    "PROVISIONAL_SIGMA",
    "SCALE",
    "Rating",
    "display_rating",
    "is_provisional",
    "on_results",
    "outcomes",
    "scopes_for",
]

MODEL = PlackettLuce()
"""The rating model (openskill defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300)."""
GLOBAL = "global"
"""The scope shared by every server."""
BASE = 1000
"""Displayed rating of a newcomer (ordinal 0)."""
SCALE = 40
"""Displayed points per unit of ordinal."""
PROVISIONAL_GAMES = 5
"""A rating is provisional before this many games..."""
PROVISIONAL_SIGMA = 7.5
"""...or while sigma is above this."""

Result = Literal["win", "loss", "draw"]


@dataclass(frozen=True)
class Rating:
    """One stored rating row."""

    scope: str
    game: str
    user_id: int
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    streak: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 * sigma`` (what the leaderboard sorts by)."""
        return self.mu - 3.0 * self.sigma

    @property
    def display(self) -> int:
        """The rating shown to players (see :func:`display_rating`)."""
        return display_rating(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        """Whether the rating is still provisional (see :func:`is_provisional`)."""
        return is_provisional(self.sigma, self.games)


def display_rating(mu: float, sigma: float) -> int:
    """``round(1000 + 40 * (mu - 3 * sigma))``, never below 0."""
    return max(0, round(BASE + SCALE * (mu - 3.0 * sigma)))


def is_provisional(sigma: float, games: int) -> bool:
    """True while ``games < PROVISIONAL_GAMES`` or ``sigma > PROVISIONAL_SIGMA``."""
    return games < PROVISIONAL_GAMES or sigma > PROVISIONAL_SIGMA


def scopes_for(guild_id: int | None) -> list[str]:
    """The scopes a match in ``guild_id`` updates: the server's (if any) and global."""
    return [GLOBAL] if guild_id is None else [str(guild_id), GLOBAL]


def model_ranks(results: Sequence[ResultRow]) -> list[int]:
    """Ranks for the model: forfeited seats after every seat still playing at the end,
    in their own order (an N-seat match ranks the first to leave last, see
    :meth:`engine.core.Game.placed`); seats sharing a rank stay tied."""
    worst = max((r.rank for r in results if not r.forfeited), default=0)
    return [worst + r.rank if r.forfeited else r.rank for r in results]


def outcomes(results: Sequence[ResultRow]) -> list[Result]:
    """Win, loss or draw per result row (same order), per the rules in the module doc."""
    ranks = model_ranks(results)
    best = min(ranks, default=1)
    all_tied = len(set(ranks)) <= 1
    out: list[Result] = []
    for r, rank in zip(results, ranks, strict=True):
        if r.forfeited:
            out.append("loss")
        elif all_tied:
            out.append("draw")
        else:
            out.append("win" if rank == best else "loss")
    return out


def next_streak(streak: int, result: Result) -> int:
    """The streak after one more result."""
    if result == "win":
        return streak + 1 if streak > 0 else 1
    if result == "loss":
        return streak - 1 if streak < 0 else -1
    return 0


async def load_ratings(
    conn: Connection, scope: str, game: str, user_ids: Sequence[int]
) -> dict[int, Rating]:
    """The stored ratings of ``user_ids`` in one scope and game (missing ones absent)."""
    if not user_ids:
        return {}
    marks = ",".join("?" for _ in user_ids)
    rows = await conn.execute_fetchall(
        "SELECT scope, game, user_id, mu, sigma, games, wins, losses, draws, streak"
        f" FROM ratings WHERE scope = ? AND game = ? AND user_id IN ({marks})",
        (scope, game, *user_ids),
    )
    return {
        int(r[2]): Rating(
            r[0],
            r[1],
            int(r[2]),
            float(r[3]),
            float(r[4]),
            int(r[5]),
            int(r[6]),
            int(r[7]),
            int(r[8]),
            int(r[9]),
        )
        for r in rows
    }


def rate(
    scope: str, game: str, results: Sequence[ResultRow], current: dict[int, Rating]
) -> list[Rating]:
    """The new ratings of every result row's player after one match (pure function)."""
    olds = [
        current.get(r.user_id) or Rating(scope, game, r.user_id, MODEL.mu, MODEL.sigma)
        for r in results
    ]
    teams = [[MODEL.rating(mu=o.mu, sigma=o.sigma)] for o in olds]
    rated = MODEL.rate(teams, ranks=[float(x) for x in model_ranks(results)])
    new: list[Rating] = []
    for old, team, res in zip(olds, rated, outcomes(results), strict=True):
        player = team[0]
        new.append(
            Rating(
                scope=scope,
                game=game,
                user_id=old.user_id,
                mu=float(player.mu),
                sigma=float(player.sigma),
                games=old.games + 1,
                wins=old.wins + (res == "win"),
                losses=old.losses + (res == "loss"),
                draws=old.draws + (res == "draw"),
                streak=next_streak(old.streak, res),
            )
        )
    return new


async def save_ratings(conn: Connection, ratings: Sequence[Rating], now: float) -> None:
    """Insert or replace rating rows (inside the caller's transaction)."""
    await conn.executemany(
        "INSERT INTO ratings (scope, game, user_id, mu, sigma, games, wins, losses, draws,"
        " streak, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (scope, game, user_id) DO UPDATE SET mu = excluded.mu,"
        " sigma = excluded.sigma, games = excluded.games, wins = excluded.wins,"
        " losses = excluded.losses, draws = excluded.draws, streak = excluded.streak,"
        " updated_at = excluded.updated_at",
        [
            (
                r.scope,
                r.game,
                r.user_id,
                r.mu,
                r.sigma,
                r.games,
                r.wins,
                r.losses,
                r.draws,
                r.streak,
                now,
            )
            for r in ratings
        ],
    )


async def on_results(
    conn: Connection, match: MatchRecord, results: list[ResultRow]
) -> None:
    """The store's results hook: update both scopes' ratings in the ending transaction.

    Does nothing for unrated matches, for fewer than two result rows, or when one player
    holds several seats (a match against oneself proves nothing).
    """
    if not match.rated or len(results) < 2:
        return
    users = [r.user_id for r in results]
    if len(set(users)) != len(users):
        return
    ordered = sorted(results, key=lambda r: r.seat)
    now = match.updated_at or time.time()
    for scope in scopes_for(match.guild_id):
        current = await load_ratings(conn, scope, match.game, users)
        await save_ratings(conn, rate(scope, match.game, ordered, current), now)
