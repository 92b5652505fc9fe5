"""Chains: Combo and Kata announcements, P1's Kata-only answer, combo checks, opposition."""

from __future__ import annotations

from engine.games.sushido import GAME
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

ALL_DECLARE = ["d-pass", "d-kata", "d-combo"]


def _state() -> SushidoState:
    s = started("biwa", "manta")  # Biwa combo0 = Plucked Edge: wave + coral, contact, 2 dmg
    s.seat[0].gauge = s.seat[1].gauge = 0
    return s


def test_p1_declares_first_then_p2() -> None:
    s = _state()
    set_chain(s, 0, [cid("hit", "wave")])
    set_chain(s, 1, [cid("hit", "coral")])
    to_chains(s)
    # one card: no combo has one symbol, so only Kata or pass
    assert prompt_kind(s) == {0: "declare"} and aids(s, 0) == ["d-pass", "d-kata"]
    s, _ = act(s, 0, "d-pass")
    assert prompt_kind(s) == {1: "declare"} and aids(s, 1) == ["d-pass", "d-kata"]


def test_announcing_combo_names_nothing_the_chain_size_picks_the_combo() -> None:
    """Rulebook: announce "Combo!", reveal the chain, check it against the combo board."""
    s = _state()
    set_chain(s, 0, [cid("hit", "fin"), cid("block", "pearl"), cid("move", "fin")])
    to_chains(s)
    assert aids(s, 0) == ALL_DECLARE  # one "Combo!", whatever the chain holds
    label = GAME.label(s, 0, GAME.find(s, 0, "d-combo"))  # type: ignore[arg-type]
    assert label == "Combo! (3 cards: Rolling Chord)"
    s, ev = act(s, 0, "d-combo")  # 3 cards: checked against Biwa's 3-symbol combo
    assert first(ev, "declare")["combo"] == "Rolling Chord"
    assert first(ev, "combo")["ok"] and first(ev, "combo")["name"] == "Rolling Chord"


def test_combo_needs_the_exact_symbols_in_any_order_and_type_and_is_unblockable() -> None:
    s = _state()
    s.seat[1].guards = 3
    chain = [cid("block", "coral"), cid("move", "wave")]
    set_chain(s, 0, chain)
    to_chains(s)
    s, ev = act(s, 0, "d-combo")
    assert s.phase == "hajime" and s.turn == 2  # nothing else to ask: next turn
    combo = first(ev, "combo")
    assert combo["ok"] and [c["id"] for c in combo["cards"]] == chain
    assert s.seat[1].life == 13 and s.seat[0].chain == [] and set(chain) <= set(s.discard)


def test_combo_with_an_extra_symbol_fails_and_plays_as_a_kata() -> None:
    s = _state()
    set_chain(s, 0, [cid("hit", "wave"), cid("hit", "coral"), cid("hit", "fin")])
    to_chains(s)
    s, ev = act(s, 0, "d-combo")
    assert first(ev, "combo")["ok"] is False and "kata" in kinds(ev)
    assert s.seat[1].life == 12  # three Hits resolved as a Kata


def test_combo_with_a_missing_symbol_fails() -> None:
    s = _state()
    set_chain(s, 0, [cid("hit", "wave"), cid("hit", "wave")])
    to_chains(s)
    s, ev = act(s, 0, "d-combo")
    assert first(ev, "combo")["ok"] is False and s.seat[1].life == 13


def test_contact_combo_fails_at_range_but_ranged_combo_works() -> None:
    s = _state()
    s.seat[0].pos = 1
    set_chain(s, 0, [cid("hit", "wave"), cid("hit", "coral")])
    to_chains(s)
    s, ev = act(s, 0, "d-combo")
    assert first(ev, "combo")["ok"] is False and s.seat[1].life == 15  # Hits whiff
    s = _state()
    s.seat[0].pos = 1
    set_chain(s, 0, [cid("hit", "fin"), cid("block", "pearl"), cid("move", "fin")])
    to_chains(s)
    s, ev = act(s, 0, "d-combo")  # Rolling Chord (>>>): 1 damage, push 1
    assert first(ev, "combo")["ok"] and s.seat[1].life == 14 and s.seat[1].pos == 5


def test_p1_who_passed_may_answer_only_with_a_kata_that_opposes() -> None:
    s = _state()
    set_chain(s, 0, [cid("block", "wave")])
    set_chain(s, 1, [cid("hit", "wave"), cid("hit", "coral")])
    to_chains(s)
    s, _ = act(s, 0, "d-pass")
    s, _ = act(s, 1, "d-combo")  # Manta's Wing Sweep needs 3 symbols: it will fail
    assert prompt_kind(s) == {0: "answer"} and aids(s, 0) == ["d-kata", "d-pass"]
    s, ev = act(s, 0, "d-kata")
    assert first(ev, "combo")["ok"] is False
    assert first(ev, "oppose")["seat"] == 0  # the answer opposes P2's Kata, no question
    clash = first(ev, "kata_clash")
    assert clash["result"] == "blocked" and s.seat[0].life == 14  # 2nd Hit unopposed


