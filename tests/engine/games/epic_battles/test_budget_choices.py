"""Fewer decisions a turn (issue 31), with nothing learnt or lost: a decision offered with
its follow-ups of the same seat when nothing comes between them (``offered`` chains)."""

from __future__ import annotations

from engine.games.epic_battles import GAME
from engine.games.epic_battles.rules import follows

from .helpers import aids, board, play


def offered(s: object, seat: int) -> list[str]:
    return [a.aid for a in GAME.offered(s, seat)]  # type: ignore[arg-type]


def test_an_attack_is_offered_with_the_events_it_may_flip() -> None:
    s = board(hands=(["jab"], []), events=(["dark_magic", "insanity"], []),
              energy=(["jab"] * 2, []))
    after = play(s, 0, "at-jab")
    shown = offered(s, 0)
    assert "at-jab" not in shown  # the flip window of step 3 comes with the attack
    flips = [f"t=at-jab.{f}" for f in aids(after, 0)]
    assert flips == [a for a in shown if a.startswith("t=at-jab.")]
    chained, _ = GAME.act(s, 0, "t=at-jab.fl-1")
    stepped = play(play(s, 0, "at-jab"), 0, "fl-1")
    assert chained.sides == stepped.sides and chained.version == s.version + 1


def test_no_flip_window_without_set_events_so_nothing_to_merge() -> None:
    s = board(hands=(["jab"], []))
    assert "at-jab" in offered(s, 0)


def test_a_follow_up_is_not_merged_when_something_is_learnt_or_sealed() -> None:
    s = board(hands=(["jab"], []), events=(["insanity"], []), energy=(["jab"], []))
    after = play(s, 0, "at-jab")
    assert follows(s, after, 0, [])
    drawn = GAME.clone(after)
    drawn.sides[0].hand.append(drawn.sides[0].deck.pop())
    assert not follows(s, drawn, 0, [])  # a card drawn (and the deck changed)
    milled = GAME.clone(after)
    milled.sides[1].deck.pop()
    assert not follows(s, milled, 0, [])  # a card milled from a deck
    assert not follows(s, after, 1, [])  # the other seat decides next
    ended = play(play(board(hands=(["jab"] * 5, []), decks=(30, 30)), 0, "pass"), 1, "pass")
    assert GAME.prompt(ended, 0).simultaneous  # the Discard commit: never chained
    assert not follows(ended, ended, 0, [])
