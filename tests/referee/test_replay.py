"""Replays by re-simulation: real random matches refereed on a temp SQLite store.

Each match is played through :class:`referee.service.Referee` with the real registry (random
legal clicks, some deadlines expiring, forfeits, timeout-forfeits); its replay must
re-simulate to the stored final state and name every action with the game's own label.
Tampered records fall back to the raw rendering with a note, never an exception.
"""

from __future__ import annotations

import itertools
import pathlib
import random
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import Any

import pytest

from cogs.ladder import Ladder
from db import ActionLog, MatchRecord, SqliteStore
from db import ratings as R
from engine.games import REGISTRY
from referee.replay import Replay, build_replay, jump_labels, jump_pages, resimulate
from referee.service import Referee, pending_seats
from tests.clock import Clock

ALICE, BOB = 11, 22
NOTE = "Exact replay unavailable"


@pytest.fixture
async def ref(tmp_path: pathlib.Path) -> AsyncIterator[Referee]:
    store = SqliteStore(str(tmp_path / "r.sqlite3"), on_results=R.on_results)
    await store.open()
    yield Referee(store, turn_seconds=60, max_timeouts=3, clock=Clock())
    await store.close()


async def play(ref: Referee, game_id: str, seed: int, options: dict[str, Any],
               ending: str = "end", expire_rate: float = 0.04,
               ) -> tuple[int, dict[int, str]]:
    """A refereed random match; returns its id and the live label of each seat action
    (by the version it produced).

    ``ending``: ``end`` plays to the result, ``forfeit`` has Bob concede after a while,
    ``timeout`` lets every deadline expire after a while until someone loses on time.
    Along the way some deadlines expire (auto-played timeout steps).
    """
    rng = random.Random(seed)
    rec, _ = await ref.open_match(guild_id=1, channel_id=2, game_id=game_id,
                                  options=options, seats=[ALICE, BOB], seed=seed)
    live: dict[int, str] = {}
    ref.max_timeouts = 3 if ending == "timeout" else 1000
    for n in range(3000):
        rec, game, state = await ref.load(rec.id)
        if rec.status != "active":
            return rec.id, live
        if n >= 25 and ending == "forfeit":
            await ref.forfeit(rec.id, BOB)
            continue
        if (n >= 25 and ending == "timeout") or rng.random() < expire_rate:
            assert await ref.expire(rec.id, rec.version) is not None
            continue
        seat = rng.choice(sorted(pending_seats(game, state)))
        action = rng.choice(game.legal(state, seat))
        live[state.version + 1] = game.label(state, seat, action)
        await ref.act(rec.id, rec.seats[seat], action.aid, state.version)
    raise AssertionError("the random match did not end")


async def stored(ref: Referee, match_id: int) -> tuple[MatchRecord, list[ActionLog], Any]:
    rec = await ref.store.get_match(match_id)
    assert rec is not None and rec.status == "finished"
    return rec, await ref.store.action_log(match_id), await ref.store.events(match_id)


MATCHES = [
    ("sushido", 1, {}, "end"),
    ("sushido", 2, {"duel": "iaijutsu"}, "end"),
    ("sushido", 3, {"duel": "rencontre"}, "end"),
    ("sushido", 6, {}, "forfeit"),  # (a seed whose first 25 steps include a timeout)
    ("sushido", 5, {}, "timeout"),
    ("world_of_fighters", 1, {}, "end"),
    ("world_of_fighters", 2, {"bouts": 3}, "end"),
    ("world_of_fighters", 3, {}, "end"),
    ("world_of_fighters", 4, {"bouts": 3}, "forfeit"),
    ("world_of_fighters", 5, {}, "timeout"),
]


