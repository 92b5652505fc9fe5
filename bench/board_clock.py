"""When a click's board is current, for ``bench/discord_bench.py``: the boards still
behind their match, and each control click's time to its board's next edit (from the
offline Discord's request log, :attr:`tests.fakediscord.ratelimit.RateLimits.log`)."""

from __future__ import annotations

import bisect
from typing import Any

from db import SqliteStore
from tests.e2e.harness import Player


async def boards_behind(reader: SqliteStore, players: list[Player]) -> int:
    """Matches whose board does not show their stored version yet."""
    behind = 0
    for p in players:
        rec = await reader.get_match(p.match_id)
        if rec is not None and rec.status == "active" and rec.board_version != rec.version:
            behind += 1
    return behind


def board_latencies(clicks: list[Any], players: list[Player],
                    log: list[tuple[float, str, str, int]] | None,
                    interactions: dict[str, Any] | None = None) -> list[float]:
    """Seconds from each timed control click to the first successful edit of its match's
    board answered after it (clicks whose match's board was never edited after: left out).

    An edit is the bot's (``PATCH /channels/{thread}/messages/{board}``) or one through
    the click that owns the board (``PATCH /webhooks/{app}/{token}/messages/@original`` of
    an interaction on the board answered as an update of it; ``interactions``: the fake's
    interactions by token)."""
    if log is None:
        return []
    board_path = {p.match_id: f"/channels/{p.board.channel_id}/messages/{p.board.id}"
                  for p in players}
    by_board = {p.board.id: path for p, path in
                zip(players, board_path.values(), strict=True)}
    edits: dict[str, list[float]] = {}
    for at, method, path, status in log:
        if method != "PATCH" or status >= 300:
            continue
        path = path.split("/api/v10", 1)[-1]
        parts = path.split("/")
        if parts[1:2] == ["webhooks"] and path.endswith("/messages/@original"):
            res = (interactions or {}).get(parts[3])
            source = getattr(res, "source_message", None)
            if source is None or getattr(res, "response_type", None) not in (6, 7) \
                    or source.id not in by_board:
                continue
            path = by_board[source.id]
        edits.setdefault(path, []).append(at)
    out: list[float] = []
    for r in clicks:
        cid = str((r.payload.get("data") or {}).get("custom_id", ""))
        parts = cid.split(":")
        if len(parts) < 3 or parts[1] not in ("a", "s") or not parts[2].isdigit():
            continue
        times = edits.get(board_path.get(int(parts[2]), ""), [])
        i = bisect.bisect_left(times, r.dispatched_at)
        if i < len(times):
            out.append(times[i] - r.dispatched_at)
    return out
