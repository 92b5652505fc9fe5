"""Setup, the non-combat phase, end of turn, rollover, the trainer and the Heap."""

from __future__ import annotations

from collections import Counter

from engine.games.kingdom_of_loathing import GAME, data
from engine.games.kingdom_of_loathing.model import Options

from .helpers import act, aids, arrange, fresh, play


def test_setup_grid_trainer_piles_decks_hands_meat_certificate() -> None:
    for seats in (2, 3, 4):
        s = GAME.setup(Options(), seats, 11)
        assert len(s.locations) == 9 and all(len(p) == 8 for p in s.locations)
        assert len(s.trainer) == 4 and None not in s.trainer
        assert len(s.skill_deck) == 56
        assert s.piles["mu1"] == 20 - 4 * seats and s.piles["my4"] == 8
        for i, p in enumerate(s.players):
            assert len(p.hand) == 6 and len(p.deck) == 6
            assert Counter(p.hand + p.deck) == Counter({"mu1": 4, "my1": 4, "mx1": 4})
            assert p.meat == 5 + (i - s.certificate) % seats
            assert sorted(data.item(c).kind for c in p.equipped) == ["hat", "pants", "weapon"]
        assert s.turn == s.actor == s.certificate == s.first_player
        total = sum(s.piles.values()) + sum(len(p.hand) + len(p.deck) for p in s.players)
        assert total == 156


