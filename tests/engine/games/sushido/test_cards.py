"""Action cards in the action phase: Hit, Move, Block (guard, parry, break), Super, Super
doubling, the gauge cap and the diamond squares."""

from __future__ import annotations

from typing import Any

from engine.games.sushido.model import SushidoState
from tests.engine.games.sushido.helpers import (
    act,
    aids,
    cid,
    first,
    kinds,
    prompt_kind,
    set_chain,
    started,
    to_chains,
)

HIT, HIT2 = cid("hit", "wave"), cid("hit", "coral")
MOVE, MOVE2 = cid("move", "wave"), cid("move", "coral")
BLOCK = cid("block", "wave")
SUPER = cid("super", "wave")


def _state(gauges: tuple[int, int] = (0, 0)) -> SushidoState:
    s = started("biwa", "manta")
    s.seat[0].gauge, s.seat[1].gauge = gauges
    return s


def test_p1_plays_revealed_cards_in_the_order_placed_then_p2() -> None:
    s = _state((1, 0))  # with Super, each card asks: doubled or not?
    to_chains(s, {0: [MOVE, HIT], 1: [HIT2]})
    assert prompt_kind(s) == {0: "play"}
    # the 1st placed card first; an undoubled Move is played with its step (one choice)
    assert aids(s, 0) == [f"c-{MOVE}-0-x-adv", f"c-{MOVE}-0-x-ret", f"c-{MOVE}-1-x"]
    s, ev = act(s, 0, f"c-{MOVE}-0-x-ret")
    assert prompt_kind(s) == {0: "play"} and "move" in [e.kind for e in ev]
    assert aids(s, 0) == [f"c-{HIT}-0-x", f"c-{HIT}-1-x"]
    s, ev = act(s, 0, f"c-{HIT}-0-x")  # out of reach now: it whiffs
    # P2's Hit has no choice (no Super): it plays at once, and the turn ends
    assert [e.data["seat"] for e in ev if e.kind == "card"] == [0, 1]
    assert s.phase == "hajime" and s.turn == 2


def test_a_revealed_card_without_a_choice_plays_without_asking() -> None:
    s = _state()
    ev = to_chains(s, {0: [HIT, HIT2]})  # no Super to spend, Hits have one use
    assert [e.data["card"]["id"] for e in ev if e.kind == "card"] == [HIT, HIT2]
    assert s.seat[1].life == 13 and s.phase == "hajime"


def test_hit_in_contact_deals_one_damage() -> None:
    s = _state()
    ev = to_chains(s, {0: [HIT]})
    assert s.seat[1].life == 14 and first(ev, "damage")["amount"] == 1


def test_hit_out_of_contact_whiffs() -> None:
    s = _state()
    s.seat[0].pos = 1
    ev = to_chains(s, {0: [HIT]})
    assert s.seat[1].life == 15 and "whiff" in kinds(ev)


def test_move_in_contact_pushes_both_toward_rival_edge() -> None:
    s = _state()
    to_chains(s, {1: [MOVE]})
    s, ev = act(s, 1, "s-adv")
    assert (s.seat[0].pos, s.seat[1].pos) == (2, 3) and "push" in kinds(ev)


def test_move_out_of_contact_advances_or_steps_back() -> None:
    s = _state()
    s.seat[0].pos = 0
    ev = to_chains(s, {0: [MOVE]})
    # no step back past the edge (decision): the lone "advance" is not asked, the
    # referee plays it (a choice from public facts only)
    assert "s-adv" not in aids(s, 0) and "move" in kinds(ev)
    assert s.seat[0].pos == 1


def test_doubled_move_pushes_then_steps_back() -> None:
    s = _state((1, 0))
    to_chains(s, {0: [MOVE]})
    s, ev = act(s, 0, f"c-{MOVE}-1-x")
    assert "super_spend" in kinds(ev) and s.seat[0].gauge == 0
    s, _ = act(s, 0, "s-adv")
    s, _ = act(s, 0, "s-ret")
    assert (s.seat[0].pos, s.seat[1].pos) == (3, 5)


def test_push_past_the_edge_is_a_ring_out_at_end_of_turn() -> None:
    s = _state()
    s.seat[0].pos, s.seat[1].pos = 6, 7
    to_chains(s, {0: [MOVE]})
    s, ev = act(s, 0, "s-adv")
    assert "ring_out" in kinds(ev) and first(ev, "round_end")["winners"] == [0]
    assert s.seat[0].tokens == 1 and s.round == 2


