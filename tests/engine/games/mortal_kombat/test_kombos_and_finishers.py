"""Stun and Follow-ups, Kombos and Kombo Breakers, multi-hit moves, finishing moves."""

from __future__ import annotations

from engine.games.mortal_kombat import GAME

from .helpers import aids, play, position

# b05 High Kick 4/4; e04 Rage +3 nonacc; e27 Brute Force +3; b01 Head Punch 5/2;
# k01 Two-Hit Kombo [basic]; k02 Three-Hit Kombo [basic, basic]; d14 Kombo Breaker;
# d15 Recovery Roll (breaks a Follow-up); jax4 Gotcha Grab 2 x 4.


def stunning_hit(defender_hand: list[str]) -> object:
    s = position(hands=(["b05", "e27", "e03", "b01"], defender_hand))
    s = play(play(play(s, 0, "at-b05"), 0, "se-e27"), 0, "se-e03")
    return play(play(s, 0, "go"), 1, "take")


def test_eight_damage_stuns_loses_a_random_kard_and_gives_a_follow_up() -> None:
    s = stunning_hit(["d01", "d02", "d15"])
    assert s.fighters[1].kp == 30 - 9  # 4 + 3 + 2
    assert len(s.fighters[1].hand) == 2 and len(s.fighters[1].discard) == 1
    assert s.phase == "followup" and aids(s, 0) == ["fu", "fu-b01"]
    s = play(s, 0, "fu-b01")
    assert s.phase == "breaker"  # the defender is always asked
    s = play(s, 1, "br")
    assert s.fighters[1].kp == 19 and s.initiative == 0


def test_a_follow_up_breaker_makes_it_miss() -> None:
    s = stunning_hit(["d15"])  # the random loss may take the breaker
    s = play(s, 0, "fu-b01")
    if "br-d15" in aids(s, 1):
        s = play(s, 1, "br-d15")
        assert s.fighters[1].kp == 21 and s.initiative == 1
    else:
        assert aids(s, 1) == ["br"]


def test_stunning_attack_effect() -> None:
    """Head Butt says 'opponent stunned': stunned whatever the damage."""
    s = position("basic", hands=(["b18", "b01"], ["d01", "d02"]))
    s = play(play(play(s, 0, "at-b18"), 0, "go"), 1, "take")
    assert s.fighters[1].kp == 28 and s.phase == "followup" and len(s.fighters[1].hand) == 1


def test_kombo_lands_then_the_rest_cannot_be_defended() -> None:
    """Kenny's Kombo: the first attack lands, he lays the rest in order, then totals."""
    s = position(hands=(["b01", "k02", "b05", "b04"], ["d14"]))
    assert "ak-b01-k02" in aids(s, 0)
    s = play(play(play(s, 0, "ak-b01-k02"), 0, "go"), 1, "take")
    assert s.phase == "kombo"
    s = play(play(s, 0, "kn-b05"), 0, "kn-b04")
    assert s.phase == "breaker" and aids(s, 1) == ["br", "br-d14"]
    s = play(s, 1, "br")
    assert s.fighters[1].kp == 30 - (2 + 4 + 3) and s.initiative == 0


def test_kombo_breaker_leaves_only_the_first_hit() -> None:
    s = position(hands=(["b01", "k02", "b05", "b04"], ["d14"]))
    s = play(play(play(s, 0, "ak-b01-k02"), 0, "go"), 1, "take")
    s = play(play(play(s, 0, "kn-b05"), 0, "kn-b04"), 1, "br-d14")
    assert s.fighters[1].kp == 28 and s.initiative == 1
    assert {"b01", "k02", "b05", "b04"} <= set(s.fighters[0].discard)


def test_a_kombo_needs_every_kard_in_hand() -> None:
    s = position(hands=(["b01", "k07", "b05"], []))  # Brutal Kombo: two Special Moves
    assert "ak-b01-k07" not in aids(s, 0)


def test_a_defended_kombo_is_not_finished() -> None:
    s = position(hands=(["b01", "k01", "b05"], ["d04"]))
    s = play(play(play(s, 0, "ak-b01-k01"), 0, "go"), 1, "bl-d04")
    assert s.fighters[1].kp == 29 and s.initiative == 1 and "b05" in s.fighters[0].hand


def test_kombo_kinds_at_starter_but_not_at_basic() -> None:
    """Special Kombo needs a Special Move at Starter/Advanced; Basic ignores kinds."""
    basic = position("basic", hands=(["b01", "k03", "b05"], []))
    starter = position("starter", hands=(["b01", "k03", "b05"], []))
    assert "ak-b01-k03" in aids(basic, 0) and "ak-b01-k03" not in aids(starter, 0)


def test_throw_knocks_the_rest_of_a_kombo_out_of_reach() -> None:
    """The rulebook's example: High Kick, then a knockback, then a Head Punch that misses
    (Advanced) but is still discarded."""
    s = position("advanced", hands=(["b05", "k02", "b17", "b01"], []))
    s.distance = "h2h"
    s = play(play(play(s, 0, "ak-b05-k02"), 0, "go"), 1, "take")
    s = play(play(play(s, 0, "kn-b17"), 0, "kn-b01"), 1, "br")
    assert s.fighters[1].kp == 30 - (4 + 3) and "b01" in s.fighters[0].discard
    assert s.distance == "ranged"


