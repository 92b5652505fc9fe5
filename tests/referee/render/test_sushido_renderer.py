"""The Sushido renderer: leak fuzz, hidden-card resampling, controls and embed limits.

No Discord connection: embeds and component views are built offline. Every card text goes
through :func:`referee.render.sushido.show_card`; the leak tests replace it by a tag naming
the card's id (``⟨c17⟩``), so they can check that no public message ever names a card that
is hidden from spectators (in a hand, a chain, a commit or the deck).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

import discord
import pytest

import referee.render.sushido as su
from cogs import ids
from cogs.controls import MAX_ROWS, controls
from engine.core import Event, Rng, for_viewer
from engine.games.sushido import GAME
from engine.games.sushido.data import content
from engine.games.sushido.model import (
    AnyAction,
    Hajime,
    Options,
    PickFighter,
    SushidoState,
)
from engine.simulate import next_move
from referee.render.base import BoardContext, Choice, Group
from referee.render.embed import Style
from referee.render.registry import renderer_for

NAMES = ["<@111111111111111111>", "<@222222222222222222>"]
R = su.SushidoRenderer()
DUELS = ("iaijutsu", "entrainement", "rencontre")
MATCH_ID, VERSION = 99_999_999, 99_999  # big numbers: the longest custom_ids
TAG = re.compile(r"⟨c(\d+)⟩")


@dataclass
class Step:
    """One applied action: the state before, who acted, the state after, the events."""

    before: SushidoState
    seat: int
    action: AnyAction
    after: SushidoState
    events: list[Event]


def _play(seed: int, duel: str) -> list[Step]:
    s = GAME.setup(Options.model_validate({"duel": duel}), 2, seed)
    agent = Rng(seed=seed * 31 + 5)
    out: list[Step] = []
    while s.result is None:
        assert len(out) < 10_000, "match did not end"
        seat, action, _ = next_move(GAME, s, agent)
        after, events = GAME.apply(s, seat, action)
        out.append(Step(s, seat, action, after, events))
        s = after
    return out


MATCHES = [_play(seed, DUELS[seed % 3]) for seed in range(30)]
STATES = [m[0].before for m in MATCHES] + [st.after for m in MATCHES for st in m]


def _ctx(state: SushidoState, names: list[str] = NAMES) -> BoardContext:
    out = GAME.outcome(state)
    return BoardContext(match_id=MATCH_ID, game_name=GAME.name, view=GAME.view(state, None),
                        names=names, prompts=GAME.prompts(state), finished=out is not None,
                        summary=out.summary if out else "")


def _tag(card: Any) -> str:
    if isinstance(card, int):
        return f"⟨c{card}⟩"
    if isinstance(card, dict):
        return f"⟨c{card['id']}⟩"
    return f"⟨c{card.id}⟩"


@pytest.fixture
def tagged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every card the renderer writes becomes ``⟨c<id>⟩``."""
    monkeypatch.setattr(su, "show_card", _tag)


def _named(text: str) -> set[int]:
    return {int(x) for x in TAG.findall(text)}


def _event_cards(value: Any) -> set[int]:
    """Ids of every card inside event data: card descriptions (``{"id", "type",
    "symbol"}``) and the plain ids of private events (``draw``/``hajime`` ``cards``)."""
    out: set[int] = set()
    if isinstance(value, dict):
        if {"id", "type", "symbol"} <= set(value):
            out.add(int(value["id"]))
        for k, v in value.items():
            if k == "cards" and isinstance(v, list) and all(isinstance(c, int) for c in v):
                out |= set(v)
            else:
                out |= _event_cards(v)
    elif isinstance(value, list | tuple):
        for v in value:
            out |= _event_cards(v)
    return out


def _hidden(state: SushidoState, viewer: int | None) -> set[int]:
    """Cards ``viewer`` may not see: the deck, and the rivals' hands, chains and commits."""
    out = set(state.deck)
    for x, seat in enumerate(state.seat):
        if x != viewer:
            out |= {*seat.hand, *seat.chain, *(seat.commit or [])}
    return out


# ------------------------------------------------------------------------------ 1. leaks
@pytest.mark.usefixtures("tagged")
def test_no_public_message_names_a_hidden_card() -> None:
    checked = 0
    for match in MATCHES:
        for st in match:
            events = for_viewer(st.events, None)
            hidden = _hidden(st.before, None) | _hidden(st.after, None)
            shown = _event_cards([e.data for e in events])
            board = str(R.board_embed(_ctx(st.after)).to_dict())
            lines = "\n".join(R.narrate(events, NAMES))
            leaked = (_named(board) | _named(lines)) & hidden - shown
            assert not leaked, (st.action, leaked, board, lines)
            checked += len(_named(board) | _named(lines))
    assert checked > 5000  # the tags really are in the messages


