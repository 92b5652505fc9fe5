"""Version 10 (PostgreSQL): a server's live matches indexed.

The same change as :mod:`db.migrations.v010_guild_matches` (see there for the meaning).
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
CREATE INDEX matches_guild_live ON matches (guild_id, id) WHERE status = 'active';
"""

MIGRATION = Migration(version=10, name="guild_matches", script=SCRIPT)
"""A server's live matches, by their index."""
