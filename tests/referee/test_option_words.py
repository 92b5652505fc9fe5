"""Challenge, table and tournament texts word every game's options in players' words
(``Advanced rules, 30 KP, 50-kard decks, Timer Rule``), never the options model's
``key: value``, in English and French."""

from __future__ import annotations

import typing
from typing import Any

import pytest

from cogs.seating import table_text
from db.base import ChallengeRecord, LobbyRecord
from engine.games import REGISTRY
from referee.lobby_text import challenge_text
from referee.option_words import option_text, options_text, worded

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "sushido": [{"duel": d} for d in ("iaijutsu", "entrainement", "rencontre")],
    "world_of_fighters": [{"bouts": 1}, {"bouts": 3}],
    "kingdom_of_loathing": [{}, {"sorceress": 25, "round_cap": 0}],
    "mortal_kombat": [{"level": lv, "timer": tm, "kp": 40, "deck_size": 60}
                      for lv in ("starter", "basic", "advanced")
                      for tm in ("timer", "infinity")],
    "epic_battles": [{"rounds": 1}, {"rounds": 3}],
}


def _options(game_id: str) -> list[dict[str, Any]]:
    game = REGISTRY[game_id]
    return [game.parse_options(raw).model_dump(mode="json")
            for raw in [{}, *VARIANTS[game_id]]]


def _texts(game_id: str, options: dict[str, Any], loc: str) -> list[str]:
    challenge = ChallengeRecord(id=1, guild_id=1, channel_id=1, challenger_id=11,
                                opponent_id=12, game=game_id, options=options,
                                expires_at=2e9)
    table = LobbyRecord.model_validate(
        {"id": 4, "guild_id": 1, "channel_id": 2, "message_id": 3, "host_id": 11,
         "game": game_id, "options": options, "seats": REGISTRY[game_id].max_seats,
         "players": [11], "expires_at": 2e9})
    return [challenge_text(challenge, loc=loc), table_text(table, loc=loc)]


def test_every_game_is_covered() -> None:
    assert set(VARIANTS) == set(REGISTRY)


@pytest.mark.parametrize("loc", ["en-US", "fr"])
@pytest.mark.parametrize("game_id", sorted(VARIANTS))
def test_no_challenge_or_table_text_shows_a_raw_option(game_id: str, loc: str) -> None:
    fields = REGISTRY[game_id].options_model.model_fields
    for options in _options(game_id):
        for key, value in options.items():
            assert worded(key, value), (game_id, key, value)
        texts = _texts(game_id, options, loc)
        for text in texts:
            for key, value in options.items():
                for raw in (f"{key}: ", f"{key.replace('_', ' ')}: ", f": {value}"):
                    assert raw not in text, (game_id, raw, text)
        assert options_text(options, loc) in texts[0]  # the table: at its seats, below
    for name, field in fields.items():  # every named value of the model has its words
        for value in typing.get_args(field.annotation):
            if isinstance(value, str):
                assert worded(name, value), (game_id, name, value)


def test_mortal_kombat_options_in_players_words() -> None:
    options = REGISTRY["mortal_kombat"].parse_options(
        {"level": "advanced", "timer": "infinity"}).model_dump(mode="json")
    assert options_text(options) == "Advanced rules, 30 KP, 50-kard decks, Infinity Rule"
    assert options_text(options, "fr") == ("Règles Avancées, 30 PK, decks de 50 kartes, "
                                           "règle de l'Infini")
    challenge = _texts("mortal_kombat", options, "en-US")[0]
    assert "kp:" not in challenge and "deck size" not in challenge and "timer:" not in challenge


def test_round_cap_zero_means_none_and_a_built_deck_stays_private() -> None:
    assert option_text("round_cap", 0) == "no round cap"
    assert option_text("round_cap", 0, "fr") == "sans limite de tours"
    assert options_text({"decks": ["MK1-SECRET", ""]}) == "your own built deck"
    assert options_text({"decks": [], "_first": 12}) == ""


@pytest.mark.parametrize(("loc", "said"), [("en-US", "Advanced rules for every match."),
                                           ("fr", "Règles Avancées pour chaque match.")])
def test_a_tournament_sign_up_names_its_rule_level_in_words(loc: str, said: str) -> None:
    from db.base import TournamentRecord
    from referee.tournament_text import signup_text

    tour = TournamentRecord(id=3, guild_id=1, channel_id=2, organiser_id=11,
                            game="mortal_kombat", format="swiss",
                            options={"rounds": 3, "level": "advanced"})
    text = signup_text(tour, [], loc)
    assert said in text and "advanced" not in text


def test_a_brawl_table_shows_the_infinity_rule_it_plays() -> None:
    options = REGISTRY["mortal_kombat"].parse_options({}).model_dump(mode="json")
    assert options["timer"] == "timer"
    duel = LobbyRecord(id=4, guild_id=1, channel_id=2, host_id=11, game="mortal_kombat",
                       options=options, seats=2, players=[11], expires_at=2e9)
    brawl = duel.model_copy(update={"seats": 4})
    assert "Timer Rule" in table_text(duel) and "Infinity Rule" not in table_text(duel)
    assert "Infinity Rule" in table_text(brawl) and "Timer Rule" not in table_text(brawl)
    assert "règle de l'Infini" in table_text(brawl, loc="fr")
