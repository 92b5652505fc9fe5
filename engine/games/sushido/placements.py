"""Sushido's placements: the Hajime and Place actions a seat chooses from while it places,
built once per hand and shared (a hand of seven lists 42 placements, each with four
reveals: 210 actions, labelled and indexed by id on every new hand).

The actions, their ids and their labels name cards only, so each placement's are worded
once per process (:func:`placing`) and a hand's listing is put together from them
(:func:`placements`, used by :meth:`engine.games.sushido.rules.Sushido.legal` and its
listing); ``tests/engine/test_listed.py`` checks them against ``aid`` and ``label``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations

from engine.games.sushido.effects import card_text
from engine.games.sushido.model import AnyAction, Hajime, Place

SHOWS: tuple[tuple[str, ...], ...] = (("none",), ("none", "first"),
                                      ("none", "first", "second", "both"))
"""The reveals open to a commit of 0, 1 or 2 cards."""

SHOWN = {"none": "reveal none", "first": "reveal 1st", "second": "reveal 2nd",
         "both": "reveal both"}
"""How a Place's label words its reveal."""


def hajime_of(cards: tuple[int, ...]) -> Hajime:
    """The shared Hajime of these cards (:meth:`Interned.of`, looked up by its cards: a
    new hand lists up to 42 placements, each with four reveals)."""
    got = _HAJIME_OF.get(cards)
    if got is None:
        got = Hajime.of(cards=cards)
        if len(_HAJIME_OF) < _TABLE_MAX:
            _HAJIME_OF[cards] = got
    return got


def place_of(cards: tuple[int, ...], show: str) -> Place:
    """The shared Place of these cards and reveal (as :func:`hajime_of`)."""
    got = _PLACE_OF.get((cards, show))
    if got is None:
        got = Place.of(cards=cards, show=show)
        if len(_PLACE_OF) < _TABLE_MAX:
            _PLACE_OF[cards, show] = got
    return got


_HAJIME_OF: dict[tuple[int, ...], Hajime] = {}
_PLACE_OF: dict[tuple[tuple[int, ...], str], Place] = {}
_TABLE_MAX = 100_000
"""Bound of each table above (placements of one deck's cards: a few thousand)."""


@lru_cache(maxsize=4096)
def hajimes(hand: tuple[int, ...], n: int) -> tuple[Hajime, ...]:
    """Every ordered placement of ``n`` cards of a hand (built once per hand)."""
    return tuple(hajime_of(p) for p in permutations(hand, n))



@lru_cache(maxsize=4096)
def places(hand: tuple[int, ...], n: int) -> tuple[Place, ...]:
    """Every placement of ``n`` cards with each reveal open to it (Hajime and reveal in one
    choice), by reveal then placement."""
    return tuple(place_of(p, show) for show in reversed(SHOWS[n])
                 for p in permutations(hand, n))


@lru_cache(maxsize=4096)
def placements(hand: tuple[int, ...], n: int,
                ) -> tuple[list[AnyAction], dict[str, AnyAction], list[str]]:
    """A hand's listing while it places (:meth:`Sushido.legal`: its Hajimes then its
    Places), indexed by id, and the actions' labels: built once per hand and shared (do
    not change them). A label names cards only (:meth:`Sushido.label`)."""
    perms = list(permutations(hand, n))
    entries = [_PLACING.get(p) or placing(p) for p in perms]
    listed: list[AnyAction] = [e[0] for e in entries]
    aids = [e[1] for e in entries]
    labels = [e[2] for e in entries]
    for show in reversed(SHOWS[n]):  # then the Places, by reveal then placement
        for e in entries:
            place, aid, label = e[3][show]
            listed.append(place)
            aids.append(aid)
            labels.append(label)
    index: dict[str, AnyAction] = {}
    for aid, action in zip(aids, listed, strict=True):
        index.setdefault(aid, action)
    return listed, index, labels


_Placing = tuple[Hajime, str, str, dict[str, tuple[Place, str, str]]]


def placing(cards: tuple[int, ...]) -> _Placing:
    """One placement's Hajime and, per reveal, its Place, each with its id and label (as
    ``Hajime.aid``/``Place.aid`` and :meth:`Sushido.label` word them; a test checks),
    remembered in :data:`_PLACING` (the content never changes)."""
    joined = "-".join(map(str, cards))
    word = hajime_label(cards)
    got = (hajime_of(cards), "h-" + joined, word,
           {show: (place_of(cards, show), f"p-{joined}-{show}", f"{word}, {SHOWN[show]}")
            for show in SHOWS[len(cards)]})
    if len(_PLACING) < _TABLE_MAX:
        _PLACING[cards] = got
    return got


_PLACING: dict[tuple[int, ...], _Placing] = {}
""":func:`placing` by the placed cards."""


@lru_cache(maxsize=4096)
def hajime_label(placed: tuple[int, ...]) -> str:
    """A placement's label by its cards (:meth:`Sushido.label`; the content never changes,
    so each is worded once: a hand lists up to 42 placements on every Act click)."""
    got = _HAJIME_LABELS.get(placed)
    if got is None:
        got = " + ".join(card_text(c) for c in placed) or "No card"
        if len(_HAJIME_LABELS) < 100_000:  # bounded, whatever the content
            _HAJIME_LABELS[placed] = got
    return got


_HAJIME_LABELS: dict[tuple[int, ...], str] = {}
""":func:`hajime_label` by the placed cards."""