def test_p1_answer_after_a_successful_combo_is_played_as_a_kata() -> None:
    s = _state()
    set_chain(s, 0, [cid("hit", "fin")])
    set_chain(s, 1, [cid("hit", "pearl"), cid("move", "pearl")])  # Manta: Glide In
    to_chains(s)
    s, _ = act(s, 0, "d-pass")
    s, _ = act(s, 1, "d-combo")
    s, ev = act(s, 0, "d-kata")
    assert first(ev, "combo")["ok"] and [e.data["seat"] for e in ev if e.kind == "kata"] == [0]
    assert s.seat[0].life == 14 and s.seat[1].life == 14


def test_opposing_a_kata_spends_the_chain_and_drops_the_own_announcement() -> None:
    s = _state()
    set_chain(s, 0, [cid("hit", "wave")])
    set_chain(s, 1, [cid("move", "wave"), cid("hit", "coral")])
    to_chains(s)
    s, _ = act(s, 0, "d-kata")
    s, _ = act(s, 1, "d-kata")
    assert prompt_kind(s) == {1: "oppose"}
    s, ev = act(s, 1, "o-y")
    assert "declaration_dropped" in kinds(ev)
    # Two cards against one: Manta chooses her surplus card (she discards the Hit)...
    assert prompt_kind(s) == {1: "surplus"} and aids(s, 1) == ["x-0", "x-1"]
    s, ev = act(s, 1, "x-1")
    assert first(ev, "kata_surplus")["cards"][0]["type"] == "hit"
    # ...P1's Hit lands first (initiative), then Manta's Move: she chooses.
    assert s.seat[1].life == 14 and prompt_kind(s) == {1: "step"}
    s, ev = act(s, 1, "s-ret")
    assert [e.data["seat"] for e in ev if e.kind == "kata"] == []  # no second Kata


def test_the_defender_chooses_which_surplus_cards_are_discarded() -> None:
    """README decision: the defender's surplus Kata cards are discarded at its choice."""
    s = _state()
    set_chain(s, 0, [cid("hit", "wave")])
    set_chain(s, 1, [cid("move", "wave"), cid("block", "coral"), cid("hit", "coral")])
    to_chains(s)
    s, _ = act(s, 0, "d-kata")
    s, _ = act(s, 1, "d-pass")
    s, _ = act(s, 1, "o-y")
    label = GAME.label(s, 1, GAME.find(s, 1, "x-1"))  # type: ignore[arg-type]
    assert "Block" in label  # the opposing chain is face up now: named cards
    s, ev = act(s, 1, "x-0")  # drop the Move...
    assert prompt_kind(s) == {1: "surplus"} and aids(s, 1) == ["x-0", "x-1"]
    s, ev = act(s, 1, "x-1")  # ...and the Hit: her Block meets Biwa's Hit
    assert first(ev, "kata_clash")["result"] == "blocked" and s.seat[1].life == 15
    assert s.kata is None and s.seat[1].chain == []


def test_defender_may_let_the_kata_through() -> None:
    s = _state()
    set_chain(s, 0, [cid("hit", "wave")])
    set_chain(s, 1, [cid("block", "wave")])
    to_chains(s)
    s, _ = act(s, 0, "d-kata")
    s, _ = act(s, 1, "d-pass")
    s, _ = act(s, 1, "o-n")
    assert s.seat[1].life == 14 and s.seat[1].chain == [cid("block", "wave")]


def test_kata_cards_may_be_doubled_with_super() -> None:
    s = _state()
    s.seat[0].gauge = 1
    set_chain(s, 0, [cid("hit", "wave")])
    to_chains(s)
    s, _ = act(s, 0, "d-kata")
    assert prompt_kind(s) == {0: "boost"} and aids(s, 0) == ["b-y", "b-n"]
    s, _ = act(s, 0, "b-y")
    assert s.seat[1].life == 13 and s.seat[0].gauge == 0


def test_combos_and_katas_resolve_before_revealed_cards() -> None:
    s = _state()
    set_chain(s, 0, [cid("hit", "wave"), cid("hit", "coral")])
    hit = cid("hit", "fin")
    to_chains(s, {0: [hit]})
    s, ev = act(s, 0, "d-combo")
    log = kinds(ev)
    assert log.index("combo") < log.index("card") and s.seat[1].life == 12


def test_p1_who_declined_to_answer_is_not_asked_to_oppose() -> None:
    s = _state()
    set_chain(s, 0, [cid("block", "wave")])
    set_chain(s, 1, [cid("hit", "wave")])
    to_chains(s)
    s, _ = act(s, 0, "d-pass")
    s, _ = act(s, 1, "d-kata")
    s, ev = act(s, 0, "d-pass")
    assert "oppose" not in kinds(ev) and s.seat[0].life == 14
    assert s.seat[0].chain == [cid("block", "wave")]
