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
    set_chain,
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


def offered(s: object, seat: int) -> list[str]:
    return [a.aid for a in GAME.offered(s, seat)]  # type: ignore[arg-type]


def test_a_doubled_move_is_offered_with_its_two_steps_in_one_choice() -> None:
    s = started("biwa", "manta")
    s.seat[0].gauge, s.seat[0].pos = 1, 2
    to_chains(s, {0: [MOVE]})
    shown = offered(s, 0)
    doubled = [a for a in shown if a.startswith(f"t=c-{MOVE}-1-x.")]
    assert f"c-{MOVE}-1-x" not in shown and len(doubled) >= 2  # the steps come with it
    assert f"c-{MOVE}-0-x-adv" in shown  # undoubled: its step was already in the choice
    s2, _ = act(s, 0, doubled[0])
    assert prompt_kind(s2) != {0: "step"} and s2.version == s.version + 1


def test_a_block_played_to_break_comes_with_the_chain_card_it_breaks() -> None:
    block, hits = cid("block", "wave"), [cid("hit", "coral"), cid("hit", "coral", 1)]
    s = started("biwa", "manta")
    set_chain(s, 1, hits)
    to_chains(s, {0: [block]})
    while prompt_kind(s) == {1: "declare"} or prompt_kind(s) == {0: "declare"}:
        seat = next(iter(prompt_kind(s)))
        s, _ = act(s, seat, "d-pass")
    shown = offered(s, 0)
    assert any(a.startswith(f"t=c-{block}-0-break.k-") for a in shown)
    assert f"c-{block}-0-break" not in shown


def test_nothing_is_chained_after_a_hidden_card_is_shown() -> None:
    from engine.core import public
    from engine.games.sushido.rules import follows

    s = started("biwa", "manta")
    s.seat[0].gauge, s.seat[0].pos = 1, 2
    to_chains(s, {0: [MOVE]})
    after = GAME.clone(s)
    assert follows(s, after, 0, [public("card", seat=0)])
    assert not follows(s, after, 0, [public("break", seat=0)])  # a chain card face up
    assert not follows(s, after, 0, [public("draw", seat=0)])
    assert not follows(s, after, 1, [])  # someone else decides next
    after.seat[1].gauge = 5
    assert not follows(s, after, 0, [])  # a Super Combo may come between the two
