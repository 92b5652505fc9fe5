"""Super Combo (an interrupt), K.-O. and Ring Out escapes, round transitions, match end,
and no round cap."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, StaleAction
from engine.games.sushido import GAME
from engine.games.sushido.model import SushidoState, UseSuperCombo
from tests.engine.games.sushido.helpers import (
    act,
    aids,
    cid,
    first,
    kinds,
    prompt_kind,
    started,
    to_chains,
)

HIT, HIT2 = cid("hit", "wave"), cid("hit", "coral")
MOVE = cid("move", "wave")
SUPER = cid("super", "wave")


def _state(duel: str = "entrainement") -> SushidoState:
    s = started("biwa", "manta", duel=duel)
    s.seat[0].gauge = s.seat[1].gauge = 0
    return s


def test_super_combo_is_an_interrupt_not_a_prompted_choice() -> None:
    s = _state()
    s.seat[0].gauge = 5
    assert GAME.interrupts(s, 0) == [UseSuperCombo()] and GAME.interrupts(s, 1) == []
    assert "super-combo" not in aids(s, 0)  # never mixed into a prompt's choices
    s.seat[0].gauge = 4
    with pytest.raises(IllegalAction, match="4/5"):
        act(s, 0, "super-combo")


def test_super_combo_after_committing_while_only_the_rival_decides() -> None:
    """Rulebook: "Le Super Combo peut être utilisé à tout moment lors d'un tour"."""
    s = _state()
    s.seat[0].gauge = 5
    a, b = s.seat[0].hand[:2]
    s, _ = act(s, 0, f"h-{a}-{b}")
    s, _ = act(s, 0, "r-both")  # placed and revealed: seat 0 has nothing left to decide
    assert GAME.prompts(s)[0].committed and not GAME.prompts(s)[1].committed
    with pytest.raises(StaleAction):
        GAME.act(s, 0, "super-combo", s.version - 1)
    s, ev = act(s, 0, "super-combo")  # Biwa: 4 damage, while Manta places her cards
    assert first(ev, "super_combo")["seat"] == 0 and s.seat[0].gauge == 0
    assert s.seat[1].life == 11 and s.seat[0].commit == [a, b] and s.seat[0].reveal == "both"
    assert GAME.prompts(s)[0].committed and GAME.prompts(s)[1].kind == "hajime"


def test_super_combo_in_the_middle_of_the_rivals_decision() -> None:
    s = _state()
    s.seat[1].gauge = 1  # with Super, Manta's Hit waits for her choice
    to_chains(s, {1: [HIT]})
    s.seat[0].gauge = 5
    assert prompt_kind(s) == {1: "play"}
    s, _ = act(s, 0, "super-combo")
    assert s.seat[1].life == 11 and prompt_kind(s) == {1: "play"}  # her decision still waits


def test_super_combo_empties_the_gauge_and_applies_its_effects() -> None:
    s = _state()
    s.seat[0].gauge = 5
    s, ev = act(s, 0, "super-combo")  # Biwa: 4 damage, in the middle of Hajime
    assert first(ev, "super_combo")["seat"] == 0 and s.seat[0].gauge == 0
    assert s.seat[1].life == 11 and GAME.prompts(s)[0].committed is False


def test_super_combo_saves_a_fighter_from_a_ko_before_the_turn_ends() -> None:
    """Rulebook: a fighter K.-O.'d during the turn may still save itself before it ends."""
    s = _state()
    s.seat[1].life, s.seat[1].gauge = 1, 5
    to_chains(s, {0: [HIT]})
    assert s.seat[1].life == 0 and prompt_kind(s) == {1: "escape"}
    assert GAME.prompts(s)[1].text.startswith("K.-O.! You lose the round")
    assert aids(s, 1) == ["accept"] and GAME.interrupts(s, 1) == [UseSuperCombo()]
    s, ev = act(s, 1, "super-combo")  # Manta gets up with 1 life: 3 damage, push 2
    assert first(ev, "get_up") == {"seat": 1, "life": 1} and s.seat[0].life == 12
    assert "round_end" not in kinds(ev) and s.turn == 2 and s.seat[1].life == 1


def test_accepting_the_ko_loses_the_round() -> None:
    s = _state()
    s.seat[1].life, s.seat[1].gauge = 1, 5
    to_chains(s, {0: [HIT]})
    s, ev = act(s, 1, "accept")
    assert "accept_ko" in kinds(ev) and first(ev, "round_end")["winners"] == [0]


