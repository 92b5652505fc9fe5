"""Saved decks in the store (migration v005), on SQLite and PostgreSQL: per user and per
game, names matched without regard to case, saving again replaces, deleting someone
else's deck (or one that does not exist) deletes nothing."""

from __future__ import annotations

import asyncio

from db import SqliteStore

ALICE, BOB = 11, 12


async def test_save_list_get_replace_and_delete(store: SqliteStore) -> None:
    assert await store.save_deck(ALICE, "mortal_kombat", "Ice  Wall", "MK1-A")
    assert await store.save_deck(ALICE, "mortal_kombat", "bolt", "MK1-B")
    assert await store.save_deck(ALICE, "other_game", "Ice Wall", "X1-C")
    assert await store.save_deck(BOB, "mortal_kombat", "Ice Wall", "MK1-D")
    mine = await store.user_decks(ALICE, "mortal_kombat")
    assert [(d.name, d.code) for d in mine] == [("bolt", "MK1-B"), ("Ice Wall", "MK1-A")]
    assert [d.game for d in await store.user_decks(ALICE)] == [
        "mortal_kombat", "mortal_kombat", "other_game"]
    got = await store.get_deck(ALICE, "mortal_kombat", " ice wall ")
    assert got is not None and got.code == "MK1-A" and got.user_id == ALICE
    # saving under the same name (any case) replaces, and keeps one row
    assert not await store.save_deck(ALICE, "mortal_kombat", "ICE WALL", "MK1-E")
    got = await store.get_deck(ALICE, "mortal_kombat", "Ice Wall")
    assert got is not None and got.code == "MK1-E" and got.name == "ICE WALL"
    assert len(await store.user_decks(ALICE, "mortal_kombat")) == 2
    # Bob's deck of the same name is his own
    bobs = await store.get_deck(BOB, "mortal_kombat", "ice wall")
    assert bobs is not None and bobs.code == "MK1-D"
    # deleting: only one's own, only what exists
    assert not await store.delete_deck(BOB, "mortal_kombat", "bolt")
    assert not await store.delete_deck(ALICE, "mortal_kombat", "no such deck")
    assert await store.delete_deck(ALICE, "mortal_kombat", "BOLT")
    assert await store.get_deck(ALICE, "mortal_kombat", "bolt") is None
    assert [d.name for d in await store.user_decks(ALICE, "mortal_kombat")] == ["ICE WALL"]
    assert await store.user_decks(99) == []


async def test_racing_saves_of_one_new_name_keep_one_deck(store: SqliteStore) -> None:
    done = await asyncio.gather(*(store.save_deck(ALICE, "mortal_kombat", "same", f"MK1-{i}")
                                  for i in range(4)))
    assert True in done
    assert len(await store.user_decks(ALICE, "mortal_kombat")) == 1