@pytest.mark.usefixtures("tagged")
def test_a_seat_narration_names_only_cards_it_may_see() -> None:
    private = 0
    for match in MATCHES[:10]:
        for st in match:
            for viewer in (0, 1):
                events = for_viewer(st.events, viewer)
                hidden = _hidden(st.before, viewer) | _hidden(st.after, viewer)
                shown = _event_cards([e.data for e in events])
                named = _named("\n".join(R.narrate(events, NAMES)))
                assert not (named & hidden - shown), (viewer, st.action, named)
                drawn = _event_cards([e.data for e in events
                                      if e.kind == "draw" and e.audience == (viewer,)])
                assert drawn <= named  # your own draws are narrated to you, card by card
                private += len(drawn)
    assert private > 100


# -------------------------------------------------------------------------- 2. resampling
def _resample(state: SushidoState, rng: Rng) -> SushidoState:
    """Permute every card hidden from spectators among the hidden places (counts kept;
    chains are secret only for their contents, so their sizes stay)."""
    s = GAME.clone(state)
    piles: list[list[int]] = [s.deck]
    for x in s.seat:
        piles += [x.hand, x.chain]
        if x.commit is not None:
            piles.append(x.commit)
    pool = [c for p in piles for c in p]
    rng.shuffle(pool)
    for p in piles:
        p[:], pool = pool[: len(p)], pool[len(p):]
    return s


@pytest.mark.usefixtures("tagged")
def test_public_board_is_unchanged_when_hidden_cards_are_resampled() -> None:
    rng = Rng(seed=2024)
    compared = 0
    for state in STATES[::6]:
        if state.phase == "pick":
            continue
        other = _resample(state, rng)
        if _hidden_layout(other) == _hidden_layout(state):
            continue
        assert R.board_embed(_ctx(other)).to_dict() == R.board_embed(_ctx(state)).to_dict()
        compared += 1
    assert compared > 300


def _hidden_layout(s: SushidoState) -> Any:
    return s.deck, [(x.hand, x.chain, x.commit) for x in s.seat]


# ------------------------------------------------------------------------------ 3. controls
def _offered(state: SushidoState, seat: int) -> list[AnyAction]:
    """A seat's prompted choices, then its interrupts (the Super Combo)."""
    return GAME.legal(state, seat) + GAME.interrupts(state, seat)


def _choices(state: SushidoState, seat: int) -> list[tuple[str, Choice]]:
    """Exactly as ``Table.hand_payload`` builds them."""
    return [(getattr(a, "kind", "action"), Choice(aid=a.aid, label=GAME.label(state, seat, a)))
            for a in _offered(state, seat)]


def _rows(groups: list[Group]) -> int:
    """Rows ``cogs.controls.controls`` needs: a row of buttons, or one select per 25."""
    return sum(1 if not g.select and len(g.choices) <= 5 else math.ceil(len(g.choices) / 25)
               for g in groups)


def _check_controls(state: SushidoState, seat: int) -> list[Group]:
    legal = [a.aid for a in _offered(state, seat)]
    groups = R.groups(_choices(state, seat))
    assert _rows(groups) <= MAX_ROWS, [(g.title, len(g.choices)) for g in groups]
    grouped = [c.aid for g in groups for c in g.choices]
    # Hajime and reveal in one choice (p-...) where the placements fit a select, else the
    # Hajime list (h-...) then the reveal: every outcome is reached either way
    skipped = "h-" if any(aid.startswith("p-") for aid in grouped) else "p-"
    legal = [aid for aid in legal if not aid.startswith(skipped)]
    assert sorted(grouped) == sorted(legal) and len(set(grouped)) == len(grouped)
    for g in groups:
        assert g.choices and len(g.title) <= 150
        buttons = not g.select and len(g.choices) <= 5
        for c in g.choices:
            assert 0 < len(c.label) <= (80 if buttons else 100), c.label
            assert not c.disabled
            if buttons:  # ids.make raises past 100 characters or on a bad field
                assert len(ids.make("a", MATCH_ID, VERSION, seat, c.aid)) <= 100
    # and the real component view reaches every legal action, once
    view = controls(MATCH_ID, VERSION, seat, groups)
    reached: list[str] = []
    rows: set[int] = set()
    for item in view.children:
        rows.add(item.row if item.row is not None else -1)
        if isinstance(item, discord.ui.Button):
            assert item.custom_id is not None and len(item.custom_id) <= 100
            assert item.label is not None and len(item.label) <= 80
            reached.append(ids.parse(item.custom_id).text(3))
        else:
            assert isinstance(item, discord.ui.Select)
            assert len(item.custom_id) <= 100 and 1 <= len(item.options) <= 25
            assert all(len(o.label) <= 100 for o in item.options)
            reached += [o.value for o in item.options]
    assert len(rows) <= MAX_ROWS and all(0 <= r < MAX_ROWS for r in rows)
    per_row: dict[int, int] = {}
    for item in view.children:
        per_row[item.row or 0] = per_row.get(item.row or 0, 0) + (
            5 if isinstance(item, discord.ui.Select) else 1)
    assert all(n <= 5 for n in per_row.values())
    assert sorted(reached) == sorted(legal) and len(set(reached)) == len(reached)
    return groups


