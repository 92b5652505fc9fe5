"""Version 2: what each public board shows, and matches whose opening is not finished.

``matches.board_version`` is the state version the public board message shows; it is
written after the board was posted or edited, so ``board_version < version`` means an
action was committed whose board edit never happened (a crash or a Discord failure in
between) and the reconciler must re-render it. NULL: no board shown yet.

``matches.opening`` is 1 from the transaction that accepts a challenge and creates its
match until the thread, the board and the pings are posted: a match left with 1 by a
crash is finished (or aborted, unrated) by the reconciler on start.

Boards of finished matches are taken as current; active ones are re-rendered once.
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
ALTER TABLE matches ADD COLUMN board_version INTEGER;
ALTER TABLE matches ADD COLUMN opening INTEGER NOT NULL DEFAULT 0;

UPDATE matches SET board_version = version
    WHERE status != 'active' AND message_id IS NOT NULL;

CREATE INDEX challenges_match ON challenges (match_id) WHERE match_id IS NOT NULL;

CREATE INDEX matches_unsettled ON matches (id)
    WHERE opening = 1 OR board_version IS NULL OR board_version < version;
"""

MIGRATION = Migration(version=2, name="boards", script=SCRIPT)
"""Board versions and the opening mark."""
