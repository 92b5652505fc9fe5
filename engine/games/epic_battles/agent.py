"""The greedy agent: scores each legal action with a one-step heuristic and takes the best.

It reads only what its seat may see (its own view's facts: its hand, its set events,
the public piles and counts), never the rival's hand or a deck's order.
"""

from __future__ import annotations

from typing import Any

from engine.core import Game
from engine.games.epic_battles import attack
from engine.games.epic_battles.effects import card
from engine.games.epic_battles.model import (
    HAND_KEEP,
    Attack,
    Block,
    Discard,
    EbState,
    Flip,
    Order,
    Pass,
    Pick,
    Reveal,
    Search,
    SetCards,
    Steal,
    Swap,
)

EFFECT_VALUE = {"bonus": 2.0, "power": 1.5, "mill": 1.0, "unblockable": 3.0,
                "multi_block": 2.0, "strip": 1.2, "energize": 0.8, "recover": 1.0,
                "draw": 0.8, "search": 1.5, "drain": 1.0, "combo_bonus": 1.0}


def value(cid: str) -> float:
    """How much a card is worth keeping in hand."""
    c = card(cid)
    if c.type == "attack":
        return c.damage + 0.5 * c.chip + 0.6 * len(c.links) - 0.7 * c.cost + 1.0
    if c.type == "block":
        return 2.6 - 0.3 * c.cost + 0.4 * (len(c.blocks) - 1)
    if c.type == "kamidogu":
        return 4.0
    return 1.0 + sum(EFFECT_VALUE.get(e.type, 0.5) * max(e.n, 1) for e in c.effects) \
        - 0.4 * c.cost


def _mask_cards(cards: list[str], mask: int) -> list[str]:
    return [c for i, c in enumerate(cards) if mask >> i & 1]


def score(state: EbState, seat: int, action: Any) -> float:
    """The heuristic value of one action for ``seat``."""
    side = state.sides[seat]
    energy = len(side.energy)
    if isinstance(action, Pick):
        return 0.0
    if isinstance(action, SetCards):
        return float(len(_mask_cards(side.hand, action.mask)))
    if isinstance(action, Discard):
        return -sum(value(c) for c in _mask_cards(side.hand, action.mask))
    if isinstance(action, Flip):
        events = [e.card for e in side.events]
        chosen = _mask_cards(events, action.mask)
        cost = sum(card(c).cost for c in chosen)
        gain = sum(value(c) for c in chosen)
        return gain - 0.6 * cost + (0.1 if action.spare else 0.0)
    if isinstance(action, Order):
        return -action.index
    if isinstance(action, Attack):
        c = card(action.card)
        worth = c.damage + 0.6 * c.chip + 0.8 * len(c.links) + 1.5
        starved = energy - c.cost < 1 and c.cost > 0
        return worth - 0.5 * c.cost - (0.8 if starved else 0.0) + \
            (0.1 if action.spare else 0.0)
    if isinstance(action, Pass):
        # keep a few cards for blocks: pass once the hand holds only blocks/events
        return 0.5 if len(side.hand) <= HAND_KEEP - 1 else 0.0
    if isinstance(action, Block):
        if not action.mask:
            strike = state.strike
            return -attack.damage(state) if strike is not None else 0.0
        blocks = _mask_cards(side.hand, action.mask)
        if state.strike is None:
            return 0.0
        cost = sum(card(b).cost for b in blocks)
        return -attack.chip(state) - 0.4 * cost - 0.3 * len(blocks) + \
            (0.1 if action.spare else 0.0)
    if isinstance(action, Steal):
        return 1.0 if action.index >= 0 else 0.0
    if isinstance(action, Search):
        return value(action.card) if action.card else 0.0
    if isinstance(action, Swap):
        if action.card is None:
            return 0.0
        return value(side.energy[action.index]) - value(action.card) + 0.5
    if isinstance(action, Reveal):
        return 1.0 if action.yes else 0.0
    return 0.0  # pragma: no cover


def choose(game: Game[EbState, Any], state: EbState, seat: int) -> Any:
    """The best-scoring legal action (ties: the first listed). A character pick is
    spread over the roster by the match seed, so greedy play meets the whole field."""
    acts = game.legal(state, seat)
    if isinstance(acts[0], Pick):
        return acts[(state.rng.seed * 7 + seat * 13 + seat * state.rng.seed) % len(acts)]
    return best(state, seat, acts)


def best(state: EbState, seat: int, acts: list[Any]) -> Any:
    """The best-scoring of ``acts`` for ``seat`` (ties: the first listed)."""
    top = max(range(len(acts)), key=lambda i: (score(state, seat, acts[i]), -i))
    return acts[top]