async def test_controls_fit_discord_for_every_decision() -> None:
    kinds: set[str] = set()
    for match in MATCHES[:8]:
        for st in match:
            for seat, p in GAME.prompts(st.before).items():
                if p.committed:
                    continue
                groups = _check_controls(st.before, seat)
                kinds.add(p.kind)
                if p.kind in ("pick", "hajime"):
                    assert groups[0].select
                if p.kind == "hajime" and len(st.before.seat[seat].hand) <= 5:
                    assert len([g for g in groups if g.select]) >= 4  # one per reveal
    assert {"pick", "hajime", "reveal", "declare", "answer", "oppose", "boost", "step",
            "break", "parry", "play"} <= kinds, kinds


def _big_hand(n: int, gauge: int) -> SushidoState:
    """Hajime with ``n`` cards in hand (draw effects pile them up) and a given gauge."""
    s = GAME.setup(Options(), 2, 5)
    s, _ = GAME.apply(s, 0, PickFighter(fighter="biwa"))
    s, _ = GAME.apply(s, 1, PickFighter(fighter="manta"))
    s = GAME.clone(s)
    me = s.seat[0]
    while len(me.hand) < n:
        me.hand.append(s.deck.pop())
    me.gauge = gauge
    return s


@pytest.mark.parametrize(("hand", "gauge"), [(5, 5), (8, 5), (10, 5), (11, 5), (11, 0)])
async def test_hajime_with_a_big_hand_keeps_every_choice(hand: int, gauge: int) -> None:
    """Random play reaches 8 cards; draw effects can pile up more. With 11 cards (110
    pairs, 5 selects) the Super Combo used to need a 6th row and was dropped."""
    s = _big_hand(hand, gauge)
    legal = _offered(s, 0)
    assert len(legal) == hand * (hand - 1) * 5 + (gauge >= 5)  # Hajime, Hajime + reveal
    assert any(isinstance(a, Hajime) for a in legal)
    groups = _check_controls(s, 0)
    if hand == 11 and gauge == 5:  # folded into the Hajime list, first so it is seen
        assert len(groups) == 1 and groups[0].choices[0].aid == "super-combo"


def test_button_groups_fold_into_one_select_when_no_select_has_room() -> None:
    choices = [("hajime", Choice(aid=f"h-{i}", label=f"pair {i}")) for i in range(100)]
    choices += [("declare", Choice(aid=f"d-{i}", label=f"say {i}")) for i in range(5)]
    choices += [("super_combo", Choice(aid="super-combo", label="SUPER COMBO"))]
    groups = R.groups(choices)
    assert _rows(groups) == 5
    assert [c.aid for g in groups for c in g.choices] == [c.aid for _, c in choices]
    assert groups[-1].select and len(groups[-1].choices) == 6
    small = R.groups(choices[-6:])  # when it fits, nothing moves: two rows of buttons
    assert [(g.select, len(g.choices)) for g in small] == [(False, 5), (False, 1)]


def test_super_combo_is_a_red_button_when_there_is_room() -> None:
    s = _big_hand(5, 5)
    groups = R.groups(_choices(s, 0))
    sc = [c for g in groups for c in g.choices if c.aid == "super-combo"]
    assert len(sc) == 1 and sc[0].style == Style.danger
    assert [g.select for g in groups] == [True, True, True, True, False]


