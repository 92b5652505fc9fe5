"""A control is honoured only on its own kind of message (:func:`cogs.ids.at_home`), read
from the clicked message's custom_ids that :func:`cogs.guard.slim` notes."""

from __future__ import annotations

from cogs import ids
from cogs.guard import slim

BOARD = ["hj:hand:7", "hj:act:7"]
HAND = ["hj:a:7:3:0:h-1", "hj:s:7:3:0:0"]
LEADERBOARD = ["hj:lb:g:sushido:0", "hj:lb:g:sushido:2"]


def test_a_control_is_at_home_with_its_family() -> None:
    assert ids.at_home(ids.parse("hj:act:7"), BOARD)
    assert ids.at_home(ids.parse("hj:i:7:3:sc"), BOARD)  # an interrupt on the board
    assert ids.at_home(ids.parse("hj:a:7:3:0:h-2"), HAND)
    assert ids.at_home(ids.parse("hj:act:7:1"), HAND)  # the hand's own paging
    assert ids.at_home(ids.parse("hj:lb:g:sushido:1"), LEADERBOARD)


def test_a_control_forged_onto_another_kind_of_message_is_not() -> None:
    assert not ids.at_home(ids.parse("hj:lb:g:sushido:1"), BOARD)
    assert not ids.at_home(ids.parse("hj:tb:1:join"), BOARD)
    assert not ids.at_home(ids.parse("hj:a:7:3:0:h-2"), LEADERBOARD)
    assert not ids.at_home(ids.parse("hj:ch:1:accept"), HAND)


def test_a_message_without_controls_lets_only_the_owners_answer() -> None:
    assert ids.at_home(ids.parse("hj:act:7"), [])  # a finished board: "This match is over"
    assert ids.at_home(ids.parse("hj:ff:7"), ["something-else"])
    # an answered challenge says so (its handler checks the message is the challenge's)
    assert ids.at_home(ids.parse("hj:ch:1:accept"), [])
    assert not ids.at_home(ids.parse("hj:lb:g:sushido:1"), [])
    assert not ids.at_home(ids.parse("hj:hi:1:_all:2"), [])


def test_slim_notes_the_clicked_messages_custom_ids() -> None:
    rows = [{"type": 1, "components": [{"type": 2, "custom_id": c} for c in BOARD]}]
    data = {"type": 3, "data": {"custom_id": "hj:act:7", "component_type": 2},
            "message": {"id": "1", "components": rows, "embeds": [{"title": "x"}]}}
    out = slim(data)
    assert sorted(out["data"][ids.MESSAGE_IDS]) == sorted(BOARD)
    assert out["message"]["components"] == [] and data["message"]["components"] == rows
