"""Players' client languages in the store (migration v008), on SQLite and PostgreSQL: the
last language per player, most recent first, kept after the store is closed and opened."""

from __future__ import annotations

from typing import Any

from db import SqliteStore
from tests.clock import Clock

ALICE, BOB, CAROL = 11, 12, 2**62  # Discord ids are 64-bit


async def test_the_last_language_of_each_player_is_kept(store: SqliteStore,
                                                        clock: Clock) -> None:
    assert await store.player_locales(10) == {}
    await store.set_player_locale(ALICE, "fr")
    clock.now += 1
    await store.set_player_locale(BOB, "en-US")
    clock.now += 1
    await store.set_player_locale(CAROL, "fr")
    clock.now += 1
    await store.set_player_locale(ALICE, "en-US")  # Alice switched: one row, replaced
    assert await store.player_locales(10) == {ALICE: "en-US", CAROL: "fr", BOB: "en-US"}
    assert list(await store.player_locales(10)) == [ALICE, CAROL, BOB]  # newest first
    assert await store.player_locales(2) == {ALICE: "en-US", CAROL: "fr"}


async def test_languages_survive_closing_the_store(make_store: Any, clock: Clock) -> None:
    first = make_store(clock=clock)
    await first.open()
    await first.set_player_locale(BOB, "fr")
    await first.close()
    again = make_store(clock=clock)
    await again.open()
    try:
        assert await again.player_locales(5) == {BOB: "fr"}
    finally:
        await again.close()
