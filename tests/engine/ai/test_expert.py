"""The expert level: its budget (iterations, or seconds), its search's determinism, and
the registry handing it a budget."""

from __future__ import annotations

import random
import time

import pytest

from engine.ai import make
from engine.ai.budget import Budget, Clock, wall_clock
from engine.ai.expert import _columns, matrix_search, ucb_choice
from engine.ai.picks import best_pick, rate
from engine.games.world_of_fighters.ai import MODEL
from engine.games.world_of_fighters.model import Pick
from tests.engine.games.world_of_fighters.test_ai import _at_decision

TWO_SEAT_EXPERTS = ["sushido", "world_of_fighters", "kingdom_of_loathing"]


def test_a_clock_counts_iterations_and_seconds() -> None:
    clock = Budget(iterations=3).clock()
    assert clock.left()
    clock.spend(3)
    assert not clock.left() and clock.fraction() == 1.0
    timed = Clock(Budget(iterations=10**9, seconds=0.05, now=time.perf_counter))
    assert timed.left()
    time.sleep(0.06)
    assert not timed.left()
    assert wall_clock(time.perf_counter, 1.5) == Budget(iterations=1_000_000, seconds=1.5,
                                                     now=time.perf_counter)


@pytest.mark.parametrize("game_id", TWO_SEAT_EXPERTS)
def test_the_registry_hands_the_expert_its_budget(game_id: str) -> None:
    agent = make(game_id, "expert", Budget(iterations=7))
    assert agent.level == "expert"  # type: ignore[attr-defined]
    assert agent.budget == Budget(iterations=7)  # type: ignore[attr-defined]
    assert make(game_id, "expert").budget.seconds is None  # type: ignore[attr-defined]


def _decision(phase: str) -> tuple[object, int, list[object]]:
    for seed in range(40):
        state, me = _at_decision(seed, 0 if phase == "commit" else 3)
        if state.phase == phase:
            from engine.ai.agent import options_of
            from engine.games.world_of_fighters.rules import GAME

            return GAME.view(state, me), me, options_of(GAME, state, me)
    raise AssertionError(f"no {phase} decision found")


def test_the_search_is_deterministic_on_an_iteration_budget() -> None:
    view, me, options = _decision("commit")
    runs = {str(matrix_search(MODEL, view, me, options, random.Random(5),
                              Budget(iterations=150).clock())) for _ in range(2)}
    assert len(runs) == 1
    runs = {str(ucb_choice(MODEL, view, me, options[:4], random.Random(5),
                           Budget(iterations=20).clock())) for _ in range(2)}
    assert len(runs) == 1


def test_tied_columns_keep_the_engines_order_whatever_the_hash_seed() -> None:
    view, me, _ = _decision("commit")
    world = MODEL.sample(view, random.Random(1))
    legal = MODEL.game.legal(world, 1 - me)
    in_order = list(dict.fromkeys(MODEL.column(a) for a in legal))
    assert _columns(MODEL, [world], 1 - me, 3) == in_order[:3]


def test_a_wall_clock_budget_is_kept() -> None:
    view, me, options = _decision("commit")
    t0 = time.perf_counter()
    matrix_search(MODEL, view, me, options, random.Random(1),
                  wall_clock(time.perf_counter, 0.3).clock())
    assert time.perf_counter() - t0 < 1.5  # the budget, plus the first worlds' minimum


def test_best_pick_follows_the_table() -> None:
    options = [Pick(character=c) for c in ("aiko", "milton", "nobody-new")]
    pick = best_pick("world_of_fighters", options, random.Random(1))
    assert rate("world_of_fighters", str(pick.aid)) == max(
        rate("world_of_fighters", str(o.aid)) for o in options)
    assert rate("no_such_game", "x") == 0.5


@pytest.mark.parametrize("game_id", ["sushido", "world_of_fighters", "mortal_kombat",
                                     "epic_battles"])
def test_the_pick_table_has_measured_every_option_of_the_game(game_id: str) -> None:
    """A fighter added to the content is not in the table until ``bench/ai_picks.py``
    is run again (it would count as an unmeasured 1/2): the table covers every option
    and was measured over enough plays to mean something."""
    from engine.ai.agent import options_of
    from engine.ai.picks import table
    from engine.games import REGISTRY

    game = REGISTRY[game_id]
    state = game.setup(game.parse_options({}), 2, 1)
    seat = next(s for s, p in game.prompts(state).items() if not p.committed)
    options = {str(a.aid) for a in options_of(game, state, seat)}
    measured = table()[game_id]
    assert options <= set(measured)
    assert all(plays >= 80 for _, plays in measured.values())


def test_a_deadline_caps_the_hard_search_and_nothing_else_changes() -> None:
    from engine.ai.agent import decide_within
    from engine.ai.budget import deadline, past_deadline
    from engine.games.world_of_fighters.rules import GAME

    state, me = _at_decision(3, 0)
    with deadline(None):
        assert not past_deadline()
    with deadline(0.0, time.perf_counter):
        assert past_deadline()
    a = decide_within(GAME, state, me, make(GAME.id, "hard"), random.Random(2), None)
    b = decide_within(GAME, state, me, make(GAME.id, "hard"), random.Random(2), None)
    assert a == b  # no cap: deterministic
    t0 = time.perf_counter()
    decide_within(GAME, state, me, make(GAME.id, "hard"), random.Random(2), 0.0, time.perf_counter)
    assert time.perf_counter() - t0 < 2.0  # one world per search, whatever the samples
    assert not past_deadline()  # the cap ends with the move
