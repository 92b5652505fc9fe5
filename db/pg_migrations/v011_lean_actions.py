"""Version 11 (PostgreSQL): less written and checked by every action.

The same index change as :mod:`db.migrations.v011_lean_actions` (the action log's
``(match_id, id)`` index, written by every action and read by nothing since migration 9),
and the foreign keys from ``match_events``, ``match_actions`` and
``processed_interactions`` to ``matches`` dropped. Each was checked for every row an
action writes (3-7 look-ups of the match row per action, about 30 us of the server's
~150, bench/pg_par_bench.py); the store already guarantees them: those rows are written
only by the statement that updates their match under its version guard
(:data:`db.postgres.COMMIT_SQL`, whose inserts take their match id from the updated row)
or by the store's other writes of an existing match, and matches are never deleted (the
``ON DELETE CASCADE`` never ran). ``match_seats`` and ``match_results`` keep theirs (they
are written once per match). SQLite keeps every foreign key: its checks are in-process
look-ups, and dropping one means rebuilding the table.
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
DROP INDEX IF EXISTS match_actions_match;
ALTER TABLE match_events DROP CONSTRAINT IF EXISTS match_events_match_id_fkey;
ALTER TABLE match_actions DROP CONSTRAINT IF EXISTS match_actions_match_id_fkey;
ALTER TABLE processed_interactions
    DROP CONSTRAINT IF EXISTS processed_interactions_match_id_fkey;
"""

MIGRATION = Migration(version=11, name="lean_actions", script=SCRIPT)
"""The action log's redundant index and the per-action foreign keys dropped."""