# --------------------------------------------------------------------------- 4. narration
SILENT = {
    "pick", "hajime", "reveal_commit",  # a seat's secret choice: "committed" shows on the board
    "match_start",  # the "picks" line says it all
    "turn_end", "kata_end", "push_fails", "round_lost", "declaration_dropped",
    "match_over",  # the table announces the result in its own message
}
"""Event kinds deliberately left out of the narration (also: the public twin of a draw)."""


def _silent(ev: Event) -> bool:
    return ev.kind in SILENT or (ev.kind == "draw" and "cards" not in ev.data)


def test_every_event_kind_is_narrated_or_deliberately_silent() -> None:
    kinds: set[str] = set()
    for match in MATCHES:
        for st in match:
            for viewer in (None, 0, 1):
                for ev in for_viewer(st.events, viewer):
                    kinds.add(ev.kind)
                    line = R.line(ev, NAMES)
                    assert (line is None) == _silent(ev), (ev, line)
                    assert line is None or "=" not in line, (ev, line)  # not the fallback
    expected = {
        "pick", "picks", "match_start", "round_start", "turn_start", "draw", "hajime",
        "hajime_all", "reveal_commit", "reveal", "declare", "combo", "kata", "oppose",
        "kata_clash", "kata_end", "card", "damage", "super_gain", "super_spend", "move",
        "push", "guard", "guarded", "parry", "break", "passive", "whiff", "ko", "round_end",
        "match_over", "turn_end", "super_combo", "reshuffle", "declaration_dropped",
        "kata_surplus", "ring_out", "round_lost", "heal",
    }
    assert expected <= kinds, expected - kinds


def _card(cid: int) -> dict[str, Any]:
    c = content().card(cid)
    return {"id": cid, "type": c.type, "symbol": c.symbol}


EXTRA = [
    Event(kind="timeout", data={"seat": 1}),
    Event(kind="match_over", data={"reason": "forfeit", "ranks": [2, 1], "forfeited": [0]}),
    Event(kind="round_end", data={"round": 3, "winners": [0, 1], "reason": "ko",
                                  "tokens": [2, 2]}),
    Event(kind="round_end", data={"round": 5, "winners": [1], "reason": "ko",
                                  "tokens": [1, 2]}),
    Event(kind="round_end", data={"round": 1, "winners": [0], "reason": "ring_out",
                                  "tokens": [1, 0]}),
    Event(kind="move", data={"seat": 1, "pos": 8, "why": "pushed"}),
    Event(kind="combo", data={"seat": 0, "name": "Tail Slap", "ok": False,
                              "cards": [_card(1), _card(30)], "ranged": False,
                              "contact": False}),
    Event(kind="declare", data={"seat": 0, "choice": "kata", "combo": "", "answer": True}),
    Event(kind="declare", data={"seat": 1, "choice": "combo", "combo": "Big One",
                                "answer": False, "size": 4}),
    Event(kind="kata_surplus", data={"seat": 1, "cards": [_card(9)], "chosen": True}),
    Event(kind="get_up", data={"seat": 0, "life": 1}),
    Event(kind="break_nothing", data={"seat": 0}),
    Event(kind="accept_ko", data={"seat": 1}),
    Event(kind="damage", data={"seat": 1, "amount": 1, "life": 0, "why": "hit"}),
    Event(kind="accept_ring_out", data={"seat": 0}),
    Event(kind="chain_full_discard", data={"seat": 1, "card": _card(7)}),
    Event(kind="super_gain", data={"seat": 0, "amount": 0, "gauge": 5, "why": "diamond"}),
    Event(kind="heal", data={"seat": 1, "amount": 0, "life": 15}),
    Event(kind="kata_clash", data={"attacker": 1, "card": _card(2), "against": _card(40),
                                   "result": "blocked"}),
    Event(kind="break", data={"seat": 0, "owner": 1, "index": 2, "card": _card(44)}),
]


@pytest.mark.parametrize("ev", EXTRA, ids=lambda e: e.kind)
def test_rare_events_have_a_line(ev: Event) -> None:
    line = R.line(ev, NAMES)
    if ev.kind == "match_over":
        assert line is None
        return
    assert line and "=" not in line, line
    assert "_" not in line, line  # no raw engine words like ring_out
    for seat in (0, 1):
        if ev.data.get("seat") == seat:
            assert NAMES[seat] in line


