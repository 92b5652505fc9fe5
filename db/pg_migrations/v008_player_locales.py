"""Version 8 (PostgreSQL): the players' client languages.

The same change as :mod:`db.migrations.v008_player_locales` (see there for the meaning).
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
CREATE TABLE player_locales (
    user_id     BIGINT PRIMARY KEY,
    locale      TEXT    NOT NULL,
    seen_at     DOUBLE PRECISION NOT NULL
);
CREATE INDEX player_locales_by_seen ON player_locales (seen_at);
"""

MIGRATION = Migration(version=8, name="player_locales", script=SCRIPT)
"""The players' client languages."""
