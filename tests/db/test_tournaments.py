"""Tournaments in the store (migration v006), on SQLite and PostgreSQL: sign-up only while
open, a start that pairs round 1 once, a pairing opened once, a round settled and the next
paired in one step guarded by the round number, drops, repair and cancel."""

from __future__ import annotations

import asyncio
from typing import Any

from db import SqliteStore
from db.base import PairingResult

ORG, A, B, C = 1, 11, 12, 13


async def new_event(store: SqliteStore) -> int:
    t = await store.create_tournament(guild_id=5, channel_id=6, organiser_id=ORG,
                                      game="sushido", format="swiss", options={"rounds": 2})
    return t.id


def match_fields() -> dict[str, Any]:
    return dict(guild_id=5, channel_id=6, game="sushido", options={}, seats=[A, B],
                state='{"turn":0}', version=0, deadline=None)


async def test_signup_start_pairings_and_rounds(store: SqliteStore) -> None:
    tid = await new_event(store)
    assert [t.id for t in await store.live_tournaments()] == [tid]
    assert await store.enter_tournament(tid, A)
    assert not await store.enter_tournament(tid, A)  # once
    assert await store.enter_tournament(tid, B) and await store.enter_tournament(tid, C)
    assert await store.leave_tournament(tid, C) and not await store.leave_tournament(tid, C)
    assert await store.enter_tournament(tid, C)
    assert [(e.user_id, e.position) for e in await store.entrants(tid)] == [
        (A, 1), (B, 2), (C, 3)]
    bye = PairingResult(slot=1, winner_id=C, forfeit=True)
    assert await store.start_tournament(tid, [B, A, C], {}, [(B, A), (C, None)], [bye])
    assert not await store.start_tournament(tid, [B, A, C], {}, [(B, A), (C, None)], [bye])
    assert not await store.enter_tournament(tid, 99)  # sign-up closed
    assert not await store.leave_tournament(tid, A)
    t = await store.get_tournament(tid)
    assert t is not None and t.status == "running" and t.round == 1
    assert {e.user_id: e.seed for e in await store.entrants(tid)} == {A: 2, B: 1, C: 3}
    ps = await store.pairings(tid)
    assert [(p.a_id, p.b_id, p.status, p.winner_id) for p in ps] == [
        (B, A, "pending", None), (C, None, "done", C)]
    # a pairing gets one match, even when two openers race
    got = await asyncio.gather(*(store.start_pairing(tid, 1, 0, **match_fields())
                                 for _ in range(3)))
    made = [m for m in got if m is not None]
    assert len(made) == 1 and made[0].opening
    assert await store.tournament_of_match(made[0].id) == tid
    assert await store.start_pairing(tid, 1, 1, **match_fields()) is None  # a bye: done
    # the round's messages
    assert await store.round_messages(tid) == {1: None}
    assert await store.set_round_message(tid, 1, 777)
    assert not await store.set_round_message(tid, 1, 778)
    # settle round 1 and pair round 2 in one step; a second settle of round 1 does nothing
    done = [PairingResult(slot=0, winner_id=B)]
    assert await store.settle_round(tid, 1, done, [(B, C), (A, None)],
                                    [PairingResult(slot=1, winner_id=A, forfeit=True)], False)
    assert not await store.settle_round(tid, 1, done, [(B, C), (A, None)], [], False)
    ps = await store.pairings(tid)
    assert [(p.round, p.slot, p.status, p.winner_id) for p in ps] == [
        (1, 0, "done", B), (1, 1, "done", C), (2, 0, "pending", None), (2, 1, "done", A)]
    assert (await store.round_messages(tid)) == {1: 777, 2: None}
    # a sealed deck, then drop, repair, finish
    assert await store.set_entrant_deck(tid, C, "MK1-X")
    assert [e.deck for e in await store.entrants(tid)] == [None, None, "MK1-X"]
    assert await store.drop_entrant(tid, C) and not await store.drop_entrant(tid, C)
    assert not await store.set_entrant_deck(tid, C, "MK1-Y")  # dropped
    m = await store.start_pairing(tid, 2, 0, **match_fields())
    assert m is not None
    assert await store.reopen_pairing(tid, 2, 0, m.id)
    assert not await store.reopen_pairing(tid, 2, 0, m.id)
    assert await store.settle_round(tid, 2, [PairingResult(slot=0, winner_id=B, forfeit=True)],
                                    None, [], True)
    t = await store.get_tournament(tid)
    assert t is not None and t.status == "closing" and t.round == 2  # final post pending
    assert [x.id for x in await store.live_tournaments()] == [tid]  # a restart posts it
    assert not await store.cancel_tournament(tid)
    assert await store.close_tournament(tid) and not await store.close_tournament(tid)
    t = await store.get_tournament(tid)
    assert t is not None and t.status == "finished"
    assert await store.live_tournaments() == []


async def test_cancel_closes_sign_up(store: SqliteStore) -> None:
    tid = await new_event(store)
    assert await store.cancel_tournament(tid)
    assert not await store.enter_tournament(tid, A)
    assert not await store.start_tournament(tid, [A], {}, [], [])
    t = await store.get_tournament(tid)
    assert t is not None and t.status == "cancelled"
