"""Super Combo, Ring Out escape, K.-O., round transitions, match end, the round cap."""

from __future__ import annotations

from engine.games.sushido import GAME
from engine.games.sushido.model import ROUND_TURN_CAP, SushidoState
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


def test_super_combo_is_offered_in_every_prompt_of_a_full_gauge() -> None:
    s = _state()
    s.seat[0].gauge = 5
    assert "super-combo" in aids(s, 0) and "super-combo" not in aids(s, 1)
    s, _ = act(s, 1, aids(s, 1)[0])
    s, _ = act(s, 0, aids(s, 0)[0])
    assert "super-combo" in aids(s, 0)  # reveal prompt
    s2 = _state()
    s2.seat[0].gauge = 5
    to_chains(s2, {0: [HIT]})
    assert "super-combo" in aids(s2, 0)  # action-phase prompt


def test_super_combo_empties_the_gauge_and_applies_its_effects() -> None:
    s = _state()
    s.seat[0].gauge = 5
    s, ev = act(s, 0, "super-combo")  # Biwa: 4 damage, in the middle of Hajime
    assert first(ev, "super_combo")["seat"] == 0 and s.seat[0].gauge == 0
    assert s.seat[1].life == 11 and GAME.prompts(s)[0].committed is False


def _ring_out_p2(gauge: int) -> SushidoState:
    s = _state()
    s.seat[1].gauge = gauge
    s.seat[0].pos, s.seat[1].pos = 6, 7
    to_chains(s, {0: [MOVE]})
    s, _ = act(s, 0, f"c-{MOVE}-0-x")
    s, ev = act(s, 0, "s-adv")
    assert s.seat[1].pos == 8 and "ring_out" in kinds(ev)
    return s


def test_ring_out_with_full_gauge_offers_a_super_combo_escape() -> None:
    s = _ring_out_p2(5)
    assert prompt_kind(s) == {1: "escape"} and aids(s, 1) == ["accept", "super-combo"]
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
    to_chains(s, {0: [HIT], 1: [HIT2]})
    s, _ = act(s, 0, f"c-{HIT}-0-x")
    s, ev = act(s, 1, f"c-{HIT2}-0-x")
    assert first(ev, "round_end")["winners"] == [0, 1] and s.result is None
    assert [x.tokens for x in s.seat] == [1, 1] and [x.life for x in s.seat] == [15, 15]


def test_iaijutsu_double_ko_is_a_drawn_match() -> None:
    s = _state("iaijutsu")
    s.seat[0].life = s.seat[1].life = 1
    to_chains(s, {0: [HIT], 1: [HIT2]})
    s, _ = act(s, 0, f"c-{HIT}-0-x")
    s, _ = act(s, 1, f"c-{HIT2}-0-x")
    assert s.result is not None and s.result.draw and s.phase == "over"
    assert GAME.prompts(s) == {}


def test_match_ends_when_a_seat_reaches_the_target() -> None:
    s = _state()
    s.seat[0].tokens = 1
    s.seat[1].life = 1
    to_chains(s, {0: [HIT]})
    s, ev = act(s, 0, f"c-{HIT}-0-x")
    assert s.result is not None and s.result.winners == (0,) and s.result.reason == "ko"
    assert "match_over" in kinds(ev)


def test_round_cap_is_judged_on_remaining_life() -> None:
    s = _state()
    s.turn = ROUND_TURN_CAP
    s.seat[0].life = 10
    to_chains(s, {0: [SUPER]})
    s, ev = act(s, 0, f"c-{SUPER}-0-x")
    assert first(ev, "round_end")["reason"] == "decision" and s.seat[1].tokens == 1


def test_rencontre_and_iaijutsu_super_and_targets() -> None:
    s = started(duel="iaijutsu")
    assert [x.gauge for x in s.seat] == [2, 3] and s.target == 1
    s = started(duel="entrainement")
    assert [x.gauge for x in s.seat] == [1, 2] and s.target == 2
    s = started(duel="rencontre")
    assert [x.gauge for x in s.seat] == [0, 1] and s.target == 3
