"""A documented constructor that builds any Epic Battles state zone by zone, and drivers.

``board(...)`` returns a match in the Battle step with the aggressor asked to act. Each
zone is given as a list of card ids (a deck's top is the *end* of its list; an ``int``
deck is that many filler cards). ``play(state, seat, aid)`` applies one action by id and
returns the new state (the public ``act`` path, so legality is checked).
"""

from __future__ import annotations

from engine.core import Rng
from engine.games.epic_battles import GAME
from engine.games.epic_battles.data import characters
from engine.games.epic_battles.flow import run
from engine.games.epic_battles.model import Ask, EbState, Kami, Options, SetEvent, Side

FILLER = {"MK": "high_block", "SF": "high_block"}


def _deck(spec: list[str] | int, universe: str) -> list[str]:
    return [FILLER[universe]] * spec if isinstance(spec, int) else list(spec)


def board(
    chars: tuple[str, str] = ("sub_zero", "ryu"),
    *,
    hands: tuple[list[str], list[str]] = ([], []),
    decks: tuple[list[str] | int, list[str] | int] = (20, 20),
    energy: tuple[list[str], list[str]] = ([], []),
    events: tuple[list[str], list[str]] = ([], []),
    kamidogu: tuple[list[str], list[str]] = ([], []),
    discard: tuple[list[str], list[str]] = ([], []),
    aggressor: int = 0,
    rounds: int = 3,
    seed: int = 7,
) -> EbState:
    """A match in the Battle step, the aggressor asked to act, zones as given."""
    roster = characters()
    sides = []
    for s in (0, 1):
        uni = roster[chars[s]].universe
        deck = _deck(decks[s], uni)
        sides.append(Side(
            character=chars[s], decklist=list(deck), deck=deck, hand=list(hands[s]),
            discard=list(discard[s]), energy=list(energy[s]),
            events=[SetEvent(card=c) for c in events[s]],
            kamidogu=[Kami(card=c, owner=s) for c in kamidogu[s]],
        ))
    return EbState(game="epic_battles", seats=2, rng=Rng(seed=seed),
                   options=Options(rounds=rounds), phase="battle", sides=sides,
                   aggressor=aggressor, actor=aggressor,
                   asks=[Ask(kind="act", seat=aggressor)])


def play(state: EbState, seat: int, aid: str) -> EbState:
    """Apply the action ``aid`` of ``seat`` (legality checked) and return the new state."""
    new, _ = GAME.act(state, seat, aid, expected_version=state.version)
    return new


def aids(state: EbState, seat: int) -> list[str]:
    """The ids of ``seat``'s legal actions now."""
    return [a.aid for a in GAME.legal(state, seat)]


def asked(state: EbState) -> tuple[int, str] | None:
    """``(seat, kind)`` of the one prompted seat, if exactly one is prompted."""
    prompts = [p for p in GAME.prompts(state).values() if not p.committed]
    return (prompts[0].seat, prompts[0].kind) if len(prompts) == 1 else None


def settle(state: EbState) -> EbState:
    """Run queued tasks (for states built with tasks queued by hand)."""
    run(state)
    return state
