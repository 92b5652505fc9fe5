"""The game turn: picks, commits, Movement cards, moving, refills, first player."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, for_viewer
from engine.games.world_of_fighters import GAME
from engine.games.world_of_fighters.model import Commit, Move, Options, Pick
from tests.engine.games.world_of_fighters.helpers import (
    arrange,
    commit,
    kinds,
    play_turn,
    started,
    total_cards,
)


def test_character_pick_is_simultaneous_and_hidden() -> None:
    s = GAME.setup(Options(), 2, 5)
    assert set(GAME.prompts(s)) == {0, 1} and s.phase == "pick"
    s, ev = GAME.apply(s, 0, Pick(character="haiwu"))
    assert GAME.view(s, 1).fighters[0].character is None
    assert GAME.view(s, None).fighters[0].character is None
    assert GAME.view(s, 0).my_pick == "haiwu"
    assert all("character" not in e.data for e in for_viewer(ev, 1))
    s, ev = GAME.apply(s, 1, Pick(character="haiwu"))  # mirror match allowed
    assert [f.character for f in s.fighters] == ["haiwu", "haiwu"]
    assert "characters_revealed" in kinds(ev) and s.phase == "commit"


def test_setup_start_squares_hands_and_hp() -> None:
    s = started()
    assert [f.pos for f in s.fighters] == [(3, 1), (3, 5)]
    assert [len(f.hand) for f in s.fighters] == [3, 3] and len(s.deck) == 34
    assert [f.hp for f in s.fighters] == [20, 20]
    assert s.first == 0 and s.turn == 1  # Player 1 moves first in turn 1


def test_commit_is_hidden_until_both_commit() -> None:
    s = arrange(started(), hands=(["punch", "kick", "block"], ["grapple", "kick", "block"]))
    s, ev = GAME.apply(s, 0, commit(2, "kick"))
    v1 = GAME.view(s, 1)
    assert v1.my_commit is None and v1.fighters[0].committed and v1.fighters[0].hand_count == 3
    assert GAME.view(s, 0).my_commit is not None and GAME.view(s, 0).my_commit.card == "kick"
    assert all("card" not in e.data for e in for_viewer(ev, 1))
    assert set(GAME.prompts(s)) == {0, 1} and GAME.prompts(s)[0].committed


def test_movement_cards_revealed_together_then_first_player_moves() -> None:
    s = arrange(started(), hands=(["punch", "kick", "block"], ["grapple", "kick", "block"]))
    s, _ = GAME.apply(s, 0, commit(2, "kick"))
    s, ev = GAME.apply(s, 1, commit(1, "grapple"))
    assert "movement_revealed" in kinds(ev) and s.reveal is not None
    assert s.reveal.moves == [2, 1] and s.reveal.cards == [None, None]
    assert s.phase == "move" and list(GAME.prompts(s)) == [0]  # first player first
    s, _ = GAME.apply(s, 0, Move(direction="e"))
    assert s.fighters[0].pos == (3, 3) and list(GAME.prompts(s)) == [1]


def test_move_is_exact_straight_and_may_not_cross_rival() -> None:
    s = arrange(started(), pos=((3, 1), (3, 3)),
                hands=(["punch", "kick", "block"], ["grapple", "kick", "block"]))
    s, _ = GAME.apply(s, 0, commit(3, "kick"))
    s, _ = GAME.apply(s, 1, commit(1, "kick"))
    legal = {a.direction for a in GAME.legal(s, 0) if isinstance(a, Move)}
    assert "e" not in legal and "w" not in legal and "ne" in legal
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Move(direction="e"))
    s, _ = GAME.apply(s, 0, Move(direction="ne"))
    assert s.fighters[0].pos == (0, 4) and s.fighters[0].prev_pos == (3, 1)


def test_movement_card_used_last_turn_rests_one_turn() -> None:
    s = arrange(started(), hands=(["block"] * 3, ["block"] * 3))
    s, _ = play_turn(s, commit(2, "block"), commit(3, "block"), "n", "s")
    assert [f.last_move for f in s.fighters] == [2, 3]
    moves0 = {a.move for a in GAME.legal(s, 0) if isinstance(a, Commit)}
    assert moves0 == {1, 3}
    with pytest.raises(IllegalAction, match="resting"):
        GAME.apply(s, 0, commit(2, "block"))
    s, _ = play_turn(s, commit(1, "block"), commit(1, "block"), "s", "n")
    assert {a.move for a in GAME.legal(s, 0) if isinstance(a, Commit)} == {2, 3}


def test_first_player_alternates_each_turn() -> None:
    s = arrange(started(), hands=(["block"] * 3, ["block"] * 3))
    assert s.first == 0
    s, _ = play_turn(s, commit(1, "block"), commit(1, "block"), "n", "n")
    assert s.first == 1 and s.turn == 2
    s, _ = GAME.apply(s, 0, commit(2, "block"))
    s, _ = GAME.apply(s, 1, commit(2, "block"))
    assert list(GAME.prompts(s)) == [1]  # Player 2 moves first this round


def test_both_block_discarded_and_refilled_first_player_first() -> None:
    s = arrange(started(), hands=(["block", "kick", "kick"], ["block", "punch", "punch"]),
                first=1)
    deck_top = list(reversed(s.deck[-2:]))
    s, ev = play_turn(s, commit(1, "block"), commit(1, "block"), "n", "n")
    assert "both_blocked" in kinds(ev)
    assert s.discard == ["block", "block"]
    assert [f.hp for f in s.fighters] == [20, 20]
    # the first player (seat 1) picks up first
    assert s.fighters[1].hand[-1] == deck_top[0] and s.fighters[0].hand[-1] == deck_top[1]
    drawn = [e.data["seat"] for e in ev if e.kind == "cards_drawn" and e.audience is None]
    assert drawn == [1, 0]
    assert total_cards(s) == 40


def test_discard_reshuffled_when_pile_runs_out() -> None:
    s = arrange(started(), hands=(["block"] * 3, ["block"] * 3))
    s = GAME.clone(s)
    s.discard, s.deck = s.deck, []
    s, ev = play_turn(s, commit(1, "block"), commit(1, "block"), "n", "n")
    assert "deck_reshuffled" in kinds(ev)
    assert [len(f.hand) for f in s.fighters] == [3, 3] and total_cards(s) == 40
    assert s.discard == []
