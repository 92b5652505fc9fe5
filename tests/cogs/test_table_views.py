"""The table builds a step's spectator view once (board, picture, pings, result read it)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from cogs import table as table_module
from cogs.table import Table
from engine.games import REGISTRY
from referee.service import Referee


class CountingReferee(Referee):
    """A referee whose games count the spectator views they build."""

    def __init__(self) -> None:
        self.built = 0
        self.sushido = REGISTRY["sushido"]

    def game(self, game_id: str) -> Any:
        outer = self

        class Counting:
            def viewed(self, state: Any, seat: int | None) -> Any:  # the table's path
                outer.built += 1
                return outer.sushido.viewed(state, seat)

        return Counting()


async def test_a_steps_spectator_view_is_built_once_per_version() -> None:
    referee = CountingReferee()
    table = Table(SimpleNamespace(get_guild=lambda _id: None), None, referee)  # type: ignore[arg-type]
    game = REGISTRY["sushido"]
    state = game.setup(game.options_model(), 2, 7)
    rec = SimpleNamespace(id=1, game="sushido")
    first = table.public_view(rec, state)  # type: ignore[arg-type]
    assert table.public_view(rec, state) is first and referee.built == 1  # type: ignore[arg-type]
    assert first == game.view(state, None)
    seat = next(iter(game.prompts(state)))
    state, _ = game.apply(state, seat, next(iter(game.legal(state, seat))))
    later = table.public_view(rec, state)  # type: ignore[arg-type]
    assert referee.built == 2 and later == game.view(state, None)
    other = SimpleNamespace(id=2, game="sushido")
    table.public_view(other, state)  # type: ignore[arg-type]
    assert referee.built == 3  # another match, its own view


async def test_the_kept_views_are_bounded() -> None:
    referee = CountingReferee()
    table = Table(SimpleNamespace(get_guild=lambda _id: None), None, referee)  # type: ignore[arg-type]
    game = REGISTRY["sushido"]
    state = game.setup(game.options_model(), 2, 7)
    for match_id in range(table_module.PUBLIC_VIEWS_KEPT * 3):
        table.public_view(SimpleNamespace(id=match_id, game="sushido"), state)  # type: ignore[arg-type]
    assert len(table._public_views) == table_module.PUBLIC_VIEWS_KEPT
