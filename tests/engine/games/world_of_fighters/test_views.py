"""Views: built by allow-list; the rival's hand is a count; spectators see the public view."""

from __future__ import annotations

from engine.core import for_viewer
from engine.games.world_of_fighters import GAME
from engine.games.world_of_fighters.model import Move
from engine.games.world_of_fighters.views import FighterView, WofView
from tests.engine.games.world_of_fighters.helpers import arrange, commit, play_turn, started


def test_view_fields_are_an_allow_list() -> None:
    assert set(WofView.model_fields) == {
        "game", "viewer", "version", "phase", "board_size", "start_squares", "bouts", "bout",
        "turn", "first", "to_act", "fighters", "range", "my_hand", "my_pick", "my_commit",
        "my_table_card", "can_super", "deck_count", "discard_count", "last_reveal",
        "bout_winners", "result_summary", "winners",
    }
    assert "hand" not in FighterView.model_fields and "hand_count" in FighterView.model_fields


def test_own_hand_rival_count_spectator_nothing() -> None:
    s = arrange(started(), hands=(["kick", "punch", "block"], ["grapple", "kick", "block"]))
    v0, v1, vs = GAME.view(s, 0), GAME.view(s, 1), GAME.view(s, None)
    assert v0.my_hand == ["kick", "punch", "block"] and v1.my_hand == ["grapple", "kick", "block"]
    assert vs.my_hand is None and vs.my_commit is None and vs.my_table_card is None
    assert [f.hand_count for f in vs.fighters] == [3, 3]
    assert "grapple" not in vs.model_dump_json() and "grapple" not in v0.model_dump_json()


def test_face_down_card_stays_secret_while_moving() -> None:
    s = arrange(started(), hands=(["kick", "punch", "block"], ["grapple", "kick", "block"]))
    s, _ = GAME.apply(s, 0, commit(2, "kick"))
    s, ev = GAME.apply(s, 1, commit(1, "grapple"))
    assert GAME.view(s, 1).my_table_card == "grapple"
    assert GAME.view(s, 0).my_table_card == "kick"
    assert "grapple" not in GAME.view(s, 0).model_dump_json()
    assert all("grapple" not in str(e.data) for e in for_viewer(ev, 0))
    v = GAME.view(s, None)
    assert v.last_reveal is not None and v.last_reveal.moves == [2, 1]
    assert v.to_act == [0] and v.phase == "move"
    s, _ = GAME.apply(s, 0, Move(direction="e"))
    s, _ = GAME.apply(s, 1, Move(direction="w"))
    v = GAME.view(s, None)
    assert v.last_reveal is not None and v.last_reveal.cards == ["kick", "grapple"]


def test_public_facts_in_the_view() -> None:
    s = arrange(started("haiwu", "milton"),
                hands=(["kick", "punch", "block"], ["grapple", "kick", "block"]))
    s, _ = play_turn(s, commit(2, "kick"), commit(1, "grapple"), "e", "w")
    v = GAME.view(s, None)
    assert [f.last_move for f in v.fighters] == [2, 1]
    assert v.fighters[0].name == "Hai Wu" and v.fighters[0].super_code == "G.R3"
    assert v.fighters[0].prev_pos == (3, 1) and v.fighters[0].pos == (3, 3)
    assert v.first == 1 and v.turn == 2 and v.range == 1
    assert v.last_reveal is not None and v.last_reveal.notes
    assert v.bouts == 1 and [f.bouts_won for f in v.fighters] == [0, 0]
