"""The tournament cog's own decisions: what ``/tournament create`` accepts, seeding, and
how a finished match becomes a pairing's result."""

from __future__ import annotations

import pytest

from cogs.tournaments import Tournaments, auto_results, result_of, seed_order
from db.base import EntrantRecord, MatchRecord, PairingRecord
from engine.tournament import Pairing
from referee.i18n import Refusal


def test_create_accepts_every_two_player_game_and_refuses_bad_options() -> None:
    assert Tournaments.check_create("sushido", "swiss", 4, None, None) == {"rounds": 4}
    assert Tournaments.check_create("mortal_kombat", "series", None, None, "advanced") == {
        "matches": 3, "level": "advanced"}
    cases = [
        (("nope", "swiss", None, None, None), "lobby.unknown_game"),
        (("sushido", "ladder", None, None, None), "tournament.bad_format"),
        (("sushido", "round_robin", 3, None, None), "tournament.rounds_swiss_only"),
        (("sushido", "swiss", None, 2, None), "tournament.matches_series_only"),
        (("mortal_kombat", "swiss", None, None, "expert"), "tournament.bad_level"),
    ]
    for args, key in cases:
        with pytest.raises(Refusal) as err:
            Tournaments.check_create(*args)
        assert err.value.key == key


def test_seeds_by_rating_then_sign_up_unrated_last() -> None:
    entrants = [EntrantRecord(tournament_id=1, user_id=u, position=i + 1)
                for i, u in enumerate([10, 20, 30, 40])]
    assert seed_order(entrants, {}) == [10, 20, 30, 40]
    assert seed_order(entrants, {30: 5.0, 40: -2.0}) == [30, 40, 10, 20]


def test_results_of_matches_byes_and_drops() -> None:
    rec = MatchRecord(id=7, guild_id=1, channel_id=2, game="sushido", seats=[5, 6],
                      state="{}", version=3)
    p = PairingRecord(tournament_id=1, round=1, slot=2, a_id=5, b_id=6, match_id=7)
    assert result_of(rec, [1, 0], p).winner_id == 6
    assert result_of(rec, [0, 0], p).winner_id is None  # a draw
    done = auto_results(2, [Pairing(5, 6), Pairing(7, None), Pairing(8, 9)], {9})
    assert [(r.slot, r.winner_id, r.forfeit) for r in done] == [(1, 7, True), (2, 8, True)]