def _ring_out_p2(gauge: int) -> SushidoState:
    s = _state()
    s.seat[1].gauge = gauge
    s.seat[0].pos, s.seat[1].pos = 6, 7
    to_chains(s, {0: [MOVE]})
    s, ev = act(s, 0, "s-adv")
    assert s.seat[1].pos == 8 and "ring_out" in kinds(ev)
    return s


def test_ring_out_with_full_gauge_offers_a_super_combo_escape() -> None:
    s = _ring_out_p2(5)
    assert prompt_kind(s) == {1: "escape"} and aids(s, 1) == ["accept"]
    assert GAME.prompts(s)[1].text.startswith("Ring Out! You lose the round")
    assert GAME.interrupts(s, 1) == [UseSuperCombo()]
    s, ev = act(s, 1, "super-combo")  # Manta: back in, shove Biwa, 3 damage, push 2
    assert s.seat[1].pos == 7 and s.seat[0].pos == 4 and s.seat[0].life == 12
    assert "round_end" not in kinds(ev) and s.turn == 2


def test_accepting_the_ring_out_loses_the_round() -> None:
    s = _ring_out_p2(5)
    s, ev = act(s, 1, "accept")
    assert first(ev, "round_end") == {"round": 1, "winners": [0], "reason": "ring_out",
                                      "tokens": [1, 0]}


def test_ko_is_checked_at_end_of_turn_and_the_round_resets() -> None:
    s = _state()
    s.seat[1].life, s.seat[0].life = 1, 9
    s.seat[0].gauge, s.seat[1].gauge = 2, 3
    s.seat[1].life = 1
    to_chains(s, {0: [HIT], 1: [SUPER]})
    s.seat[0].gauge = 0
    s, ev = act(s, 0, f"c-{HIT}-0-x")
    assert s.seat[1].life == 0 and "round_end" not in kinds(ev)
    assert prompt_kind(s) == {1: "play"}  # a started turn always finishes
    s.seat[1].gauge = 0
    s, ev = act(s, 1, f"c-{SUPER}-0-x")
    assert first(ev, "ko")["seat"] == 1 and s.seat[0].tokens == 1
    assert s.round == 2 and s.p1 == 1 and s.turn == 1  # the P1 token passed
    assert s.seat[1].life == 15 and s.seat[0].life == 9  # full life only after a K.-O.
    assert s.seat[1].gauge == 1  # Super is kept (0 + the Super card)
    assert (s.seat[0].pos, s.seat[1].pos) == (3, 4)
    assert len(s.seat[0].hand) == len(s.seat[1].hand) == 5 and len(s.deck) == 50


def test_double_ko_gives_both_a_token() -> None:
    s = _state()
    s.seat[0].life = s.seat[1].life = 1
    ev = to_chains(s, {0: [HIT], 1: [HIT2]})
    assert first(ev, "round_end")["winners"] == [0, 1] and s.result is None
    assert [x.tokens for x in s.seat] == [1, 1] and [x.life for x in s.seat] == [15, 15]


def test_iaijutsu_double_ko_is_a_drawn_match() -> None:
    s = _state("iaijutsu")
    s.seat[0].life = s.seat[1].life = 1
    to_chains(s, {0: [HIT], 1: [HIT2]})
    assert s.result is not None and s.result.draw and s.phase == "over"
    assert GAME.prompts(s) == {}


def test_match_ends_when_a_seat_reaches_the_target() -> None:
    s = _state()
    s.seat[0].tokens = 1
    s.seat[1].life = 1
    ev = to_chains(s, {0: [HIT]})
    assert s.result is not None and s.result.winners == (0,) and s.result.reason == "ko"
    assert "match_over" in kinds(ev)


def test_no_round_cap_turns_go_on_as_long_as_needed() -> None:
    s = _state()
    s.turn = 500
    s.seat[0].life = 10
    ev = to_chains(s, {0: [SUPER]})
    assert "round_end" not in kinds(ev) and s.turn == 501 and s.round == 1


def test_rencontre_and_iaijutsu_super_and_targets() -> None:
    s = started(duel="iaijutsu")
    assert [x.gauge for x in s.seat] == [2, 3] and s.target == 1
    s = started(duel="entrainement")
    assert [x.gauge for x in s.seat] == [1, 2] and s.target == 2
    s = started(duel="rencontre")
    assert [x.gauge for x in s.seat] == [0, 1] and s.target == 3
