"""Combat scoring: each maneuver, icons, elements, reductions, power <= 0, loot."""

from __future__ import annotations

from engine.games.kingdom_of_loathing import GAME, data
from engine.games.kingdom_of_loathing.effects import killable, score

from .helpers import act, aids, arrange, fresh, play

# k01 power 2 spooky; k04 combat item 3 damage (-1 vs spooky); k05 hat spell+1, resist
# spooky 1; k07 power 5 spooky; k08 power 6 (no element), item: reduce 2 (+1 vs spooky);
# k09 power 2 sleaze; k16 combat item: reduce 2 (+1 vs sleaze).


def combat(hand: list[str], items: tuple[str, ...] = (), **kw: object) -> object:
    s = arrange(fresh(), hand=hand, phase="combat", **kw)  # type: ignore[arg-type]
    s.players[0].items += list(items)
    return s


def test_melee_adds_muscle_cards_and_melee_icons() -> None:
    s = combat(["mu3", "mu2", "my1", "mx1"])
    s, ev = play(s, act("man", "melee", cards=("mu3", "mu2")))
    assert s.phase == "kill"
    played = next(e for e in ev if e.kind == "man")  # the table is told which cards
    assert played.data["cards"] == ["mu3", "mu2"] and played.data["ref"] == "melee"
    assert score(s, 0, None) == 3 + 2 + 1  # newbie weapon: Melee +1
    assert s.players[0].played == ["mu3", "mu2"] and s.players[0].hand == ["my1", "mx1"]


def test_spell_uses_myst_and_spell_icons_ranged_uses_moxie() -> None:
    s = combat(["my4", "my2", "mx3"])
    s2, _ = play(s, act("man", "spell", cards=("my4", "my2")))
    assert score(s2, 0, None) == 6 + 1  # newbie hat: Spell +1
    s3, _ = play(s, act("man", "ranged", cards=("mx3",)))
    assert score(s3, 0, None) == 3  # no Ranged icon yet


def test_step_one_damage_adds_to_attacks_but_not_to_evasion() -> None:
    s = combat(["mx3", "mu1"], items=("k04",))
    s, _ = play(s, act("use", "k04"))
    assert s.players[0].escrow == ["k04"]
    melee, _ = play(s, act("man", "melee", cards=("mu1",)))
    assert score(melee, 0, None) == 1 + 1 + 3
    evade, _ = play(s, act("man", "evade", cards=("mx3",)))
    assert score(evade, 0, None) == 3 + 1  # pants Evade +1, no step-1 damage


def test_element_modifiers_of_damage_and_resistance() -> None:
    s = combat(["mx2", "mu1"], items=("k04", "k05"))
    s, _ = play(s, act("use", "k04"))
    s.players[0].equipped = ["nw1", "np1", "k05"]
    melee, _ = play(s, act("man", "melee", cards=("mu1",)))
    assert score(melee, 0, "spooky") == 1 + 1 + 2 and score(melee, 0, "hot") == 5
    evade, _ = play(s, act("man", "evade", cards=("mx2",)))
    assert score(evade, 0, "spooky") == 2 + 1 + 1 and score(evade, 0, None) == 3


def test_reductions_cut_the_chosen_monster_with_element_bonus() -> None:
    s = combat(["mu1"], items=("k08",), tops={0: "k07", 1: "k09"})
    s, _ = play(s, act("use", "k08"), act("man", "melee", cards=("mu1",)))
    # score 2; k07 power 5 spooky -3 -> 2: killable; k09 power 2 sleaze -2 -> 0: dies.
    assert killable(s, 0, "k07") and killable(s, 0, "k09")
    assert act("kill", "0") in aids(s) and act("kill", "1") in aids(s)


def test_power_zero_or_less_dies_without_a_maneuver() -> None:
    s = combat(["my1"], items=("k08", "k16"), tops={0: "k01"})
    s, _ = play(s, act("use", "k08"), act("use", "k16"), act("nomove"))
    assert score(s, 0, "spooky") == 0
    assert killable(s, 0, "k01")  # power 2 - 3 - 2 <= 0


