"""Mortal Kombat's board picture shows what a player needs at a glance (issue 31, item 6).

Every text the picture draws is recorded (``Canvas.text``), and its shapes' colours
(``Canvas.ellipse`` / ``rectangle``): along random matches of every level (two Kombatants
and a Brawl), each piece of the public view is found on the picture: both Kombatants,
their KP, rounds won, distance, initiative, hand, deck and discard sizes, the exchange on
the table with a Kombo in progress, and between exchanges the last plays, in English
and in French (every note the engine writes has its French words).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from engine.core import Rng
from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.data import kard
from engine.games.mortal_kombat.model import Exchange, Options
from engine.games.mortal_kombat.views import MkView
from engine.simulate import pick
from referee.i18n import t
from referee.render import mk_board
from referee.render.mortal_kombat import MkRenderer
from referee.render.picture_text import Canvas

R = MkRenderer()
GOLD = mk_board.GOLD


def views(seed: int, level: str, seats: int = 2, cap: int = 500) -> Iterator[MkView]:
    """The spectator view after every step of a random match."""
    s = GAME.setup(Options(level=level), seats, seed)  # type: ignore[arg-type]
    agent = Rng(seed=seed + 100)
    n = 0
    while s.result is None and n < cap:
        prompts = GAME.prompts(s)
        free = sorted(x for x, p in prompts.items() if not p.committed)
        seat = free[agent.below(len(free))]
        s, _ = GAME.apply(s, seat, pick(GAME, s, seat, agent))
        n += 1
        yield GAME.view(s, None)


MATCHES = {(level, seats): list(views(seed, level, seats)) for seed, level, seats in
           ((3, "starter", 2), (7, "basic", 2), (11, "advanced", 2), (5, "advanced", 3))}


class Spy:
    """What the picture draws: its texts (with where) and its gold shapes."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[tuple[str, float]] = []
        self.gold: list[str] = []
        text, ellipse, rect = Canvas.text, Canvas.ellipse, Canvas.rectangle

        def spy_text(canvas: Canvas, xy: Any, value: Any, *args: Any, **kw: Any) -> None:
            self.texts.append((str(value), float(xy[0])))
            text(canvas, xy, value, *args, **kw)

        def spy_ellipse(canvas: Canvas, xy: Any, *args: Any, **kw: Any) -> None:
            if kw.get("fill") == GOLD:
                self.gold.append("pip")
            ellipse(canvas, xy, *args, **kw)

        def spy_rect(canvas: Canvas, xy: Any, *args: Any, **kw: Any) -> None:
            if kw.get("fill") == GOLD:
                self.gold.append("strip")
            rect(canvas, xy, *args, **kw)

        monkeypatch.setattr(Canvas, "text", spy_text)
        monkeypatch.setattr(Canvas, "ellipse", spy_ellipse)
        monkeypatch.setattr(Canvas, "rectangle", spy_rect)

    def draw(self, view: MkView, loc: str = "en-US") -> list[str]:
        """The texts of one picture of ``view``."""
        self.texts, self.gold = [], []
        assert R.picture(view, loc).startswith(b"\x89PNG")
        return [s for s, _ in self.texts]


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Spy:
    return Spy(monkeypatch)


def w(loc: str, key: str, **params: Any) -> str:
    return t(loc, f"picture.mk.{key}", **params)