def test_block_as_guard_cancels_a_later_rival_hit() -> None:
    s = _state()
    ev = to_chains(s, {0: [BLOCK], 1: [HIT]})  # no chain to break: a Block guards
    assert first(ev, "card")["mode"] == "guard"
    assert s.seat[0].life == 15 and "guarded" in kinds(ev)


def test_revealed_block_can_parry_a_rival_hit() -> None:
    s = _state()
    to_chains(s, {0: [HIT], 1: [BLOCK]})
    assert prompt_kind(s) == {1: "parry"}
    s, ev = act(s, 1, "p-y")
    assert s.seat[1].life == 15 and first(ev, "parry")["card"]["id"] == BLOCK
    assert s.seat[1].revealed == []


def test_taking_the_hit_instead_of_parrying() -> None:
    s = _state()
    to_chains(s, {0: [HIT], 1: [BLOCK]})
    s, ev = act(s, 1, "p-n")
    assert s.seat[1].life == 14 and first(ev, "card")["card"]["id"] == BLOCK


def test_block_breaks_a_chain_card_shown_face_up() -> None:
    s = _state()
    set_chain(s, 1, [HIT2, MOVE2])
    to_chains(s, {0: [BLOCK]})
    s, _ = act(s, 1, "d-pass")  # P2 holds a chain; P1 has none
    s, _ = act(s, 0, f"c-{BLOCK}-0-break")
    assert sorted(aids(s, 0)) == ["k-1-0", "k-1-1"]
    s, ev = act(s, 0, "k-1-1")
    assert first(ev, "break")["card"]["id"] == MOVE2 and s.seat[1].chain == [HIT2]
    assert MOVE2 in s.discard


def test_super_card_gains_one_and_doubling_gains_two() -> None:
    s = _state((1, 0))
    to_chains(s, {0: [SUPER]})
    s, _ = act(s, 0, f"c-{SUPER}-1-x")
    assert s.seat[0].gauge == 2  # 1 - 1 spent + 2


def test_super_gauge_is_capped_at_five() -> None:
    s = _state((4, 0))
    to_chains(s, {0: [SUPER]})
    s, _ = act(s, 0, f"c-{SUPER}-1-x")
    assert s.seat[0].gauge == 5


def test_doubled_hit_deals_two_and_a_diamond_gives_super() -> None:
    s = _state((1, 0))
    s.seat[1].life = 11  # Medium: diamonds at 10 and 5 (decision)
    to_chains(s, {0: [HIT]})
    s, ev = act(s, 0, f"c-{HIT}-1-x")
    assert s.seat[1].life == 9 and s.seat[1].gauge == 1
    assert first(ev, "super_gain") == {"seat": 1, "amount": 1, "gauge": 1, "why": "diamond"}


def kinds_of(ev: list[Any], kind: str) -> list[Any]:
    return [e for e in ev if e.kind == kind]


def test_doubled_block_breaks_two_chain_cards() -> None:
    s = _state((1, 0))
    set_chain(s, 1, [HIT2, MOVE2])
    to_chains(s, {0: [BLOCK]})
    s, _ = act(s, 1, "d-pass")
    s, _ = act(s, 0, f"c-{BLOCK}-1-break")
    s, ev = act(s, 0, "k-1-0")
    # the second break has one chain card left to choose: the referee breaks it
    assert prompt_kind(s) != {0: "break"} and len(kinds_of(ev, "break")) == 2
    assert s.seat[1].chain == []


def test_doubled_block_guard_gives_two_guards() -> None:
    s = _state((1, 0))
    to_chains(s, {0: [BLOCK], 1: [HIT2]})
    s, ev = act(s, 0, f"c-{BLOCK}-1-guard")
    assert first(ev, "guard")["guards"] == 2 and first(ev, "guarded")["guards"] == 1


def test_kata_hits_ignore_guards_and_revealed_blocks() -> None:
    s = _state()
    set_chain(s, 0, [HIT])
    to_chains(s, {1: [BLOCK]})
    s.seat[1].guards = 1
    s, ev = act(s, 0, "d-kata")
    assert s.seat[1].life == 14 and "guarded" not in kinds(ev) and "parry" not in kinds(ev)
