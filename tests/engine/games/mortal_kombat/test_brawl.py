"""Brawl Mode (3-6 seats) rulebook scenarios: the Carl/Billy/Ron example, actions spent
by defending and kept by taking the hit, clockwise order and the rotating starter,
aiming, Area attacks, the movement exceptions, two-player rules at two, rounds, leavers."""

from __future__ import annotations

import pytest

from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.brawl import end_round
from engine.games.mortal_kombat.data import kard, kards
from engine.games.mortal_kombat.model import BRAWL_TURN_CAP, MkState, Options
from engine.games.mortal_kombat.seats import distance

from .helpers import aids, play

PICKS = ("subzero", "kano", "scorpion", "raiden", "liukang", "sonya")


def brawl(seats: int = 3, hands: dict[int, list[str]] | None = None,
          kp: dict[int, int] | None = None, starter: int = 0, level: str = "basic"
          ) -> MkState:
    """A Brawl's first turn with these hands and KP; ``starter`` acts first."""
    s = GAME.setup(Options(level=level), seats, 5)  # type: ignore[arg-type]
    s.initiative = starter
    for seat in range(seats):
        s, _ = GAME.act(s, seat, f"pick-{PICKS[seat]}")
    assert s.brawl and s.phase == "act" and s.initiative == starter
    for seat in range(seats):
        f = s.fighters[seat]
        f.deck.extend(f.hand)
        f.hand = list((hands or {}).get(seat, []))
        f.kp = (kp or {}).get(seat, 30)
    return s


def asked(s: MkState) -> list[int]:
    return sorted(x for x, p in GAME.prompts(s).items() if not p.committed)


def discard_all(s: MkState) -> MkState:
    for seat in asked(s):
        s = play(s, seat, "dd")
    return s


def aim(s: MkState, seat: int, at: int) -> MkState:
    if s.aim == at:
        return s
    return play(s, seat, f"aim-{s.fighters[at].kombatant}-{at}")


def test_carl_billy_and_ron() -> None:
    """The rulebook's example: Carl (first) Low Kicks Billy, who blocks (1 damage, his
    action spent); play skips Billy to Ron, who passes; the turn ends and Billy starts
    the second turn."""
    carl, billy, ron = 0, 1, 2
    s = brawl(hands={carl: ["b06"], billy: ["d03"]})
    assert asked(s) == [carl] and s.aim == billy  # the next Kombatant at Carl's left
    s = play(play(s, carl, "at-b06"), carl, "go")
    assert asked(s) == [billy] and "bl-d03" in aids(s, billy)
    s = play(s, billy, "bl-d03")
    assert s.fighters[billy].kp == 29 and sorted(s.spent) == [carl, billy]
    assert asked(s) == [ron] and s.phase == "act"
    s = play(s, ron, "pass")
    assert s.phase == "discard" and s.turn == 2 and asked(s) == [carl, billy, ron]
    s = discard_all(s)
    assert s.turn_starter == billy and asked(s) == [billy] and s.spent == []


def test_taking_the_hit_keeps_the_action_and_an_attacker_may_still_defend() -> None:
    """Billy takes Carl's hit: he keeps his action and attacks next (clockwise); Carl,
    who has attacked, may still block Ron's attack later in the turn."""
    s = brawl(hands={0: ["b01", "d01"], 1: ["b04"], 2: ["b05"]})
    s = play(play(s, 0, "at-b01"), 0, "go")
    s = play(s, 1, "take")
    assert s.fighters[1].kp == 28 and s.spent == [0] and asked(s) == [1]
    s = play(s, 1, "pass")
    assert asked(s) == [2] and s.aim == 0
    s = play(play(s, 2, "at-b05"), 2, "go")
    assert "bl-d01" in aids(s, 0)  # the attacker of this turn defends
    s = play(s, 0, "bl-d01")
    assert s.fighters[0].kp == 29 and s.phase == "discard"


def test_any_defence_spends_the_action_even_a_failed_one() -> None:
    s = brawl(hands={0: ["b14"], 1: ["d01", "b01"]})  # Jump Punch 6 vs High Block 5
    s = play(play(s, 0, "at-b14"), 0, "go")
    s = play(s, 1, "bl-d01")
    assert s.fighters[1].kp == 28 and 1 in s.spent and asked(s) == [2]


def test_the_attacker_picks_the_target_and_the_starter_rotates() -> None:
    s = brawl(seats=4, hands={0: ["b01"]}, starter=3)
    assert asked(s) == [3]
    for seat in (3, 0):
        if seat == 0:
            s = aim(s, 0, 2)
            assert s.aim == 2 and "aim-kano-1" in aids(s, 0)
            s = play(play(s, 0, "at-b01"), 0, "go")
            assert asked(s) == [2]
            s = play(s, 2, "take")
            assert s.fighters[2].kp == 28
            continue
        s = play(s, seat, "pass")
    assert asked(s) == [1]
    s = play(play(s, 1, "pass"), 2, "pass")
    assert s.phase == "discard"
    s = discard_all(s)
    assert s.turn_starter == 0 and asked(s) == [0]  # the left of last turn's starter