def test_first_player_is_random() -> None:
    firsts = {GAME.setup(Options(), 4, seed).certificate for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_equip_swaps_the_slot_and_autosell_pays_and_escrows() -> None:
    s = arrange(fresh(), phase="noncombat")
    s.players[0].items.append("k01")
    s, _ = play(s, act("equip", "k01"))
    assert "k01" in s.players[0].equipped and "nw1" not in s.players[0].equipped
    meat = s.players[0].meat
    s, _ = play(s, act("sell", "nw1"), act("sell", "k01"))
    assert s.players[0].meat == meat + 1 + 2 and s.players[0].escrow == ["nw1", "k01"]
    assert not any(a.startswith("dive") for a in aids(s))  # escrow is not the Heap yet


def test_food_gives_a_stat_card_and_booze_mojo() -> None:
    s = arrange(fresh(), phase="noncombat")
    s.players[0].items += ["k02", "k14"]
    s, _ = play(s, act("use", "k02"), act("use", "k14"))
    p = s.players[0]
    assert p.discard == ["mu2"] and p.mojo == 2 and p.escrow == ["k02", "k14"]


def test_train_buff_and_noncombat_skill_with_mojo() -> None:
    s = arrange(fresh(), hand=["my3", "my1", "mu1"], phase="noncombat")
    s.trainer = ["s05", "s60", "s10", "s09"]
    s.players[0].meat = data.skills()["s05"].cost + data.skills()["s60"].cost
    s, _ = play(s, act("train", "s05"), act("train", "s60"))
    assert s.players[0].meat == 0 and s.trained and s.trainer == [None, None, "s10", "s09"]
    assert act("train", "s10") not in aids(s)  # no meat left
    s, _ = play(s, act("mojo", "my3"), act("buff", "s05"), act("cast", "s60"))
    p = s.players[0]
    gain = data.skills()["s60"].effect
    assert gain is not None and gain.type == "meat"
    assert p.buffs_on == ["s05"] and p.mojo == 0 and p.meat == gain.amount
    assert act("cast", "s60") not in aids(s)
    s, _ = play(s, "fight")
    assert s.phase == "combat" and s.players[0].mojo == 0


def test_end_of_turn_discards_then_draws_to_six_and_passes_the_turn() -> None:
    s = arrange(fresh(), hand=["mu1", "my1", "mx1"], deck=["mu1"] * 3 + ["my1"] * 3,
                phase="combat")
    s, _ = play(s, "nomove", "nokill")
    assert s.phase == "discard" and "keep" in aids(s)
    s, _ = play(s, act("disc", "mx1"), "keep")
    assert s.players[0].hand == ["mu1", "my1", "mu1", "mu1", "mu1", "my1"]
    assert s.turn == s.actor == 1 and s.phase == "noncombat"


def test_more_than_six_cards_must_be_discarded_down() -> None:
    s = arrange(fresh(), hand=["mu1"] * 7, phase="discard")
    assert "keep" not in aids(s) and GAME.timeout_action(s, 0).kind == "disc"


def test_rollover_turns_off_buffs_and_upgrades_one_discard_card() -> None:
    s = arrange(fresh(), hand=["mu1"], deck=[], discard=["mu2", "my1"], phase="discard")
    s.players[0].skills = ["s05"]
    s.players[0].buffs_on = ["s05"]
    s, _ = play(s, "keep")
    assert s.phase == "rollover" and s.players[0].buffs_on == []
    assert set(aids(s)) == {act("roll", "mu2"), act("roll", "my1"), "noroll"}
    s, _ = play(s, act("roll", "mu2"))
    assert set(aids(s)) == {act("rollto", "mu3"), act("rollto", "my2"), act("rollto", "mx2")}
    piles = dict(s.piles)
    s, _ = play(s, act("rollto", "mu3"))
    assert s.piles["mu3"] == piles["mu3"] - 1 and s.piles["mu2"] == piles["mu2"] + 1
    assert sorted(s.players[0].hand) == ["mu1", "mu3", "my1"]  # the discard ran out
    assert s.turn == 1


def test_rollover_never_goes_beyond_four_nor_from_an_empty_pile() -> None:
    s = arrange(fresh(), hand=[], deck=[], discard=["mu4"], phase="discard")
    s.piles["my4"] = 0
    s, _ = play(s, "keep")
    s, _ = play(s, act("roll", "mu4"))
    assert aids(s) == [act("rollto", "mx4")]


def test_rollover_with_an_empty_discard_stops_drawing() -> None:
    s = arrange(fresh(), hand=["mu1"], deck=["my1"], discard=[], phase="discard")
    s, _ = play(s, "keep")
    assert s.players[0].hand == ["mu1", "my1"] and s.turn == 1


def test_trainer_slides_after_a_purchase_else_the_oldest_leaves() -> None:
    s = arrange(fresh(), hand=["mu1"] * 6, phase="noncombat")
    s.trainer = ["s01", "s02", "s03", "s04"]
    s.skill_deck = ["s11", "s12", "s13"]
    s.players[0].meat = 20
    s, _ = play(s, act("train", "s02"), "fight", "nomove", "nokill", "keep")
    assert s.trainer == ["s11", "s01", "s03", "s04"]
    s, _ = play(s, "fight", "nomove", "nokill", "keep")
    assert s.trainer == ["s12", "s11", "s01", "s03"] and s.skill_discard == ["s04"]


def test_heap_order_and_only_the_top_can_be_bought() -> None:
    s = arrange(fresh(), hand=["mu1"] * 6, phase="noncombat")
    s.players[0].items += ["k04", "k01"]
    s, _ = play(s, act("sell", "k04"), act("sell", "k01"), "fight", "nomove", "nokill",
                "keep")
    assert s.heap == ["k04", "k01"] and GAME.view(s, None).heap == ["k04", "k01"]
    assert act("dive", "k01") in aids(s) and act("dive", "k04") not in aids(s)
    meat = s.players[1].meat
    s, _ = play(s, act("dive", "k01"))
    assert s.heap == ["k04"] and "k01" in s.players[1].items
    assert s.players[1].meat == meat - 4


def test_newbie_gear_in_the_heap_has_no_price() -> None:
    s = arrange(fresh(), hand=["mu1"] * 6, phase="noncombat")
    s, _ = play(s, act("sell", "nh1"), "fight", "nomove", "nokill", "keep")
    assert s.heap == ["nh1"] and not any(a.startswith("dive") for a in aids(s))


def test_killed_location_shows_its_bottom_card_at_end_of_turn() -> None:
    s = arrange(fresh(), hand=["mu4", "mu4"], phase="combat", tops={0: "k01"})
    bottom = s.locations[0][-1]
    s, _ = play(s, act("man", "melee", cards=("mu4", "mu4")), act("kill", "0"), "keep")
    assert s.locations[0][0] == bottom and len(s.locations[0]) == 7
    assert GAME.view(s, None).locations[0].top == bottom


def test_empty_location_is_rebuilt_from_its_cards_in_the_heap() -> None:
    s = arrange(fresh(), hand=["mu4", "mu4"], phase="combat")
    s.locations[0] = ["k01"]
    s.heap = ["k02", "k30", "k05"]
    s, _ = play(s, act("man", "melee", cards=("mu4", "mu4")), act("kill", "0"), "keep")
    assert sorted(s.locations[0]) == ["k02", "k05"] and s.heap == ["k30"]


def test_a_draw_effect_can_hit_rollover_and_returns_to_the_non_combat_phase() -> None:
    s = arrange(fresh(), hand=["mu1"], deck=[], discard=["mx2"], phase="noncombat")
    s.players[0].items.append("k06")  # booze: draw 1
    s, _ = play(s, act("use", "k06"))
    assert s.phase == "rollover" and s.actor == 0
    s, _ = play(s, "noroll")
    assert s.phase == "noncombat" and sorted(s.players[0].hand) == ["mu1", "mx2"]
