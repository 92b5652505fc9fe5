"""Saved decks (migration v005), in the shared SQL of both stores.

A deck is saved per user and per game under a name; names are matched without regard to
case (``name_key``). Saving under an existing name replaces that deck. The store keeps
only codes: the cog validates a deck before saving it and the engine again when a match
starts.
"""

from __future__ import annotations

from typing import Any

from db.base import SavedDeck
from db.sqlite_lobbies import LobbyStore

__all__ = ["DeckStore", "name_key"]


def name_key(name: str) -> str:
    """A deck name as the store compares it: trimmed, inner spaces collapsed, lower case."""
    return " ".join(name.split()).casefold()


def _deck(row: Any) -> SavedDeck:
    return SavedDeck(user_id=row["user_id"], game=row["game"], name=row["name"],
                     code=row["code"], updated_at=row["updated_at"])


class DeckStore(LobbyStore):
    """The saved-deck part of :class:`db.base.Store`; :class:`db.sqlite.SqliteStore` (and
    so :class:`db.postgres.PostgresStore`) inherit it."""

    async def save_deck(self, user_id: int, game: str, name: str, code: str) -> bool:
        """Save (or replace) ``user_id``'s deck ``name`` of ``game``; True when new."""
        key = name_key(name)
        shown = " ".join(name.split())
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "UPDATE saved_decks SET name = ?, code = ?, updated_at = ?"
                " WHERE user_id = ? AND game = ? AND name_key = ?",
                (shown, code, self._clock(), user_id, game, key))
            if cur.rowcount:
                return False
            await conn.execute(
                "INSERT INTO saved_decks (user_id, game, name_key, name, code, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, game, name_key)"
                " DO UPDATE SET name = excluded.name, code = excluded.code,"
                " updated_at = excluded.updated_at",
                (user_id, game, key, shown, code, self._clock()))
        return True

    async def get_deck(self, user_id: int, game: str, name: str) -> SavedDeck | None:
        """``user_id``'s deck called ``name`` (any case), or None."""
        rows = await self._fetch(
            "SELECT user_id, game, name, code, updated_at FROM saved_decks"
            " WHERE user_id = ? AND game = ? AND name_key = ?",
            (user_id, game, name_key(name)))
        return _deck(rows[0]) if rows else None

    async def user_decks(self, user_id: int, game: str | None = None) -> list[SavedDeck]:
        """``user_id``'s saved decks (of ``game``, or of every game), by game then name."""
        if game is None:
            rows = await self._fetch(
                "SELECT user_id, game, name, code, updated_at FROM saved_decks"
                " WHERE user_id = ? ORDER BY game, name_key", (user_id,))
        else:
            rows = await self._fetch(
                "SELECT user_id, game, name, code, updated_at FROM saved_decks"
                " WHERE user_id = ? AND game = ? ORDER BY name_key", (user_id, game))
        return [_deck(r) for r in rows]

    async def delete_deck(self, user_id: int, game: str, name: str) -> bool:
        """Delete ``user_id``'s deck ``name`` of ``game``; False when there was none."""
        async with self.write_transaction() as conn:
            cur = await conn.execute(
                "DELETE FROM saved_decks WHERE user_id = ? AND game = ? AND name_key = ?",
                (user_id, game, name_key(name)))
            return bool(cur.rowcount)
