"""Super moves: when they may be called, +6, overruling a Block, Ring Out, Milton Brown."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.world_of_fighters import GAME
from engine.games.world_of_fighters.model import Commit, Move
from tests.engine.games.world_of_fighters.helpers import (
    arrange,
    commit,
    kinds,
    play_turn,
    started,
)


def supers(s, seat):  # type: ignore[no-untyped-def]
    return {(a.move, a.card) for a in GAME.legal(s, seat) if isinstance(a, Commit)
            and a.call_super}


def test_super_needs_7_hp_or_less_and_the_matching_card() -> None:
    s = arrange(started("haiwu", "rocco"), hp=(8, 20),
                hands=(["grapple", "punch", "block"], ["punch", "kick", "block"]))
    assert supers(s, 0) == set()
    with pytest.raises(IllegalAction, match="7 HP"):
        GAME.apply(s, 0, commit(1, "grapple", True))
    s = arrange(s, hp=(7, 20))
    assert supers(s, 0) == {(1, "grapple"), (2, "grapple"), (3, "grapple")}
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, commit(1, "punch", True))


def test_climbing_monkey_grapple_at_range_3_scores_6_and_overrules_block() -> None:
    # Decision (docs/rules/world-of-fighters.md): an overruled Block gives no counter.
    s = arrange(started("haiwu", "rocco"), hp=(7, 20), pos=((3, 0), (3, 5)),
                hands=(["grapple", "punch", "block"], ["block", "punch", "kick"]))
    s, ev = GAME.apply(s, 0, commit(1, "grapple", True))
    s, ev = GAME.apply(s, 1, commit(1, "block"))
    # The call is public with the Movement cards, before anyone moves.
    assert "super_called" in kinds(ev) and s.reveal is not None and s.reveal.supers == [True, False]
    s, _ = GAME.apply(s, 0, Move(direction="e"))
    s, ev = GAME.apply(s, 1, Move(direction="w"))
    assert s.reveal.range == 3
    assert s.fighters[1].hp == 14  # +6, Rocco's Block 2 overruled
    assert s.fighters[0].super_used and "super_move" in kinds(ev)
    assert s.phase == "commit"  # an overruled Block gives no counter
    assert supers(arrange(s, hp=(5, 14)), 0) == set()  # once per match


def test_super_at_the_wrong_range_is_a_plain_card_and_not_spent() -> None:
    s = arrange(started("haiwu", "rocco"), hp=(7, 20),
                hands=(["grapple", "punch", "block"], ["kick", "punch", "kick"]))
    s, ev = play_turn(s, commit(1, "grapple", True), commit(1, "kick"), "e", "w")
    assert s.reveal is not None and s.reveal.range == 2
    assert s.fighters[1].hp == 20 - (1 + 1) and not s.fighters[0].super_used
    # the fizzle is public and says why (the narration explains it)
    fizzled = [e.data for e in ev if e.kind == "super_fizzled"]
    assert fizzled == [{"seat": 0, "move": "Climbing Monkey", "need": 3, "range": 2,
                        "card": "grapple"}]


def test_super_against_a_rival_on_the_edge_is_a_ring_out() -> None:
    s = arrange(started("haiwu", "rocco"), hp=(7, 20), pos=((3, 1), (1, 4)),
                hands=(["grapple", "punch", "block"], ["block", "punch", "kick"]))
    s, _ = play_turn(s, commit(1, "grapple", True), commit(1, "block"), "e", "n")
    assert s.fighters[1].pos == (0, 4) and s.reveal is not None and s.reveal.range == 3
    assert s.result is not None and s.result.winners == (0,)
    assert s.result.reason == "ring_out" and s.fighters[1].hp == 20


def test_milton_brown_super_block_rings_out_a_rival_on_the_edge() -> None:
    s = arrange(started("milton", "aiko"), hp=(6, 20), pos=((2, 2), (2, 3)),
                hands=(["block", "punch", "kick"], ["punch", "kick", "kick"]))
    assert (1, "block") in supers(s, 0)
    s, _ = play_turn(s, commit(1, "block", True), commit(2, "punch"), "n", "n")
    assert s.fighters[1].pos == (0, 3) and s.reveal is not None and s.reveal.range == 1
    assert s.result is not None and s.result.winners == (0,) and s.result.reason == "ring_out"


def test_milton_brown_super_scores_nothing_away_from_the_edge() -> None:
    s = arrange(started("milton", "aiko"), hp=(6, 20), pos=((3, 2), (2, 5)),
                hands=(["block", "punch", "grapple"], ["grapple", "kick", "kick"]))
    s, ev = play_turn(s, commit(1, "block", True), commit(1, "grapple"), "e", "w")
    assert s.reveal is not None and s.reveal.range == 1
    assert "super_no_edge" in kinds(ev)
    # Still a Block: Aiko's Grapple 3 + 2 = 5 minus Block 3; no damage to Aiko.
    assert s.fighters[0].hp == 4 and s.fighters[1].hp == 20 and s.fighters[0].super_used
    assert s.phase == "counter"  # and Milton may counter as after any Block


def test_super_cannot_be_played_as_a_counter() -> None:
    s = arrange(started("aiko", "rocco"), hp=(3, 20), pos=((3, 2), (3, 5)),
                hands=(["block", "grapple", "grapple"], ["punch", "kick", "kick"]))
    s, _ = play_turn(s, commit(1, "block"), commit(1, "punch"), "e", "w")
    assert s.phase == "counter"
    assert all(a.kind == "counter" for a in GAME.legal(s, 0))
    assert not s.fighters[0].super_used
