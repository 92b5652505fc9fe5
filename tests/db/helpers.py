"""Shared builders for the store tests."""

from __future__ import annotations

from typing import Any

from db import ActionLog, MatchRecord, SqliteStore


async def new_match(
    store: SqliteStore,
    seats: list[int] | None = None,
    *,
    deadline: float | None = None,
    guild_id: int | None = 10,
) -> MatchRecord:
    """A fresh two-seat match at version 0."""
    return await store.create_match(
        guild_id=guild_id,
        channel_id=20,
        game="sushido",
        options={"rounds": 3},
        seats=seats or [101, 102],
        state='{"turn":0}',
        version=0,
        deadline=deadline,
    )


async def play(
    store: SqliteStore,
    match_id: int,
    expected: int,
    *,
    n_events: int = 2,
    interaction_id: int | None = None,
    **kwargs: Any,
) -> bool:
    """Commit one action moving ``match_id`` from ``expected`` to ``expected + 1``."""
    version = expected + 1
    events: list[tuple[list[int] | None, str, dict[str, Any]]] = [
        (None if i % 2 == 0 else [i % 2], f"e{version}.{i}", {"i": i, "v": version})
        for i in range(n_events)
    ]
    kwargs.setdefault("deadline", None)
    kwargs.setdefault("timeouts", [0, 0])
    return await store.commit_action(
        match_id,
        expected_version=expected,
        state=f'{{"turn":{version}}}',
        version=version,
        events=events,
        log=ActionLog(match_id=match_id, version=version, seat=expected % 2, action={"n": version}),
        interaction_id=interaction_id,
        **kwargs,
    )
