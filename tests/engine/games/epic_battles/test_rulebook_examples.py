"""Every worked example of the advanced rulebook, with the named cards' mechanics."""

from __future__ import annotations

from engine.games.epic_battles.data import characters
from engine.games.epic_battles.effects import block_tax
from tests.engine.games.epic_battles.helpers import aids, asked, board, play


def test_sounds_of_music_taxes_blocks_of_zero_cost_projectiles_from_the_energy_pile() -> None:
    # The Sounds of Music works while it is in the energy pile, not when played.
    s = board(hands=(["energy_bolt"], ["high_block"]), energy=(["sounds_of_music"], []))
    s = play(s, 0, "at-energy_bolt")
    assert asked(s) == (1, "block")
    assert aids(s, 1) == ["bk-0"]  # High Block costs 0 + 1 tax; Ryu has no energy
    s = board(hands=(["energy_bolt"], ["high_block"]),
              energy=(["sounds_of_music"], ["sparring"]))
    s = play(s, 0, "at-energy_bolt")
    assert aids(s, 1) == ["bk-0", "bk-1"]
    s = play(s, 1, "bk-1")
    assert s.sides[1].energy == [] and "sparring" in s.sides[1].discard


def test_sounds_of_music_does_not_tax_a_projectile_printed_at_cost_one() -> None:
    s = board(hands=(["ice_blast"], ["high_block"]),
              energy=(["jab", "sounds_of_music"], []))
    # an energy-pile-effect card is there: the payer picks (oldest, or sparing it)
    assert "at-ice_blast" in aids(s, 0) and "at-ice_blast-k" in aids(s, 0)
    s = play(s, 0, "at-ice_blast-k")
    assert s.sides[0].energy == ["sounds_of_music"]
    assert aids(s, 1) == ["bk-0", "bk-1"]  # no tax: printed cost is 1


def test_berserk_chop_hit_puts_sounds_of_music_in_the_energy_pile_where_it_works() -> None:
    s = board(hands=(["berserk_chop", "sounds_of_music", "energy_bolt"], ["high_block"]),
              energy=(["jab", "roundhouse"], []))
    s = play(s, 0, "at-berserk_chop")
    s = play(s, 1, "bk-0")  # not blocked: HIT
    assert asked(s) == (0, "swap")
    assert "sw-sounds_of_music-0" in aids(s, 0)
    s = play(s, 0, "sw-sounds_of_music-0")
    assert asked(s) == (0, "swap")  # up to 3 switches
    s = play(s, 0, "sw-stop")
    side = s.sides[0]
    assert "sounds_of_music" in side.energy and "roundhouse" in side.hand
    assert side.energy[-1] == "berserk_chop"  # step 11, after HIT
    assert block_tax(s, 0, "energy_bolt") == 1  # it works though it was never played
    s = play(s, 1, "pass")
    s = play(s, 0, "at-energy_bolt")
    assert aids(s, 1) == ["bk-0"]


def test_a_single_attack_is_not_a_combo_and_combo_effects_do_not_reach_back() -> None:
    s = board(chars=("kabal", "ryu"), hands=(["flurry"], []), energy=(["jab"], []))
    s = play(s, 0, "at-flurry")
    s = play(s, 1, "bk-0")
    assert s.sides[1].deck.__len__() == 20 - 2  # no combo bonus, no Kabal bonus
    s = board(chars=("kabal", "ryu"), hands=(["jab", "flurry"], []), energy=(["jab"], []))
    s = play(s, 0, "at-jab")
    s = play(s, 1, "bk-0")
    assert len(s.sides[1].deck) == 19  # the 1st attack: no combo effect, never retroactive
    assert asked(s) == (0, "link") and aids(s, 0) == ["at-flurry", "pass"]
    s = play(s, 0, "at-flurry")
    s = play(s, 1, "bk-0")
    assert len(s.sides[1].deck) == 19 - (2 + 2 + 1)  # Flurry +2 and Kabal +1 in a combo


def test_dudley_draws_per_flipped_event_before_they_resolve_and_cannot_add_to_the_flip() \
        -> None:
    deck = ["high_block"] * 10 + ["focus", "high_block", "high_block"]  # top is the end
    s = board(chars=("dudley", "sub_zero"), hands=(["sparring"], ["low_block", "jab"]),
              decks=(deck, 20), events=(["insanity", "catfight", "busted"], []),
              energy=(["hip_toss", "sweep"], []))
    s = play(s, 0, "at-sparring")
    assert asked(s) == (0, "flip")
    s = play(s, 0, "fl-7")  # the three flip together (cost 1 + 0 + 1)
    assert s.sides[0].energy == []
    # one draw per event, before they resolve; asked after every draw
    assert asked(s) == (0, "reveal") and aids(s, 0) == ["rv-no"]
    s = play(s, 0, "rv-no")
    s = play(s, 0, "rv-no")
    assert aids(s, 0) == ["rv-no", "rv-yes"]  # Focus drawn
    s = play(s, 0, "rv-yes")
    assert [(e.card, e.known) for e in s.sides[0].events] == [("focus", True)]
    assert asked(s) == (0, "order") and sorted(s.flipped) == ["busted", "catfight",
                                                               "insanity"]
    s = play(s, 0, f"or-{s.flipped.index('busted')}")
    assert len(s.sides[1].hand) == 1  # Busted: a card at random
    s = play(s, 0, f"or-{s.flipped.index('insanity')}")
    assert not s.flipped or asked(s) == (1, "block")
    assert asked(s) == (1, "block")  # Catfight resolved alone, then the block
    before = len(s.sides[1].deck)
    s = play(s, 1, "bk-0")
    # Sparring 1 + Insanity 1; Focus was set after the flip, so it is not used
    assert before - len(s.sides[1].deck) == 2
    assert [e.card for e in s.sides[0].events] == ["focus"]


