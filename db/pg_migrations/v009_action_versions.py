"""Version 9 (PostgreSQL): the action log indexed by version.

The same change as :mod:`db.migrations.v009_action_versions` (see there for the meaning).
"""

from __future__ import annotations

from db.migrations import Migration

SCRIPT = """
CREATE INDEX match_actions_version ON match_actions (match_id, version, id);
"""

MIGRATION = Migration(version=9, name="action_versions", script=SCRIPT)
"""The action log's index by version."""