@pytest.fixture
def area(monkeypatch: pytest.MonkeyPatch) -> str:
    """Head Punch (Speed 5, Strength 2) turned into a Ranged Area projectile for the test
    (round numbers; the printed Area kards are Special Moves, e.g. Liu Kang's Dragon
    Flame)."""
    kid = "b01"
    monkeypatch.setitem(kards(), kid, kard(kid).model_copy(
        update={"location": "area", "range": "ranged", "kind": "projectile"}))
    return kid


def test_area_attack_questions_go_clockwise_from_the_attackers_left(area: str) -> None:
    """Seat 2 attacks four others: counters are asked 3, 0, 1 (no one counters), then
    evasions 3, 0, 1; Teleport Away (7 > 5) avoids it, the others are hit."""
    s = brawl(seats=4, hands={2: [area], 0: ["d11"], 1: ["d07"]}, starter=2)
    s = play(play(s, 2, f"at-{area}"), 2, "go")
    order = []
    while s.exchange is not None and s.exchange.stage == "counter":
        who = asked(s)[0]
        order.append(who)
        s = play(s, who, "take")
    assert order == [3, 0, 1] and s.exchange is not None
    assert s.exchange.stage == "evade" and asked(s) == [3]
    s = play(s, 3, "take")
    assert aids(s, 0) == ["take", "ev-d11"]
    s = play(s, 0, "ev-d11")
    assert aids(s, 1) == ["take"]  # Duck does not avoid an Area attack
    s = play(s, 1, "take")
    assert [f.kp for f in s.fighters] == [30, 28, 30, 28]
    assert 0 in s.spent and 3 not in s.spent and asked(s) == [3]


def test_the_first_counter_to_an_area_attack_stops_it_for_everyone(area: str) -> None:
    """Projectile Reflect (a Specific Counter vs Ranged, Speed 5 >= 5) from the first seat
    asked: the attack fails for all and 3 damage goes back; the next seat is never asked."""
    s = brawl(seats=3, hands={0: [area], 1: ["d12"], 2: ["d12"]})
    s = play(play(s, 0, f"at-{area}"), 0, "go")
    assert asked(s) == [1] and "sc-d12" in aids(s, 1)
    s = play(s, 1, "sc-d12")
    assert [f.kp for f in s.fighters] == [27, 30, 30]
    assert "d12" in s.fighters[2].hand and s.exchange is None and 1 in s.spent


def test_hand_to_hand_groups_and_ranged_from_all() -> None:
    """Advanced distance: moving into Hand-to-Hand with one of a pair puts you at
    Hand-to-Hand with both; moving to Ranged from one puts you at Ranged from all."""
    s = brawl(level="advanced")
    s = play(play(aim(s, 0, 1), 0, "step"), 0, "pass")
    assert s.groups == [[0, 1]] and distance(s, 0, 2) == "ranged"
    s = play(s, 1, "pass")
    s = play(play(s, 2, "step"), 2, "pass")  # towards seat 0, its default aim
    assert s.groups == [[0, 1, 2]] and distance(s, 2, 1) == "h2h"
    s = discard_all(s)
    assert asked(s) == [1]
    s = play(play(s, 1, "step"), 1, "pass")
    assert s.groups == [[0, 2]] and distance(s, 1, 0) == distance(s, 1, 2) == "ranged"


def test_close_quarters_and_knockback_move_only_the_two_involved() -> None:
    s = brawl(level="advanced", hands={0: ["b10", "b07"]})
    s.groups = [[0, 1, 2]]
    s = play(play(aim(s, 0, 1), 0, "at-b10"), 0, "go")  # Elbow: Close Quarters
    s = play(s, 1, "take")
    assert s.groups == [[0, 1, 2]]
    s = play(play(s, 1, "pass"), 2, "pass")
    s = discard_all(s)
    s.fighters[1].hand.append("b07")
    s = play(play(aim(s, 1, 2), 1, "at-b07"), 1, "go")  # Roundhouse knocks back
    s = play(s, 2, "take")
    assert s.groups == [[0, 1]] and distance(s, 2, 0) == "ranged"


