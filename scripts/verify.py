"""Check a finished match offline: its seed, every shuffle and every sealed choice.

``python -m scripts.verify DATABASE MATCH_ID`` (DATABASE: the bot's SQLite path or a
``postgresql://`` URL) reads the match and its action log and runs
:func:`referee.fairness.verify`, the same check as ``/verify MATCH``:

1. the seed (revealed in the match's last message) hashes to the SHA-256 posted when the
   match started;
2. the match replays from that seed through every logged action to its stored final
   state, so every shuffle and draw came from that seed;
3. every sealed choice's commitment, SHA-256 over the salt (revealed at the end), the
   match, the version, the seat and the logged action, is printed: compare them with the
   ``🔒 ... sealed a choice`` lines the thread showed before each reveal.

It prints the report and exits 0 when the match verifies, 1 when it does not.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from db import open_store  # noqa: E402
from referee.fairness import Verification, verify  # noqa: E402


async def check(database: str, match_id: int) -> Verification:
    """The verification of ``match_id`` in ``database``."""
    store = await open_store(database)
    try:
        rec = await store.get_match(match_id)
        if rec is None:
            found = Verification(match_id=match_id)
            found.problems.append("no such match")
            return found
        return verify(rec, await store.action_log(match_id))
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", help="SQLite path or postgresql:// URL")
    parser.add_argument("match_id", type=int)
    args = parser.parse_args(argv)
    found = asyncio.run(check(args.database, args.match_id))
    print(found.report())
    return 0 if found.ok else 1


if __name__ == "__main__":
    sys.exit(main())
