"""The greedy agent only plays legal actions; the balance runner's figures add up."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Rng
from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.agents import greedy_action
from engine.games.mortal_kombat.balance import run
from engine.games.mortal_kombat.model import Options


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["starter", "basic", "advanced"]))
def test_greedy_agent_plays_only_legal_actions_to_the_end(seed: int, level: str) -> None:
    s = GAME.setup(Options(level=level), 2, seed)  # type: ignore[arg-type]
    rng = Rng(seed=seed)
    n = 0
    while s.result is None:
        n += 1
        assert n < 20_000
        seat = min(x for x, p in GAME.prompts(s).items() if not p.committed)
        action = greedy_action(s, seat, rng)
        assert action in GAME.legal(s, seat)
        s, _ = GAME.apply(s, seat, action)


def test_balance_figures_for_a_small_field() -> None:
    figures = run("advanced", 1, 9, "greedy", only=["subzero", "scorpion"])
    assert figures["errors"] == 0 and figures["unfinished"] == 0
    assert set(figures["win_rate"]) == {"Sub-Zero", "Scorpion"}
    assert figures["median_turns_per_round"] > 0
    assert abs(sum(figures["win_rate"].values()) - 1.0) < 1e-9
