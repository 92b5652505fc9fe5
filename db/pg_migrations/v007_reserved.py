"""Version 7: reserved (does nothing).

Another branch adds its own version 7 while this one adds version 8; this empty step keeps
the numbering contiguous (``check_numbering``) until the two meet. When they are merged,
this file goes and the other branch's version 7 takes its place (a database that applied
this empty step is at version 7 with nothing to undo, so keep it only if no real v007
exists).
"""

from __future__ import annotations

from db.migrations import Migration

MIGRATION = Migration(version=7, name="reserved", script="SELECT 1;")
"""Nothing (a placeholder for the concurrent version 7)."""
