"""Replays with a board picture per turn (issue 31, item 4), on every game.

A random match of each game is refereed on a temp SQLite store (as players would: the
referee, its log, its events) while the test keeps the public view of every version it
went through. The replay's pages then follow the game's turns, each page names the
version its picture shows (the board after the page's turn), and that board, rebuilt
from the seed and the log (:func:`referee.replay.boards_at`), is exactly the one the
match had then; its picture is drawn in the reader's language. The last page shows the
final board and reveals every hand.
"""

from __future__ import annotations

import pathlib
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest
from pydantic import BaseModel

from db import SqliteStore
from db import ratings as R
from engine.games import REGISTRY
from referee import pictures
from referee.render.registry import renderer_for
from referee.replay import (
    boards_at,
    build_replay,
    page_picture,
    replay_embed,
    resimulate,
    turn_of,
)
from referee.service import Referee, pending_seats
from tests.clock import Clock

ALICE, BOB = 11, 22
GAMES: dict[str, dict[str, Any]] = {
    "sushido": {"duel": "iaijutsu"}, "world_of_fighters": {},
    "mortal_kombat": {"level": "starter"}, "epic_battles": {"rounds": 1},
    "kingdom_of_loathing": {"round_cap": 4}}
"""Each game with options for a short match."""


@pytest.fixture
async def ref(tmp_path: pathlib.Path) -> AsyncIterator[Referee]:
    store = SqliteStore(str(tmp_path / "r.sqlite3"), on_results=R.on_results)
    await store.open()
    yield Referee(store, turn_seconds=60, max_timeouts=1000, clock=Clock())
    await store.close()


async def play(ref: Referee, game_id: str, seed: int) -> tuple[int, dict[int, BaseModel]]:
    """A refereed random match (some deadlines expire); its id and the public view of
    every version it went through."""
    rng = random.Random(seed)
    rec, _ = await ref.open_match(guild_id=1, channel_id=2, game_id=game_id,
                                  options=GAMES[game_id], seats=[ALICE, BOB], seed=seed)
    seen: dict[int, BaseModel] = {}
    for _ in range(5000):
        rec, game, state = await ref.load(rec.id)
        seen[state.version] = game.view(state, None).model_copy(deep=True)
        if rec.status != "active":
            return rec.id, seen
        if rng.random() < 0.03:
            assert await ref.expire(rec.id, rec.version) is not None
            continue
        seat = rng.choice(sorted(pending_seats(game, state)))
        action = rng.choice(game.legal(state, seat))
        await ref.act(rec.id, rec.seats[seat], action.aid, state.version)
    raise AssertionError("the random match did not end")


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_each_page_pictures_the_board_after_its_turn(ref: Referee,
                                                           game_id: str) -> None:
    match_id, seen = await play(ref, game_id, 4)
    rec = await ref.store.get_match(match_id)
    assert rec is not None and rec.status == "finished"
    logs, events = await ref.store.action_log(match_id), await ref.store.events(match_id)
    game, renderer = REGISTRY[game_id], renderer_for(game_id)
    resim = resimulate(rec, logs)
    assert resim.problem is None and len(resim.turns) == len(logs)
    replay = build_replay(rec, None, events, logs, resim)
    final = game.load(rec.state)

    # one turn a page (a long turn may run on): the versions never go back, every turn
    # has its page, and each page's version ends its turn
    versions = replay.versions
    assert len(versions) == len(replay.pages) > 1 and None not in versions
    assert versions == sorted(versions) and versions[-1] == final.version
    keys = {row.version: key for row, key in zip(logs, resim.turns, strict=True)}
    turns = [key for i, key in enumerate(resim.turns) if i == 0 or key != resim.turns[i - 1]]
    assert len(set(versions)) == len(turns)
    for v in set(versions[:-1]):
        after = [k for version, k in keys.items() if version > v]
        assert after and after[0] != keys[v]  # the next version is played in a new turn

    # each page's board is the match's own board at that version, drawn as a picture
    boards = boards_at(rec, logs, set(versions))
    assert set(boards) == set(versions)
    drawn = set()
    for page, v in enumerate(versions):
        assert v is not None
        assert boards[v] == seen[v], (game_id, page, v)
        png = pictures.draw(renderer, boards[v])
        assert png is not None and png.startswith(b"\x89PNG")
        drawn.add(png)
    assert len(drawn) > len(set(versions)) // 2  # the pictures follow the match
    assert turn_of(renderer, game, final) == renderer.turn_key(game.view(final, None))

    # only the page shown is drawn, off the event loop, in the reader's language
    last = await page_picture(rec, logs, versions[-1], "fr")
    assert last == pictures.draw(renderer, game.view(final, None), "fr")
    middle = versions[len(versions) // 2]
    assert middle is not None
    assert await page_picture(rec, logs, middle, "fr") == pictures.draw(renderer, seen[middle],
                                                                        "fr")
    assert await page_picture(rec, logs, None) is None

    # the last page reveals every hand as the match ended; the others reveal none
    hands = [f"<@{uid}>: {renderer.hand_text(game.view(final, seat), seat)}"
             for seat, uid in enumerate(rec.seats)]
    assert replay.hands == hands
    assert any(text.split(": ", 1)[1] != "—" for text in hands)  # some card is named
    end = replay_embed(replay, len(replay.pages) - 1)
    assert [f.value for f in end.fields if f.name == "🔓 Every hand at the end"] == [
        "\n".join(hands)]
    assert all(f.name != "🔓 Every hand at the end"
               for f in replay_embed(replay, 0).fields)
    fr = build_replay(rec, None, events, logs, resim, loc="fr")
    assert fr.versions == versions
    assert [f.name for f in replay_embed(fr, len(fr.pages) - 1, loc="fr").fields][-1] == (
        "🔓 Toutes les mains à la fin")


async def test_a_replay_that_cannot_be_resimulated_pictures_only_its_end(
        ref: Referee) -> None:
    match_id, _ = await play(ref, "world_of_fighters", 5)
    rec = await ref.store.get_match(match_id)
    assert rec is not None
    logs, events = await ref.store.action_log(match_id), await ref.store.events(match_id)
    broken = logs[:3] + logs[4:]  # a row lost: no exact re-simulation
    replay = build_replay(rec, None, events, broken)
    final = REGISTRY["world_of_fighters"].load(rec.state)
    assert replay.versions[:-1] == [None] * (len(replay.pages) - 1)
    assert replay.versions[-1] == final.version  # the stored final board still shows
    assert await page_picture(rec, broken, replay.versions[-1]) is not None
    assert boards_at(rec, broken, {1, final.version}).keys() <= {1, final.version}
    gone = rec.model_copy(update={"state": "{}"})
    assert build_replay(gone, None, events, logs).versions == [None] * len(
        build_replay(gone, None, events, logs).pages)
    assert build_replay(gone, None, events, logs).hands == []
    assert boards_at(gone, logs, {1}) == {}
