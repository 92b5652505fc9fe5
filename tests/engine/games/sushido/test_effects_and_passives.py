"""Combo effects (push, step, draw, guard, heal), passives, out-of-arena moves, Kata Blocks."""

from __future__ import annotations

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
BLOCK, BLOCK2 = cid("block", "wave"), cid("block", "coral")
MOVE = cid("move", "wave")


def _state(a: str, b: str) -> SushidoState:
    s = started(a, b)
    s.seat[0].gauge = s.seat[1].gauge = 0
    return s


def test_passive_fires_on_its_trigger_at_most_once_per_turn() -> None:
    s = _state("manta", "biwa")  # Biwa (P2): Resonance, +1 Super when cancelling a Hit
    to_chains(s, {0: [HIT, HIT2], 1: [BLOCK, BLOCK2]})
    s, ev = act(s, 1, "p-y")
    assert first(ev, "passive")["name"] == "Resonance" and s.seat[1].gauge == 1
    s, ev = act(s, 1, "p-y")
    assert "passive" not in kinds(ev) and s.seat[1].gauge == 1


def test_round_start_passive() -> None:
    s = started("kujira", "biwa")  # Deep Lungs +1, then the first-turn Super of P1 (+1)
    assert s.seat[0].gauge == 2 and s.seat[1].gauge == 2


def test_push_effect_moves_the_rival_only() -> None:
    s = _state("kujira", "biwa")  # Breach: wave + wave, push 2
    set_chain(s, 0, [HIT, cid("move", "wave")])
    to_chains(s)
    s, _ = act(s, 0, "d-combo")
    assert (s.seat[0].pos, s.seat[1].pos) == (3, 6)


def test_ranged_step_then_damage_and_draw_effects() -> None:
    s = _state("manta", "tako")
    s.seat[1].pos = 6
    set_chain(s, 0, [cid("hit", "pearl"), cid("block", "pearl")])  # Glide In (>>>)
    set_chain(s, 1, [cid("hit", "fin"), cid("block", "coral")])  # Ink Jab (>>>)
    to_chains(s)
    s, _ = act(s, 0, "d-combo")
    s, ev = act(s, 1, "d-combo")
    assert s.seat[0].pos == 4 and s.seat[0].life == 14
    assert first(ev, "draw") == {"seat": 1, "count": 1, "twin_of": [1]}  # Ink Jab
    assert s.seat[1].life == 14


def test_guard_effect_cancels_action_hits() -> None:
    s = _state("biwa", "kani")
    s.seat[0].pos = 1
    s.seat[0].gauge = 1  # with Super, P1's Hit waits for its owner's choice
    set_chain(s, 1, [cid("hit", "pearl"), cid("block", "pearl"), cid("move", "wave")])
    to_chains(s, {0: [HIT]})
    # P1 has no chain: P2 announces first
    s, _ = act(s, 1, "d-combo")  # Shell Wall (>>>): 2 guards, 1 Super
    assert s.seat[1].guards == 2 and s.seat[1].gauge == 1
    s.seat[0].pos = 3
    s, ev = act(s, 0, f"c-{HIT}-0-x")
    assert "guarded" in kinds(ev) and s.seat[1].life == 18


def test_a_fighter_out_of_the_arena_can_move_back_in() -> None:
    s = _state("biwa", "manta")
    s.seat[0].pos, s.seat[1].pos = 5, 8
    ev = to_chains(s, {1: [MOVE]})  # off the arena, a Move only advances: not asked
    assert "round_end" not in kinds(ev) and s.seat[1].pos == 7 and s.turn == 2


def test_unopposed_kata_block_breaks_a_chain_card() -> None:
    s = _state("biwa", "manta")
    set_chain(s, 0, [BLOCK])
    set_chain(s, 1, [HIT])
    to_chains(s)
    s, _ = act(s, 0, "d-kata")
    s, _ = act(s, 1, "d-pass")
    s, ev = act(s, 1, "o-n")  # one chain card to break: the referee breaks it
    assert prompt_kind(s) != {0: "break"} and "k-1-0" not in aids(s, 0)
    assert first(ev, "break")["card"]["id"] == HIT and s.seat[1].chain == []


def test_a_kata_block_with_no_chain_to_break_says_so() -> None:
    s = _state("biwa", "manta")
    set_chain(s, 0, [BLOCK])
    to_chains(s)
    s, ev = act(s, 0, "d-kata")
    assert first(ev, "break_nothing") == {"seat": 0} and s.phase == "hajime"


def test_attacker_kata_block_cancels_the_opposing_card() -> None:
    s = _state("biwa", "manta")
    set_chain(s, 0, [BLOCK, HIT])
    set_chain(s, 1, [HIT2, cid("hit", "fin")])
    to_chains(s)
    s, _ = act(s, 0, "d-kata")
    s, _ = act(s, 1, "d-pass")
    s, ev = act(s, 1, "o-y")
    results = [e.data["result"] for e in ev if e.kind == "kata_clash"]
    assert results == ["cancelled", "both"]
    assert s.seat[0].life == 14 and s.seat[1].life == 14


def test_heal_never_goes_above_full_life() -> None:
    s = _state("tako", "biwa")  # Regrowth: heal 1 when a Move pushes the rival
    to_chains(s, {0: [MOVE]})
    s, ev = act(s, 0, "s-adv")
    assert first(ev, "heal") == {"seat": 0, "amount": 0, "life": 15}
    s = _state("tako", "biwa")
    s.seat[0].life = 10
    to_chains(s, {0: [MOVE]})
    s, _ = act(s, 0, "s-adv")
    assert s.seat[0].life == 11


def test_step_back_effect_after_a_combo() -> None:
    s = _state("kani", "biwa")  # Sidestep Crush: fin, fin, coral, wave; 3 damage, step back
    set_chain(s, 0, [cid("hit", "fin"), cid("move", "fin"), cid("block", "coral"), MOVE])
    to_chains(s)
    s, _ = act(s, 0, "d-combo")
    assert s.seat[1].life == 12 and s.seat[0].pos == 2