@pytest.mark.parametrize(("game_id", "seed", "options", "ending"), MATCHES)
async def test_resimulation_matches_the_stored_match(ref: Referee, game_id: str, seed: int,
                                                     options: dict[str, Any],
                                                     ending: str) -> None:
    match_id, live = await play(ref, game_id, seed, options, ending)
    rec, logs, events = await stored(ref, match_id)
    notes = {row.note for row in logs}
    assert "timeout" in notes  # at least one auto-played step
    if ending == "forfeit":
        assert logs[-1].note == "forfeit"
    if ending == "timeout":
        assert logs[-1].note == "timeout-forfeit"
        assert [r.note for r in logs[-3:]] == ["timeout", "timeout", "timeout-forfeit"]

    resim = resimulate(rec, logs)
    assert resim.problem is None  # every version and the final state were reproduced
    assert len(resim.labels) == len(logs)
    for row, labels in zip(logs, resim.labels, strict=True):
        if row.note == "":  # the label the player saw when choosing
            assert labels == (live[row.version],)
        elif row.note == "timeout":
            assert len(labels) == len((row.action or {})["steps"]) >= 1
        else:
            assert labels == ()

    replay = build_replay(rec, None, events, logs, resim)
    text = "\n".join(replay.pages)
    assert NOTE not in text
    assert "⌛ Time ran out, auto-played: <@" in text
    if game_id == "sushido":
        assert "Reveal " in text and "hajime (" not in text and "reveal (" not in text
    else:
        assert "Move " in text and " + " in text and "commit (" not in text
    if ending == "forfeit":
        assert "<@22> forfeits." in text
    if ending == "timeout":
        assert "loses on time" in text
    # the same as what build_replay computes by itself
    assert build_replay(rec, None, events, logs).pages == replay.pages


async def test_timeout_steps_are_labelled(ref: Referee) -> None:
    # every deadline expires from the start: each expiry plays the timed-out decision of
    # each waiting seat (only that one), and the third expiry makes seat 1 lose on time
    match_id, _ = await play(ref, "sushido", 6, {}, "timeout", expire_rate=1.0)
    rec, logs, events = await stored(ref, match_id)
    assert [r.note for r in logs] == ["timeout", "timeout", "timeout-forfeit"]
    resim = resimulate(rec, logs)
    assert resim.problem is None
    first, second, lost = resim.labels
    assert len(first) == 2 and len(second) == 2 and lost == ()  # one decision per seat
    assert all("life)" in label for label in first)  # the fighters, auto-picked
    assert all(" + " in label for label in second)  # then both Hajime! commits, labelled
    text = "\n".join(build_replay(rec, None, events, logs, resim).pages)
    auto = [line for line in text.splitlines() if line.startswith("⌛ Time ran out")]
    assert len(auto) == 2 and f"<@{ALICE}>: {first[0]}; <@{BOB}>: {first[1]}" in auto[0]
    assert not any("=" in line for line in auto)  # no raw ``field=value`` left
    assert f"<@{ALICE}> loses on time" in text


def tamper(raw: str, **changes: Any) -> str:
    game = REGISTRY["world_of_fighters"]
    state = game.load(raw)
    return game.dump(state.model_copy(update=changes))


@pytest.mark.parametrize("case", ["final_state", "seed", "missing_row", "bad_action",
                                  "bad_note", "unloadable", "options", "unknown_game",
                                  "timeout_default"])
async def test_divergence_falls_back_to_raw_fields(ref: Referee, case: str) -> None:
    match_id, _ = await play(ref, "world_of_fighters", 7, {}, "end", expire_rate=0.1)
    rec, logs, events = await stored(ref, match_id)
    game = REGISTRY["world_of_fighters"]
    final = game.load(rec.state)
    if case == "final_state":  # an older engine would have stored something else
        rec = rec.model_copy(update={"state": tamper(rec.state, turns_played=999)})
    elif case == "seed":
        rng = final.rng.model_copy(update={"seed": final.rng.seed + 1})
        rec = rec.model_copy(update={"state": tamper(rec.state, rng=rng)})
    elif case == "missing_row":
        logs = logs[:3] + logs[4:]
    elif case == "bad_action":
        first = next(i for i, r in enumerate(logs) if r.note == "")
        logs[first] = logs[first].model_copy(update={"action": {"kind": "teleport"}})
    elif case == "bad_note":
        logs[0] = logs[0].model_copy(update={"note": "mystery"})
    elif case == "unloadable":
        rec = rec.model_copy(update={"state": "{}"})
    elif case == "options":
        rec = rec.model_copy(update={"options": {"bouts": 2}})
    elif case == "unknown_game":
        rec = rec.model_copy(update={"game": "chess"})
    elif case == "timeout_default":  # a valid action, but not today's default
        i = next(i for i, r in enumerate(logs) if r.note == "timeout")
        steps = [dict(s, action={"kind": "pick", "character": "nobody"})
                 for s in (logs[i].action or {})["steps"]]
        logs[i] = logs[i].model_copy(update={"action": {"steps": steps}})
    resim = resimulate(rec, logs)
    assert resim.problem is not None and resim.labels == ()
    if case == "timeout_default":
        assert "the timeout default is not the stored one" in resim.problem
    replay = build_replay(rec, None, events, logs, resim)
    assert replay.pages[0].startswith(f"⚠️ *{NOTE}: {resim.problem}")
    assert all(NOTE not in page for page in replay.pages[1:])
    text = "\n".join(replay.pages)
    assert "**Step 1**" in text and "commit (" in text  # today's raw rendering


