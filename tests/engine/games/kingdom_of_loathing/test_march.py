"""March on the Tower: offers, success, failure with elimination, ties, the round cap."""

from __future__ import annotations

from engine.games.kingdom_of_loathing import GAME
from engine.games.kingdom_of_loathing.model import KolState

from .helpers import act, aids, arrange, fresh, play

STRONG = ["mu4"] * 6  # Melee 24 + 1 (newbie weapon) = 25
WEAK = ["mu1", "my1"]


def offer(hands: list[list[str]], **opts: int) -> KolState:
    s = fresh(len(hands), **opts)
    for seat, hand in enumerate(hands):
        s.players[seat].hand = list(hand)
    s.phase = "offer"
    s.round = 2
    s.actor = s.turn = s.certificate
    return s


def all_melee(s: KolState) -> KolState:
    """Every March seat: non-combat ends at once, then Melee with all its Muscle."""
    while s.result is None and s.march is not None:
        legal = GAME.legal(s, s.actor)
        mans = [a for a in legal if a.kind == "man" and a.ref == "melee"]
        s, _ = GAME.apply(s, s.actor, next(a for a in legal if a.kind == "fight")
                          if s.phase == "noncombat" else (mans[0] if mans else legal[-1]))
    return s


def test_offers_start_after_round_one_at_the_certificate_holder() -> None:
    s = arrange(fresh(2), hand=["mu1"] * 6, phase="noncombat")
    for _ in range(2):
        s, _ = play(s, "fight", "nomove", "nokill", "keep")
    assert s.phase == "offer" and s.actor == 0 and s.round == 2
    s, _ = play(s, "pass")
    assert s.actor == 1 and s.phase == "offer"
    s, _ = play(s, "pass")
    assert s.phase == "noncombat" and s.turn == 0


def test_march_order_from_the_announcers_left_and_success() -> None:
    s = offer([WEAK, STRONG, WEAK])
    s, _ = play(s, "pass", "march")
    assert s.march is not None and s.march.order == [2, 0, 1]
    assert s.phase == "noncombat" and s.actor == 2
    s = all_melee(s)
    assert s.result is not None and s.result.winners == (1,)
    assert s.result.reason == "sorceress"


def test_march_turns_off_every_buff() -> None:
    s = offer([WEAK, STRONG])
    s.players[0].skills = ["s05"]
    s.players[0].buffs_on = ["s05"]
    s, _ = play(s, "march")
    assert s.players[0].buffs_on == []


def test_failed_march_eliminates_the_announcer_and_play_goes_on() -> None:
    s = offer([WEAK, WEAK, WEAK])
    s, _ = play(s, "pass", "march")
    s = all_melee(s)
    assert s.result is None and s.players[1].out and s.march is None
    assert s.phase == "noncombat" and s.turn == 0
    assert all(len(s.players[i].hand) == 6 for i in (0, 2))
    s, _ = play(s, "fight", "nomove", "nokill", "keep")
    assert s.turn == 2  # the eliminated seat is skipped


def test_failed_march_of_the_certificate_holder_passes_the_certificate() -> None:
    s = offer([WEAK, WEAK, WEAK])
    s, _ = play(s, "march")
    s = all_melee(s)
    assert s.players[0].out and s.certificate == 1 and s.turn == 1


def test_failed_march_with_two_seats_leaves_the_other_winner() -> None:
    s = offer([WEAK, WEAK])
    s, _ = play(s, "march")
    s = all_melee(s)
    assert s.result is not None and s.result.winners == (1,)
    assert s.result.reason == "last_standing"


def test_tie_goes_to_the_earlier_in_combat_order() -> None:
    s = offer([STRONG, STRONG, WEAK])
    s, _ = play(s, "pass", "pass", "march")  # order: 0, 1, 2
    s = all_melee(s)
    assert s.result is not None and s.result.winners == (0,)
    assert s.march is not None and s.march.scores[0] == s.march.scores[1] == 25


def test_reductions_only_lower_ones_own_bar() -> None:
    s = offer([["mu4"] * 4 + ["mu2"], ["mu4"] * 4 + ["mu1"]])  # 19 and 18
    s.players[1].items.append("k08")  # reduce 2: bar 18 for seat 1 only
    s, _ = play(s, "march")  # order: 1, 0
    s, _ = play(s, "fight", "fight")
    s, _ = play(s, act("use", "k08"), act("man", "melee", cards=("mu4",) * 4 + ("mu1",)))
    assert s.march is not None and s.march.bars[1] == 18 and s.march.scores[1] == 18
    s, _ = play(s, act("man", "melee", cards=("mu4",) * 4 + ("mu2",)))
    assert s.march.scores[0] == 19 and s.march.bars[0] == 20
    assert s.result is not None and s.result.winners == (1,)  # the only one to qualify


def test_top_score_among_qualifiers_wins() -> None:
    s = offer([STRONG, ["mu4"] * 5 + ["mu1"]])  # 25 and 22
    s, _ = play(s, "march")
    s = all_melee(s)
    assert s.result is not None and s.result.winners == (0,)


def test_no_kill_in_the_march() -> None:
    s = offer([STRONG, WEAK])
    s, _ = play(s, "march", "fight", "fight", "nomove")
    assert s.phase == "combat" and "nokill" not in aids(s)


def test_round_cap_forces_a_march_and_nobody_qualifying_is_a_draw() -> None:
    s = arrange(fresh(3, round_cap=1), hand=WEAK, phase="noncombat")
    for seat in range(3):
        s.players[seat].hand = list(WEAK)
        s.players[seat].deck = []
    for _ in range(3):
        s, _ = play(s, "fight", "nomove", "nokill", "keep")
    assert s.march is not None and s.march.announcer is None and s.march.order == [0, 1, 2]
    s = all_melee(s)
    assert s.result is not None and s.result.draw and s.result.reason == "rounds"


def test_round_cap_march_can_be_won() -> None:
    s = arrange(fresh(2, round_cap=1), hand=WEAK, phase="noncombat")
    s.players[1].hand = list(STRONG)
    s.players[1].deck = []
    s, _ = play(s, "fight", "nomove", "nokill", "keep")
    s.players[1].hand = list(STRONG)
    s, _ = play(s, "fight", "nomove", "nokill", "keep")
    s = all_melee(s)
    assert s.result is not None and s.result.winners == (1,)
