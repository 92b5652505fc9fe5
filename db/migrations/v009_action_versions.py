"""Version 9: the action log indexed by version (``match_actions (match_id, version, id)``).

A match's state is its snapshot plus the replay of the actions logged after it
(:func:`cogs.snapshots.load_state`); the read of that tail (``version > snapshot``) used
the ``(match_id, id)`` index and walked every action of the match before filtering. With
this index it reads only the rows after the snapshot: a cold match costs the same whether
it has played ten actions or a thousand.
"""

from __future__ import annotations

from db.migrations import Migration

SCRIPT = """
CREATE INDEX match_actions_version ON match_actions (match_id, version, id);
"""

MIGRATION = Migration(version=9, name="action_versions", script=SCRIPT)
"""The action log's index by version."""
