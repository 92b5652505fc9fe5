"""Seat-scoped conflict rules (:meth:`referee.service.Referee.still_current`) on every game with
simultaneous decisions, 2-6 seats.

Whenever several seats decide at once (Sushido's picks and Hajime, World of Fighters'
fighter, movement and action cards, Epic Battles' pick and Set, Mortal Kombat's picks and
discards), every deciding
seat sends its choice at the same instant, each chosen from the same board version: all
of them apply (no false "board has changed"), each exactly once, in one order. Half of
the races go through two referees sharing one store (two processes: the loser of the
write race reads again and applies). A double click of one seat applies once, and a
button from before a seat's own commit or a reveal is still refused.
"""

from __future__ import annotations

import asyncio
import pathlib
import random
from collections.abc import AsyncIterator
from typing import Any

import pytest

from db import SqliteStore
from engine.core import EngineError, MatchOver, NotYourDecision, StaleAction
from engine.games import REGISTRY
from referee.service import Referee

TABLES = [("sushido", 2), ("world_of_fighters", 2), ("epic_battles", 2), ("mortal_kombat", 2),
          ("mortal_kombat", 3), ("mortal_kombat", 6)]
"""Every game with simultaneous decisions, at its seat counts (a Brawl at 3 and 6)."""

RACES = 1000
"""Concurrent commits of different seats per table, at least."""


@pytest.fixture
async def referees(tmp_path: pathlib.Path) -> AsyncIterator[tuple[Referee, Referee]]:
    store = SqliteStore(str(tmp_path / "h.sqlite3"))
    await store.open()
    one, two = Referee(store), Referee(store)  # two processes on one database
    one.new_seed = two.new_seed = iter(range(10_000, 20_000)).__next__
    yield one, two
    await store.close()


class Tally:
    """What the races did."""

    def __init__(self) -> None:
        self.commits = 0
        self.false_stale = 0
        self.double_clicks = 0
        self.interaction = 1


async def _race(refs: tuple[Referee, Referee], match_id: int, rng: random.Random,
                tally: Tally) -> None:
    """Every seat deciding at once sends one legal choice at the same version."""
    rec, game, state = await refs[0].load(match_id)
    deciding = [s for s, p in game.prompts(state).items()
                if p.simultaneous and not p.committed and s not in state.left]
    picks = {s: rng.choice(game.legal(state, s)).aid for s in deciding}
    version = state.version
    calls = []
    for n, (seat, aid) in enumerate(picks.items()):
        ref = refs[n % 2] if rng.random() < 0.5 else refs[0]
        tally.interaction += 1
        calls.append(ref.act(match_id, rec.seats[seat], aid, version,
                             interaction_id=tally.interaction))
    results = await asyncio.gather(*calls, return_exceptions=True)
    for res in results:
        if isinstance(res, StaleAction):
            tally.false_stale += 1
        elif isinstance(res, BaseException):
            raise res
    tally.commits += len(picks)
    after = await refs[0].store.get_match(match_id)
    assert after is not None and after.version == version + len(picks)


async def _double_click(refs: tuple[Referee, Referee], match_id: int, rng: random.Random,
                        tally: Tally) -> None:
    """One seat's choice sent twice at once (two interactions): it applies once."""
    rec, game, state = await refs[0].load(match_id)
    seat = min(s for s, p in game.prompts(state).items() if not p.committed)
    aid = rng.choice(game.legal(state, seat)).aid
    tally.interaction += 2
    got = await asyncio.gather(
        refs[0].act(match_id, rec.seats[seat], aid, state.version,
                    interaction_id=tally.interaction - 1),
        refs[1].act(match_id, rec.seats[seat], aid, state.version,
                    interaction_id=tally.interaction),
        return_exceptions=True)
    applied = [g for g in got if not isinstance(g, BaseException)]
    refused = [g for g in got if isinstance(g, BaseException)]
    if len(applied) == 2:  # only where the first click left the same choice open again
        assert game.prompt(applied[0].state, seat) is not None
    else:
        assert len(applied) == 1
        assert isinstance(refused[0], StaleAction | NotYourDecision | MatchOver)
        tally.double_clicks += 1


async def _step(refs: tuple[Referee, Referee], match_id: int, rng: random.Random,
                tally: Tally) -> bool:
    """One step of a random match; False once it is over."""
    rec, game, state = await refs[0].load(match_id)
    if rec.status != "active":
        return False
    prompts = {s: p for s, p in game.prompts(state).items() if not p.committed}
    if sum(p.simultaneous for p in prompts.values()) >= 2:
        await _race(refs, match_id, rng, tally)
    elif rng.random() < 0.1:
        await _double_click(refs, match_id, rng, tally)
    else:
        seat = min(prompts)
        await refs[0].act(match_id, rec.seats[seat], rng.choice(game.legal(state, seat)).aid,
                          state.version)
    return True


@pytest.mark.parametrize(("game_id", "seats"), TABLES)
async def test_concurrent_commits_of_different_seats_all_apply(
        referees: tuple[Referee, Referee], game_id: str, seats: int) -> None:
    rng = random.Random(f"{game_id}{seats}")
    tally = Tally()
    matches = 0
    while tally.commits < RACES:
        rec, _ = await referees[0].open_match(
            guild_id=1, channel_id=2, game_id=game_id, options={},
            seats=[100 + s for s in range(seats)])
        matches += 1
        for _ in range(400):
            if not await _step(referees, rec.id, rng, tally):
                break
        log = await referees[0].store.action_log(rec.id)
        versions = [row.version for row in log]
        assert versions == sorted(set(versions)), "a step applied twice"
    assert tally.false_stale == 0, f"{tally.false_stale} false stale refusals"
    assert tally.double_clicks > 0


@pytest.mark.parametrize(("game_id", "seats"), TABLES)
async def test_a_button_from_before_a_reveal_is_still_stale(
        referees: tuple[Referee, Referee], game_id: str, seats: int) -> None:
    """A choice made from a board its own commit (or the reveal) left behind is refused,
    and changes nothing."""
    ref = referees[0]
    rec, _ = await ref.open_match(guild_id=1, channel_id=2, game_id=game_id, options={},
                                  seats=[100 + s for s in range(seats)])
    _, game, state = await ref.load(rec.id)
    old = state.version
    first = {s: game.legal(state, s)[0].aid for s, p in game.prompts(state).items()
             if p.simultaneous and not p.committed}
    assert len(first) >= 2
    for seat, aid in first.items():  # every seat commits: the reveal happens
        await ref.act(rec.id, rec.seats[seat], aid, old)
    now = (await ref.load(rec.id))[2]
    for seat, aid in first.items():
        with pytest.raises(EngineError) as err:
            await ref.act(rec.id, rec.seats[seat], aid, old)
        assert isinstance(err.value, StaleAction | NotYourDecision)
    after = (await ref.load(rec.id))[2]
    assert after.version == now.version


def test_every_simultaneous_game_is_raced() -> None:
    """A game that asks several seats at once must be in :data:`TABLES`."""
    raced = {g for g, _ in TABLES}
    for game_id, game in REGISTRY.items():
        state: Any = game.setup(game.parse_options({}), game.min_seats, 1)
        rng = random.Random(1)
        for _ in range(60):
            if game.outcome(state) is not None:
                break
            prompts = game.prompts(state)
            if sum(p.simultaneous for p in prompts.values()) >= 2:
                assert game_id in raced, game_id
                break
            seat = min(s for s, p in prompts.items() if not p.committed)
            state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