def test_private_events_are_narrated_only_to_their_owner() -> None:
    seen = {None: 0, 0: 0, 1: 0}
    for match in MATCHES[:10]:
        for st in match:
            for viewer in (None, 0, 1):
                evs = for_viewer(st.events, viewer)
                lines = R.narrate(evs, NAMES)
                own = [e for e in evs if e.kind == "draw" and e.audience is not None]
                assert all(e.audience == (viewer,) for e in own)
                mine = [line for line in lines if line.startswith("You draw")]
                assert len(mine) == len(own)
                seen[viewer] += len(mine)
    assert seen[None] == 0 and seen[0] > 50 and seen[1] > 50


# --------------------------------------------------------------------------- 5. embed limits
def _check_embed(embed: discord.Embed) -> None:
    assert len(embed) <= 6000
    assert embed.title is not None and 0 < len(embed.title) <= 256
    assert len(embed.description or "") <= 4096
    assert len(embed.fields) <= 25
    for f in embed.fields:
        assert f.name and len(str(f.name)) <= 256
        assert f.value and len(str(f.value)) <= 1024
    assert len(embed.footer.text or "") <= 2048


def _points() -> dict[str, SushidoState]:
    def first(pred: Any) -> SushidoState:
        return next(s for s in STATES if pred(s))

    return {
        "start": MATCHES[0][0].before,
        "one_picked": first(lambda s: s.phase == "pick" and any(x.pick for x in s.seat)),
        "hajime": first(lambda s: s.phase == "hajime"),
        "one_committed": first(lambda s: s.phase == "hajime" and s.seat[0].commit is not None),
        "reveal": first(lambda s: s.phase == "reveal"),
        "kata": first(lambda s: s.kata is not None and s.kata.att and s.kata.dfn),
        "full_chains": first(lambda s: all(len(x.chain) == 4 for x in s.seat)),
        "big_hand": max(STATES, key=lambda s: max(len(x.hand) for x in s.seat)),
        "full_gauge": first(lambda s: s.phase == "resolve" and s.seat[0].gauge == 5),
        "round_2": first(lambda s: s.round == 2),
        "final": MATCHES[-1][-1].after,
    }


POINTS = _points()


@pytest.mark.parametrize("point", list(POINTS))
def test_board_and_hands_fit_discord_at_key_points(point: str) -> None:
    state = POINTS[point]
    embed = R.board_embed(_ctx(state))
    _check_embed(embed)
    text = str(embed.to_dict())
    assert NAMES[0] in text and NAMES[1] in text
    if state.phase == "pick":
        assert "choose a fighter" in text
    else:
        assert f"Round {state.round}" in text
    if state.kata is not None and state.kata.att:
        assert "Kata of" in text and su.show_card(state.kata.att[0]) in text
    if state.result is not None:
        assert embed.footer.text and "Match over" in embed.footer.text
        assert "Waiting for" not in text
    prompts = GAME.prompts(state)
    for seat in (0, 1):
        hand = R.hand_embed(GAME.view(state, seat), seat, NAMES, prompts.get(seat))
        _check_embed(hand)
        htext = str(hand.to_dict())
        for c in state.seat[seat].hand:
            assert su.show_card(c) in htext
        if seat in prompts:
            assert prompts[seat].text in htext


def test_embeds_fit_discord_all_along() -> None:
    for state in STATES[::9]:
        _check_embed(R.board_embed(_ctx(state)))
        prompts = GAME.prompts(state)
        for seat in (0, 1):
            _check_embed(R.hand_embed(GAME.view(state, seat), seat, NAMES, prompts.get(seat)))


def test_show_card_accepts_a_view_a_dict_and_an_id() -> None:
    view = GAME.view(POINTS["hajime"], 0)
    assert view.me is not None
    card = view.me.hand[0]
    text = su.show_card(card)
    assert text == su.show_card(card.id) == su.show_card(_card(card.id))
    assert card.glyph in text and card.type.capitalize() in text


def test_registered() -> None:
    assert isinstance(renderer_for("sushido"), su.SushidoRenderer)


