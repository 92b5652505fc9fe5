"""Opening, Discard/Draw, rounds, Timer vs Infinity, caps, and the three rule levels."""

from __future__ import annotations

import pytest

from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.model import Act, Options

from .helpers import aids, play, position, started


def test_secret_simultaneous_pick_and_opening_nine() -> None:
    s = GAME.setup(Options(), 2, 5)
    s = play(s, 0, "pick-scorpion")
    assert GAME.view(s, 1).fighters[0].kombatant is None
    assert GAME.view(s, None).fighters[0].picked
    s = play(s, 1, "pick-scorpion")  # a mirror match is allowed
    assert [len(f.hand) for f in s.fighters] == [9, 9]
    assert [len(f.deck) for f in s.fighters] == [41, 41]
    assert s.phase == "act" and s.fighters[0].kp == 30  # the first turn skips Discard/Draw


def test_discard_draw_refills_to_eight_then_draws_one() -> None:
    s = started()
    held = list(s.fighters[1].hand)
    s = play(s, s.initiative, "pass")
    assert s.phase == "discard"
    two = sorted(s.fighters[0].hand)[:2]
    s = play(s, 0, f"dd-{two[0]}-{two[1]}")
    assert GAME.prompts(s)[0].committed and not GAME.prompts(s)[1].committed
    s = play(s, 1, "dd")
    assert len(s.fighters[0].hand) == 9 and s.fighters[1].hand[:9] == held
    assert len(s.fighters[1].hand) == 10


@pytest.mark.parametrize("kp", [30, 40, 50])
def test_starting_kp_option(kp: int) -> None:
    assert started(kp=kp).fighters[0].kp == kp


def test_ko_wins_the_round_and_the_loser_starts_the_next() -> None:
    s = position(hands=(["b05"], []), kp=(30, 3))
    s = play(play(play(s, 0, "at-b05"), 0, "go"), 1, "take")
    assert s.round == 2 and s.fighters[0].rounds == 1 and s.initiative == 1
    assert [f.kp for f in s.fighters] == [30, 30] and len(s.fighters[0].hand) == 9


def test_double_ko_is_replayed_by_the_other_starter() -> None:
    s = position(hands=(["b05"], ["b06"]), kp=(3, 3))
    s.fighters[0].hand = ["b05"]
    s = play(play(s, 0, "at-b05"), 0, "go")
    s = play(s, 1, "ct-b06")  # Low Kick 4/3 trades with High Kick 4/4
    assert s.round == 2 and s.round_winners == [None] and s.initiative == 1
    assert [f.rounds for f in s.fighters] == [0, 0]


def test_two_rounds_win_the_match() -> None:
    s = position(hands=(["b05"], []), kp=(30, 3))
    s.fighters[0].rounds = 1
    s = play(play(play(s, 0, "at-b05"), 0, "go"), 1, "take")
    assert s.result is not None and s.result.winners == (0,) and GAME.prompts(s) == {}


def test_timer_rule_ends_the_round_on_the_last_kard() -> None:
    s = position(hands=(["b05"], []), kp=(30, 30))
    s.fighters[1].deck = s.fighters[1].deck[:3]
    s = play(play(play(s, 0, "at-b05"), 0, "go"), 1, "take")
    s = play(play(s, 0, "dd"), 1, "dd")  # refill to 8 empties the deck: time
    assert s.round == 2 and s.fighters[0].rounds == 1 and s.round_winners == [0]


def test_infinity_rule_reshuffles_the_discard_pile() -> None:
    s = position(hands=(["b05"], []), kp=(30, 30), timer="infinity")
    f = s.fighters[1]
    f.discard, f.deck = f.deck[3:], f.deck[:3]
    s = play(play(play(s, 0, "at-b05"), 0, "go"), 1, "take")
    s = play(play(s, 0, "dd"), 1, "dd")
    assert s.round == 1 and len(s.fighters[1].hand) == 9 and s.phase == "act"


def test_levels_distance_only_in_advanced() -> None:
    basic = position("basic", hands=(["b05", "kano1"], []))
    adv = position("advanced", hands=(["b05", "kano1", "b13"], []))
    assert "step" not in aids(basic, 0) and "at-b05" in aids(basic, 0)
    assert "at-kano1" in aids(basic, 0)  # Basic: any Kombatant's Special Moves
    assert GAME.view(basic, None).distance is None
    a = aids(adv, 0)
    assert "step" in a and "at-b05" not in a and "at-kano1" not in a and "at-b13" in a
    assert GAME.view(adv, None).distance == "ranged"


