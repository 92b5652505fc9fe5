"""``/matches``' line for a live match, on every game: its players by name, whose move it
is (the viewer's own: "your move"), a star on the viewer's matches, a link into its thread,
in English and French."""

from __future__ import annotations

import pytest

from db.base import MatchRecord
from engine.games import REGISTRY
from referee.lobby_text import live_match_line

GUILD, THREAD, BOARD = 7, 70, 700
USERS = [11, 22, 33, 44]


def record(game_id: str, seats: list[int]) -> MatchRecord:
    return MatchRecord(id=5, guild_id=GUILD, channel_id=1, thread_id=THREAD, message_id=BOARD,
                       game=game_id, seats=seats, state="{}", version=1)


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_live_match_line_says_who_plays_and_whose_move_it_is(game_id: str) -> None:
    game = REGISTRY[game_id]
    seats = USERS[:max(2, game.min_seats)]
    state = game.setup(game.parse_options({}), len(seats), 3)
    waiting = sorted(s for s, p in game.prompts(state).items() if not p.committed)
    assert waiting
    rec = record(game_id, seats)
    watcher = live_match_line(rec, waiting, (), 99)
    assert watcher.startswith(f"**#5 {game.name}** · ") and "⭐" not in watcher
    assert all(f"<@{u}>" in watcher for u in seats)
    movers = [f"<@{seats[s]}>" for s in waiting]
    assert all(m in watcher.split("\n")[1] for m in movers) and "to play" in watcher
    assert f"[open the thread](https://discord.com/channels/{GUILD}/{THREAD}/{BOARD})" in watcher
    mover = live_match_line(rec, waiting, (), seats[waiting[0]])
    assert mover.startswith("⭐ ") and "▶️ **your move**" in mover
    idle = next((u for s, u in enumerate(seats) if s not in waiting), None)
    if idle is not None:  # a player whose move it is not: starred, told who is to play
        line = live_match_line(rec, waiting, (), idle)
        assert line.startswith("⭐ ") and "your move" not in line
    french = live_match_line(rec, waiting, (), seats[waiting[0]], "fr")
    assert "▶️ **à vous de jouer**" in french and "[ouvrir le fil](" in french


def test_a_seat_that_left_is_struck_and_no_longer_starred() -> None:
    rec = record("kingdom_of_loathing", USERS[:3])
    line = live_match_line(rec, [0], (1,), USERS[1])
    assert "~~<@22>~~" in line and not line.startswith("⭐")
    assert "▶️ <@11> to play" in line
    assert "⏳ starting" in live_match_line(rec, [], (), 99)
