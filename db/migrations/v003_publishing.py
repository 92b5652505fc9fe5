"""Version 3: what a match's thread was told, and the table's memory of the turn.

``matches.published_version`` is the state version whose public posts (narration, pings,
the final "Match over" message with its Rematch button) are out. An action's transaction
moves ``version``; the table writes ``published_version`` once Discord accepted the posts,
so ``published_version < version`` means an action was committed whose posts never
happened (a crash or a Discord failure in between): the reconciler posts them from the
stored events after a restart. A new match starts with ``published_version = version``
(its opening message is the opening mark's job).

``matches.table_memory`` is the table's per-match memory as JSON (see
:mod:`cogs.table_memory`): the lines folded into the board's "So far this turn" field,
the turn and the seats already pinged in it, and the decisions pending when it was
written. Written with ``published_version``, so both describe the same moment.

Existing matches are taken as published, with an empty memory.
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
ALTER TABLE matches ADD COLUMN published_version INTEGER;
ALTER TABLE matches ADD COLUMN table_memory TEXT NOT NULL DEFAULT '{}';

UPDATE matches SET published_version = version;

DROP INDEX matches_unsettled;
CREATE INDEX matches_unsettled ON matches (id)
    WHERE opening = 1 OR board_version IS NULL OR board_version < version
       OR published_version < version;
"""

MIGRATION = Migration(version=3, name="publishing", script=SCRIPT)
"""The published version and the table's memory."""
