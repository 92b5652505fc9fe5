"""Build Mortal Kombat positions directly (hands, decks, KP) for rulebook scenarios."""

from __future__ import annotations

from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.model import Act, MkState, Options


def started(level: str = "basic", left: str = "subzero", right: str = "kano",
            seed: int = 3, **opts: object) -> MkState:
    """A match after both picks, in the first turn's Kombat phase."""
    s = GAME.setup(Options(level=level, **opts), 2, seed)  # type: ignore[arg-type]
    s, _ = GAME.apply(s, 0, Act.of(kind="pick", a=left))
    s, _ = GAME.apply(s, 1, Act.of(kind="pick", a=right))
    return s


def position(level: str = "basic", hands: tuple[list[str], list[str]] = ([], []),
             initiative: int = 0, kp: tuple[int, int] = (30, 30), **kw: object) -> MkState:
    """A first-turn position with exactly these hands, KP and initiative (decks kept)."""
    s = started(level, **kw)  # type: ignore[arg-type]
    for seat in (0, 1):
        f = s.fighters[seat]
        f.deck.extend(f.hand)
        f.hand = list(hands[seat])
        f.kp = kp[seat]
    s.initiative = s.starter = initiative
    return s


def play(s: MkState, seat: int, aid: str) -> MkState:
    """Apply the legal action ``aid`` of ``seat`` (fails loudly if it is not legal)."""
    new, _ = GAME.act(s, seat, aid)
    return new


def aids(s: MkState, seat: int) -> list[str]:
    """The ids of a seat's legal actions."""
    return [a.aid for a in GAME.legal(s, seat)]