def test_no_maneuver_scores_only_step_one_damage() -> None:
    s = combat(["mu4"], items=("k04",), tops={0: "k02"})
    s, _ = play(s, act("use", "k04"), act("nomove"))
    assert score(s, 0, None) == 3  # icons do not count without a maneuver
    assert act("kill", "0") in aids(s)  # k02 power 3


def test_cannot_kill_a_monster_above_the_score() -> None:
    s = combat(["mu1"], tops={0: "k08"})
    s, _ = play(s, act("man", "melee", cards=("mu1",)))
    assert act("kill", "0") not in aids(s) and act("nokill") in aids(s)


def test_loot_meat_stat_card_and_item_equipped_if_slot_free() -> None:
    s = combat(["mu4"], tops={0: "k07"})
    s.players[0].equipped = ["nw1", "nh1"]  # no pants equipped
    pile_before = s.piles["mu2"]
    meat = s.players[0].meat
    s, ev = play(s, act("man", "melee", cards=("mu4",)), act("kill", "0"))
    p = s.players[0]
    assert p.meat == meat + data.cards()["k07"].monster.meat
    assert "mu2" in p.discard and s.piles["mu2"] == pile_before - 1
    assert "k07" in p.items and "k07" in p.equipped and s.phase == "discard"
    assert GAME.view(s, None).locations[0].top is None  # until the end of the turn
    assert any(e.kind == "loot" for e in ev)


def test_loot_from_an_empty_stat_pile_is_ignored_and_gear_not_equipped_over_gear() -> None:
    s = combat(["mu4", "mu1"], tops={0: "k01"})
    s.piles["mu1"] = 0
    s, _ = play(s, act("man", "melee", cards=("mu4", "mu1")), act("kill", "0"))
    p = s.players[0]
    assert p.discard == ["mu4", "mu1"]  # the played cards only: no loot card
    assert "k01" in p.items and "k01" not in p.equipped


def test_choose_cards_one_by_one() -> None:
    s = combat(["mu4", "mu1", "mu1", "my2"])
    s, _ = play(s, act("pick", "melee"))
    assert s.phase == "choose" and aids(s) == [act("add", "mu1"), act("add", "mu4"), "back"]
    s, ev = play(s, act("add", "mu4"))
    assert [e.data for e in ev if e.public] == [{"seat": 0, "twin_of": [0]}]
    s, _ = play(s, "go")
    assert s.players[0].hand == ["mu1", "mu1", "my2"] and score(s, 0, None) == 5
    assert GAME.view(s, 1).combat is None or GAME.view(s, 1).combat.chosen == []


def test_spell_skill_spends_any_mojo_and_combat_skill_once_a_turn() -> None:
    s = combat(["my3", "mu1"])
    s.players[0].skills = ["s21", "s01"]
    s, _ = play(s, act("mojo", "my3"))
    assert s.players[0].mojo == 3 and s.players[0].discard[-1] == "my3"
    assert {act("spell", "s21", 1), act("spell", "s21", 3), act("cast", "s01")} <= set(aids(s))
    s, _ = play(s, act("spell", "s21", 2), act("cast", "s01"))
    assert s.players[0].mojo == 0 and act("cast", "s01") not in aids(s)
    assert [h.amount for h in s.combat.damage] == [3, 3]
    assert data.skills()["s01"].effect is not None


def test_weapon_damage_skill_uses_the_equipped_weapons_power() -> None:
    s = combat(["my2", "mu1"])
    s.players[0].skills = ["s02"]  # 2 mojo: weapon power + 1
    s.players[0].equipped = ["k41", "nh1", "np1"]  # a power-3 weapon
    s, _ = play(s, act("mojo", "my2"), act("cast", "s02"))
    assert [h.amount for h in s.combat.damage] == [data.item("k41").power + 1]
