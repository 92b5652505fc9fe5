"""Fixtures for end-to-end tests: the offline Discord and card tags for leak checks."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e import transcript
from tests.fakediscord.fixtures import fake_discord

__all__ = ["fake_discord"]


@pytest.fixture(autouse=True)
def player_transcript(request: pytest.FixtureRequest,
                      monkeypatch: pytest.MonkeyPatch) -> Any:
    """With ``--transcript``, record every message's texts and write them afterwards."""
    directory = request.config.getoption("--transcript", default=None)
    if not directory or "fake_discord" not in request.fixturenames:
        yield None
        return
    fake = request.getfixturevalue("fake_discord")  # set up first, so torn down after
    recorder = transcript.recording(monkeypatch)
    yield recorder
    transcript.write(directory, request.node.nodeid.split("/")[-1], recorder, fake)


@pytest.fixture
def tagged_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every rendered Sushido card carry its id (``⟨c17⟩``) for the leak check."""
    import referee.render.sushido as sushido

    original = sushido.show_card

    def tagged(card: Any) -> str:
        cid = card if isinstance(card, int) else card["id"] if isinstance(card, dict) else card.id
        return f"{original(card)}⟨c{cid}⟩"

    monkeypatch.setattr(sushido, "show_card", tagged)


@pytest.fixture
def tagged_wof_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every rendered World of Fighters card carry an id (``⟨c2⟩``) for the leak check.

    Cards of one type are identical, so the id is the type's: 1 + its index in ``CARDS``.
    """
    import referee.render.world_of_fighters as wof
    from engine.games.world_of_fighters.data import CARDS

    original = wof.show_card

    def tagged(card: Any) -> str:
        return f"{original(card)}⟨c{CARDS.index(card) + 1}⟩"

    monkeypatch.setattr(wof, "show_card", tagged)