def test_step_costs_one_speed_and_a_pass_clears_it() -> None:
    s = position("advanced", hands=(["b05", "b13"], ["d01"]))
    s = play(s, 0, "step")
    assert s.distance == "h2h" and "at-b13" not in aids(s, 0)  # no movement kard after
    s = play(play(s, 0, "at-b05"), 0, "go")
    assert s.exchange is not None and s.exchange.pen == 1


def test_movement_attack_closes_in_and_knockdown_slows_the_next_action() -> None:
    s = position("advanced", hands=(["b15"], []))  # Flying Kick: movement, knockdown
    s = play(play(play(s, 0, "at-b15"), 0, "go"), 1, "take")
    assert s.distance == "h2h" and s.fighters[1].penalty == 1


def test_knockback_at_hand_to_hand_goes_to_ranged_but_not_out_of_close_quarters() -> None:
    s = position("advanced", hands=(["b07"], []))
    s.distance = "h2h"
    s = play(play(play(s, 0, "at-b07"), 0, "go"), 1, "take")
    assert s.distance == "ranged"
    t = position("advanced", hands=(["b12"], []))  # Throw: Close Quarters, knockback
    t.distance = "h2h"
    t = play(play(play(t, 0, "at-b12"), 0, "go"), 1, "take")
    assert t.distance == "h2h"


def test_starter_ignores_falls() -> None:
    s = position("starter", hands=(["b15"], []))
    s = play(play(play(s, 0, "at-b15"), 0, "go"), 1, "take")
    assert s.fighters[1].penalty == 0


def test_timeout_defaults_are_harmless() -> None:
    s = started()
    assert GAME.timeout_action(s, s.initiative) == Act.of(kind="pass")


def test_a_projectile_at_ranged_distance_is_only_countered_by_a_ranged_attack() -> None:
    """Advanced, at Ranged distance: Knife Throw may counter Ice Blast (an equal-Speed
    trade), a Head Punch may not."""
    s = position("advanced", hands=(["subzero1"], ["b14", "b01", "kano1"]))
    s = play(play(s, 0, "at-subzero1"), 0, "go")
    a = aids(s, 1)
    assert "ct-b01" not in a and "ct-kano1" in a
    s = play(s, 1, "ct-kano1")  # Knife Throw 5 trades with Ice Blast 5
    assert s.fighters[0].kp == 27 and s.fighters[1].kp == 27 and s.distance == "ranged"


def test_bad_options_are_refused_with_a_reason() -> None:
    with pytest.raises(Exception, match="kp must be 30, 40 or 50"):
        GAME.parse_options({"kp": 35})
    with pytest.raises(Exception, match="deck_size must be 50 or 60"):
        GAME.parse_options({"deck_size": 55})


def test_getting_up_and_moving_cost_two_speed_and_a_pass_removes_them() -> None:
    """The rulebook: standing up and then moving gives -2 on the next action; passing
    after moving removes the modifiers."""
    s = position("advanced", hands=(["b05"], []), initiative=0)
    s.fighters[0].penalty = 1  # knocked down last turn
    t = play(play(play(s, 0, "step"), 0, "at-b05"), 0, "go")
    assert t.exchange is not None and t.exchange.pen == 2
    u = play(play(s, 0, "step"), 0, "pass")
    assert u.fighters[0].penalty == 0 and u.initiative == 1


def test_safety_caps_end_a_round_and_a_match() -> None:
    """80 turns in a round: the most KP wins it; 9 rounds in a match: the most round wins,
    else a draw."""
    s = position(hands=([], []), kp=(20, 25))
    s.turn = 80
    s = play(s, 0, "pass")
    assert s.round_winners == [1] and s.capped_rounds == 1 and s.round == 2
    t = position(hands=([], []), kp=(20, 20))
    t.turn, t.round_winners = 80, [None] * 8
    t = play(t, 0, "pass")
    assert t.result is not None and t.result.draw and t.result.reason == "rounds"
