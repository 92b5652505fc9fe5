"""The turn's lines as the table keeps them (:meth:`Renderer.fold`): a reveal drops the
"X has chosen" notices it says again, so each thing is said once, in English and French."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Event, Rng, for_viewer
from engine.games import REGISTRY
from engine.simulate import pick
from referee.render.base import Renderer
from referee.render.epic_battles import EbRenderer
from referee.render.mortal_kombat import MkRenderer
from referee.render.world_of_fighters import WofRenderer


def _windows(renderer: Renderer, game_id: str, seats: int, seed: int, loc: str,
             options: dict[str, Any]) -> list[list[str]]:
    """Every "So far this turn" the table shows in a random match: the folded lines,
    emptied when a turning point posts them."""
    game = REGISTRY[game_id]
    names = [f"<@{i + 1}>" for i in range(seats)]
    state = game.setup(game.parse_options(options), seats, seed)
    rng = Rng(seed=seed + 1)
    recent: list[str] = []
    shown: list[list[str]] = []
    while game.outcome(state) is None and len(shown) < 400:
        open_seats = sorted(s for s, p in game.prompts(state).items() if not p.committed)
        seat = open_seats[rng.below(len(open_seats))]
        state, events = game.apply(state, seat, pick(game, state, seat, rng))
        public = for_viewer(events, None)
        recent = renderer.fold(recent, renderer.narrate(public, names, loc), public,
                               names, loc)
        shown.append(list(recent))
        if any(renderer.turning_point(e) for e in public):
            recent = []
    return shown


def _notice(renderer: Renderer, kind: str, seat: int, seats: int, loc: str) -> str | None:
    names = [f"<@{i + 1}>" for i in range(seats)]
    return renderer.line(Event(kind=kind, data={"seat": seat, "twin_of": seat}), names, loc)


@pytest.mark.parametrize(("renderer", "game_id", "seats", "options", "reveal", "notice",
                          "told"), [
    (MkRenderer(), "mortal_kombat", 4, {"level": "starter"}, "discard_draw",
     "discard_chosen", ("keeps every kard", "discards", "garde toutes", "défausse")),
    (MkRenderer(), "mortal_kombat", 2, {"level": "basic"}, "kombatants_revealed",
     "kombatant_picked", ("FIGHT",)),
    (WofRenderer(), "world_of_fighters", 2, {}, "characters_revealed", "character_picked",
     ("🎴",)),
    (EbRenderer(), "epic_battles", 2, {}, "characters", "picked", ("🎴",)),
    (EbRenderer(), "epic_battles", 2, {}, "note", "committed",
     ("sets", "pose", "🗑️")),  # a Set or a Discard says what the secret choice was
])
@pytest.mark.parametrize("loc", ["en-US", "fr"])
def test_a_reveal_replaces_the_notices_of_the_choices_it_tells(
        renderer: Renderer, game_id: str, seats: int, options: dict[str, Any], reveal: str,
        notice: str, told: tuple[str, ...], loc: str) -> None:
    assert notice in renderer.reveals.get(reveal, frozenset()) or reveal == "note"
    notices = {_notice(renderer, notice, s, seats, loc) for s in range(seats)}
    waiting = revealed = 0
    for lines in _windows(renderer, game_id, seats, 5, loc, options):
        told_at = [i for i, x in enumerate(lines) if any(w in x for w in told)]
        if told_at:
            revealed += 1  # no notice of a choice stays before the line telling it
            assert not notices & set(lines[:told_at[0]]), lines
        waiting += bool(notices & set(lines))
    assert waiting and revealed  # the notices are shown while the others choose


@pytest.mark.parametrize("loc", ["en-US", "fr"])
def test_a_brawl_attacker_changing_its_aim_is_told_once(loc: str) -> None:
    """"Turns on Bob", "turns on Carol", "turns on Bob" in a row read as the last only;
    an aim after another player's line stays."""
    r = MkRenderer()
    names = ["<@1>", "<@2>", "<@3>"]

    def aim(seat: int, target: int) -> Event:
        return Event(kind="aimed", data={"seat": seat, "target": target})

    recent: list[str] = []
    for target in (1, 2, 1):
        step = [aim(0, target)]
        recent = r.fold(recent, r.narrate(step, names, loc), step, names, loc)
    assert recent == r.narrate([aim(0, 1)], names, loc)
    other = [aim(1, 2)]
    recent = r.fold(recent, r.narrate(other, names, loc), other, names, loc)
    again = [aim(0, 2)]
    recent = r.fold(recent, r.narrate(again, names, loc), again, names, loc)
    assert recent == r.narrate([aim(0, 1), aim(1, 2), aim(0, 2)], names, loc)
