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
    recovered = GAME.clone(after)
    recovered.sides[1].deck.insert(0, "jab")
    assert not follows(s, recovered, 0, [])  # a deck changed otherwise than losing its top
    assert not follows(s, after, 1, [])  # the other seat decides next
    one = play(board(hands=(["jab"] * 5, ["jab"] * 5), decks=(30, 30)), 0, "pass")
    ended = play(one, 1, "pass")
    assert GAME.prompt(ended, 0).simultaneous  # the first passer's Discard: asked alone
    assert not follows(one, ended, 0, [])
    assert not any(a.startswith("t=") for a in offered(ended, 0))


def test_cards_milled_face_up_do_not_stop_a_merge() -> None:
    # Uppercut cannot link: after the defender's answer and the damage (cards milled from
    # its deck, face up, as many as printed) the defender acts next; nothing it could not
    # foresee changes its choices, so its answer comes with its next action.
    s = board(hands=(["uppercut"], ["jab"]), energy=(["jab"] * 2, []), decks=(30, 30))
    attacked = play(s, 0, "at-uppercut")
    shown = offered(attacked, 1)
    assert "bk-0" not in shown
    assert {"t=bk-0.at-jab", "t=bk-0.pass"} <= set(shown)
    chained, _ = GAME.act(attacked, 1, "t=bk-0.at-jab")
    stepped = play(play(attacked, 1, "bk-0"), 1, "at-jab")
    assert chained.sides == stepped.sides
    assert len(chained.sides[1].deck) < len(attacked.sides[1].deck)  # milled between


def test_the_battle_ending_pass_comes_with_the_passers_own_discard_sealed() -> None:
    hand = ["jab", "uppercut", "high_block", "low_block", "energy_bolt"]
    one = play(board(hands=(list(hand), list(hand)), decks=(30, 30)), 0, "pass")
    shown = offered(one, 1)
    assert "pass" not in shown
    ends = [a for a in shown if a.startswith("t=pass.dc-")]
    assert len(ends) == 10  # 5 cards, keep 3: every pair to discard
    chained, _ = GAME.act(one, 1, ends[0])
    stepped = play(play(one, 1, "pass"), 1, ends[0].split(".")[1])
    assert chained.sides == stepped.sides and chained.commits == stepped.commits
    assert GAME.prompt(chained, 1).committed and not GAME.prompt(chained, 0).committed
    logged = GAME.compound(one, 1, ends[0]).model_dump(mode="json")
    assert GAME.seals(logged)  # its commitment is shown like the commit's
    assert not GAME.seals({"kind": "chain", "steps": ["at-jab", "fl-1"]})
    assert not GAME.seals({"kind": "discard", "mask": 3})  # a plain commit: by its prompt
