"""The World of Fighters renderer: boards, hands, controls and narration from views.

No Discord connection: embeds are built offline. The key property: the public board
(embed and picture) is the same when the hidden cards (hands, deck, commits, face-down
cards) are resampled, so it cannot depend on them.
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

import referee.render.world_of_fighters as wof
from engine.core import Event, Outcome, Rng, for_viewer
from engine.games.world_of_fighters import GAME
from engine.games.world_of_fighters.board import DIRECTION_NAMES
from engine.games.world_of_fighters.model import Options, WofState
from engine.simulate import pick
from referee.render.base import BoardContext, Choice
from referee.render.registry import renderer_for
from tests.engine.games.world_of_fighters.helpers import redeal

PNG = b"\x89PNG\r\n\x1a\n"
NAMES = ["<@1>", "<@2>"]
R = wof.WofRenderer()


def _play(seed: int, bouts: int) -> list[tuple[WofState, list[Event]]]:
    """Every state of a random match, with the events that led to it."""
    s = GAME.setup(Options(bouts=bouts), 2, seed)
    agent = Rng(seed=seed + 100)
    out: list[tuple[WofState, list[Event]]] = [(s, [])]
    while s.result is None:
        prompts = GAME.prompts(s)
        seats = sorted(x for x, p in prompts.items() if not p.committed)
        seat = seats[agent.below(len(seats))]
        s, ev = GAME.apply(s, seat, pick(GAME, s, seat, agent))
        out.append((s, ev))
    return out


MATCHES = [_play(seed, bouts) for seed, bouts in ((3, 1), (7, 3), (11, 3), (21, 1))]
STATES = [s for m in MATCHES for s, _ in m]


def _ctx(state: WofState) -> BoardContext:
    out = GAME.outcome(state)
    return BoardContext(match_id=42, game_name=GAME.name, view=GAME.view(state, None),
                        names=NAMES, prompts=GAME.prompts(state), finished=out is not None,
                        summary=out.summary if out else "")


def _points() -> dict[str, WofState]:
    m = MATCHES[1]
    states = [s for s, _ in m]
    return {
        "start": states[0],
        "one_picked": states[1],
        "picked": next(s for s in states if s.phase == "commit"),
        "one_committed": next(s for s in states if s.phase == "commit" and s.commits),
        "moving": next(s for s in states if s.phase == "move"),
        "counter": next(s for st in MATCHES for s, _ in st if s.phase == "counter"),
        "mid": next(s for s in states if s.phase == "commit" and s.turn > 4),
        "bout2": next(s for s in states if s.bout == 2),
        "low_hp": next(s for st in MATCHES for s, _ in st
                       if s.phase == "commit" and min(f.hp for f in s.fighters) <= 7),
        "final": states[-1],
    }


POINTS = _points()


def _check_embed(embed: discord.Embed) -> None:
    assert len(embed) <= 6000
    assert embed.title is not None and len(embed.title) <= 256
    assert len(embed.fields) <= 25
    for f in embed.fields:
        assert f.value and len(str(f.value)) <= 1024 and len(str(f.name)) <= 256
    assert len(embed.description or "") <= 4096


@pytest.mark.parametrize("point", list(POINTS))
def test_board_embed_and_picture(point: str) -> None:
    state = POINTS[point]
    embed = R.board_embed(_ctx(state))
    _check_embed(embed)
    text = str(embed.to_dict())
    assert "<@1>" in text and "<@2>" in text
    if state.phase == "pick":
        assert "character select" in (embed.title or "")
    else:
        of = " of 3" if state.options.bouts == 3 else ""
        assert f"Bout {state.bout}{of} ·" in (embed.title or "")
        assert f"Turn {state.turn}" in (embed.title or "")
        for f in GAME.view(state, None).fighters:
            assert f"{f.hp}/{f.max_hp}" in text and f.name and f.name in text
            assert "⚡" in text
    if state.result is None and state.phase != "pick":
        assert "Waiting for" in text and "moves first" in text
    if state.result is not None:
        assert embed.footer.text and "Match over" in embed.footer.text
    png = R.picture(GAME.view(state, None))
    assert png is not None and png.startswith(PNG)


def test_board_shows_last_reveal_publicly() -> None:
    state = next(s for s in STATES if s.phase == "commit" and s.reveal and s.reveal.cards[0])
    rv = state.reveal
    assert rv is not None
    text = str(R.board_embed(_ctx(state)).to_dict())
    for seat in (0, 1):
        assert wof.show_card(rv.cards[seat]) in text
        d = rv.directions[seat]
        if d:
            assert DIRECTION_NAMES[d] in text
    assert f"range {rv.range}" in text
    # while the turn resolves the Action cards are still face down
    moving = POINTS["moving"]
    text = str(R.board_embed(_ctx(moving)).to_dict())
    assert "face down" in text


def test_super_availability_on_the_board() -> None:
    state = POINTS["low_hp"]
    text = str(R.board_embed(_ctx(state)).to_dict())
    assert "**available**" in text or "used" in text


@pytest.mark.parametrize("point", list(POINTS))
def test_hand_embed_for_each_seat(point: str) -> None:
    state = POINTS[point]
    prompts = GAME.prompts(state)
    for seat in (0, 1):
        view = GAME.view(state, seat)
        embed = R.hand_embed(view, seat, NAMES, prompts.get(seat))
        _check_embed(embed)
        text = str(embed.to_dict())
        if prompts.get(seat):
            assert prompts[seat].text in text
        if state.phase == "pick":
            assert "Roster" in text
            continue
        f = state.fighters[seat]
        for card in f.hand:
            assert wof.show_card(card) in text
        if f.last_move:
            assert f"~~{f.last_move}~~ (resting)" in text
        if seat in state.commits:
            c = state.commits[seat]
            assert f"Move {c.move} + {wof.show_card(c.card)}" in text
        if seat in state.table:
            assert wof.show_card(state.table[seat]) in text
        assert "reach" in text and "Super move" in text
        if view.can_super:
            assert "you can call it this turn" in text


def _controls_fit(groups: list[Any]) -> None:
    rows = 0
    for g in groups:
        if not g.select and len(g.choices) <= 5:
            rows += 1
        else:
            assert len(g.choices) <= 25
            rows += 1
    assert rows <= 5


def test_groups_for_every_decision_of_a_match() -> None:
    kinds = set()
    for state in STATES:
        for seat, p in GAME.prompts(state).items():
            if p.committed:
                continue
            legal = GAME.legal(state, seat)
            choices: list[tuple[str, Choice]] = [
                (a.kind, Choice(aid=a.aid, label=GAME.label(state, seat, a))) for a in legal]
            groups = R.groups(choices)
            _controls_fit(groups)
            got = [c.aid for g in groups for c in g.choices if not c.disabled]
            assert sorted(got) == sorted(a.aid for a in legal)  # every legal one, enabled
            kinds.add(p.kind)
            if p.kind in ("pick", "commit"):
                assert len(groups) == 1 and groups[0].select
            if p.kind == "move":
                assert all(not g.select and len(g.choices) <= 3 for g in groups)
            if p.kind == "counter":
                assert len(groups) == 1 and not groups[0].select
    assert kinds == {"pick", "commit", "move", "counter"}


def test_direction_buttons_form_a_compass() -> None:
    choices = [("move", Choice(aid=f"mv-{d}", label=DIRECTION_NAMES[d]))
               for d in ("n", "ne", "e", "se", "s", "sw", "w", "nw")]
    groups = R.groups(choices)
    assert [[c.aid for c in g.choices] for g in groups] == [
        ["mv-nw", "mv-n", "mv-ne"], ["mv-w", "mv-e"], ["mv-sw", "mv-s", "mv-se"]]
    assert not any(c.disabled for g in groups for c in g.choices)
    # illegal directions stay on the compass, disabled (the issue: "illegal ones disabled")
    groups = R.groups([("move", Choice(aid="mv-s", label="South"))])
    assert [[(c.aid, c.disabled) for c in g.choices] for g in groups] == [
        [("mv-nw", True), ("mv-n", True), ("mv-ne", True)], [("mv-w", True), ("mv-e", True)],
        [("mv-sw", True), ("mv-s", False), ("mv-se", True)]]


def test_every_event_kind_is_narrated() -> None:
    kinds: set[str] = set()
    for match in MATCHES:
        for _, events in match:
            for viewer in (None, 0, 1):
                for ev in for_viewer(events, viewer):
                    kinds.add(ev.kind)
                    line = R.line(ev, NAMES)
                    # never the generic fallback ("kind key=value")
                    assert line is None or "=" not in line, (ev, line)
    expected = {"character_picked", "characters_revealed", "bout_started", "cards_drawn",
                "committed", "movement_revealed", "moved", "actions_revealed", "attack",
                "turn_started", "bout_over", "match_over"}
    assert expected <= kinds
    extra = [
        Event(kind="super_called", data={"seat": 0, "move": "Haymaker", "code": "P.R1"}),
        Event(kind="super_move", data={"seat": 0, "move": "Haymaker"}),
        Event(kind="super_fizzled", data={"seat": 0, "move": "Climbing Monkey", "need": 3,
                                          "range": 2, "card": "grapple"}),
        Event(kind="super_no_edge", data={"seat": 1, "move": "Dohyo Push-out"}),
        Event(kind="attack", data={"seat": 0, "card": "punch", "score": 6, "blocked": 0,
                                   "damage": 6, "super": True}),
        Event(kind="both_blocked", data={}),
        Event(kind="deck_reshuffled", data={"cards": 30}),
        Event(kind="counter", data={"seat": 1, "card": "kick", "damage": 3}),
        Event(kind="counter", data={"seat": 1, "card": None}),
        Event(kind="bout_over", data={"bout": 1, "winner": 0, "reason": "ring_out"}),
        Event(kind="bout_over", data={"bout": 2, "winner": None, "reason": "decision"}),
        Event(kind="timeout", data={"seat": 1}),
        Event(kind="match_over", data={"reason": "forfeit", "ranks": [1, 2],
                                       "forfeited": [1]}),
    ]
    for ev in extra:
        line = R.line(ev, NAMES)
        assert line and "=" not in line, (ev, line)
    assert "RING OUT" in (R.line(extra[9], NAMES) or "")
    assert "Counter" in (R.line(extra[7], NAMES) or "")
    assert "plain 🤼 Grapple and the super is kept" in (R.line(extra[2], NAMES) or "")


def test_public_narration_never_names_a_private_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards named in public lines are exactly the cards in the public events' data."""
    named: list[str] = []
    original = wof.show_card

    def spy(card: Any) -> str:
        named.append(str(card))
        return original(card)

    monkeypatch.setattr(wof, "show_card", spy)
    for match in MATCHES:
        for _, events in match:
            for ev in for_viewer(events, None):
                named.clear()
                R.line(ev, NAMES)
                data = str(ev.data)
                assert all(f"'{c}'" in data for c in named), (ev, named)
                if ev.kind in ("cards_drawn", "committed", "character_picked"):
                    assert not named