def test_two_left_revert_to_two_player_initiative() -> None:
    """Ron is knocked out: the turn ends under Brawl rules, then Carl and Billy play with
    initiative; a blocked attack passes it."""
    s = brawl(hands={0: ["b05"], 1: ["d01", "b05"]}, kp={2: 2})
    s = play(aim(s, 0, 2), 0, "at-b05")
    s = play(play(s, 0, "go"), 2, "take")
    assert s.down == [2] and asked(s) == [1]
    s = play(s, 1, "pass")
    assert s.phase == "discard" and not s.brawl and asked(s) == [0, 1]
    s = discard_all(s)
    assert asked(s) == [1] and s.initiative == 1  # the left of the last starter
    s.fighters[0].hand.append("d01")
    s = play(play(s, 1, "at-b05"), 1, "go")
    s = play(s, 0, "bl-d01")
    s = discard_all(s)
    assert s.initiative == 0


def test_round_losses_two_put_a_kombatant_out_and_ties_are_replayed() -> None:
    s = brawl(seats=4)
    s.down = [3, 1, 2]
    end_round(s, 0, "ko")
    assert [f.losses for f in s.fighters] == [0, 1, 1, 1] and s.fighters[0].rounds == 1
    assert s.round == 2 and s.starter == 1 and s.brawl
    s.down = [2, 1]
    end_round(s, None, "ko")  # the last two fell together: replayed, no losses
    assert [f.losses for f in s.fighters] == [0, 1, 1, 1] and s.round_winners[-1] is None
    s.down = [3, 2, 0]
    end_round(s, 1, "ko")
    assert s.out == [3, 2] and [f.losses for f in s.fighters] == [1, 1, 2, 2]
    assert s.result is None and not s.brawl and asked(s) == [s.initiative]
    assert s.initiative in (0, 1)
    s.down = [0]
    end_round(s, 1, "ko")
    assert s.result is not None and s.result.ranks == (2, 1, 3, 4)


def test_brawl_round_cap_goes_to_the_most_kp() -> None:
    s = brawl(kp={0: 20, 1: 25, 2: 10})
    s.turn = BRAWL_TURN_CAP
    for seat in (0, 1, 2):
        s = play(s, seat, "pass")
    assert s.round_winners == [1] and s.capped_rounds == 1 and s.round == 2


def test_a_leaver_is_knocked_out_and_play_goes_on() -> None:
    """The seat being attacked leaves: the exchange is dropped (the attacker's action
    spent), the leaver is never asked again and ranks last."""
    s = brawl(seats=4, hands={0: ["b01"]})
    s = play(play(aim(s, 0, 2), 0, "at-b01"), 0, "go")
    s, _ = GAME.concede(s, 2)
    assert s.result is None and 2 in s.down and s.exchange is None
    assert asked(s) == [1] and "b01" in s.fighters[0].discard
    s = play(play(s, 1, "pass"), 3, "pass")
    assert asked(s) == [0, 1, 3]
    s, _ = GAME.concede(s, 0)
    s, _ = GAME.concede(s, 3)
    assert s.result is not None and s.result.winners == (1,)
    assert s.result.ranks == (3, 1, 4, 2)


def test_the_seat_aimed_at_leaving_moves_the_aim_on() -> None:
    """The Kombatant the actor aims at leaves before the attack: the aim moves to the
    next standing seat at the actor's left, so a leaver is never asked to respond
    (found by replaying random 4-seat Brawls with a forfeit; decision)."""
    s = brawl(seats=4, hands={0: ["b01"]})
    assert s.aim == 1
    s, _ = GAME.concede(s, 1)
    assert s.aim == 2
    s = play(play(s, 0, "at-b01"), 0, "go")
    assert asked(s) == [2]


def test_the_next_starter_leaving_during_discard_draw_hands_the_turn_on() -> None:
    """The Kombatant who is to start the next turn leaves during Discard/Draw: the seat
    at its left starts it, and the turn after goes on round the table (decision)."""
    s = brawl(seats=4)
    for seat in (0, 1, 2, 3):
        s = play(s, seat, "pass")
    assert s.phase == "discard" and s.initiative == 1
    s, _ = GAME.concede(s, 1)
    assert s.initiative == 2 and s.aim == 3
    s = discard_all(s)
    assert asked(s) == [2]
    for seat in (2, 3, 0):
        s = play(s, seat, "pass")
    s = discard_all(s)
    assert asked(s) == [3]


def test_lasting_modifiers_count_only_in_their_owners_exchanges() -> None:
    """Haste (+1 Speed for two turns) played by Ron on his attack helps Ron's later
    attacks, not Carl's defence when Billy attacks Carl (decision)."""
    from engine.games.mortal_kombat.model import Modifier

    s = brawl(hands={1: ["b01"]}, starter=1)
    s.modifiers = [Modifier(seat=2, kard="e16", kind="speed", value=1, target="self",
                            turns=2)]
    s = play(play(aim(s, 1, 0), 1, "at-b01"), 1, "go")
    assert s.exchange is not None and s.exchange.speed == [] and s.exchange.def_speed == []
