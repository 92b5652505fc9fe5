"""Issue 29: the table never learns from the phase whether a hidden hand still holds a
Kombo's next kard; re-dealing every hidden hand leaves the public record unchanged."""

from __future__ import annotations

import pytest

from engine.core import Rng
from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.audit import audit_match, redeal
from tests.engine.games.mortal_kombat.helpers import aids, play, position


def test_the_kombo_phase_does_not_read_the_attackers_hand() -> None:
    """Confusion takes a random kard while a Kombo is on the table: whether the attacker
    still holds a fitting kard is hidden, so when the first hit lands the phase is
    ``kombo`` either way (the attacker is asked), and the public view is the same."""
    s = position(hands=(["b01", "k01", "b05", "b06"], ["e10"]))
    s = play(play(s, 0, "ak-b01-k01"), 0, "go")
    s = play(s, 1, "se-e10")
    held = s.fighters[0].hand
    empty = GAME.clone(s)
    empty.fighters[0].deck.extend(held)
    empty.fighters[0].hand = ["d01"]  # the same count, nothing that fits
    empty.fighters[0].deck.remove("d01")
    a = play(s, 1, "take")
    b = play(empty, 1, "take")
    assert a.phase == b.phase == "kombo"
    assert GAME.view(a, None) == GAME.view(b, None) and GAME.view(a, 1) == GAME.view(b, 1)
    assert aids(b, 0) == ["kn"] and "kn" not in aids(a, 0)  # the attacker's own choices


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_redealt_hidden_kards_leave_the_public_record_unchanged(seats: int) -> None:
    """Many random matches (2-6 seats; Brawl is 3-6): at every step one other seat's
    hidden kards are re-dealt; the same action gives the same public view and prompts."""
    matches = {2: 100, 3: 50, 4: 40, 5: 30, 6: 30}[seats]
    steps = 0
    for seed in range(matches):
        level = ("basic", "advanced", "starter")[seed % 3]
        n, leaks = audit_match(seed * 7919 + seats, seats, level, every=False)
        assert leaks == [], leaks[:3]
        steps += n
    assert steps > matches * 20


def test_redeal_keeps_counts_and_committed_discards() -> None:
    s = position(hands=(["b01", "b02", "b03"], ["b04", "b05"]))
    s.discards = {1: ["b05"]}
    t = redeal(s, 1, Rng(seed=1))
    f, g = s.fighters[1], t.fighters[1]
    assert len(g.hand) == len(f.hand) and "b05" in g.hand
    assert sorted(f.hand + f.deck) == sorted(g.hand + g.deck)
