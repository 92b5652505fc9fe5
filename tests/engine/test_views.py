"""Views assembled without validation (:mod:`engine.core.views`) are what validation gives,
and the bot's remembered views (``Game.viewed``) equal the views built anew."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict

from engine.core.views import assemble, construct, shared
from engine.games import REGISTRY
from engine.simulate import walk


class _Toy(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    viewer: int | None
    board: list[int]
    game: str = "toy"
    tags: list[str] = []


def test_assemble_keeps_declaration_order_and_defaults() -> None:
    """The fields come in declaration order, defaults filled, the fields set as
    validation gives it."""
    common = shared(_Toy, ("viewer",), board=[1, 2])
    view = assemble(_Toy, common, {"viewer": 0})
    assert list(view.__dict__) == ["viewer", "board", "game", "tags"]
    assert view == _Toy(viewer=0, board=[1, 2])
    assert view.model_dump_json() == _Toy(viewer=0, board=[1, 2]).model_dump_json()
    assert view.model_fields_set == {"viewer", "board"}
    # the shared part is shared by the views of one version (read-only); a default
    # list is copied for each view built on its own, as pydantic does
    assert view.board is assemble(_Toy, common, {"viewer": 1}).board
    assert construct(_Toy, viewer=0, board=[]).tags is not construct(_Toy, viewer=0,
                                                                      board=[]).tags
    assert construct(_Toy, board=[], viewer=None) == _Toy(viewer=None, board=[])


def test_assemble_refuses_what_validation_refuses() -> None:
    """An unknown field, a missing one, or a viewer's part that does not give exactly the
    viewer's fields is refused (the allow-list holds without validation)."""
    with pytest.raises(TypeError):
        construct(_Toy, viewer=0, board=[], secret=[3])
    with pytest.raises(TypeError):
        construct(_Toy, viewer=0)
    with pytest.raises(TypeError):
        shared(_Toy, ("viewer",), board=[], hand=[1])
    common = shared(_Toy, ("viewer",), board=[])
    with pytest.raises(TypeError):
        assemble(_Toy, common, {"viewer": 0, "hand": [1]})
    with pytest.raises(TypeError):
        assemble(_Toy, common, {})


@settings(max_examples=15, deadline=None)
@given(game_id=st.sampled_from(sorted(REGISTRY)), seed=st.integers(0, 10_000))
def test_views_are_what_validation_gives_and_viewed_equals_view(game_id: str,
                                                                seed: int) -> None:
    """Along a random match played in place (as the bot plays): every view of every seat
    and of a spectator equals its JSON validated back (the types validation would keep;
    no serializer warning), and ``viewed`` (remembered, its viewer-independent part shared)
    equals ``view`` at every version, never a view of an earlier one."""
    game = REGISTRY[game_id]
    state = game.setup(game.parse_options({}), game.max_seats if seed % 2 else game.min_seats,
                       seed)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for st_ in walk(game, state, seed, 120):
            for viewer in [None, *range(st_.seats)]:
                view = game.view(st_, viewer)
                assert type(view).model_validate_json(view.model_dump_json()) == view
                remembered = game.viewed(st_, viewer)
                assert remembered == view
                assert remembered.model_dump_json() == view.model_dump_json()
                assert game.viewed(st_, viewer) is remembered
