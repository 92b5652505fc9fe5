"""Version 2 (PostgreSQL): board versions and the opening mark.

The same change as :mod:`db.migrations.v002_boards` (see there for the meaning).
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
ALTER TABLE matches ADD COLUMN board_version BIGINT;
ALTER TABLE matches ADD COLUMN opening BIGINT NOT NULL DEFAULT 0;

UPDATE matches SET board_version = version
    WHERE status != 'active' AND message_id IS NOT NULL;

CREATE INDEX challenges_match ON challenges (match_id) WHERE match_id IS NOT NULL;

CREATE INDEX matches_unsettled ON matches (id)
    WHERE opening = 1 OR board_version IS NULL OR board_version < version;
"""

MIGRATION = Migration(version=2, name="boards", script=SCRIPT)
"""Board versions and the opening mark."""
