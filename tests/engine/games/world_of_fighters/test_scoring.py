"""Scoring: the rulebook's example, the range table, blocks, counters, K.O."""

from __future__ import annotations

from engine.games.world_of_fighters import GAME
from engine.games.world_of_fighters.model import Counter
from tests.engine.games.world_of_fighters.helpers import (
    arrange,
    commit,
    kinds,
    play_turn,
    started,
    total_cards,
)

# Start squares (3,1) and (3,5): moving 1 east and 1 west leaves range 2.


def test_rulebook_example_range2_punch2_is_4_block3_leaves_1() -> None:
    # Milton Brown: Punch 2, Block 3. "+2 Range and +2 Punch = 4 Attack. With a +3 Block,
    # the Attack score is reduced to +1."
    s = arrange(started("milton", "milton"),
                hands=(["punch", "kick", "kick"], ["block", "kick", "kick"]))
    s, ev = play_turn(s, commit(1, "punch"), commit(1, "block"), "e", "w", counter=None)
    attack = next(e for e in ev if e.kind == "attack")
    assert attack.data["score"] == 4 and attack.data["blocked"] == 3
    assert attack.data["damage"] == 1 and s.fighters[1].hp == 19
    assert s.reveal is not None and s.reveal.range == 2


def test_attack_is_stat_plus_range_modifier() -> None:
    # Park Ji-ho (long reach, Kick 3) at range 3: 3 + 2 = 5.
    s = arrange(started("jiho", "aiko"), pos=((3, 0), (3, 5)),
                hands=(["kick", "block", "block"], ["block", "block", "punch"]))
    s, _ev = play_turn(s, commit(1, "kick"), commit(1, "block"), "e", "w", counter=None)
    assert s.reveal is not None and s.reveal.range == 3
    assert s.fighters[1].hp == 20 - (5 - 2)  # Aiko blocks 2


def test_reach_decides_punch_at_range_1_and_3() -> None:
    # Rocco (close) punches at range 1: 3 + 1; Park Ji-ho (long) punches at range 1: no attack.
    s = arrange(started("rocco", "jiho"), pos=((3, 2), (3, 4)),
                hands=(["punch", "kick", "kick"], ["punch", "kick", "kick"]))
    s, ev = play_turn(s, commit(1, "punch"), commit(1, "punch"), "e", "n")
    assert s.reveal is not None and s.reveal.range == 1
    assert s.fighters[1].hp == 16 and s.fighters[0].hp == 20
    assert [e.data["commenced"] for e in ev if e.kind == "attack"] == [True, False]


def test_out_of_range_attack_does_not_commence() -> None:
    s = arrange(started("rocco", "aiko"),
                hands=(["kick", "kick", "kick"], ["grapple", "kick", "kick"]))
    s, ev = play_turn(s, commit(1, "kick"), commit(1, "grapple"), "n", "s")
    assert s.reveal is not None and s.reveal.range == 4
    assert [f.hp for f in s.fighters] == [20, 20]
    assert not any(e.data["commenced"] for e in ev if e.kind == "attack")


def test_scored_first_player_first_and_ko_stops_the_second() -> None:
    s = arrange(started("rocco", "dara"),
                hands=(["punch", "kick", "kick"], ["punch", "kick", "kick"]),
                hp=(3, 3), first=1)
    s, ev = play_turn(s, commit(1, "punch"), commit(1, "punch"), "e", "w")
    # Dara (seat 1) is first: Punch 2 + 2 = 4 knocks Rocco out before he strikes.
    assert s.fighters[0].hp == 0 and s.fighters[1].hp == 3
    assert [e.data["seat"] for e in ev if e.kind == "attack"] == [1]
    assert s.result is not None and s.result.winners == (1,) and s.result.reason == "ko"
    assert s.phase == "over" and GAME.prompts(s) == {}


def test_both_attacks_land_when_nobody_falls() -> None:
    s = arrange(started("rocco", "dara"),
                hands=(["punch", "kick", "kick"], ["kick", "kick", "kick"]))
    s, _ = play_turn(s, commit(1, "punch"), commit(1, "kick"), "e", "w")
    assert [f.hp for f in s.fighters] == [20 - 3, 20 - 5]


def test_block_then_counter_with_a_card_in_range() -> None:
    s = arrange(started("rocco", "aiko"),
                hands=(["kick", "punch", "grapple"], ["block", "grapple", "punch"]))
    s, ev = play_turn(s, commit(1, "kick"), commit(1, "block"), "e", "w")
    assert s.phase == "counter" and list(GAME.prompts(s)) == [1]
    legal = {a.card for a in GAME.legal(s, 1) if isinstance(a, Counter)}
    assert legal == {None, "grapple", "punch"}  # never a super in a counter
    assert s.fighters[1].hp == 20 - max(0, 1 + 1 - 2)
    s, ev = GAME.apply(s, 1, Counter(card="grapple"))
    # Aiko's counter: Grapple 3 + 1 at range 2, unblockable.
    assert s.fighters[0].hp == 16 and "counter" in kinds(ev)
    assert s.reveal is not None and s.reveal.counter == "grapple"
    assert len(s.fighters[1].hand) == 3 and total_cards(s) == 40
    assert s.phase == "commit" and s.turn == 2


def test_blocker_may_decline_and_is_prompted_even_without_a_counter() -> None:
    s = arrange(started("rocco", "aiko"),
                hands=(["kick", "punch", "grapple"], ["block", "block", "block"]))
    s, _ = play_turn(s, commit(1, "kick"), commit(1, "block"), "n", "s")
    assert s.phase == "counter" and GAME.legal(s, 1) == [Counter(card=None)]
    s, _ev = GAME.apply(s, 1, Counter(card=None))
    assert s.phase == "commit" and [f.hp for f in s.fighters] == [20, 20]


def test_counter_offers_only_cards_in_range() -> None:
    # Range 4 after the moves: nothing is in range, only "no counter".
    s = arrange(started("rocco", "aiko"),
                hands=(["kick", "punch", "grapple"], ["block", "kick", "punch"]))
    s, _ = play_turn(s, commit(1, "kick"), commit(1, "block"), "n", "s")
    assert GAME.legal(s, 1) == [Counter(card=None)]


def test_first_player_blocks_second_attacks_then_first_counters() -> None:
    s = arrange(started("rocco", "aiko"),
                hands=(["block", "punch", "kick"], ["grapple", "kick", "kick"]))
    s, _ = play_turn(s, commit(1, "block"), commit(1, "grapple"), "e", "w")
    # Aiko Grapple 3 + 1 = 4, Rocco blocks 2: 2 damage; then Rocco counters with a punch.
    assert s.fighters[0].hp == 18 and list(GAME.prompts(s)) == [0]
    s, _ = GAME.apply(s, 0, Counter(card="punch"))
    assert s.fighters[1].hp == 20 - (3 + 2)


def test_counter_can_knock_out() -> None:
    s = arrange(started("rocco", "aiko"), hp=(20, 4),
                hands=(["block", "punch", "kick"], ["grapple", "kick", "kick"]))
    s, _ = play_turn(s, commit(1, "block"), commit(1, "grapple"), "e", "w", counter="punch")
    assert s.result is not None and s.result.winners == (0,) and s.fighters[1].hp == 0
