"""Version 11: one index fewer written by every action (``match_actions (match_id, id)``).

Every read of a match's action log is by match (:meth:`db.sqlite.SqliteStore.action_log`:
the whole log, or the rows after a snapshot's version), which migration 9's
``(match_id, version, id)`` index serves; the older ``(match_id, id)`` index was written by
every action and read by nothing since. (PostgreSQL's migration 11 also drops the foreign
keys that every action's rows checked; SQLite's stay: see
:mod:`db.pg_migrations.v011_lean_actions`.)
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
DROP INDEX IF EXISTS match_actions_match;
"""

MIGRATION = Migration(version=11, name="lean_actions", script=SCRIPT)
"""The action log's redundant index dropped."""
