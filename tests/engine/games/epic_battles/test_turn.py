"""The match and the turn: picks, the opening, the aggressor, the four steps, floating
effects, options, timeouts and what the views show."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.epic_battles import GAME
from engine.games.epic_battles.model import Options
from tests.engine.games.epic_battles.helpers import aids, asked, board, play


def test_picks_are_secret_then_each_round_opens_with_three_cards_and_a_draw_step() -> None:
    s = GAME.setup(Options(), 2, 11)
    s = play(s, 0, "pk-sub_zero")
    assert GAME.view(s, 1).my_pick is None and GAME.view(s, 0).my_pick == "sub_zero"
    assert GAME.prompts(s)[0].committed
    s = play(s, 1, "pk-ryu")
    # opening 3 + Draw step 3 each (no set events: no flip window), then Set for both
    assert s.phase == "set" and [len(x.hand) for x in s.sides] == [6, 6]
    assert [len(x.deck) for x in s.sides] == [53, 53]
    assert sorted(GAME.prompts(s)) == [0, 1]


def test_the_aggressor_is_random_in_round_one_and_alternates_every_turn() -> None:
    firsts = {GAME.apply(GAME.apply(GAME.setup(Options(), 2, seed), 0,
                                    GAME.parse_action({"kind": "pick",
                                                       "character": "ryu"}))[0], 1,
                         GAME.parse_action({"kind": "pick", "character": "ken"}))[0]
              .aggressor for seed in range(12)}
    assert firsts == {0, 1}
    s = board(aggressor=1)
    assert asked(s) == (1, "act")
    s = play(s, 1, "pass")
    s = play(s, 0, "pass")  # two passes in a row end the Battle
    assert s.aggressor == 0 and s.turn == 2 and s.phase == "set"


def test_battle_alternates_actions_and_one_pass_does_not_end_it() -> None:
    s = board(hands=(["jab"], ["sparring"]), chars=("sub_zero", "ryu"))
    s = play(s, 0, "pass")
    assert asked(s) == (1, "act")
    s = play(s, 1, "at-sparring")
    s = play(s, 0, "bk-0")
    s = play(s, 1, "pass")  # Sparring's link: end the combo
    assert asked(s) == (0, "act")  # the pass before the attack does not count
    s = play(s, 0, "pass")
    assert asked(s) == (1, "act")


def test_floating_effects_end_with_the_turn() -> None:
    s = board(hands=(["jab"], []), events=(["insanity"], []), energy=(["jab"], []),
              decks=(30, 30))
    s = play(s, 0, "at-jab")
    s = play(s, 0, "fl-1")
    s = play(s, 1, "bk-0")
    assert len(s.sides[1].deck) == 28 and s.floats
    s = play(s, 0, "pass")  # end the combo (Jab links)
    s = play(s, 1, "pass")
    assert s.floats  # still this turn
    s = play(s, 0, "pass")
    assert s.floats == [] and s.turn == 2


def test_the_match_option_rounds_is_three_or_one() -> None:
    assert GAME.parse_options({}).rounds == 3  # type: ignore[attr-defined]
    assert GAME.parse_options({"rounds": "1"}).to_win == 1  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction, match="rounds"):
        GAME.parse_options({"rounds": 2})


def test_discard_timeout_discards_the_newest_cards() -> None:
    s = board(hands=(["jab", "flurry", "uppercut", "insanity", "leg_throw"], []))
    s = play(s, 0, "pass")
    s = play(s, 1, "pass")
    action = GAME.timeout_action(s, 0)
    assert action.aid == "dc-18"
    s, _ = GAME.timeout(s, 0)
    assert s.sides[0].hand[:3] == ["jab", "flurry", "uppercut"]


def test_public_view_shows_counts_piles_and_known_set_events_only() -> None:
    s = board(hands=(["jab"], ["sparring", "high_block"]), events=(["insanity", "focus"],
                                                                  []),
              energy=(["roundhouse"], []), kamidogu=(["kami_earthrealm"], []))
    s.sides[0].events[1] = s.sides[0].events[1].model_copy(update={"known": True})
    spectator = GAME.view(s, None)
    me = spectator.sides[0]
    assert me.deck_count == 20 and me.hand_count == 1 and me.set_count == 2
    assert me.set_known == ["focus"] and me.energy == ["roundhouse"]
    assert [k.card for k in me.kamidogu] == ["kami_earthrealm"]
    assert spectator.my_hand is None and spectator.my_set is None
    assert "insanity" not in spectator.model_dump_json()
    rival = GAME.view(s, 1)
    assert rival.my_hand == ["sparring", "high_block"] and "insanity" not in \
        rival.model_dump_json()
    assert GAME.view(s, 0).my_set == ["insanity", "focus"]


def test_dudley_is_asked_during_the_opening_draws_and_the_pick_is_over() -> None:
    s = GAME.setup(Options(), 2, 5)
    s = play(s, 0, "pk-dudley")
    s = play(s, 1, "pk-ryu")
    assert s.phase == "draw" and asked(s) == (0, "reveal")  # after his first card
    assert all(not a.startswith("pk-") for a in aids(s, 0))
