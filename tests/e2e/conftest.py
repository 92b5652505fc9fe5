"""Fixtures for end-to-end tests: the offline Discord and card tags for leak checks."""

from __future__ import annotations

from typing import Any

import pytest

from tests.fakediscord.fixtures import fake_discord

__all__ = ["fake_discord"]


@pytest.fixture
def tagged_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every rendered Sushido card carry its id (``⟨c17⟩``) for the leak check."""
    import cogs.render.sushido as sushido

    original = sushido.show_card

    def tagged(card: Any) -> str:
        cid = card if isinstance(card, int) else card["id"] if isinstance(card, dict) else card.id
        return f"{original(card)}⟨c{cid}⟩"

    monkeypatch.setattr(sushido, "show_card", tagged)
