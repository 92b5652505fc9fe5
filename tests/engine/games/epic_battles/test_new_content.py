"""Issue 28's rule paths: the Draw step's order, variable costs, freezes, damage that
cannot be lowered, throws that cannot be blocked, and King cards in a match."""

from __future__ import annotations

from engine.games.epic_battles import GAME
from engine.games.epic_battles.data import cards, precons
from engine.games.epic_battles.model import Options
from tests.engine.games.epic_battles.helpers import aids, asked, board, play


def test_in_the_draw_step_the_aggressor_draws_all_his_cards_then_the_rival() -> None:
    # after this turn seat 1 is the aggressor: 3 cards left; seat 0 has 1 card left.
    s = board(decks=(1, 3), aggressor=0)
    s = play(s, 0, "pass")
    s = play(s, 1, "pass")
    # seat 1 draws its 3 cards first and runs out; card by card, seat 0 would have run
    # out first (its 1st draw comes before seat 1's 2nd)
    assert s.round_winners[0] == [0]


def test_a_round_opens_with_the_aggressor_drawing_three_then_the_rival() -> None:
    # Dudley is asked after each of his draws: at his first, the aggressor has all 3
    for seed in range(20):
        s = GAME.setup(Options(), 2, seed)
        s = play(play(s, 0, "pk-ryu"), 1, "pk-dudley")
        if s.aggressor == 0:
            assert asked(s) == (1, "reveal")
            assert [len(x.hand) for x in s.sides] == [3, 1]
            return
    raise AssertionError("no seed made Ryu the aggressor")


def test_a_variable_cost_changes_where_the_card_says_so() -> None:
    # Fierce Punch: cost 2, "Costs 1 less in a combo."
    s = board(chars=("ryu", "ken"), hands=(["sparring", "fierce_punch"], []),
              energy=(["sweep"], []))
    assert aids(s, 0) == ["at-sparring", "pass"]  # alone it costs 2 (1 energy)
    s = play(s, 0, "at-sparring")
    s = play(s, 1, "bk-0")
    assert asked(s) == (0, "link")
    assert "at-fierce_punch" in aids(s, 0)  # linked: 1
    s = play(s, 0, "at-fierce_punch")
    assert s.sides[0].energy == ["sparring"]  # paid the Sweep, Sparring went in after
    # Krushing Blow: cost 3, "Costs 1 less while your deck is smaller than your rival's."
    s = board(hands=(["krushing_blow"], []), energy=(["jab"] * 2, []), decks=(10, 20))
    assert aids(s, 0) == ["at-krushing_blow", "pass"]
    s = board(hands=(["krushing_blow"], []), energy=(["jab"] * 2, []), decks=(20, 10))
    assert aids(s, 0) == ["pass"]


def test_a_freeze_stops_every_block_of_the_rival_until_the_end_of_the_turn() -> None:
    s = board(hands=(["deep_freeze", "jab"], ["high_block", "high_block"]),
              energy=(["jab"] * 2, []))
    s = play(s, 0, "at-deep_freeze")
    assert "bk-1" in aids(s, 1) or "bk-3" in aids(s, 1)  # not frozen yet
    s = play(s, 1, "bk-0")  # takes it: HIT - the rival cannot block
    assert any(f.effect.type == "freeze" for f in s.floats)
    s = play(s, 1, "pass")
    s = play(s, 0, "at-jab")
    assert aids(s, 1) == ["bk-0"]  # two High Blocks in hand, none may be played


def test_damage_that_cannot_be_lowered_ignores_armor() -> None:
    s = board(hands=(["krushing_blow"], []), energy=(["jab"] * 3, []),
              kamidogu=([], ["kami_earthrealm"]))
    s = play(s, 0, "at-krushing_blow")
    s = play(s, 1, "bk-0")
    assert len(s.sides[1].deck) == 15  # 5, not 4


def test_a_command_grab_cannot_be_blocked() -> None:
    s = board(chars=("ryu", "hugo"), hands=(["hip_toss"], ["low_block"]),
              energy=(["jab"] * 2, []))
    s = play(s, 0, "at-hip_toss")
    assert aids(s, 1) == ["bk-0"]


def test_a_king_plays_a_match_with_its_four_pieces_as_the_character() -> None:
    s = GAME.setup(Options(), 2, 5)
    assert "pk-onaga" in [a.aid for a in GAME.legal(s, 0)]
    s = play(play(s, 0, "pk-onaga"), 1, "pk-akuma")
    for side in s.sides:
        assert len(side.decklist) == 59
        assert not [c for c in side.decklist if cards()[c].type == "piece"]
    assert sum(1 for c in precons()["akuma"] if cards()[c].type == "piece") == 4