def test_public_board_is_unchanged_when_hidden_cards_are_resampled() -> None:
    compared = 0
    for state in STATES[::3]:
        if state.phase == "pick":
            continue
        other = redeal(state, compared)
        hidden = ([f.hand for f in state.fighters], state.deck, state.commits, state.table)
        resampled = ([f.hand for f in other.fighters], other.deck, other.commits, other.table)
        if hidden == resampled:
            continue
        a, b = _ctx(state), _ctx(other)
        assert R.board_embed(a).to_dict() == R.board_embed(b).to_dict()
        assert R.picture(a.view) == R.picture(b.view)
        compared += 1
    assert compared > 20


def test_registered() -> None:
    assert isinstance(renderer_for("world_of_fighters"), wof.WofRenderer)


def test_rules_summary_topics_and_roster_match_the_data() -> None:
    from cogs.library import rule_topics
    from engine.games.world_of_fighters.data import characters

    topics = rule_topics("world_of_fighters")
    assert {"overview", "turn", "movement", "range", "attacks", "block", "super",
            "ring out", "characters"} <= set(topics)
    assert all(0 < len(text) <= 4000 for text in topics.values())
    for c in characters().values():
        line = (f"**{c.name}**, {c.art}: {c.punch} · {c.kick} · {c.grapple} · {c.block}, "
                f"{c.reach} · {c.super.name} ({c.super.code})")
        assert line in topics["characters"], line