def test_dark_magic_takes_two_blocks_no_half_block_and_damage_cannot_be_lowered() -> None:
    s = board(chars=("sub_zero", "jade"), hands=(["uppercut"], ["high_block"]),
              events=(["dark_magic"], []), kamidogu=([], ["kami_earthrealm"]),
              energy=(["jab"] * 4, []))
    s = play(s, 0, "at-uppercut")
    s = play(s, 0, "fl-1")
    assert s.strike is not None and s.strike.blocks_needed == 2
    assert aids(s, 1) == ["bk-0"]  # one High Block cannot "half block"
    s = play(s, 1, "bk-0")
    assert len(s.sides[1].deck) == 16  # 4: Earthrealm cannot lower it
    s = board(chars=("sub_zero", "jade"), hands=(["uppercut"], ["high_block"] * 2),
              events=(["dark_magic"], []), energy=(["jab"] * 4, []))
    s = play(s, 0, "at-uppercut")
    s = play(s, 0, "fl-1")
    assert aids(s, 1) == ["bk-0", "bk-3"]
    s = board(chars=("sub_zero", "jade"), hands=(["uppercut"], []),
              kamidogu=([], ["kami_earthrealm"]), energy=(["jab"] * 2, []))
    s = play(s, 0, "at-uppercut")
    s = play(s, 1, "bk-0")
    assert len(s.sides[1].deck) == 17  # without Dark Magic, Earthrealm lowers 4 to 3


def test_sean_replaces_going_to_the_energy_pile_with_the_discard_pile() -> None:
    s = board(chars=("sub_zero", "sean"), hands=(["energy_bolt"], []),
              energy=(["jab"] * 5, []))  # the rulebook's example: 5 energy, a 0-cost attack
    s = play(s, 0, "at-energy_bolt")
    s = play(s, 1, "bk-0")
    assert s.sides[0].energy == ["jab"] * 5 and s.sides[0].discard[-1] == "energy_bolt"
    s = board(chars=("sub_zero", "sean"), hands=(["energy_bolt"], []),
              energy=(["jab"] * 4, []))
    s = play(s, 0, "at-energy_bolt")
    s = play(s, 1, "bk-0")
    assert s.sides[0].energy[-1] == "energy_bolt"


def test_sean_keeps_the_printed_five_energy_of_the_rulebook() -> None:
    sean = characters()["sean"]
    assert "While your rival has 5 or more energy" in sean.text
    assert [(e.type, e.n) for a in sean.abilities for e in a.effects] == [("siphon", 5)]
    # the other characters the rulebook quotes keep its words too
    assert characters()["noob_smoke"].text == "Draw a card at the start of Battle."
    assert characters()["dudley"].text.startswith(
        "When you flip an event because you played a punch, draw a card.")


def _to_next_draw(s):  # type: ignore[no-untyped-def]
    s = play(s, 0, "pass")
    return play(s, 1, "pass")  # Discard: nobody above 3 -> next turn's Draw step


def test_searching_the_realms_may_find_nothing_and_always_shuffles() -> None:
    deck = ["jab", "uppercut", "flurry", "leg_throw", "roundhouse", "leg_sweep"] * 3
    s = board(chars=("sub_zero", "ryu"), decks=(deck, 20),
              events=(["searching_realms"], []))
    s = _to_next_draw(s)
    assert asked(s) == (0, "flip") and aids(s, 0) == ["fl-0", "fl-1"]
    s = play(s, 0, "fl-1")
    assert asked(s) == (0, "search") and "sr-none" in aids(s, 0)
    s = play(s, 0, "sr-none")
    assert "searching_realms" in s.sides[0].discard
    drawn = s.sides[0].hand
    assert len(drawn) == 3 and s.sides[0].deck != deck[: len(s.sides[0].deck)]


def test_searching_the_realms_finds_a_card() -> None:
    deck = ["jab"] * 10 + ["uppercut"]
    s = board(decks=(deck, 20), events=(["searching_realms"], []))
    s = _to_next_draw(s)
    s = play(s, 0, "fl-1")
    s = play(s, 0, "sr-uppercut")
    assert "uppercut" in s.sides[0].hand and "uppercut" not in s.sides[0].deck


def test_noob_smoke_draws_each_time_a_battle_step_starts() -> None:
    s = board(chars=("noob_smoke", "ryu"), decks=(30, 30))
    s = _to_next_draw(s)
    assert s.phase == "set" and len(s.sides[0].hand) == 3 and len(s.sides[0].deck) == 27
    s = play(s, 0, "set-0")
    s = play(s, 1, "set-0")
    assert s.phase == "battle" and len(s.sides[0].hand) == 4 and len(s.sides[1].hand) == 3
