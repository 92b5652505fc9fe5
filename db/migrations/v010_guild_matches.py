"""Version 10: a server's live matches indexed (``matches (guild_id, id)``, active only).

``/matches`` lists every live match of the server it is asked in (anyone may watch a
match's thread), newest first and capped: this partial index reads just those rows, in
that order, whatever the number of finished matches the server has kept.
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
CREATE INDEX matches_guild_live ON matches (guild_id, id) WHERE status = 'active';
"""

MIGRATION = Migration(version=10, name="guild_matches", script=SCRIPT)
"""A server's live matches, by their index."""
