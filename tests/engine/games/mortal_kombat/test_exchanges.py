"""Rulebook scenarios of one exchange: the worked examples, every response, initiative."""

from __future__ import annotations

import pytest

from engine.core import EngineError, NotYourDecision
from engine.games.mortal_kombat import GAME

from .helpers import aids, play, position

# b01 Head Punch high 5/2; b05 High Kick high 4/4; b04 Body Punch mid 4/3
# d01 High Block 5; d04 Quick High Block 7; d07 Duck (evade high) 6; d12 Projectile
# Reflect (vs Ranged) 5/3; b16 Crouching Punch low 6/1; b14 Jump Punch high 6/2.


def test_head_punch_taken_billy_and_ron() -> None:
    """Billy's Head Punch (Speed 5, Strength 2) hits Ron who cannot defend: Ron loses 2
    and Billy keeps the initiative."""
    s = position(hands=(["b01"], []))
    s = play(s, 0, "at-b01")
    s = play(s, 0, "go")
    assert aids(s, 1) == ["take"]  # always asked, even with nothing to play
    s = play(s, 1, "take")
    assert s.fighters[1].kp == 28 and s.initiative == 0 and s.phase == "discard"


def test_high_kick_blocked_passes_the_initiative() -> None:
    """Billy's High Kick is blocked by Ron: 1 damage gets through and Ron takes the
    initiative for the next turn."""
    s = position(hands=(["b05"], ["d01"]))
    s = play(play(s, 0, "at-b05"), 0, "go")
    assert "bl-d01" in aids(s, 1)
    s = play(s, 1, "bl-d01")
    assert s.fighters[1].kp == 29 and s.initiative == 1
    assert "b05" in s.fighters[0].discard and "d01" in s.fighters[1].discard


def test_a_slower_block_fails() -> None:
    s = position(hands=(["b14"], ["d01"]))  # Jump Punch Speed 6 vs High Block 5
    s = play(play(s, 0, "at-b14"), 0, "go")
    s = play(s, 1, "bl-d01")
    assert s.fighters[1].kp == 28 and s.initiative == 0


def test_blocks_only_offered_for_the_same_location() -> None:
    s = position(hands=(["b04"], ["d01", "d02"]))  # Body Punch is Mid
    s = play(play(s, 0, "at-b04"), 0, "go")
    assert "bl-d02" in aids(s, 1) and "bl-d01" not in aids(s, 1)
    with pytest.raises(EngineError):
        GAME.act(s, 1, "bl-d01")


@pytest.mark.parametrize(("attack", "lands"), [("b05", False), ("b14", True)])
def test_evade_must_be_faster(attack: str, lands: bool) -> None:
    """Duck (Speed 6) evades a Speed 4 High Kick, not a Speed 6 Jump Punch."""
    s = position(hands=([attack], ["d07"]))
    s = play(play(s, 0, f"at-{attack}"), 0, "go")
    s = play(s, 1, "ev-d07")
    assert (s.fighters[1].kp < 30) is lands
    assert s.initiative == (0 if lands else 1)


def test_faster_counter_lands_alone() -> None:
    s = position(hands=(["b05"], ["b16"]))  # High Kick 4 vs Crouching Punch 6
    s = play(play(s, 0, "at-b05"), 0, "go")
    s = play(s, 1, "ct-b16")
    assert s.fighters[0].kp == 29 and s.fighters[1].kp == 30 and s.initiative == 1


def test_equal_speed_counter_trades_without_effects() -> None:
    """Sweep (4/2, knocks down) against High Kick (4/4): both land, effects cancelled."""
    s = position("advanced", hands=(["b05"], ["b08"]))
    s.distance = "h2h"
    s = play(play(s, 0, "at-b05"), 0, "go")
    s = play(s, 1, "ct-b08")
    assert s.fighters[0].kp == 28 and s.fighters[1].kp == 26
    assert s.fighters[0].penalty == 0 and s.initiative == 1


