"""The effect kinds of the printed cards: Pulverize (from the rulebook's words), equipment
power, counted card types, upgrades, a free Heap item, weapon-type passives, elemental
spells; and a failed March that ends like any other turn."""

from __future__ import annotations

from engine.games.kingdom_of_loathing import GAME, data
from engine.games.kingdom_of_loathing.effects import icons, killable, score

from .helpers import act, aids, arrange, fresh, play
from .test_march import WEAK, all_melee, offer


def skill(name: str) -> str:
    """A printed skill's id by name."""
    return next(s.id for s in data.content().skills if s.name == name)


def card(item_name: str) -> str:
    """A printed monster/item card's id by its item's name."""
    return next(c.id for c in data.content().cards if c.item.name == item_name)


# ---------------------------------------------------------------------- Pulverize
def test_pulverize_is_a_printed_skill() -> None:
    sk = data.skills()[skill("Pulverize")]
    assert sk.kind == "noncombat" and sk.effect is not None
    assert sk.effect.type == "pulverize"


def test_pulverize_places_the_item_in_the_heap_and_gains_by_its_power() -> None:
    """Rulebook: "Some skill cards, like Pulverize, may also place item cards in the
    Heap" and "the power of each piece of equipment determines ... the amount of stat
    gain you receive from the Pulverize skill"."""
    polearm = card("Knob Goblin Elite Polearm")  # power 4
    s = arrange(fresh(), hand=["my1", "mu1"], phase="noncombat")
    p = s.players[0]
    p.skills = [skill("Pulverize")]
    p.items.append(polearm)
    assert act("smash", polearm) not in aids(s)  # the mojo comes first
    s, _ = play(s, act("mojo", "my1"))
    assert act("smash", polearm) in aids(s) and act("smash", "nw1") in aids(s)
    pile = s.piles["mu4"]
    s, ev = play(s, act("smash", polearm))
    p = s.players[0]
    assert polearm not in p.items and p.escrow == [polearm]
    assert p.discard[-1] == "mu4" and s.piles["mu4"] == pile - 1  # power 4: Muscle 4
    smash = next(e for e in ev if e.kind == "smash")
    assert smash.data["did"] == "pulverize" and smash.data["to"] == "mu4"
    assert not any(a.startswith("smash") for a in aids(s))  # once a turn
    s, _ = play(s, "fight", "nomove", "nokill", "keep")
    assert s.heap == [polearm]  # in the Heap at the end of the turn, buyable after


def test_pulverize_an_equipped_item_and_the_gain_follows_the_power() -> None:
    s = arrange(fresh(), hand=["my1"], phase="noncombat")
    p = s.players[0]
    p.skills = [skill("Pulverize")]
    s, _ = play(s, act("mojo", "my1"), act("smash", "nw1"))  # power 1, equipped
    p = s.players[0]
    assert "nw1" not in p.equipped and "nw1" not in p.items and p.discard[-1] == "mu1"


def test_pulverize_takes_the_next_lower_value_when_the_pile_is_empty() -> None:
    s = arrange(fresh(), hand=["my1"], phase="noncombat")
    s.players[0].skills = [skill("Pulverize")]
    s.players[0].items.append(card("Thor's Pliers"))  # power 5: at most 4
    s.piles["mu4"] = 0
    s, _ = play(s, act("mojo", "my1"), act("smash", card("Thor's Pliers")))
    assert s.players[0].discard[-1] == "mu3"


def test_items_without_power_cannot_be_pulverized() -> None:
    s = arrange(fresh(), hand=["my1"], phase="noncombat")
    s.players[0].skills = [skill("Pulverize")]
    s.players[0].items.append(card("Exploding Tomato"))
    s, _ = play(s, act("mojo", "my1"))
    assert act("smash", card("Exploding Tomato")) not in aids(s)


# ------------------------------------------------------------ the other effect kinds
def test_headbutt_and_kneebutt_deal_the_power_of_hat_and_pants() -> None:
    s = arrange(fresh(), hand=["my3", "mu1"], phase="combat")
    p = s.players[0]
    p.skills = [skill("Headbutt"), skill("Kneebutt"), skill("Shieldbutt")]
    hat = card("Skull Helmet")  # power 3
    p.items.append(hat)
    p.equipped = ["nw1", hat, "np1"]
    s, _ = play(s, act("mojo", "my3"), act("cast", skill("Headbutt")),
                act("cast", skill("Kneebutt")))
    assert [h.amount for h in s.combat.damage] == [3 + 1, 1 + 1]


def test_shieldbutt_deals_the_total_power_of_the_equipped_gear() -> None:
    s = arrange(fresh(), hand=["my3"], phase="combat")
    s.players[0].skills = [skill("Shieldbutt")]
    s, _ = play(s, act("mojo", "my3"), act("cast", skill("Shieldbutt")))
    assert [h.amount for h in s.combat.damage] == [3]  # three newbie pieces of power 1


