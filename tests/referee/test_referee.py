"""The referee over the real SQLite store, on the toy game: no Discord involved."""

from __future__ import annotations

import pathlib

import pytest

from db import SqliteStore
from engine.core import MatchOver, NotYourDecision, StaleAction
from referee.service import AlreadyDone, NoSuchMatch, Referee
from referee.snapshots import load_state
from tests.clock import Clock
from tests.engine.toygame import TOY

ALICE, BOB, CAROL = 11, 22, 33


@pytest.fixture
async def setup(tmp_path: pathlib.Path):
    store = SqliteStore(str(tmp_path / "h.sqlite3"))
    await store.open()
    clock = Clock()
    ref = Referee(store, turn_seconds=60, max_timeouts=3, clock=clock,
                  registry={"toy": TOY})
    rec, _state = await ref.open_match(guild_id=1, channel_id=2, game_id="toy", options={},
                                      seats=[ALICE, BOB], seed=5)
    yield store, ref, rec, clock
    await store.close()


async def test_commit_then_reveal_and_persisted(setup) -> None:
    store, ref, rec, clock = setup
    assert rec.deadline == clock.now + 60
    a = await ref.act(rec.id, ALICE, "p3", 0, interaction_id=100)
    assert a.pending_after == {1: "pick"} and a.outcome is None
    b = await ref.act(rec.id, BOB, "p1", 1, interaction_id=101)
    assert b.state.scores == [1, 0]
    stored = await store.get_match(rec.id)
    assert stored is not None and stored.version == 2
    assert await load_state(store, TOY, stored) == b.state
    log = await store.action_log(rec.id)
    assert [(x.seat, x.action) for x in log] == [(0, {"kind": "pick", "n": 3}),
                                                 (1, {"kind": "pick", "n": 1})]


async def test_bad_inputs_change_nothing(setup) -> None:
    store, ref, rec, _ = setup
    await ref.act(rec.id, ALICE, "p2", 0, interaction_id=200)
    with pytest.raises(AlreadyDone):  # the same interaction delivered twice
        await ref.act(rec.id, ALICE, "p2", 0, interaction_id=200)
    with pytest.raises(NotYourDecision):  # already committed
        await ref.act(rec.id, ALICE, "p1", 1, interaction_id=201)
    with pytest.raises(NotYourDecision):  # not in the match
        await ref.act(rec.id, CAROL, "p1", 1, interaction_id=203)
    with pytest.raises(NoSuchMatch):
        await ref.act(9999, BOB, "p1", 1)
    with pytest.raises(StaleAction):  # a version the match never had
        await ref.act(rec.id, BOB, "p1", 7, interaction_id=204)
    stored = await store.get_match(rec.id)
    assert stored is not None and stored.version == 1
    # Bob chose from version 0: Alice's commit since is hidden from him, so it stands.
    done = await ref.act(rec.id, BOB, "p1", 0, interaction_id=202)
    assert done.state.version == 2 and done.base_version == 1
    with pytest.raises(StaleAction):  # Alice's button from before the reveal
        await ref.act(rec.id, ALICE, "p3", 0, interaction_id=205)
    with pytest.raises(StaleAction):  # Bob's own, from before his commit
        await ref.act(rec.id, BOB, "p3", 1, interaction_id=206)


async def test_timeouts_apply_default_then_forfeit_after_three(setup) -> None:
    _store, ref, rec, clock = setup
    version = rec.version
    for n in range(1, 3):
        clock.now += 61
        applied = await ref.expire(rec.id, version)
        assert applied is not None and applied.outcome is None
        assert applied.match.timeouts == [n, n]
        version = applied.match.version
    assert await ref.expire(rec.id, version - 1) is None  # stale timer: nothing happens
    await ref.act(rec.id, ALICE, "p3", version)  # alice acts: her streak resets
    applied = await ref.expire(rec.id, version + 1)
    assert applied is not None and applied.outcome is not None
    assert applied.outcome.forfeited == (1,) and applied.outcome.winners == (0,)
    assert applied.outcome.reason == "timeout"
    with pytest.raises(MatchOver):
        await ref.act(rec.id, ALICE, "p1", applied.match.version)


async def test_forfeit_and_restart(setup, tmp_path: pathlib.Path) -> None:
    store, ref, rec, clock = setup
    await ref.act(rec.id, ALICE, "p3", 0)
    await store.close()
    store2 = SqliteStore(str(tmp_path / "h.sqlite3"))
    await store2.open()
    ref2 = Referee(store2, turn_seconds=60, clock=clock, registry={"toy": TOY})
    b = await ref2.act(rec.id, BOB, "p2", 1)  # the commit made before the restart holds
    assert b.state.scores == [1, 0]
    f = await ref2.forfeit(rec.id, BOB)
    assert f.outcome is not None and f.outcome.winners == (0,)
    assert (await store2.live_matches(ALICE)) == []
    await store2.close()
    await store.open()  # the fixture closes it


async def test_state_cache_is_shared_read_only_and_follows_the_store(setup) -> None:
    """Live states are cached by (match, version): a reader gets the cached state, an
    action never mutates a state already handed out, and a version the cache does not
    hold (another writer) is reloaded from the stored JSON."""
    store, ref, rec, _ = setup
    _, _, s0 = await ref.load(rec.id)
    _, _, again = await ref.load(rec.id)
    assert again is s0  # no re-validation per click
    before = TOY.dump(s0)
    a = await ref.act(rec.id, ALICE, "p3", 0, interaction_id=300)
    assert TOY.dump(s0) == before and s0.version == 0  # the shared state was not touched
    _, _, s1 = await ref.load(rec.id)
    assert s1 is a.state and s1.version == 1
    b = await ref.act(rec.id, BOB, "p1", 1, interaction_id=301)
    assert a.state.version == 1 and b.state.version == 2
    # Another writer (a second process) moves the match on: the cache follows the store.
    other = Referee(store, turn_seconds=60, registry={"toy": TOY})
    c = await other.act(rec.id, ALICE, "p2", 2, interaction_id=302)
    _, _, s3 = await ref.load(rec.id)
    assert s3.version == 3 and TOY.dump(s3) == TOY.dump(c.state)
    d = await ref.act(rec.id, BOB, "p2", 3, interaction_id=303)
    stored = await store.get_match(rec.id)
    assert stored is not None and stored.version == 4 == d.state.version