def test_slower_counter_fails() -> None:
    s = position(hands=(["b14"], ["b05"]))  # Jump Punch 6 vs High Kick 4
    s = play(play(s, 0, "at-b14"), 0, "go")
    s = play(s, 1, "ct-b05")
    assert s.fighters[1].kp == 28 and s.fighters[0].kp == 30 and s.initiative == 0
    assert "b05" in s.fighters[1].discard


def test_specific_counter_stops_a_projectile() -> None:
    """Projectile Reflect (Speed 5) against Sub-Zero's Ice Blast (Ranged, 5/3)."""
    s = position(hands=(["subzero1"], ["d12"]))
    s = play(play(s, 0, "at-subzero1"), 0, "go")
    assert "sc-d12" in aids(s, 1)
    s = play(s, 1, "sc-d12")
    assert s.fighters[1].kp == 30 and s.fighters[0].kp == 27 and s.initiative == 1


def test_ranged_attacks_are_only_countered_by_ranged_attacks() -> None:
    s = position(hands=(["subzero1"], ["b16", "kano1"]))
    s = play(play(s, 0, "at-subzero1"), 0, "go")
    assert "ct-kano1" in aids(s, 1) and "ct-b16" not in aids(s, 1)


def test_kombo_attacks_never_counter() -> None:
    s = position(hands=(["b05"], ["b20", "b16"]))  # Spin Kick allows a Follow-up
    s = play(play(s, 0, "at-b05"), 0, "go")
    assert "ct-b16" in aids(s, 1) and "ct-b20" not in aids(s, 1)


def test_a_pass_hands_over_the_initiative_and_only_the_asked_seat_acts() -> None:
    s = position(hands=(["b05"], ["b01"]))
    with pytest.raises(NotYourDecision):
        GAME.act(s, 1, "at-b01")
    s = play(s, 0, "pass")
    assert s.initiative == 1 and s.phase == "discard"


def test_special_effect_only_action_passes_the_initiative() -> None:
    s = position(hands=(["e07"], []), kp=(20, 30))  # Chi Healing
    s = play(s, 0, "se-e07")
    assert s.fighters[0].kp == 25 and s.phase == "act"
    s = play(s, 0, "pass")
    assert s.initiative == 1


def test_strength_special_effects_add_up_and_nonaccumulative_stands_alone() -> None:
    """Power Surge +2 and Focus +1 add up; Rage (+3, nonaccumulative) only goes on an
    unmodified value and then nothing more is added."""
    s = position(hands=(["b01", "e03", "e05", "e04", "e04"], []))
    s = play(play(s, 0, "at-b01"), 0, "se-e03")
    assert "se-e04" not in aids(s, 0)
    s = play(play(s, 0, "se-e05"), 0, "go")
    s = play(s, 1, "take")
    assert s.fighters[1].kp == 30 - (2 + 2 + 1)
    t = position(hands=(["b01", "e04", "e03"], []))
    t = play(play(t, 0, "at-b01"), 0, "se-e04")
    assert "se-e03" not in aids(t, 0)


def test_defender_special_effects_slow_the_attack() -> None:
    """Slow Motion (-2 Speed to the attack) lets a Speed 5 block stop a Jump Punch."""
    s = position(hands=(["b14"], ["e11", "d01"]))
    s = play(play(s, 0, "at-b14"), 0, "go")
    s = play(s, 1, "se-e11")
    assert s.phase == "respond"
    s = play(s, 1, "bl-d01")
    assert s.fighters[1].kp == 29 and s.initiative == 1


def test_durations_last_their_turns() -> None:
    """Blood Lust: +1 Strength now and for the next two turns, shown in force."""
    s = position(hands=(["b01", "e17", "b01", "b01"], []))
    s = play(play(play(s, 0, "at-b01"), 0, "se-e17"), 0, "go")
    s = play(s, 1, "take")
    assert s.fighters[1].kp == 27 and len(s.modifiers) == 1
    view = GAME.view(s, None)
    assert view.modifiers[0].kard == "e17"
