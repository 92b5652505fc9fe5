"""Printed kards do what their names say (issue 28): spears pull, freezes stun, teleports
close in, moves from behind gain +1 Speed (a Quick Turn cancels it), airborne moves
escape Low counters and throws, throws pass blocks but not a Throw Reversal, kinds fuel
burns and Kombos, Kombo exceptions, and a Kombo hit out of reach has no effect at all."""

from __future__ import annotations

from engine.games.mortal_kombat.data import kard, kards, kombatants
from tests.engine.games.mortal_kombat.helpers import aids, play, position


def test_a_kombo_hit_out_of_reach_has_no_effect_at_all() -> None:
    """Advanced: High Kick + Three-Hit Kombo, Back Kick knocks the rival back, then Sweep
    misses: no damage and no knockdown from it (the rulebook: the other attacks fail)."""
    s = position("advanced", hands=(["b05", "k02", "b17", "b08"], []))
    s.distance = "h2h"
    s = play(play(play(s, 0, "ak-b05-k02"), 0, "go"), 1, "take")
    s = play(play(play(s, 0, "kn-b17"), 0, "kn-b08"), 1, "br")
    assert s.fighters[1].kp == 30 - (4 + 3)
    assert s.fighters[1].penalty == 0  # the Sweep's knockdown did not happen
    assert "b08" in s.fighters[0].discard and s.distance == "ranged"


def test_a_kombo_hit_in_reach_keeps_its_effects() -> None:
    s = position("advanced", hands=(["b05", "k02", "b08", "b17"], []))
    s.distance = "h2h"
    s = play(play(play(s, 0, "ak-b05-k02"), 0, "go"), 1, "take")
    s = play(play(play(s, 0, "kn-b08"), 0, "kn-b17"), 1, "br")
    assert s.fighters[1].kp == 30 - (4 + 2 + 3) and s.fighters[1].penalty == 1


def test_a_kombo_exception_may_end_early() -> None:
    """Three-Hit Kombo: only its first later attack is required."""
    assert kard("k02").needs == 1
    s = position(hands=(["b05", "k02", "b01"], []))
    assert "ak-b05-k02" in aids(s, 0)  # one more Basic Attack is enough
    s = play(play(play(s, 0, "ak-b05-k02"), 0, "go"), 1, "take")
    s = play(s, 0, "kn-b01")
    assert s.phase == "kombo" and "kn" in aids(s, 0)
    s = play(play(s, 0, "kn"), 1, "br")
    assert s.fighters[1].kp == 30 - (4 + 2)


def test_kombo_steps_and_burns_read_the_kind() -> None:
    """Four-Hit Kombo wants punches; Jax's Gotcha Grab burns only punches."""
    s = position("starter", hands=(["b05", "k06", "b06", "b02"], []))
    assert "ak-b05-k06" not in aids(s, 0)  # a Low Kick is no punch
    s = position("starter", hands=(["b05", "k06", "b01", "b02"], []))
    assert "ak-b05-k06" in aids(s, 0)
    s = position(hands=(["jax4", "b01", "b06"], []), left="jax")
    s = play(play(play(s, 0, "at-jax4"), 0, "go"), 1, "take")
    assert "bn-b01" in aids(s, 0) and "bn-b06" not in aids(s, 0)


def test_the_spear_pulls_the_rival_in_and_stuns() -> None:
    s = position("advanced", hands=(["scorpion1"], ["b01", "b02"]), left="scorpion")
    assert s.distance == "ranged"
    s = play(play(play(s, 0, "at-scorpion1"), 0, "go"), 1, "take")
    assert s.distance == "h2h" and len(s.fighters[1].hand) == 1
    assert s.phase == "followup" and s.followup_for == 0


def test_the_freeze_stuns() -> None:
    s = position(hands=(["subzero1"], ["b01", "b02"]))
    s = play(play(play(s, 0, "at-subzero1"), 0, "go"), 1, "take")
    assert len(s.fighters[1].hand) == 1 and s.phase == "followup"


