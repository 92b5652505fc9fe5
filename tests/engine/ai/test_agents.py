"""The agent contract, the registry of levels and the agents' simulator."""

from __future__ import annotations

import json
import random

import pytest

from engine.__main__ import main
from engine.ai import NAMES, RandomAgent, ViewAgent, decide, make, options_of
from engine.ai.budget import Budget
from engine.ai.play import play_match, simulate_agents
from engine.core.rng import Rng
from engine.games import REGISTRY
from engine.simulate import next_move

GAMES = ["sushido", "world_of_fighters", "kingdom_of_loathing", "mortal_kombat", "epic_battles"]
"""Every game of the registry: each has its easy, normal and hard levels."""
EXPERTS = GAMES
"""The games with an expert level of their own (every game)."""


def _midgame(game_id: str, seed: int, steps: int = 12):  # type: ignore[no-untyped-def]
    game = REGISTRY[game_id]
    state = game.setup(game.parse_options({}), 2, seed)
    rng = Rng(seed=seed)
    for _ in range(steps):
        seat, action, _ = next_move(game, state, rng)
        state, _ = game.apply(state, seat, action)
    return game, state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert"])
def test_an_agent_reads_the_games_view_model_and_refuses_a_state(game_id: str,
                                                                   level: str) -> None:
    if level == "expert" and game_id not in EXPERTS:
        pytest.skip(f"{game_id} has no expert level yet (it plays hard)")
    game, state = _midgame(game_id, 3)
    agent = make(game_id, level, Budget(iterations=20))
    assert isinstance(agent, ViewAgent) and agent.level == level
    seat = next(s for s, p in game.prompts(state).items() if not p.committed)
    view = game.view(state, seat)
    assert type(view) is agent.view_model
    options = options_of(game, state, seat)
    with pytest.raises(TypeError):
        agent.choose(state, options, random.Random(1))
    with pytest.raises(TypeError):
        agent.choose(state.rng, options, random.Random(1))  # another model: refused
    assert agent.choose(view, options, random.Random(1)) in options


def test_names_and_aliases() -> None:
    assert set(NAMES) == {"random", "easy", "normal", "greedy", "hard", "expert"}
    assert type(make("sushido", "greedy")) is type(make("sushido", "normal"))
    assert isinstance(make("sushido", "random"), RandomAgent)
    with pytest.raises(ValueError, match="unknown agent"):
        make("sushido", "godlike")


def test_a_game_without_an_ai_module_gets_random_agents() -> None:
    assert isinstance(make("no_such_game", "hard"), RandomAgent)


def test_decide_hands_the_agent_the_view_and_checks_its_answer() -> None:
    game, state = _midgame("world_of_fighters", 5)
    seat = next(s for s, p in game.prompts(state).items() if not p.committed)
    seen: list[object] = []

    class Spy:
        def choose(self, view, options, rng):  # type: ignore[no-untyped-def]
            seen.append(view)
            return options[0]

    class Cheat:
        def choose(self, view, options, rng):  # type: ignore[no-untyped-def]
            return "win"

    assert decide(game, state, seat, Spy(), random.Random(0)) is not None
    assert seen == [game.view(state, seat)]
    with pytest.raises(ValueError, match="not an option"):
        decide(game, state, seat, Cheat(), random.Random(0))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_level_finishes_a_match_through_the_referee(game_id: str) -> None:
    game = REGISTRY[game_id]
    agents = [make(game_id, "easy"), make(game_id, "hard")]
    state, n, slowest = play_match(game, agents, seed=11)
    assert state.result is not None and n > 0 and slowest < 5


def test_simulate_agents_counts_per_agent_seat_and_fighter() -> None:
    stats = simulate_agents(REGISTRY["world_of_fighters"], ["normal", "random"], 4, 1)
    d = stats.as_dict()
    assert d["matches"] == 4 and d["finished"] == 4
    assert set(d["win_rate_agent"]) == {"normal", "random"}
    assert set(d["win_rate_seat"]) == {"0", "1"}
    assert sum(stats.wins[f"agent:{a}"] for a in ("normal", "random")) + d["draws"] == 4
    with pytest.raises(ValueError):
        simulate_agents(REGISTRY["world_of_fighters"], ["a", "b", "c"], 1, 1)


def test_the_command_line_takes_agents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "world_of_fighters", "--agents", "easy,random",
                 "--matches", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["agents"] == ["easy", "random"] and out["matches"] == 2


@pytest.mark.parametrize("game_id", ["sushido", "world_of_fighters", "kingdom_of_loathing"])
def test_simulate_agent_plays_the_level_it_names(game_id: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """``--agent greedy`` once played random in games without a state-reading greedy."""
    assert main(["simulate", game_id, "--agent", "greedy", "--matches", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["agents"] == ["greedy", "greedy"]


def test_simulate_refuses_an_unknown_agent(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "sushido", "--agent", "godlike", "--matches", "1"])
    assert "invalid choice: 'godlike'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "sushido", "--agents", "hard,godlike", "--matches", "1"])
    assert "unknown agent 'godlike'" in capsys.readouterr().err


def test_a_games_agent_module_gives_its_greedy_agent_as_normal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    class Greedy(RandomAgent):
        level = "greedy"

    module = types.ModuleType("engine.games.toy_n.agent")
    module.AGENTS = {"greedy": Greedy}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "engine.games.toy_n.agent", module)
    assert type(make("toy_n", "greedy")) is Greedy
    assert type(make("toy_n", "hard")) is Greedy  # the next level down
    assert isinstance(make("toy_n", "random"), RandomAgent)


def test_agents_play_n_seat_games_and_each_agent_sits_everywhere() -> None:
    from pydantic import BaseModel

    from tests.engine.toyturns import Turns

    class Public(BaseModel):
        turn: int

    class Viewed(Turns):  # the toy's view is its state: an agent would refuse it
        def view(self, state, viewer):  # type: ignore[no-untyped-def]
            return Public(turn=state.turn)

    refused = simulate_agents(Turns(), ["random"], 1, 1, seats=3)
    assert refused.errors == 1 and "TypeError" in (refused.first_error or "")
    stats = simulate_agents(Viewed(), ["random", "easy", "random"], 6, 1)
    d = stats.as_dict()
    assert d["errors"] == 0 and d["finished"] == 6 and d["median_turns"] > 0
    assert set(d["win_rate_seat"]) == {"0", "1", "2"}
    assert {k.split("@")[1] for k in d["win_rate_agent_seat"] if k.startswith("easy")} \
        == {"0", "1", "2"}
