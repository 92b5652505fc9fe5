"""What a tournament's standings say: "1 pt" and "3 pts", the footer explaining the
wins-draws-losses and the SB abbreviation, in English and French."""

from __future__ import annotations

import pytest

from db.base import TournamentRecord
from engine.tournament.model import Event, Result
from referee.tournament_text import standings_embed


@pytest.mark.parametrize(("loc", "legend"), [
    ("en-US", "Points (wins-draws-losses)"),
    ("fr", "Points (victoires-nuls-défaites)")])
def test_standings_say_pt_for_one_point_and_explain_their_columns(loc: str,
                                                                  legend: str) -> None:
    tour = TournamentRecord(id=1, guild_id=1, channel_id=2, organiser_id=11, game="sushido",
                            format="swiss", options={"rounds": 3}, status="running", round=2)
    event = Event("swiss", [11, 12, 13, 14], rounds=3,
                  history=[[Result(1, 11, 12, 11), Result(1, 13, 14, 13)]])
    embed = standings_embed(tour, event, loc).to_dict()
    body = embed["fields"][0]["value"]
    zero = "— 0 pts (0-0-1)" if loc == "en-US" else "— 0 pt (0-0-1)"  # French: 0 is singular
    assert "— 1 pt (1-0-0)" in body and zero in body and "1 pts" not in body
    footer = embed["footer"]["text"]
    assert legend in footer and "Sonneborn-Berger (SB)" in footer


def test_a_sealed_sign_up_names_its_rule_level_once() -> None:
    from referee.tournament_text import signup_text

    tour = TournamentRecord(id=3, guild_id=1, channel_id=2, organiser_id=11,
                            game="mortal_kombat", format="series",
                            options={"matches": 2, "level": "basic", "sealed": True})
    for loc, words in (("en-US", "Basic rules"), ("fr", "Règles de Base")):
        text = signup_text(tour, [], loc)
        assert text.lower().count(words.lower()) == 1 and "basic" not in text, text


def test_a_tied_series_extra_round_is_named_the_decider() -> None:
    from db.base import PairingRecord
    from referee.tournament_text import pairings_text

    tour = TournamentRecord(id=3, guild_id=1, channel_id=2, organiser_id=11,
                            game="mortal_kombat", format="series", options={"matches": 2},
                            status="running", round=3)
    pair = PairingRecord(tournament_id=3, round=3, slot=0, a_id=11, b_id=12)
    assert "decider" not in pairings_text(tour, 2, [pair], "en-US")
    assert "**Round 3: the decider** (the series is tied)" in pairings_text(
        tour, 3, [pair], "en-US", decider=True)
    assert "match décisif" in pairings_text(tour, 3, [pair], "fr", decider=True)


def test_an_elimination_line_in_french_counts_without_brackets() -> None:
    tour = TournamentRecord(id=4, guild_id=1, channel_id=2, organiser_id=11, game="sushido",
                            format="single_elimination", status="running", round=2)
    event = Event("single_elimination", [11, 12, 13, 14],
                  history=[[Result(1, 11, 14, 11), Result(1, 12, 13, 12)]])
    body = standings_embed(tour, event, "fr").to_dict()["fields"][0]["value"]
    assert "victoires : 1, défaites : 0" in body and "(s)" not in body, body
