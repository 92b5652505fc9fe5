"""Announcements stored before "Combo!" stopped naming a combo (``d-combo0``..``d-combo2``).

Old action logs, saved seat states and live buttons still hold them; each one now means
"Combo!" (the chain is checked against the fighter's combo of its size).
"""

from __future__ import annotations

import json

import pytest

from engine.core import UnknownAction
from engine.games.sushido import GAME
from engine.games.sushido.model import Declare
from tests.engine.games.sushido.helpers import act, cid, first, set_chain, started, to_chains

OLD = ["combo0", "combo1", "combo2"]


@pytest.mark.parametrize("old", OLD)
def test_an_old_logged_announcement_parses_as_combo(old: str) -> None:
    assert GAME.parse_action({"kind": "declare", "choice": old}) == Declare(choice="combo")


def test_an_unknown_announcement_is_still_refused() -> None:
    with pytest.raises(UnknownAction):
        GAME.parse_action({"kind": "declare", "choice": "combo3"})


@pytest.mark.parametrize("old", OLD)
def test_an_old_button_plays_the_combo_of_the_chain_size(old: str) -> None:
    s = started("biwa", "manta")
    set_chain(s, 0, [cid("hit", "fin"), cid("block", "pearl"), cid("move", "fin")])
    to_chains(s)
    assert GAME.find(s, 0, f"d-{old}") == Declare(choice="combo")
    s, ev = act(s, 0, f"d-{old}")
    assert first(ev, "combo")["ok"] and first(ev, "combo")["name"] == "Rolling Chord"


def test_a_saved_state_with_an_old_announcement_loads_and_resolves_it() -> None:
    s = started("biwa", "manta")
    set_chain(s, 0, [cid("block", "coral"), cid("move", "wave")])
    set_chain(s, 1, [cid("hit", "coral")])
    to_chains(s)
    s, _ = act(s, 0, "d-combo")  # Manta still has to announce: the state is saved here
    saved = json.loads(GAME.dump(s))
    assert saved["seat"][0]["declared"] == "combo"
    saved["seat"][0]["declared"] = "combo1"  # as a match stored before the change holds it
    loaded = GAME.load(json.dumps(saved))
    assert loaded.seat[0].declared == "combo" and GAME.dump(loaded) == GAME.dump(s)
    _, ev = act(loaded, 1, "d-pass")
    assert first(ev, "combo")["ok"] and first(ev, "combo")["name"] == "Plucked Edge"
