"""The reconcile pass (cogs/reconcile.py) on a real store, with the Discord side stubbed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cogs.reconcile import Reconciler
from db import SqliteStore
from tests.db.helpers import play

EVER = 1e12
MATCH: dict[str, Any] = dict(guild_id=1, channel_id=5, game="sushido", options={},
                             seats=[11, 12], state="{}", version=0, deadline=100.0)


class _Bot:
    def is_ready(self) -> bool:
        return True


class _Table:
    def __init__(self) -> None:
        self.told: list[int] = []

    async def publish_missing(self, match_id: int) -> bool:
        self.told.append(match_id)
        return True


async def test_a_match_that_ended_while_marked_opening_is_settled_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A crash between the board and the pings leaves the opening mark; the players then
    finish the match on the board they see. The next pass clears the mark (nothing left to
    open) instead of finding the match unsettled on every pass, and shows its board."""
    store = SqliteStore(str(tmp_path / "h.db"))
    await store.open()
    try:
        ch = await store.create_challenge(guild_id=1, channel_id=5, challenger_id=11,
                                          opponent_id=12, game="sushido", options={},
                                          expires_at=EVER)
        rec = await store.accept_challenge(ch.id, **MATCH)
        assert rec is not None
        await store.set_match_thread(rec.id, 70)
        await store.set_board_message(rec.id, 71, rec.version)  # killed here
        assert await play(store, rec.id, 0, status="finished")
        ended = await store.get_match(rec.id)
        assert ended is not None and ended.opening and ended.status == "finished"

        table = _Table()
        shown: list[int] = []
        monkeypatch.setattr(Reconciler, "table", property(lambda self: table))
        rc = Reconciler(_Bot(), store, referee=None)  # type: ignore[arg-type]

        async def show_board(match_id: int, **_: Any) -> bool:
            shown.append(match_id)
            return True

        monkeypatch.setattr(rc, "show_board", show_board)
        assert await rc.reconcile() is True
        after = await store.get_match(rec.id)
        assert after is not None and not after.opening
        assert table.told == [rec.id] and shown == [rec.id]
    finally:
        await store.close()