# --------------------------------------------------------------- 6. words and endings
def test_narration_says_where_damage_came_from_and_why_a_combo_failed() -> None:
    evs = [
        Event(kind="card", data={"seat": 0, "card": _card(20), "ctx": "action",
                                 "doubled": True, "mode": ""}),
        Event(kind="damage", data={"seat": 1, "amount": 2, "life": 13, "why": "hit"}),
        Event(kind="super_combo", data={"seat": 1, "name": "Black Tide"}),
        Event(kind="damage", data={"seat": 0, "amount": 3, "life": 0, "why": "effect"}),
        Event(kind="combo", data={"seat": 0, "name": "Plucked Edge", "ok": False,
                                  "cards": [_card(1), _card(30)], "ranged": False,
                                  "contact": False, "symbols_ok": True}),
        Event(kind="combo", data={"seat": 1, "name": "Glide In", "ok": False,
                                  "cards": [_card(1), _card(30)], "ranged": True,
                                  "contact": False, "symbols_ok": False}),
    ]
    lines = R.narrate(evs, NAMES)
    assert f"takes 2 from {NAMES[0]}'s doubled Hit (13 life left)" in lines[1]
    assert f"takes 3 from {NAMES[1]}'s Black Tide" in lines[3] and "K.-O." in lines[3]
    assert "unless they escape" in lines[3]
    assert "needs contact" in lines[4] and "symbols are not those of Glide In" in lines[5]


def test_positions_ring_out_and_round_ends_are_in_words() -> None:
    lines = [R.line(Event(kind="move", data={"seat": s, "pos": p, "why": w}), NAMES)
             for s, p, w in ((0, 2, "retreat"), (1, 7, "pushed"), (0, 0, "pushed"))]
    assert lines[0] == f"👣 {NAMES[0]} steps back."
    assert lines[1] == f"👣 {NAMES[1]} is pushed back, to the edge of the Arena."
    assert all("square" not in (x or "") for x in lines)
    out = R.line(Event(kind="ring_out", data={"seat": 1}), NAMES) or ""
    assert "ends with this turn" in out and "Super Combo" in out
    both = R.line(Event(kind="round_end", data={"round": 2, "winners": [0, 1],
                                                "reason": "ring_out", "tokens": [1, 1]}),
                  NAMES) or ""
    assert "knockout" not in both and "Ring Out" in both


def test_result_line_names_players_fighters_score_and_reason() -> None:
    from engine.core import Outcome

    final = MATCHES[-1][-1].after
    view = GAME.view(final, None)
    names = ["<@1>", "<@2>"]
    win = Outcome.win(0, 2, "ring_out")
    fighter = view.seats[0].fighter_name
    tokens = [x.tokens for x in view.seats]
    assert R.result_line(win, view, names) == (
        f"<@1> ({fighter}) wins {tokens[0]}-{tokens[1]} by Ring Out")
    ko = R.result_line(Outcome.win(1, 2, "ko"), view, names)
    assert ko.endswith("by K.-O.") and not ko.endswith("..")
    draw = R.result_line(Outcome.tie(2, "ko"), view, names)
    assert draw.startswith("Draw") and "<@1>" in draw and "<@2>" in draw
    forfeit = Outcome(ranks=(2, 1), reason="forfeit", forfeited=(0,))
    assert R.result_line(forfeit, view, names).startswith(f"<@2> ({view.seats[1].fighter_name})")
    assert GAME.outcome(final) is not None and "Seat" not in GAME.outcome(final).summary


def test_board_offers_super_combo_only_while_a_gauge_is_full() -> None:
    s = _big_hand(5, 4)
    assert R.board_controls(GAME.view(s, None)) == []
    s.seat[1].gauge = 5
    [c] = R.board_controls(GAME.view(s, None))
    assert c.aid == "super-combo" and c.label == "Super Combo!"
    assert R.board_controls(GAME.view(MATCHES[0][0].before, None)) == []  # fighter pick


def test_hajime_pairs_show_card_icons_in_order() -> None:
    s = _big_hand(5, 0)
    groups = R.groups(_choices(s, 0))
    assert len(groups) == 4 and all(g.select for g in groups)
    assert groups[0].title == "Place 2 cards (1st → 2nd) and reveal both"
    a, b = s.seat[0].hand[:2]
    label = next(c.label for c in groups[0].choices if c.aid == f"p-{a}-{b}-both")
    assert label == f"1st {su.show_card(a)} → 2nd {su.show_card(b)}"
    assert any(icon in label for icon in su.TYPE_ICON.values())


def test_the_owner_hand_shows_its_chain_face_down() -> None:
    s = _big_hand(5, 0)
    chain = [s.seat[0].hand.pop(), s.seat[0].hand.pop()]
    s.seat[0].chain = chain
    text = str(R.hand_embed(GAME.view(s, 0), 0, NAMES, None).to_dict())
    assert "Chain (2/4), face down" in text and "square" not in text
    assert "in contact with your rival" in text

