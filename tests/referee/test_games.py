"""Every registered game has each of its parts (referee/games.py, docs/adding-a-game.md)."""

from __future__ import annotations

import importlib

import pytest

from engine.games import REGISTRY
from referee.games import PARTS, pictures
from referee.i18n import CATALOGS, LOCALES
from referee.render.base import Renderer
from referee.render.registry import renderer_for

GAMES = list(REGISTRY)


def test_the_parts_and_the_engine_registry_name_the_same_games_in_the_same_order() -> None:
    assert list(PARTS) == GAMES


@pytest.mark.parametrize("game_id", GAMES)
def test_its_engine_package_defines_the_registered_game(game_id: str) -> None:
    parts = PARTS[game_id]
    assert importlib.import_module(parts.engine).GAME is REGISTRY[game_id]
    assert REGISTRY[game_id].id == game_id


@pytest.mark.parametrize("game_id", GAMES)
def test_its_renderer_is_its_own(game_id: str) -> None:
    renderer = PARTS[game_id].renderer
    assert type(renderer) is not Renderer and renderer.game_id == game_id
    assert renderer_for(game_id) is renderer


@pytest.mark.parametrize("game_id", GAMES)
def test_its_picture_draws_the_opening_board(game_id: str) -> None:
    game = REGISTRY[game_id]
    state = game.setup(game.parse_options({}), game.min_seats, 1)
    view = game.view(state, None)
    for loc in LOCALES:
        png = PARTS[game_id].picture(view, loc)
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert pictures()[game_id] is PARTS[game_id].picture


@pytest.mark.parametrize("game_id", GAMES)
def test_its_texts_are_in_every_locale(game_id: str) -> None:
    section = PARTS[game_id].section
    for loc in LOCALES:
        keys = CATALOGS[loc]
        assert f"game.{game_id}" in keys, (loc, game_id)
        assert any(k.startswith(f"{section}.") for k in keys), (loc, section)
        assert any(k.startswith(f"picture.{section}.") for k in keys), (loc, section)


@pytest.mark.parametrize("game_id", GAMES)
def test_its_rules_summary_and_rules_page_exist(game_id: str) -> None:
    parts = PARTS[game_id]
    for path in parts.summaries():
        assert path.is_file(), path
        assert "\n## " in path.read_text(encoding="utf-8"), f"{path}: no ## topic"
    assert parts.rules_path().is_file(), parts.rules_path()