def test_gotcha_grab_burns_kards_for_more_hits() -> None:
    """Jax's Gotcha Grab (2 x 4): each burned attack kard adds 2."""
    s = position(hands=(["jax4", "b01", "b02", "b03"], []), left="jax")
    s = play(play(play(s, 0, "at-jax4"), 0, "go"), 1, "take")
    assert s.phase == "burn"
    s = play(play(s, 0, "bn-b01"), 0, "bn-b02")
    s = play(play(s, 0, "bn"), 1, "br")
    assert s.fighters[1].kp == 30 - 6 and "b03" in s.fighters[0].hand


def test_multi_hit_moves_are_kombos_so_no_kombo_kard_with_them() -> None:
    s = position(hands=(["jax4", "k01", "b01"], []), left="jax")
    assert "ak-jax4-k01" not in aids(s, 0)


def test_fatality_at_five_kp_and_friendship_cancels_it() -> None:
    s = position(hands=(["subzero8"], ["kano10"]), kp=(30, 5))
    assert "fx-subzero8" in aids(s, 0)
    s = play(s, 0, "fx-subzero8")
    assert aids(s, 1) == ["take", "fr-kano10"]
    t = play(s, 1, "fr-kano10")
    assert t.fighters[1].kp == 5 and t.initiative == 1
    u = play(s, 1, "take")
    assert u.fighters[0].rounds == 1 and u.round == 2


def test_fatality_needs_five_kp_or_less_babality_three() -> None:
    s = position(hands=(["subzero8", "subzero9"], []), kp=(30, 4))
    assert "fx-subzero8" in aids(s, 0) and "fx-subzero9" not in aids(s, 0)


def test_babality_cannot_be_cancelled() -> None:
    s = position(hands=(["subzero9"], ["kano10"]), kp=(30, 3))
    s = play(s, 0, "fx-subzero9")
    assert aids(s, 1) == ["take"]
    s = play(s, 1, "take")
    assert s.fighters[0].rounds == 1


def test_vendetta_and_friendship() -> None:
    """Vendetta: +3 Strength against the opposite allegiance (Sub-Zero vs Kano); a
    Friendship cancels it and the defender may still defend."""
    s = position(hands=(["b01", "e14"], ["kano10"]))
    s = play(play(play(s, 0, "at-b01"), 0, "se-e14"), 0, "go")
    assert s.exchange is not None and s.exchange.vendetta
    t = play(play(s, 1, "fr-kano10"), 1, "take")
    assert t.fighters[1].kp == 28
    assert play(s, 1, "take").fighters[1].kp == 25


def test_copy_move_uses_the_rivals_last_special_move() -> None:
    s = position(hands=(["e15"], []))
    s.fighters[1].discard = ["kano1"]
    assert "cm-e15" in aids(s, 0)
    s = play(play(play(s, 0, "cm-e15"), 0, "go"), 1, "take")
    assert s.fighters[1].kp == 27 and s.fighters[1].discard == ["kano1"]
    assert GAME.view(s, None).fighters[0].discard == ["e15"]


def test_a_kombo_whose_kards_were_lost_ends_with_what_was_laid() -> None:
    """Confusion (the rival discards a random kard) while the Kombo is on the table: if
    the needed kard is lost, the Kombo ends after its first hit and may still be broken."""
    s = position(hands=(["b01", "k01", "b05"], ["e10"]))
    s = play(play(s, 0, "ak-b01-k01"), 0, "go")
    s = play(s, 1, "se-e10")  # the attacker's only other kard, High Kick, is lost
    assert s.fighters[0].hand == []
    s = play(s, 1, "take")
    # the table sees only that the attacker decides (issue 29); with nothing that fits,
    # ending the Kombo is its one choice
    assert s.phase == "kombo" and aids(s, 0) == ["kn"]
    s = play(s, 0, "kn")
    assert s.phase == "breaker" and aids(s, 1) == ["br"]
    s = play(s, 1, "br")
    assert s.fighters[1].kp == 28


def test_a_counter_landing_alone_for_eight_stuns_the_attacker() -> None:
    """Jump Punch (6/2) boosted by Brute Force, Power Surge and Focus counters a High
    Kick for 8: the attacker is stunned and the defender gets the Follow-up."""
    s = position(hands=(["b05", "d01", "d02"], ["b14", "e27", "e03", "e05", "b01"]))
    s = play(play(s, 0, "at-b05"), 0, "go")
    for se in ("se-e27", "se-e03", "se-e05"):
        s = play(s, 1, se)
    s = play(s, 1, "ct-b14")
    assert s.fighters[0].kp == 22 and len(s.fighters[0].hand) == 1
    assert s.phase == "followup" and GAME.prompts(s).keys() == {1}
    s = play(s, 1, "fu-b01")
    s = play(s, 0, "br")
    assert s.fighters[0].kp == 20 and s.initiative == 1
