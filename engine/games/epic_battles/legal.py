"""The legal actions of each decision, their labels and the refusal reasons.

Choices of several cards are bit masks over the hand (or the set events), one per
distinct set of cards. Paying actions come in two forms when the payer's energy pile
holds an energy-pile-effect card: oldest first, or sparing those cards (``-k``).
"""

from __future__ import annotations

from itertools import product
from typing import Any

from engine.games.epic_battles import attack, flow
from engine.games.epic_battles.data import characters
from engine.games.epic_battles.effects import card, frozen, has_pile_effects, name, other
from engine.games.epic_battles.model import (
    HAND_KEEP,
    Ask,
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


def _spares(state: EbState, seat: int, cost: int) -> list[bool]:
    return [False, True] if cost > 0 and has_pile_effects(state, seat) else [False]


def masks(items: list[str], allowed: list[int], sizes: list[int]) -> list[int]:
    """One bit mask per distinct multiset of ``items`` at positions ``allowed``, of each
    size in ``sizes`` (the lowest positions of each card id are used)."""
    groups: dict[str, list[int]] = {}
    for i in allowed:
        groups.setdefault(items[i], []).append(i)
    lists = list(groups.values())
    wanted = set(sizes)
    out: list[int] = []
    for counts in product(*(range(len(g) + 1) for g in lists)):
        if sum(counts) not in wanted:
            continue
        mask = 0  # distinct positions: the same as their sum
        for g, n in zip(lists, counts, strict=True):
            for i in g[:n]:
                mask |= 1 << i
        out.append(mask)
    return sorted(out)


def swap_ask(seat: int, left: int) -> Ask:
    """The Berserk Chop decision with ``left`` switches remaining."""
    return Ask.of(kind="swap", seat=seat, left=left)


def actions(state: EbState, seat: int, kind: str) -> list[Any]:
    """The legal actions of ``seat`` for a decision of this kind."""
    side = state.sides[seat]
    if kind == "pick":  # a built deck fixes its character
        code = state.options.decks[seat] if state.options.decks else ""
        if code:
            from engine.games.epic_battles.decks import from_code

            return [Pick.of(character=from_code(code).leader)]
        return [Pick.of(character=c) for c in characters()]
    if kind == "set":
        ok = [i for i, c in enumerate(side.hand) if card(c).type in ("event", "kamidogu")]
        return [SetCards.of(mask=m) for m in masks(side.hand, ok, list(range(len(ok) + 1)))]
    if kind == "discard":
        n = len(side.hand) - HAND_KEEP
        return [Discard.of(mask=m) for m in masks(side.hand, list(range(len(side.hand))),
                                                  [n])]
    head = state.asks[0]
    if kind == "flip":
        return _flips(state, seat, head.window)
    if kind == "order":
        return [Order.of(index=state.flipped.index(c)) for c in dict.fromkeys(state.flipped)]
    if kind in ("act", "link"):
        links = None
        if kind == "link":
            assert state.strike is not None
            links = card(state.strike.card).links
        out: list[Any] = []
        for cid in attack.playable(state, seat, links):
            for spare in _spares(state, seat, attack.attack_cost(state, seat, cid)):
                out.append(Attack.of(card=cid, spare=spare))
        return [*out, Pass.of()]
    if kind == "block":
        out = [Block.of(mask=0)]
        for mask, cost in attack.block_options(state, seat):
            out += [Block.of(mask=mask, spare=s) for s in _spares(state, seat, cost)]
        return out
    if kind == "steal":
        kamis = state.sides[other(seat)].kamidogu
        return [Steal.of(index=-1), *(Steal.of(index=i) for i in range(len(kamis)))]
    if kind == "search":
        return [Search.of(card=None), *(Search.of(card=c) for c in sorted(set(side.deck)))]
    if kind == "swap":
        weapons = [c for c in dict.fromkeys(side.hand) if card(c).subtype == "weapon"]
        firsts = {c: i for i, c in reversed(list(enumerate(side.energy)))}
        return [Swap.of(card=None), *(Swap.of(card=w, index=i) for w in weapons
                                      for i in sorted(firsts.values()))]
    if kind == "reveal":
        yes = head.card in side.hand and card(head.card).type == "event"
        return [Reveal.of(yes=False), *([Reveal.of(yes=True)] if yes else [])]
    raise ValueError(f"unknown decision {kind}")  # pragma: no cover


def _flips(state: EbState, seat: int, window: str) -> list[Any]:
    side = state.sides[seat]
    events = [e.card for e in side.events]
    ok = flow.flippable(state, seat, window)
    out: list[Any] = [Flip.of(mask=0)]
    for mask in masks(events, ok, list(range(1, len(ok) + 1))):
        cost = sum(card(events[i]).cost for i in range(len(events)) if mask >> i & 1)
        if cost <= len(side.energy):
            out += [Flip.of(mask=mask, spare=s) for s in _spares(state, seat, cost)]
    return out


def _names(cards: list[str], mask: int) -> str:
    chosen = [name(c) for i, c in enumerate(cards) if mask >> i & 1]
    return ", ".join(chosen)


def label(state: EbState, seat: int, action: Any) -> str:
    """A short human label for a legal action."""
    side = state.sides[seat]
    spare = " (sparing energy effects)" if getattr(action, "spare", False) else ""
    if isinstance(action, Pick):
        ch = characters()[action.character]
        return f"{ch.name} ({ch.universe})"
    if isinstance(action, SetCards):
        return f"Set {_names(side.hand, action.mask)}" if action.mask else "Set nothing"
    if isinstance(action, Discard):
        return f"Discard {_names(side.hand, action.mask)}"
    if isinstance(action, Flip):
        events = [e.card for e in side.events]
        return (f"Flip {_names(events, action.mask)}{spare}" if action.mask
                else "Flip nothing")
    if isinstance(action, Order):
        return f"Resolve {name(state.flipped[action.index])}"
    if isinstance(action, Attack):
        c = card(action.card)
        return f"{c.name} ({c.height} {c.subtype}, {c.damage}/{c.chip}){spare}"
    if isinstance(action, Pass):
        return "End the combo" if state.asks and state.asks[0].kind == "link" else "Pass"
    if isinstance(action, Block):
        return (f"Block with {_names(side.hand, action.mask)}{spare}" if action.mask
                else "Take it")
    if isinstance(action, Steal):
        kamis = state.sides[other(seat)].kamidogu
        return "Take nothing" if action.index < 0 else f"Take {name(kamis[action.index].card)}"
    if isinstance(action, Search):
        return f"Take {name(action.card)}" if action.card else "Find nothing"
    if isinstance(action, Swap):
        if action.card is None:
            return "Stop switching"
        return f"{name(action.card)} for {name(side.energy[action.index])}"
    if isinstance(action, Reveal):
        return "Reveal and set it" if action.yes else "Keep it"
    return str(action)  # pragma: no cover


def explain(state: EbState, seat: int, action: Any) -> str:
    """Why ``action`` is not legal now, as precisely as we can say."""
    side = state.sides[seat]
    if isinstance(action, Attack):
        if action.card not in side.hand:
            return "That attack is not in your hand."
        c = card(action.card)
        if c.type != "attack":
            return f"{c.name} is not an attack."
        cost = attack.attack_cost(state, seat, action.card)
        if cost > len(side.energy):
            return f"{c.name} costs {cost} energy now; you have {len(side.energy)}."
        if state.strike is not None:
            links = ", ".join(card(state.strike.card).links) or "nothing"
            return f"{name(state.strike.card)} links only to: {links}."
    if isinstance(action, Block):
        if state.strike is not None and (state.strike.unblockable
                                         or frozen(state, state.strike.seat)):
            return "This attack cannot be blocked."
        if state.strike is not None and state.strike.blocks_needed > 1:
            return (f"This attack takes {state.strike.blocks_needed} blocks at once, "
                    "each paid; no half block.")
        return "Those cards cannot block this attack (height, or not enough energy)."
    if isinstance(action, Flip):
        return "You cannot flip those events now (timing, or not enough energy)."
    if isinstance(action, Discard):
        return f"Discard exactly down to {HAND_KEEP} cards."
    return "That move is not allowed right now."