def test_counted_damage_reads_the_display_case() -> None:
    s = arrange(fresh(), hand=["my2"], phase="combat")
    p = s.players[0]
    p.skills = [skill("Ambidextrous Funkslinging")]  # 1 + 2 per combat item
    p.items += [card("Exploding Tomato"), card("Cannonball")]
    s, _ = play(s, act("mojo", "my2"), act("cast", skill("Ambidextrous Funkslinging")))
    eff = data.skills()[skill("Ambidextrous Funkslinging")].effect
    assert eff is not None and eff.per == "combat"
    assert [h.amount for h in s.combat.damage] == [eff.amount + eff.each * 2]
    s = arrange(fresh(), hand=["my2"], phase="combat")
    s.players[0].skills = [skill("Cadenza"), skill("The Polka of Plenty"),
                           skill("The Moxious Madrigal")]
    s, _ = play(s, act("mojo", "my2"), act("cast", skill("Cadenza")))
    eff = data.skills()[skill("Cadenza")].effect
    assert eff is not None and eff.per == "song"
    assert [h.amount for h in s.combat.damage] == [eff.amount + eff.each * 2]  # two Songs


def test_upgrade_raises_the_lowest_card_of_its_stat_in_the_discard() -> None:
    s = arrange(fresh(), hand=[], discard=["mu3", "my1", "mu1"], phase="noncombat")
    s.players[0].items.append(card("Flame-Broiled Meat Loaf"))
    piles = dict(s.piles)
    s, ev = play(s, act("use", card("Flame-Broiled Meat Loaf")))
    assert sorted(s.players[0].discard) == ["mu2", "mu3", "my1"]
    assert s.piles["mu1"] == piles["mu1"] + 1 and s.piles["mu2"] == piles["mu2"] - 1
    used = next(e for e in ev if e.kind == "use")
    assert (used.data["did"], used.data["card"], used.data["to"]) == ("upgrade", "mu1", "mu2")


def test_frantic_rummaging_takes_the_heaps_top_item_for_free() -> None:
    s = arrange(fresh(), hand=["my2"], phase="noncombat")
    s.players[0].skills = [skill("Frantic Rummaging")]
    s.heap = ["nh2", card("Eyepatch")]
    meat = s.players[0].meat
    s, _ = play(s, act("mojo", "my2"), act("cast", skill("Frantic Rummaging")))
    assert s.heap == ["nh2"] and card("Eyepatch") in s.players[0].items
    assert s.players[0].meat == meat


def test_a_passive_that_needs_a_ranged_weapon() -> None:
    s = arrange(fresh(), phase="noncombat")
    p = s.players[0]
    sense = skill("Overdeveloped Sense of Self Preservation")
    assert data.skills()[sense].needs == "ranged"
    p.skills = [sense]  # Evade +2 with a ranged weapon
    assert icons(p, "evade") == 1  # the newbie shorts only: a melee sword is wielded
    p.items.append(card("Hobo Slingshot"))
    p.equipped = [card("Hobo Slingshot"), "nh1", "np1"]
    assert icons(p, "evade") == 1 + data.skills()[sense].icons.evade


def test_sauce_spells_are_better_against_cold_and_worse_against_hot() -> None:
    s = arrange(fresh(), hand=["my3", "mu1"], phase="combat")
    s.players[0].skills = [skill("Saucegeyser")]
    eff = data.skills()[skill("Saucegeyser")].effect
    assert eff is not None and eff.vs["cold"] > 0 > eff.vs["hot"]
    s, _ = play(s, act("mojo", "my3"), act("spell", skill("Saucegeyser"), 3), "nomove")
    assert score(s, 0, None) == 3 + eff.amount
    assert score(s, 0, "cold") == 3 + eff.amount + eff.vs["cold"]
    assert score(s, 0, "hot") == 3 + eff.amount + eff.vs["hot"]


def test_elemental_reduction_of_a_printed_skill() -> None:
    s = arrange(fresh(), hand=["my2"], phase="combat",
                tops={0: card("Haunted Butter Knife")})  # power 2 spooky
    s.players[0].skills = [skill("Fearful Fettucini")]  # -3, -5 against spooky
    s, _ = play(s, act("mojo", "my2"), act("cast", skill("Fearful Fettucini")), "nomove")
    assert killable(s, 0, card("Haunted Butter Knife"))


# ------------------------------------------------------------------- failed March
def test_a_failed_march_ends_the_turn_like_any_other() -> None:
    """Rulebook: at the end of each turn the trainer row and the map move on; a failed
    March is that round's turn, so the oldest trainer skill leaves and a new one enters."""
    s = offer([WEAK, WEAK, WEAK])
    s.trainer = ["s01", "s02", "s03", "s04"]
    s.skill_deck = ["s11", "s12"]
    turns = s.turns
    s, _ = play(s, "pass", "march")
    s = all_melee(s)
    assert s.result is None and s.players[1].out
    assert s.trainer == ["s11", "s01", "s02", "s03"] and s.skill_discard == ["s04"]
    assert s.turns == turns + 1


def test_a_skill_trained_during_a_failed_march_is_replaced() -> None:
    s = offer([WEAK, WEAK, WEAK])
    s.trainer = ["s01", "s02", "s03", "s04"]
    s.skill_deck = ["s11", "s12"]
    s.players[2].meat = 20
    s, _ = play(s, "pass", "march")  # seat 2 has the first non-combat phase
    s, _ = play(s, act("train", "s02"))
    s = all_melee(s)
    assert s.trainer == ["s11", "s01", "s03", "s04"] and "s02" in s.players[2].skills
    assert GAME.view(s, None).trainer == s.trainer


def test_pulverize_refused_without_its_mojo_says_why() -> None:
    s = arrange(fresh(), hand=["mu1"], phase="noncombat")
    s.players[0].skills = [skill("Pulverize")]
    assert "mojo" in GAME.explain_illegal(s, 0, GAME.action_adapter.validate_python(
        {"kind": "smash", "ref": "nw1"}))