def test_a_teleport_closes_in_and_no_projectile_counters_it() -> None:
    """Kung Lao's Teleport from Ranged distance: at Hand-to-Hand without a step; a
    Ranged counter cannot meet it."""
    s = position("advanced", hands=(["kunglao2"], ["kano1", "b16"]), left="kunglao")
    s = play(play(s, 0, "at-kunglao2"), 0, "go")
    assert s.distance == "h2h" and "ct-kano1" not in aids(s, 1) and "ct-b16" in aids(s, 1)


def test_from_behind_gains_one_speed_and_a_quick_turn_cancels_it() -> None:
    """Scorpion's Teleport Punch (5) goes behind: Speed 6, a Quick High Block (7) holds,
    a High Block (5) does not; with Quick Turn the High Block holds again."""
    s = position("advanced", hands=(["scorpion2"], ["d01", "e25"]), left="scorpion")
    s = play(play(s, 0, "at-scorpion2"), 0, "go")
    assert s.exchange is not None and s.exchange.behind
    assert kard("scorpion2").speed == 5
    t = play(s, 1, "bl-d01")
    assert t.fighters[1].kp == 30 - (kard("scorpion2").strength or 0)  # too slow: 5 < 6
    u = play(play(s, 1, "se-e25"), 1, "bl-d01")
    assert u.fighters[1].kp == 29


def test_airborne_moves_escape_low_counters_and_throws() -> None:
    """Liu Kang's Flying Kick is airborne: a Crouching Punch (Low) or a Throw cannot
    counter it; a Jump Punch can."""
    s = position(hands=(["liukang2"], ["b16", "b12", "b14"]), left="liukang")
    s = play(play(s, 0, "at-liukang2"), 0, "go")
    a = aids(s, 1)
    assert "ct-b16" not in a and "ct-b12" not in a and "ct-b14" in a


def test_throws_pass_blocks_and_a_throw_reversal_stops_them() -> None:
    s = position(hands=(["jax5"], ["d02", "d06", "d13", "d12"]), left="jax")
    s = play(play(s, 0, "at-jax5"), 0, "go")
    a = aids(s, 1)
    assert "bl-d02" not in a and "bl-d06" not in a and "sc-d13" in a and "sc-d12" not in a
    s = play(s, 1, "sc-d13")
    assert s.fighters[0].kp == 27 and s.fighters[1].kp == 30


def test_area_and_variable_locations() -> None:
    """Dragon Flame (Area): no block, a Jump Away evades; Hat Throw (Variable): any
    block of the right Speed meets it."""
    s = position(hands=(["liukang7"], ["d01", "d08"]), left="liukang")
    s = play(play(s, 0, "at-liukang7"), 0, "go")
    assert "bl-d01" not in aids(s, 1) and "ev-d08" in aids(s, 1)
    s = position(hands=(["kunglao1"], ["d01", "d03"]), left="kunglao")
    s = play(play(s, 0, "at-kunglao1"), 0, "go")
    assert "bl-d01" in aids(s, 1) and "bl-d03" in aids(s, 1)


def test_names_say_what_moves_do() -> None:
    """Slides and low fireballs are Low, flying kicks airborne, grabs throws, spears and
    harpoons pull, teleports teleport, freezes stun: read from the printed kards."""
    for k in kards().values():
        if not k.is_attack:
            continue
        low = k.name.lower()
        if "slide" in low or "low fireball" in low or "sweep" in low:
            assert k.location == "low", k.name
        if "flying" in low or "air throw" in low or low.startswith("jump"):
            assert k.airborne, k.name
        if "grab" in low or low == "throw":
            assert k.kind == "throw", k.name
        if low in ("spear", "harpoon"):
            assert k.has("pull"), k.name
        if "teleport" in low:
            assert k.has("teleport"), k.name
        if low in ("ice blast", "ice clone"):
            assert k.has("stun"), k.name
        assert k.kind in ("punch", "kick", "throw", "projectile"), k.name
    assert len(kombatants()) == 20