@pytest.mark.parametrize("match", sorted(MATCHES))
@pytest.mark.parametrize("loc", ["en-US", "fr"])
def test_every_piece_of_the_view_is_on_the_picture(spy: Spy, match: tuple[str, int],
                                                   loc: str) -> None:
    seen_table = seen_last = seen_kombo = 0
    for view in MATCHES[match]:
        if view.phase == "pick":
            continue
        drawn = spy.draw(view, loc)
        text = "\n".join(drawn)
        for f in view.fighters:  # both Kombatants, their KP and their piles
            assert f.name in drawn
            assert w(loc, "kp", kp=max(f.kp, 0)) in drawn
            counts = (w(loc, "counts", hand=f.hand_count, deck=f.deck_count,
                        discard=len(f.discard)) if len(view.fighters) == 2
                      else w(loc, "counts_short", hand=f.hand_count, deck=f.deck_count))
            assert counts in drawn, (counts, drawn)
        # rounds won: one gold pip each (plus the distance strip's lit box)
        pips = sum(min(f.rounds, 2) for f in view.fighters)
        assert spy.gold.count("pip") == pips
        if view.distance:  # the distance, lit
            assert {w(loc, "ranged"), w(loc, "h2h")} <= set(drawn)
            assert spy.gold.count("strip") == 1
        if len(view.fighters) == 2 and view.phase != "over":  # the initiative, its side
            xs = [x for s, x in spy.texts if s == w(loc, "initiative")]
            assert len(xs) == 1 and (xs[0] < 320) == (view.initiative == 0)
        ex = view.exchange
        if ex is not None:  # the exchange on the table
            seen_table += 1
            assert w(loc, "table") in drawn
            attacker = view.fighters[ex.attacker].name
            assert w(loc, "attack", who=attacker, kard=kard(ex.kard).name) in drawn
            if ex.kombo:  # a Kombo in progress: its hits laid so far, of all
                seen_kombo += 1
                laid = [kard(k).name for k in (ex.kard, *ex.extra)]
                assert w(loc, "kombo", kombo=kard(ex.kombo).name, done=len(laid),
                         total=1 + len(kard(ex.kombo).kombo), kards=" + ".join(laid)) in text
            if ex.defense:
                assert f"{kard(ex.defense).name}" in text
        elif view.notes:  # between exchanges: the last plays, in the picture's language
            seen_last += 1
            assert w(loc, "last") in drawn
            for note in view.notes[-mk_board.LAST_PLAYS:]:
                said = mk_board.note_text(note, loc)
                assert said in drawn or any(d.endswith("...") and said.startswith(d[:-3])
                                            for d in drawn)
    assert seen_table and seen_last and seen_kombo


def test_every_engine_note_has_french_words() -> None:
    notes = {n for views_ in MATCHES.values() for v in views_ for n in v.notes}
    notes |= {n for seed in (1, 2) for v in views(seed, "advanced", 4) for n in v.notes}
    assert len(notes) > 30
    missing = sorted(n for n in notes if mk_board.note_text(n, "fr") == n)
    assert not missing
    assert mk_board.note_text("Jade plays Uppercut with Two-Hit Kombo.", "fr") == (
        "Jade joue Uppercut avec Two-Hit Kombo.")
    assert mk_board.note_text("Jade plays Copy Move: Uppercut.", "fr") == (
        "Jade joue une Copie : Uppercut.")
    assert mk_board.note_text("The Area attack hits no one for 3.", "fr") == (
        "L'attaque de zone ne touche personne (3).")
    assert mk_board.note_text("Jade plays Uppercut.", "en-US") == "Jade plays Uppercut."


def test_a_kombo_in_progress_and_a_follow_up_are_told(spy: Spy) -> None:
    view = next(v for v in MATCHES[("advanced", 2)] if v.phase not in ("pick", "over"))
    kombo = next(k for k in ("k02", "k01") if kard(k).type == "kombo")
    attack, second = "b01", "b02"
    ex = Exchange(attacker=1, kard=attack, kombo=kombo, extra=[second])
    drawn = spy.draw(view.model_copy(update={"exchange": ex}))
    total = 1 + len(kard(kombo).kombo)
    assert w("en-US", "kombo", kombo=kard(kombo).name, done=2, total=total,
             kards=f"{kard(attack).name} + {kard(second).name}") in drawn
    follow = Exchange(attacker=0, kard=attack, followup=True, landed=True)
    drawn = spy.draw(view.model_copy(update={"exchange": follow}))
    assert w("en-US", "followup") in drawn and w("en-US", "table") in drawn


def test_the_picture_key_follows_what_is_drawn() -> None:
    drawn: dict[str, set[bytes]] = {}
    for v in MATCHES[("basic", 2)]:
        drawn.setdefault(R.picture_key(v), set()).add(R.picture(v))
    assert all(len(pngs) == 1 for pngs in drawn.values())  # one key, one picture
    assert len({p for pngs in drawn.values() for p in pngs}) > 20
