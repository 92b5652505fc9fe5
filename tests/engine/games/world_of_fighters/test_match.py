"""The match: bouts, the judges, timeouts, labels, options."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.world_of_fighters import GAME
from engine.games.world_of_fighters.data import characters
from engine.games.world_of_fighters.model import MAX_TURNS, Commit, Counter, Move, Options, Pick
from tests.engine.games.world_of_fighters.helpers import (
    arrange,
    commit,
    kinds,
    play_turn,
    started,
    total_cards,
)


def _ko_turn(s, winner: int):  # type: ignore[no-untyped-def]
    """Seat ``winner`` punches the other (at 1 HP) at range 2."""
    hands = [["kick", "kick", "kick"], ["kick", "kick", "kick"]]
    hands[winner] = ["punch", "kick", "kick"]
    hp = [20, 20]
    hp[1 - winner] = 1
    s = arrange(s, hands=(hands[0], hands[1]), hp=(hp[0], hp[1]), pos=((3, 1), (3, 5)))
    c = [commit(1, "kick"), commit(1, "kick")]
    c[winner] = commit(1, "punch")
    return play_turn(s, c[0], c[1], "e", "w")


def test_zero_hp_is_a_ko_and_ends_a_one_bout_match() -> None:
    s, ev = _ko_turn(started(), 0)
    assert s.result is not None and s.result.reason == "ko" and s.result.winners == (0,)
    assert kinds(ev)[-2:] == ["bout_over", "match_over"]
    assert "Rocco Vance" in s.result.summary


def test_best_of_three() -> None:
    s = GAME.clone(started("rocco", "aiko", bouts=3))
    s.fighters[0].super_used = True
    s, ev = _ko_turn(s, 0)
    assert s.result is None and s.bout == 2 and "bout_started" in kinds(ev)
    assert [f.bouts_won for f in s.fighters] == [1, 0] and s.bout_winners == [0]
    # A new bout: HP, squares and Movement cards reset (a used super stays used).
    assert [f.hp for f in s.fighters] == [20, 20] and s.first == 1 and s.turn == 1
    assert [f.pos for f in s.fighters] == [(3, 1), (3, 5)]
    assert [f.last_move for f in s.fighters] == [None, None]
    assert s.fighters[0].super_used  # once per match: not back in the next bout
    assert [len(f.hand) for f in s.fighters] == [3, 3] and total_cards(s) == 40
    s, _ = _ko_turn(s, 1)
    assert s.result is None and s.bout == 3 and s.first == 0
    s, _ = _ko_turn(s, 1)
    assert s.result is not None and s.result.winners == (1,) and s.result.reason == "bouts"
    assert "2-1" in s.result.summary


def test_options() -> None:
    assert GAME.parse_options(None) == Options(bouts=1)
    assert GAME.parse_options({"bouts": 3}) == Options(bouts=3)
    with pytest.raises(IllegalAction):
        GAME.parse_options({"bouts": 2})


def test_judges_decide_on_health_after_the_turn_limit() -> None:
    s = arrange(started(), hands=(["block"] * 3, ["block"] * 3), hp=(9, 12))
    s = GAME.clone(s)
    s.turn = MAX_TURNS
    s, _ = play_turn(s, commit(1, "block"), commit(1, "block"), "n", "n")
    assert s.result is not None and s.result.reason == "decision" and s.result.winners == (1,)


def test_judges_tie_is_a_draw() -> None:
    s = arrange(started(), hands=(["block"] * 3, ["block"] * 3))
    s = GAME.clone(s)
    s.turn = MAX_TURNS
    s, _ = play_turn(s, commit(1, "block"), commit(1, "block"), "n", "n")
    assert s.result is not None and s.result.draw


def test_timeout_defaults() -> None:
    s = GAME.setup(Options(), 2, 3)
    assert GAME.timeout_action(s, 0) == Pick(character="rocco")
    s = arrange(started(), hands=(["kick", "punch", "block"], ["grapple", "kick", "block"]),
                last_move=(1, None))
    assert GAME.timeout_action(s, 0) == Commit(move=2, card="kick")
    s, ev = GAME.timeout(s, 1)
    assert ev[0].kind == "timeout" and s.commits[1] == Commit(move=1, card="grapple")
    s, _ = GAME.apply(s, 0, commit(2, "block"))
    assert GAME.timeout_action(s, 0) == Move(direction="n")
    s, _ = GAME.apply(s, 0, Move(direction="e"))
    s, _ = GAME.apply(s, 1, Move(direction="w"))
    assert s.phase == "counter"
    assert GAME.timeout_action(s, 0) == Counter(card=None)


def test_labels() -> None:
    s = arrange(started("haiwu", "rocco"), hp=(7, 20),
                hands=(["grapple", "punch", "block"], ["block", "punch", "kick"]))
    assert GAME.label(s, 0, commit(2, "kick")) == "Move 2 + Kick"
    label = GAME.label(s, 0, commit(1, "grapple", True))
    assert label == "Move 1 + Grapple + SUPER Climbing Monkey"
    assert GAME.label(s, 0, Move(direction="ne")) == "North-East"
    assert GAME.label(s, 0, Counter(card="punch")) == "Counter with Punch"
    assert GAME.label(s, 0, Counter(card=None)) == "No counter"
    assert GAME.label(s, 0, Pick(character="kevin")).startswith("Kevin from Accounts")


def test_act_by_aid_and_concede() -> None:
    s = arrange(started(), hands=(["kick", "punch", "block"], ["grapple", "kick", "block"]))
    s, _ = GAME.act(s, 0, "c3-kick", expected_version=s.version)
    assert s.commits[0] == Commit(move=3, card="kick")
    s, _ = GAME.concede(s, 1)
    assert s.result is not None and s.result.winners == (0,)


def test_registered() -> None:
    from engine.games import REGISTRY

    assert REGISTRY["world_of_fighters"] is GAME and GAME.name == "World of Fighters"


def test_simulator_smoke() -> None:
    from engine.simulate import simulate

    for bouts in (1, 3):
        res = simulate(GAME, 60, seed=1, options={"bouts": bouts})
        assert res.errors == 0 and res.finished == 60, res.first_error
        assert set(res.played) <= {c.name for c in characters().values()}