# ----------------------------------------------------------------------- endings
def _ring_out() -> WofState:
    """Hai Wu's Climbing Monkey rings Rocco out from the grey edge (the rulebook's case)."""
    from tests.engine.games.world_of_fighters.helpers import arrange, commit, play_turn, started
    s = arrange(started("haiwu", "rocco"), hp=(7, 20), pos=((3, 1), (1, 4)),
                hands=(["grapple", "punch", "block"], ["block", "punch", "kick"]))
    s, _ = play_turn(s, commit(1, "grapple", True), commit(1, "block"), "e", "n")
    return s


def test_result_line_names_the_player_the_fighter_and_how() -> None:
    s = _ring_out()
    assert s.result is not None
    line = R.result_line(s.result, GAME.view(s, None), NAMES)
    assert line == "🏆 <@1> (Hai Wu) wins by Ring Out."
    assert "seat" not in s.result.summary.lower()


def test_result_line_for_a_ko_a_forfeit_a_draw_and_bouts() -> None:
    s = _ring_out()
    view = GAME.view(s, None)
    ko = Outcome.win(1, 2, "ko")
    assert R.result_line(ko, view, NAMES) == "🏆 <@2> (Rocco Vance) wins by K.O."
    gone, _ = GAME.concede(started_match(), 0)
    assert gone.result is not None
    line = R.result_line(gone.result, GAME.view(gone, None), NAMES)
    assert line == "🏆 <@2> wins: <@1> forfeited."  # before the picks: no fighter names
    draw = Outcome.tie(2, "draw")
    assert "draw" in R.result_line(draw, view, NAMES) and "K.O.." not in line
    three = GAME.view(GAME.setup(Options(bouts=3), 2, 1), None).model_copy(
        update={"fighters": [f.model_copy(update={"bouts_won": w, "name": n})
                             for f, w, n in zip(view.fighters, (2, 1), ("Hai Wu", "Rocco Vance"),
                                                strict=True)]})
    assert R.result_line(Outcome.win(0, 2, "bouts"), three, NAMES) == (
        "🏆 <@1> (Hai Wu) wins 2-1 in bouts.")


def started_match() -> WofState:
    """A fresh match, still at the character pick."""
    return GAME.setup(Options(), 2, 7)


def test_turning_points_are_the_fighters_each_turns_scoring_and_the_ends() -> None:
    assert R.turning_point(Event(kind="actions_revealed", data={}))
    assert R.turning_point(Event(kind="bout_over", data={}))
    for quiet in ("movement_revealed", "moved", "committed", "super_called", "turn_started"):
        assert not R.turning_point(Event(kind=quiet, data={}))


def test_bout_over_by_ko_ends_with_one_full_stop() -> None:
    line = R.line(Event(kind="bout_over", data={"bout": 1, "winner": 0, "reason": "ko"}),
                  NAMES)
    assert line is not None and line.endswith("by K.O.") and "K.O.." not in line
