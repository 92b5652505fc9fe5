"""Sealed tournaments: one pool per player for the whole event, and decks built from it.

A game takes part when its deck hooks (:func:`referee.decks.builders`) have ``sealed(seed,
leader)`` (Mortal Kombat's: a 75-kard pool from the whole set and the 50-kard deck the
engine builds from it, Basic rules). At the start every entrant gets a pool seed, kept for
the whole event (``tournament_entrants.pool``). ``/tournament pool`` shows a player their
pool privately; ``/tournament deck`` registers a deck built from it: legal at Basic, the
size of the engine's sealed deck, and with no kard more often than the pool holds it.
A player who registered none plays the deck the engine builds from their pool, led by
the Kombatant their seed picks (``seed`` modulo the Kombatants, in id order).
"""

from __future__ import annotations

from typing import Any

from db.base import EntrantRecord
from engine.core.decks import Deck
from referee.decks import builders, code_of, deck_of, problems
from referee.i18n import Refusal

__all__ = ["LEVEL", "check_deck", "has_sealed", "match_decks", "pool_of"]

LEVEL = "basic"
"""Sealed is played with the Basic rules (the rulebook's Sealed Deck Tournaments)."""


def has_sealed(game_id: str) -> bool:
    """Whether the game deals Sealed pools."""
    hooks = builders().get(game_id)
    return hooks is not None and hasattr(hooks, "sealed")


def _hooks(game_id: str) -> Any:
    return builders()[game_id]


def pool_of(game_id: str, seed: int) -> tuple[list[str], Deck]:
    """A player's pool (kard ids) and the deck the game builds from it by default."""
    hooks = _hooks(game_id)
    leaders = sorted(hooks.deck_leaders().values())
    pool, deck = hooks.sealed(seed, leaders[seed % len(leaders)])
    return list(pool), deck


def check_deck(game_id: str, seed: int, code: str) -> str:
    """The code of a deck built from the pool of ``seed``, or a refusal saying why not."""
    deck = deck_of(game_id, code)
    pool, default = pool_of(game_id, seed)
    if deck.size != default.size:
        raise Refusal("tournament.sealed_size", size=deck.size, need=default.size)
    broken = problems(game_id, deck, LEVEL)
    if broken:
        raise Refusal("tournament.sealed_illegal", why=broken[0])
    have: dict[str, int] = {}
    for kid in pool:
        have[kid] = have.get(kid, 0) + 1
    names = {cid: n for n, cid in _hooks(game_id).deck_names().items()}
    for kid, n in deck.cards.items():
        if n > have.get(kid, 0):
            raise Refusal("tournament.sealed_not_in_pool", kard=names.get(kid, kid),
                          n=n, have=have.get(kid, 0))
    return code_of(game_id, deck)


def match_decks(game_id: str, a: EntrantRecord, b: EntrantRecord) -> list[str]:
    """The two seats' deck codes for a sealed match (a registered deck, else the pool's)."""
    out = []
    for e in (a, b):
        if e.deck:
            out.append(e.deck)
        else:
            assert e.pool is not None
            out.append(code_of(game_id, pool_of(game_id, e.pool)[1]))
    return out
