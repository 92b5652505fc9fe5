"""Version 5 (PostgreSQL): saved decks.

The same change as :mod:`db.migrations.v005_decks` (see there for the meaning).
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
CREATE TABLE saved_decks (
    user_id     BIGINT NOT NULL,
    game        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    code        TEXT    NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, game, name_key)
);
"""

MIGRATION = Migration(version=5, name="decks", script=SCRIPT)
"""Saved decks."""
