"""Fewer decisions a turn (issue 31), with nothing learnt or lost: Hajime and reveal in one
choice, a Move played with its step, and one-choice decisions answered by the referee."""

from __future__ import annotations

from engine.games.sushido import GAME
from tests.engine.games.sushido.helpers import (
    act,
    aids,
    cid,
    kinds,
    prompt_kind,
    started,
    to_chains,
)

MOVE = cid("move", "wave")


def test_place_is_hajime_and_reveal_in_one_choice() -> None:
    s = started("biwa", "manta")
    a, b = s.seat[0].hand[:2]
    assert f"p-{a}-{b}-first" in aids(s, 0) and f"h-{a}-{b}" in aids(s, 0)
    s, ev = act(s, 0, f"p-{a}-{b}-first")
    assert s.seat[0].commit == [a, b] and s.seat[0].reveal == "first"
    assert GAME.prompts(s)[0].committed  # seat 0 has committed both at once
    assert GAME.prompts(s)[1].kind == "hajime" and not GAME.prompts(s)[1].committed
    c, d = s.seat[1].hand[:2]
    s, ev = act(s, 1, f"p-{c}-{d}-none")
    assert "reveal" in kinds(ev)  # both in: revealed together, as with two choices
    assert s.seat[0].chain == [b] and s.seat[1].chain == [c, d]


def test_a_move_played_with_super_left_takes_its_step_in_the_same_choice() -> None:
    s = started("biwa", "manta")
    s.seat[0].gauge, s.seat[0].pos = 1, 2
    to_chains(s, {0: [MOVE]})
    assert aids(s, 0) == [f"c-{MOVE}-0-x-adv", f"c-{MOVE}-0-x-ret", f"c-{MOVE}-1-x"]
    s, _ = act(s, 0, f"c-{MOVE}-0-x-ret")
    assert s.seat[0].pos == 1 and prompt_kind(s) != {0: "step"}
