"""Version 7: state snapshots every N actions (``matches.state_version``).

An action no longer has to rewrite the whole state: ``matches.state`` is a snapshot, and
``state_version`` the version it was written at while it is older than ``version`` (NULL:
the snapshot is current, as for every row before this version). The actions after it are
in ``match_actions`` (written in the same transaction as the version bump); the bot
rebuilds the state as the snapshot plus their replay (:func:`referee.snapshots.load_state`).
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
ALTER TABLE matches ADD COLUMN state_version INTEGER;
"""

MIGRATION = Migration(version=7, name="snapshots", script=SCRIPT)
"""The snapshot's version beside the match's."""
