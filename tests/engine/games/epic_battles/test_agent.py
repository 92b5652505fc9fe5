"""The greedy agent: legal, sensible, and a whole greedy match ends."""

from __future__ import annotations

from engine.games.epic_battles import GAME
from engine.games.epic_battles.sim import CAP, play
from tests.engine.games.epic_battles.helpers import board
from tests.engine.games.epic_battles.helpers import play as act


def test_greedy_attacks_blocks_and_links() -> None:
    s = board(hands=(["jab", "flurry", "high_block"], ["high_block", "low_block"]),
              energy=(["jab"], []))
    choice = GAME.greedy(s, 0)
    assert choice in GAME.legal(s, 0) and choice.aid.startswith("at-")
    s = act(s, 0, choice.aid)
    block = GAME.greedy(s, 1)
    assert block in GAME.legal(s, 1) and block.aid != "bk-0"


def test_a_greedy_match_ends_with_a_result() -> None:
    state, decisions = play("dudley", "sub_zero", 3, "greedy", rounds=1)
    assert state.result is not None and decisions < CAP
