"""Scenario tests: the 12 steps in order, blocks and chip, links, event flips, kamidogu,
empty decks mid-step, rounds, and the simultaneous Set and Discard commits."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.epic_battles import GAME
from engine.games.epic_battles.data import cards
from engine.games.epic_battles.effects import RoundOver, check_decks
from engine.games.epic_battles.flow import end_round
from tests.engine.games.epic_battles.helpers import aids, asked, board, play


def test_the_twelve_steps_happen_in_order() -> None:
    # Jade: +1 damage on playing a projectile (step 2); Insanity flipped (3-4) adds +1;
    # Ice Blast: HIT drains (10) only after damage (8); the attack ends in energy (11).
    s = board(chars=("jade", "ryu"), hands=(["ice_blast"], ["low_block"]),
              events=(["insanity"], []), energy=(["jab", "jab"], ["sparring", "sweep"]))
    s = play(s, 0, "at-ice_blast")  # step 1: pay 1, play
    assert s.strike is not None and s.strike.bonus == 1 and s.strike.step == 4  # step 2 done
    assert asked(s) == (0, "flip")  # step 3
    s = play(s, 0, "fl-1")
    assert asked(s) == (1, "block") and s.sides[0].energy == []  # 4-5 done, 6: the block
    assert s.floats and s.sides[0].discard[-1] == "insanity"
    assert aids(s, 1) == ["bk-0"]  # a Low Block cannot block a High attack
    s = play(s, 1, "bk-0")
    log = s.log
    dealt = cards()["ice_blast"].damage + 2  # printed + Jade 1 + Insanity 1
    order = [next(i for i, line in enumerate(log) if key in line)
             for key in ("attacks with Ice Blast", "flips Insanity", "does not block",
                         f"takes {dealt} damage")]
    assert order == sorted(order)
    assert len(s.sides[1].deck) == 20 - dealt and s.sides[1].energy == ["sweep"]  # HIT drain
    assert s.sides[0].energy == ["ice_blast"] and s.strike is None  # 11, no link: over
    assert asked(s) == (1, "act")


def test_the_defender_is_asked_at_every_attack_even_with_nothing_to_play() -> None:
    s = board(hands=(["jab"], []))
    s = play(s, 0, "at-jab")
    assert asked(s) == (1, "block") and aids(s, 1) == ["bk-0"]


def test_a_block_stops_damage_and_hit_and_the_attacker_takes_no_kamidogu_chip_instead() \
        -> None:
    s = board(chars=("baraka", "ryu"), hands=(["berserk_chop", "sounds_of_music"],
                                              ["high_block"]),
              energy=(["jab"], []))
    s = play(s, 0, "at-berserk_chop")
    s = play(s, 1, "bk-1")
    assert len(s.sides[1].deck) == 19  # chip 1 only: no damage, no Baraka mill
    assert asked(s) == (1, "act")  # no HIT: no switch asked
    assert s.sides[1].discard[-1] == "high_block" and s.sides[0].energy == ["berserk_chop"]


def test_chip_is_raised_by_kamidogu_of_outworld_and_not_lowered_by_earthrealm() -> None:
    s = board(chars=("sub_zero", "jade"), hands=(["roundhouse"], ["high_block"]),
              kamidogu=(["kami_outworld"], ["kami_earthrealm"]), energy=(["jab"], []))
    s = play(s, 0, "at-roundhouse")
    s = play(s, 1, "bk-1")
    assert len(s.sides[1].deck) == 18


def test_parry_blocks_high_or_low_but_blind_spot_forbids_any_block() -> None:
    s = board(hands=(["leg_sweep"], ["parry"]), energy=(["jab"], ["sparring"]))
    s = play(s, 0, "at-leg_sweep")
    assert aids(s, 1) == ["bk-0", "bk-1"]
    s = board(hands=(["leg_sweep"], ["parry"]), energy=(["jab"] * 3, ["sparring"]),
              events=(["blind_spot"], []))
    s = play(s, 0, "at-leg_sweep")
    s = play(s, 0, "fl-1")
    assert aids(s, 1) == ["bk-0"]  # "cannot" beats "can"
    with pytest.raises(IllegalAction, match="cannot be blocked"):
        GAME.apply(s, 1, GAME.parse_action({"kind": "block", "mask": 1}))


def test_links_allow_only_the_listed_subtypes_and_ending_the_combo_passes_the_action() \
        -> None:
    s = board(hands=(["leg_sweep", "uppercut", "leg_throw", "jab"], []),
              energy=(["jab"] * 3, []))
    s = play(s, 0, "at-leg_sweep")
    s = play(s, 1, "bk-0")
    assert asked(s) == (0, "link")
    assert aids(s, 0) == ["at-uppercut", "at-leg_throw", "at-jab", "pass"]  # punch, throw
    s = play(s, 0, "at-leg_throw")
    assert s.strike is not None and s.strike.index == 2
    s = play(s, 1, "bk-0")
    assert asked(s) == (1, "act")  # Leg Throw has no link: the action is over


def test_combo_damage_wins_a_kamidogu_that_keeps_its_owner_until_the_round_ends() -> None:
    s = board(chars=("sub_zero", "jade"), hands=(["jab", "flurry"], []),
              kamidogu=([], ["kami_outworld"]), energy=(["jab"], []), decks=(20, 30))
    s = play(s, 0, "at-jab")
    s = play(s, 1, "bk-0")
    assert asked(s) == (0, "link")  # a single attack's damage wins nothing
    s = play(s, 0, "at-flurry")
    s = play(s, 1, "bk-0")
    assert asked(s) == (0, "steal") and aids(s, 0) == ["kd-none", "kd-0"]
    s = play(s, 0, "kd-0")
    assert [(k.card, k.owner) for k in s.sides[0].kamidogu] == [("kami_outworld", 1)]
    assert s.sides[1].kamidogu == []
    s.sides[1].deck = s.sides[1].deck[:1]
    s.sides[1].decklist = ["kami_outworld"] + ["jab"] * 20
    s = play(s, 1, "pass")
    s = play(s, 0, "pass")  # Discard, then the next Draw empties Jade's deck
    assert s.round == 2 and s.round_winners == [[0]]
    assert s.sides[0].kamidogu == [] and "kami_outworld" not in s.sides[0].decklist


def test_an_empty_deck_loses_the_round_at_once_even_mid_step() -> None:
    # Chop Chop's HIT would mill again and Baraka's ability too: the round ended first.
    s = board(chars=("baraka", "ryu"), hands=(["chop_chop"], []), decks=(20, 2),
              energy=(["jab"], []), rounds=1)
    s = play(s, 0, "at-chop_chop")
    s = play(s, 1, "bk-0")
    assert s.result is not None and s.result.winners == (0,)
    assert s.sides[0].energy == []  # step 11 never came: the attack never reached energy
    assert GAME.prompts(s) == {}


def test_an_empty_deck_while_drawing_ends_the_round_and_the_loser_is_aggressor_next() \
        -> None:
    s = board(decks=(20, 2))
    s.sides[1].decklist = ["high_block"] * 30  # the next round starts from the full deck
    s = play(s, 0, "pass")
    s = play(s, 1, "pass")  # Draw step: Ryu's 2nd card empties his deck
    assert s.round == 2 and s.round_winners == [[0]] and s.aggressor == 1
    assert s.result is None and s.phase == "set"
    assert [len(x.hand) for x in s.sides] == [6, 6]  # 3 + 3 each in the new round
    assert s.log[0].startswith("Sub-Zero won round 1")


def test_both_decks_empty_at_once_both_score_and_two_all_is_a_draw() -> None:
    s = board()
    s.sides[0].deck, s.sides[1].deck = [], []
    with pytest.raises(RoundOver) as over:
        check_decks(s)
    assert over.value.losers == [0, 1]
    s.sides[0].rounds = s.sides[1].rounds = 1
    end_round(s, [0, 1])
    assert s.result is not None and s.result.draw


def test_first_to_two_rounds_wins_the_match() -> None:
    s = board()
    s.sides[0].rounds = 1
    end_round(s, [1])
    assert s.result is not None and s.result.winners == (0,)
    assert "Sub-Zero wins 2-0" in s.result.summary


def test_a_seat_with_set_events_is_asked_at_flip_windows_even_if_none_can_flip() -> None:
    s = board(hands=(["jab"], []), events=(["searching_realms"], []))
    s = play(s, 0, "at-jab")
    assert asked(s) == (0, "flip") and aids(s, 0) == ["fl-0"]  # a Draw event: not now
    s = board(hands=(["jab"], []))
    s = play(s, 0, "at-jab")
    assert asked(s) == (1, "block")  # no set events: no flip window


def test_events_cost_is_paid_on_flip_and_unaffordable_flips_are_not_offered() -> None:
    s = board(hands=(["jab"], []), events=(["dark_magic", "insanity"], []),
              energy=(["jab"] * 2, []))
    s = play(s, 0, "at-jab")
    assert aids(s, 0) == ["fl-0", "fl-1", "fl-2"]  # both together cost 3
    s = play(s, 0, "fl-1")
    assert s.sides[0].energy == [] and [e.card for e in s.sides[0].events] == ["insanity"]


def test_set_and_discard_are_simultaneous_secret_commits() -> None:
    s = board(hands=(["insanity", "kami_earthrealm", "jab", "jab", "jab"], []),
              decks=(30, 30))
    s = play(s, 0, "pass")
    s = play(s, 1, "pass")
    prompts = GAME.prompts(s)
    assert s.phase == "discard" and list(prompts) == [0] and prompts[0].simultaneous
    s = play(s, 0, "dc-3")  # Insanity and the kamidogu leave; the three Jabs stay
    assert s.sides[0].hand[:3] == ["jab"] * 3
    s.sides[0].hand = ["insanity", "kami_earthrealm", "jab", *s.sides[0].hand[3:]]
    assert s.phase == "set"
    prompts = GAME.prompts(s)
    assert sorted(prompts) == [0, 1] and all(p.simultaneous for p in prompts.values())
    s = play(s, 0, "set-3")
    assert GAME.prompts(s)[0].committed and GAME.view(s, 1).my_commit is None
    assert GAME.view(s, 0).my_commit == 3 and s.sides[0].kamidogu == []
    s = play(s, 1, "set-0")
    assert [k.card for k in s.sides[0].kamidogu] == ["kami_earthrealm"]
    assert [e.card for e in s.sides[0].events] == ["insanity"]
    view = GAME.view(s, 1)
    assert view.sides[0].set_count == 1 and view.my_set == []


def test_an_attack_with_links_always_asks_its_attacker_even_with_nothing_to_link() -> None:
    s = board(hands=(["jab", "uppercut"], []))  # Uppercut is a punch but costs 2
    s = play(s, 0, "at-jab")
    s = play(s, 1, "bk-0")
    assert asked(s) == (0, "link") and aids(s, 0) == ["pass"]
