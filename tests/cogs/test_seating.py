"""The table message and its options, without Discord: texts in players' names, the
buttons of open and invitation tables, option parsing and the seat order."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cogs.seating import ORDER, parse_option_text, seat_order, table_buttons, table_text
from db.base import LobbyRecord
from engine.games import REGISTRY
from referee.i18n import Refusal
from tests.engine.toyturns import TURNS


@pytest.fixture(autouse=True)
def toyturns(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(REGISTRY, TURNS.id, TURNS)
    yield


def table(**fields: object) -> LobbyRecord:
    base: dict[str, object] = dict(id=4, guild_id=1, channel_id=2, host_id=11,
                                   game="toyturns", options={"target": 6}, seats=3,
                                   players=[11, 12], expires_at=2e9)
    return LobbyRecord.model_validate({**base, **fields})


def test_open_table_text_and_buttons() -> None:
    text = table_text(table())
    assert text.splitlines()[0] == "🎲 <@11> hosts a table of **Turns** for 3 players · target: 6"
    assert "Seated (2/3): <@11> and <@12>" in text and "<t:2000000000:R>" in text
    assert "Seat " not in text
    ids = [item.custom_id for item in table_buttons(table()).children]  # type: ignore[attr-defined]
    assert ids == ["hj:tb:4:join", "hj:tb:4:leave", "hj:tb:4:start", "hj:tb:4:cancel",
                   "hj:tb:4:ai-easy", "hj:tb:4:ai-normal", "hj:tb:4:ai-hard",
                   "hj:tb:4:ai-expert"]


def test_ai_seats_are_named_removable_and_become_match_seats() -> None:
    from referee.ai_seats import lobby_ai_id, match_seats, next_lobby_ai

    first = next_lobby_ai([11], "hard")
    second = next_lobby_ai([11, first], "easy")
    assert first < 0 and second < 0 and first != second
    lobby = table(players=[11, first, 12, second], seats=4)
    text = table_text(lobby)
    assert "<@11>, Hajime (AI, hard), <@12> and Hajime (AI, easy)" in text
    assert "<@-" not in text
    assert "Hajime (IA, difficile)" in table_text(lobby, loc="fr")
    ids = [item.custom_id for item in table_buttons(lobby).children]  # type: ignore[attr-defined]
    assert ids[-1] == "hj:tb:4:unai"
    # the match: AI seats get -1, -2 in seat order, their levels kept by seat
    seats, levels = match_seats(seat_order(lobby))
    assert seats == [11, -1, 12, -2] and levels == {1: "hard", 3: "easy"}
    # a slot freed by a removed AI is used again; the level is in the id
    assert next_lobby_ai([11, second], "normal") == lobby_ai_id(1, "normal")


def test_two_seat_games_and_invitations_take_no_ai() -> None:
    ids = [item.custom_id for item in table_buttons(table(game="sushido", seats=2)).children]  # type: ignore[attr-defined]
    assert not any("ai" in i for i in ids)


def test_invitation_text_buttons_and_french() -> None:
    lobby = table(invited=[12, 13])
    text = table_text(lobby)
    assert "<@11> invites <@12> and <@13> to **Turns** (3 players)" in text
    assert "Waiting for: <@13>" in text
    ids = [item.custom_id for item in table_buttons(lobby).children]  # type: ignore[attr-defined]
    assert ids == ["hj:tb:4:accept", "hj:tb:4:decline"]
    fr = table_text(lobby, "fini", "fr")
    assert "invite <@12> et <@13>" in fr and fr.endswith("fini") and "expire" not in fr


def test_options_are_parsed_by_the_game_or_refused() -> None:
    assert parse_option_text("toyturns", None) == {"target": 5}
    assert parse_option_text("toyturns", " target = 7 ,") == {"target": 7}
    with pytest.raises(Refusal, match="key=value"):
        parse_option_text("toyturns", "seven")
    with pytest.raises(Exception, match="Invalid options"):
        parse_option_text("toyturns", "colour=red")


def test_seat_order_is_join_order_unless_a_rematch_rotates_it() -> None:
    assert seat_order(table(players=[11, 13, 12])) == [11, 13, 12]
    rematch = table(players=[11, 12, 13], options={"target": 6, ORDER: [12, 13, 11]})
    assert seat_order(rematch) == [12, 13, 11]
    assert "_order" not in table_text(rematch)
