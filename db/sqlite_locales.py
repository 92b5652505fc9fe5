"""The players' client languages (migration v008), in the shared SQL of both stores.

The bot learns a player's Discord language only from their interactions; it keeps the
last one per player here so that a restarted bot still shows a match in the language its
players share (:func:`cogs.i18n_discord.match_locale`). The cog writes a row only when a player's
language changes (:func:`referee.i18n.remember_player` says when), never once per click.
"""

from __future__ import annotations

from db.sqlite_tournaments import TournamentStore

__all__ = ["LocaleStore"]


class LocaleStore(TournamentStore):
    """The player-language part of :class:`db.base.Store`; :class:`db.sqlite.SqliteStore`
    (and so :class:`db.postgres.PostgresStore`) inherit it."""

    async def set_player_locale(self, user_id: int, locale: str) -> None:
        """Remember ``locale`` as ``user_id``'s language (replacing the one before)."""
        async with self.write_transaction() as conn:
            await conn.execute(
                "INSERT INTO player_locales (user_id, locale, seen_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale,"
                " seen_at = excluded.seen_at",
                (user_id, locale, self._clock()))

    async def player_locales(self, limit: int) -> dict[int, str]:
        """The languages of the ``limit`` players whose language changed most recently,
        by user id."""
        rows = await self._fetch(
            "SELECT user_id, locale FROM player_locales ORDER BY seen_at DESC, user_id"
            " LIMIT ?", (limit,))
        return {int(r["user_id"]): str(r["locale"]) for r in rows}
