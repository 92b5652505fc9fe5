"""Version 3 (PostgreSQL): what a match's thread was told, and the table's memory.

The same change as :mod:`db.migrations.v003_publishing` (see there for the meaning).
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
ALTER TABLE matches ADD COLUMN published_version BIGINT;
ALTER TABLE matches ADD COLUMN table_memory TEXT NOT NULL DEFAULT '{}';

UPDATE matches SET published_version = version;

DROP INDEX matches_unsettled;
CREATE INDEX matches_unsettled ON matches (id)
    WHERE opening = 1 OR board_version IS NULL OR board_version < version
       OR published_version < version;
"""

MIGRATION = Migration(version=3, name="publishing", script=SCRIPT)
"""The published version and the table's memory."""
