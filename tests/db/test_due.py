"""due_matches: only matches past half-time (not yet reminded) or past their deadline."""

from __future__ import annotations

from db import SqliteStore
from tests.clock import Clock
from tests.db.helpers import new_match, play


async def test_due_matches_half_time_then_deadline(store: SqliteStore, clock: Clock) -> None:
    start = clock.now
    timed = await new_match(store, deadline=start + 100)
    await new_match(store, deadline=None)  # no timer
    later = await new_match(store, deadline=start + 1000)
    assert await store.due_matches(start + 49) == []
    assert [m.id for m in await store.due_matches(start + 50)] == [timed.id]  # half-time
    await store.mark_reminded(timed.id, 0)
    assert await store.due_matches(start + 99) == []  # reminded: quiet until the deadline
    assert [m.id for m in await store.due_matches(start + 100)] == [timed.id]
    # an action moves the deadline and clears the reminder
    clock.now = start + 60
    assert await play(store, timed.id, 0, deadline=start + 160)
    assert await store.due_matches(start + 109) == []
    assert [m.id for m in await store.due_matches(start + 110)] == [timed.id]
    assert {m.id for m in await store.due_matches(start + 2000)} == {timed.id, later.id}