async def test_a_mortal_kombat_defender_gets_a_short_timer(tmp_path: pathlib.Path) -> None:
    from engine.games.mortal_kombat import GAME as MK
    from engine.games.mortal_kombat.rules import DEFENDER_TIMER

    store = SqliteStore(str(tmp_path / "mk.sqlite3"))
    await store.open()
    clock = Clock()
    ref = Referee(store, turn_seconds=600, max_timeouts=3, clock=clock,
                  registry={"mortal_kombat": MK})
    rec, state = await ref.open_match(guild_id=1, channel_id=2, game_id="mortal_kombat",
                                      options={"level": "basic"}, seats=[ALICE, BOB], seed=5)
    assert rec.deadline == clock.now + 600
    users = [ALICE, BOB]
    seen = set()
    for _ in range(60):  # play until a defender is asked (attacks first, go at once)
        prompts = MK.prompts(state)
        seat = next(s for s, p in prompts.items() if not p.committed)
        legal = [a.aid for a in MK.legal(state, seat)]
        aid = next((a for a in legal if a.startswith(("at-", "go", "pick-", "take"))),
                   legal[0])
        applied = await ref.act(rec.id, users[seat], aid, state.version)
        state = applied.state
        stored = await store.get_match(rec.id)
        assert stored is not None
        short = state.phase in ("respond", "breaker")
        seen.add(short)
        assert stored.deadline == clock.now + 600 * (DEFENDER_TIMER if short else 1.0)
        if seen == {True, False}:
            break
    assert seen == {True, False}
    await store.close()


async def test_an_action_reuses_the_cached_state_only_when_nobody_holds_it(setup) -> None:
    """The referee owns the cached state when no one else holds it (no copy per click);
    a state still held (a step being published) is never changed, the stored JSON is
    loaded instead; a refused commit leaves nothing of its in-place change behind."""
    import weakref

    store, ref, rec, _ = setup
    a = await ref.act(rec.id, ALICE, "p3", 0, interaction_id=400)
    held = TOY.dump(a.state)
    b = await ref.act(rec.id, BOB, "p1", 1, interaction_id=401)  # ``a`` still held
    assert b.state is not a.state and TOY.dump(a.state) == held and a.state.version == 1
    gone = weakref.ref(b.state)
    del a, b
    c = await ref.act(rec.id, ALICE, "p2", 2, interaction_id=402)
    assert c.state is gone()  # nobody held it: played in place, no copy
    # another process moves on meanwhile: our cached version is stale, the JSON is reloaded
    other = Referee(store, turn_seconds=60, registry={"toy": TOY})
    await other.act(rec.id, BOB, "p2", 3, interaction_id=403)
    del c
    d = await ref.act(rec.id, ALICE, "p1", 4, interaction_id=404)
    stored = await store.get_match(rec.id)
    assert stored is not None and d.state.version == 5
    assert await load_state(store, TOY, stored) == d.state


async def test_a_held_state_is_copied_from_its_json_not_replayed(setup) -> None:
    """A click on a match whose cached state is still held (a step being published)
    copies that state (its JSON read back), never reading the log to replay the actions
    after the snapshot; the copy plays on exactly as the stored match does."""
    store, ref, rec, _ = setup
    ref.snapshot_every = 16  # the log tail would have to be replayed
    replays = 0
    real = store.action_log

    async def counted(*args: object, **kwargs: object) -> object:
        nonlocal replays
        replays += 1
        return await real(*args, **kwargs)  # type: ignore[arg-type]

    store.action_log = counted  # type: ignore[method-assign]
    a = await ref.act(rec.id, ALICE, "p3", 0, interaction_id=600)
    b = await ref.act(rec.id, BOB, "p1", 1, interaction_id=601)  # ``a`` still held
    c = await ref.act(rec.id, ALICE, "p2", 2, interaction_id=602)  # ``b`` still held
    assert replays == 0 and a.state.version == 1 and b.state.version == 2
    stored = await store.get_match(rec.id)
    assert stored is not None and stored.snapshot_version < stored.version == 3
    assert TOY.dump(await load_state(store, TOY, stored)) == TOY.dump(c.state)


async def test_controls_listed_on_the_cached_state_leave_it_owned(setup) -> None:
    """The Act click lists the seat's controls on the cached state (``Game.listed``); the
    control click then finds its action in that listing and still plays in place: the
    listing holds the state only weakly."""
    import weakref

    store, ref, rec, _ = setup
    a = await ref.act(rec.id, ALICE, "p3", 0, interaction_id=500)
    assert [x.aid for x in TOY.listed(a.state, 1)] == [x.aid for x in TOY.legal(a.state, 1)]
    gone = weakref.ref(a.state)
    del a
    b = await ref.act(rec.id, BOB, "p1", 1, interaction_id=501)
    assert b.state is gone() and b.state.version == 2
    # the in-place change forgot the old listing: the new one is the new state's
    assert [x.aid for x in TOY.listed(b.state, 0)] == [x.aid for x in TOY.legal(b.state, 0)]
    stored = await store.get_match(rec.id)
    assert stored is not None and await load_state(store, TOY, stored) == b.state
