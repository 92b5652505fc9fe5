"""Kombat decks: preconstructed decks, validation per rule level, codes, Sealed pools.

A deck is an :class:`engine.core.decks.Deck` whose leader is the Kombatant. Limits by
level (rulebook): Basic (and Sealed) allows any kard for any Kombatant and any number of
Special Effects; Starter and Advanced keep Special Moves to their Kombatant, at most 16
Special Effects, at most 4 of one Special Effect, and 2 of a kard marked with a limit
(Touch of Death, Chi Healing). Every level: 50 or 60 kards, no Kombatant kard inside.
"""

from __future__ import annotations

from collections import Counter

from engine.core import Rng
from engine.core.decks import Deck, decode, encode
from engine.games.mortal_kombat.data import deckable, kard, kards, kombatants, specials_of
from engine.games.mortal_kombat.model import Options

TAG = "MK"
SE_LIMIT = 16
SE_COPIES = 4
SIZES = (50, 60)

# The precon's fixed part (decision): every Basic Attack once, ten Defenses, eight
# Special Effects and two Kombo kards; the Kombatant's own Special Moves fill the rest.
_PRECON_DEFENSE = ("d01", "d02", "d03", "d04", "d07", "d08", "d10", "d12", "d13", "d14")
_PRECON_SE = ("e01", "e02", "e03", "e05", "e06", "e07", "e11", "e16")
_PRECON_KOMBO = ("k01", "k08")
_PRECON_60 = ("d05", "d06", "d09", "d15", "b02", "b05", "e08", "e12", "e17", "k02")


def precon(kombatant: str, size: int = 50) -> Deck:
    """The preconstructed deck of ``kombatant``, legal at every level."""
    if kombatant not in kombatants():
        raise KeyError(kombatant)
    basics = [k for k in deckable() if kard(k).type == "basic"]
    ids = [*basics, *_PRECON_DEFENSE, *_PRECON_SE, *_PRECON_KOMBO, *specials_of(kombatant)]
    if len(ids) < 50:  # Shang Tsung has 9 Special Moves: a second Low Kick (tuned: with
        ids.append("b06")  # Teleport Away instead he won 60.5% at Advanced)
    if size == 60:
        ids += _PRECON_60
    return Deck.of(ids, leader=kombatant)


def universe() -> list[str]:
    """The order of kard ids deck codes refer to (the data file's order)."""
    return list(kards())


def to_code(deck: Deck) -> str:
    """The short shareable code of a deck (``MK1-...``)."""
    return encode(deck, universe(), TAG)


def from_code(code: str) -> Deck:
    """The deck of a code; :class:`engine.core.decks.DeckCodeError` names what is wrong."""
    return decode(code, universe(), TAG)


def validate(deck: Deck, options: Options) -> list[str]:
    """Every broken limit of ``deck`` at the options' level, one sentence each."""
    problems: list[str] = []
    known = set(kards())
    unknown = [cid for cid in deck.cards if cid not in known]
    if unknown:
        names = ", ".join(unknown)
        return [f"Unknown kards: {names}." if len(unknown) > 1 else f"Unknown kard: {names}."]
    if deck.leader is None or deck.leader not in kombatants():
        problems.append("The deck needs a Kombatant.")
    who = kombatants()[deck.leader].name if deck.leader in kombatants() else "?"
    if deck.size not in SIZES:
        problems.append(f"A Kombat deck holds 50 or 60 kards, not {deck.size}.")
    elif deck.size != options.deck_size:
        problems.append(f"This match uses {options.deck_size}-kard decks; this deck has "
                        f"{deck.size}.")
    for cid in deck.cards:
        if kard(cid).type == "kombatant":
            problems.append(f"{kard(cid).name} is a Kombatant, not a kard for the deck.")
    if options.level == "basic":
        return problems
    counts = Counter({cid: n for cid, n in deck.cards.items()})
    se_total = sum(n for cid, n in counts.items() if kard(cid).type == "se")
    if se_total > SE_LIMIT:
        problems.append(f"At most {SE_LIMIT} Special Effect kards in a deck ({se_total} here).")
    for cid, n in counts.items():
        k = kard(cid)
        if k.limit is not None and n > k.limit:
            problems.append(f"At most {k.limit} {k.name} in a deck ({n} here).")
        elif k.type == "se" and n > SE_COPIES:
            problems.append(f"At most {SE_COPIES} of one Special Effect: {k.name} x{n}.")
        if k.type == "special" and k.kombatant != deck.leader:
            owner = kombatants()[k.kombatant or ""].name
            problems.append(f"{k.name} is {owner}'s Special Move; {who} cannot use it.")
    return problems


def sealed_pool(seed: int, size: int = 75) -> list[str]:
    """A Sealed pool of ``size`` kards drawn from the whole set (seeded, repeatable)."""
    rng = Rng(seed=seed)
    pool = list(deckable())
    return [rng.choice(pool) for _ in range(size)]


def sealed_deck(pool: list[str], kombatant: str, size: int = 50) -> Deck:
    """A legal Sealed deck (Basic rules) from a pool: the pool's first ``size`` kards,
    padded with Basic Attacks if the pool is short."""
    ids = list(pool[:size])
    basics = [k for k in deckable() if kard(k).type == "basic"]
    i = 0
    while len(ids) < size:
        ids.append(basics[i % len(basics)])
        i += 1
    return Deck.of(ids, leader=kombatant)
