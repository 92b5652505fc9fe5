"""The transcript recorder: every distinct text a player reads, in order, named by where
it shows and who sees it; an edit that changes nothing readable is left out."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from tests.e2e.transcript import Recorder, message_text, recording
from tests.fakediscord.store import EPHEMERAL, Message


class Where:
    """The two things a dump asks the fake: channel names and user names."""

    channels = {1: SimpleNamespace(name="general")}

    @staticmethod
    def user_by_id(user_id: int) -> Any:
        return SimpleNamespace(name="alice") if user_id == 7 else None


def test_records_distinct_texts_in_order_with_audience(monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = recording(monkeypatch)
    board = Message(id=100001, channel_id=1, guild_id=None, author={})
    board.apply({"content": "Round 1", "embeds": [{"title": "Board", "fields": [
        {"name": "Now", "value": "Waiting for: alice"}], "footer": {"text": "foot"}}],
        "components": [{"type": 1, "components": [
            {"type": 2, "label": "Act", "custom_id": "a", "style": 1}]}]})
    board.apply({"content": "Round 1"})  # nothing readable changes
    hand = Message(id=100002, channel_id=1, guild_id=None, author={}, flags=EPHEMERAL,
                   recipient_id=7)
    hand.apply({"content": "Your hand"})
    board.apply({"content": "Round 2"})
    out = recorder.dump(Where())  # type: ignore[arg-type]
    assert out.count("=== ") == 3
    first, second, third = out.split("=== ")[1:]
    assert first.startswith("#general · everyone · new") and "# Board" in first
    assert "## Now\nWaiting for: alice" in first and "-- foot" in first and "[Act]" in first
    assert second.startswith("#general · only alice · new") and "Your hand" in second
    assert third.startswith("#general · everyone · edit") and "Round 2" in third
    assert isinstance(recorder, Recorder) and message_text(board).startswith("Round 2")