async def test_a_failing_label_only_loses_that_label(ref: Referee,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    match_id, _ = await play(ref, "sushido", 8, {}, "forfeit")
    rec, logs, _ = await stored(ref, match_id)
    game = REGISTRY["sushido"]

    def broken(state: Any, seat: int, action: Any) -> str:
        raise KeyError("no such card")

    monkeypatch.setattr(game, "label", broken)
    resim = resimulate(rec, logs)
    assert resim.problem is None
    assert any(labels and labels[0].startswith("pick (") for labels in resim.labels)


def interaction(user_id: int) -> Any:
    return SimpleNamespace(user=SimpleNamespace(id=user_id), guild_id=1)


async def test_cog_pages_labelled_then_notes_a_tampered_match(ref: Referee) -> None:
    cog = Ladder(SimpleNamespace(), ref.store)  # type: ignore[arg-type]
    match_id, _ = await play(ref, "sushido", 9, {}, "end")
    first = await cog.replay_payload(interaction(ALICE), match_id, 0)
    assert NOTE not in (first["embed"].description or "")
    n = int(first["embed"].footer.text.split("/")[1].split()[0])
    last = await cog.replay_payload(interaction(ALICE), match_id, 9999)  # cached, clamped
    assert last["embed"].footer.text.startswith(f"Page {n}/{n}")
    whole = []
    for page in range(n):
        payload = await cog.replay_payload(interaction(ALICE), match_id, page)
        whole.append(payload["embed"].description or "")
    text = "\n".join(whole)
    assert "Reveal " in text and "🔒" in text and "hajime (" not in text

    rec = await ref.store.get_match(match_id)
    assert rec is not None
    game = REGISTRY["sushido"]
    state = game.load(rec.state)
    bad = game.dump(state.model_copy(update={"version": state.version + 5}))
    async with ref.store.write_transaction() as conn:
        await conn.execute("UPDATE matches SET state = ? WHERE id = ?", (bad, match_id))
    tampered = await cog.replay_payload(interaction(ALICE), match_id, 0)
    desc = tampered["embed"].description or ""
    assert desc.startswith(f"⚠️ *{NOTE}: the re-simulated final state differs")
    assert "**Step 1**" in desc and "pick (" in desc


def test_the_jump_menu_offers_every_page_or_25_around_this_one_and_spread() -> None:
    assert jump_pages(3, 10) == list(range(10))
    for page in (0, 1, 40, 98, 99, 500):
        offered = jump_pages(page, 100)
        here = max(0, min(page, 99))
        assert len(offered) == 25 == len(set(offered)) and offered == sorted(offered)
        assert {0, 99} <= set(offered) and set(range(max(0, here - 3), min(100, here + 4))) \
            <= set(offered)
        assert max(b - a for a, b in itertools.pairwise(offered)) <= 8  # spread
    assert len(jump_pages(0, 26)) == 25 and jump_pages(25, 26)[-1] == 25


def test_the_jump_menu_names_each_page_with_its_turn_in_both_languages() -> None:
    replay = Replay(title="t", header="h", pages=["a", "b", "c"], turns=[1, 1, 2])
    assert jump_labels(replay, 0) == [(0, "Page 1 · turn 1"), (1, "Page 2 · turn 1"),
                                      (2, "Page 3 · turn 2")]
    assert jump_labels(replay, 0, loc="fr")[2] == (2, "Page 3 · tour 2")
    untimed = Replay(title="t", header="h", pages=["a", "b"])
    assert jump_labels(untimed, 1) == [(0, "Page 1"), (1, "Page 2")]
