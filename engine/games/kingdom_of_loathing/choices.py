"""What a Kingdom of Loathing player is shown: fewer, richer choices (issue 31).

The legal actions (:meth:`KingdomOfLoathing.legal`) stay one small step each, for the AI
and the simulator. A player is offered the same moves as fewer choices
(:meth:`KingdomOfLoathing.offered`), each a compound action ``do``:

- a *chain* (``ref`` ``t``, one choice): a decision with its follow-ups when nothing is
  learnt between them. The non-combat phase offers the combat's choices at once ("To
  combat" is folded into them: going to combat reveals nothing); a maneuver comes with its
  kill (the score and every monster are known when the maneuver is chosen), and, as a
  second way, with the end of the turn's "draw to six" too (nothing is learnt by killing);
  a rollover's card comes with what it becomes. ``t=fight.man-melee-113.kill-3``.
- the parts picked in a *multi-select* (``ref`` ``m``, any number at once, joined by
  :data:`engine.core.JOIN`), each part ``<head>=<action id>``. Heads: ``n`` a non-combat
  action (the phase stays open: whatever they bring, drawn cards included, is used next);
  ``c`` a combat item, skill or mojo (going to combat first, after the ``n`` parts picked
  with them); ``x`` in a March, a non-combat action, then done; ``g`` a card of the
  maneuver whose cards are chosen one by one (then played: its maneuver was chosen with
  "choose cards", so the menu's "Back" of the legal actions is not shown); ``d`` a card
  discarded at the end of the turn (then the draw to six). A part no longer possible when
  its turn comes (sold before being equipped, meat or mojo spent by an earlier part, a
  rollover in the way) is skipped and the hand says so.

Parts are applied in the order the menu lists them (mojo before the skills it pays for,
AutoSell before training), each checked as if chosen alone. A second copy of a card is a
part of its own (``d=disc-mu1_2``: Discord's menu values are distinct).
"""

from __future__ import annotations

from collections import Counter

from engine.core import JOIN, Event, Game, private_with_twin
from engine.games.kingdom_of_loathing.model import HAND_SIZE, Act, KolState, act

KingdomOfLoathing = Game[KolState, Act]
"""The game (its rules module imports this one)."""

CHAIN = "t"
MULTI = "m"
NONCOMBAT, STEP1, DONE, CARDS, DISCARD = "n", "c", "x", "g", "d"
TOGETHER = ({NONCOMBAT}, {STEP1}, {NONCOMBAT, STEP1}, {DONE}, {CARDS}, {DISCARD})
"""The heads a multi-select's parts may mix."""
STEP1_KINDS = frozenset({"use", "cast", "spell", "mojo"})
"""Combat step 1: combat items, combat skills, spells, mojo."""
ENDINGS = frozenset({"man", "nomove", "pick"})
"""Combat choices that end step 1 (a maneuver, none, or choosing its cards)."""
COPY = "_"
"""Marks the second (third...) copy of a card in a multi-select's parts (``disc-mu1_2``)."""
MAX_STEPS = 5


def chain(steps: tuple[str, ...]) -> Act:
    """A decision with its follow-ups, as one choice."""
    return act("do", ref=CHAIN, cards=steps)


def part(head: str, aid: str) -> Act:
    """One part of a multi-select, alone (itself a legal compound)."""
    return act("do", ref=MULTI, cards=(f"{head}={aid}",))


def _copies(aids: list[str], counts: Counter[str]) -> list[str]:
    """Each id once per copy of its card (``counts``), the copies marked (:data:`COPY`)."""
    out: list[str] = []
    for aid in aids:
        code = aid.split("-", 1)[1]
        out += [aid if k == 1 else f"{aid}{COPY}{k}" for k in range(1, counts[code] + 1)]
    return out


def _after(game: KingdomOfLoathing, state: KolState, seat: int, action: Act) -> KolState:
    """A copy of ``state`` after ``action``."""
    new = game.clone(state)
    game._apply(new, seat, action)
    return new


def _mine(state: KolState, seat: int, phase: str) -> bool:
    return state.result is None and state.actor == seat and state.phase == phase


# ------------------------------------------------------------------------- offered
def offered(game: KingdomOfLoathing, state: KolState, seat: int) -> list[Act]:
    """The choices the actor is shown now (see the module docstring)."""
    if state.result is not None or seat != state.actor:
        return []
    legal = game.legal(state, seat)
    ph = state.phase
    if ph == "noncombat":
        if state.march is not None:  # its combats come after every non-combat phase
            return [*(part(h, a.aid) for h in (NONCOMBAT, DONE) for a in legal
                      if a.kind != "fight"), act("fight")]
        out = [part(NONCOMBAT, a.aid) for a in legal if a.kind != "fight"]
        return out + _combat(game, _after(game, state, seat, act("fight")), seat, ("fight",))
    if ph == "combat":
        return _combat(game, state, seat, ())
    if ph == "choose":  # the maneuver was chosen ("choose cards"): which of its cards
        left = Counter(state.players[seat].hand) - Counter(state.combat.chosen)
        adds = [a.aid for a in legal if a.kind == "add"]
        return ([part(CARDS, aid) for aid in _copies(adds, left)]
                + [a for a in legal if a.kind == "go"])
    if ph == "discard":
        discs = [a.aid for a in legal if a.kind == "disc"]
        return ([part(DISCARD, aid) for aid in _copies(discs, Counter(state.players[seat].hand))]
                + [a for a in legal if a.kind == "keep"])
    if ph == "rollover":
        out = [chain((a.aid, b.aid)) for a in legal if a.kind == "roll"
               for b in game.legal(_after(game, state, seat, a), seat)]
        return out + [a for a in legal if a.kind == "noroll"]
    return legal


def _combat(game: KingdomOfLoathing, state: KolState, seat: int,
            head: tuple[str, ...]) -> list[Act]:
    """The combat's choices from ``state`` (in its combat phase), each preceded by the
    ``head`` steps: step 1's parts, then every maneuver with its kill (and, a second way,
    with the draw to six as well)."""
    legal = game.legal(state, seat)
    out = [part(STEP1, a.aid) for a in legal if a.kind in STEP1_KINDS]
    for a in legal:
        if a.kind not in ENDINGS:
            continue
        after = _after(game, state, seat, a)
        if _mine(after, seat, "kill"):
            for k in game.legal(after, seat):
                out += _ends(game, _after(game, after, seat, k), seat, (*head, a.aid, k.aid))
        else:
            out += _ends(game, after, seat, (*head, a.aid))
    return out


def _ends(game: KingdomOfLoathing, after: KolState, seat: int,
          steps: tuple[str, ...]) -> list[Act]:
    """The chain ``steps``, and when its turn then asks for the discards, the same chain
    followed by "draw to six" (discarding nothing); that one alone when nothing is left
    to discard (an empty hand: the referee draws, nothing is hidden)."""
    if not _mine(after, seat, "discard"):
        return [chain(steps)]
    kinds = [a.kind for a in game.legal(after, seat)]
    if kinds == ["keep"]:
        return [chain((*steps, "keep"))]
    return [chain(steps), *([chain((*steps, "keep"))] if "keep" in kinds else [])]


# ------------------------------------------------------------------------ compound
def compound(game: KingdomOfLoathing, state: KolState, seat: int, aid: str) -> Act | None:
    """The compound action ``aid`` stands for, if the actor may play it now."""
    if state.result is not None or seat != state.actor or "=" not in aid:
        return None
    if aid.startswith(f"{CHAIN}="):
        steps = tuple(aid[2:].split("."))
        return chain(steps) if _chain_ok(game, state, seat, steps) else None
    pieces: list[tuple[str, str]] = []
    for piece in aid.split(JOIN):
        head, _, rest = piece.partition("=")
        pieces.append((head, rest.split(COPY, 1)[0]))
    ordered = _parts(game, state, seat, pieces)
    return act("do", ref=MULTI, cards=ordered) if ordered else None


def _chain_ok(game: KingdomOfLoathing, state: KolState, seat: int,
              steps: tuple[str, ...]) -> bool:
    """Whether each step is legal in turn for ``seat`` (played on a copy)."""
    if not steps or len(steps) > MAX_STEPS:
        return False
    s = game.clone(state)
    for i, step in enumerate(steps):
        if s.result is not None or s.actor != seat:
            return False
        action = next((a for a in game.legal(s, seat) if a.aid == step), None)
        if action is None:
            return False
        if i + 1 < len(steps):
            game._apply(s, seat, action)
    return True


def _listing(game: KingdomOfLoathing, state: KolState, seat: int,
             head: str) -> tuple[list[str], Counter[str]] | None:
    """The ids a head's parts may name now, and (for cards) how many copies of each."""
    ph = state.phase
    legal = game.legal(state, seat)
    if head in (NONCOMBAT, DONE) and ph == "noncombat" \
            and (head == NONCOMBAT or state.march is not None):
        return [a.aid for a in legal if a.kind != "fight"], Counter()
    if head == STEP1 and (ph == "combat" or (ph == "noncombat" and state.march is None)):
        if ph == "noncombat":
            legal = game.legal(_after(game, state, seat, act("fight")), seat)
        return [a.aid for a in legal if a.kind in STEP1_KINDS], Counter()
    if head == CARDS and ph == "choose":
        left = Counter(state.players[seat].hand) - Counter(state.combat.chosen)
        return [a.aid for a in legal if a.kind == "add"], left
    if head == DISCARD and ph == "discard":
        return [a.aid for a in legal if a.kind == "disc"], Counter(state.players[seat].hand)
    return None


def _parts(game: KingdomOfLoathing, state: KolState, seat: int,
           pieces: list[tuple[str, str]]) -> tuple[str, ...] | None:
    """The parts of a multi-select in the order the menu lists them (by head, then as
    listed), if each is offered now (as many copies as there are cards); else ``None``."""
    heads = {h for h, _ in pieces}
    if heads not in TOGETHER:
        return None
    out: list[str] = []
    for head in (NONCOMBAT, DONE, STEP1, CARDS, DISCARD):
        if head not in heads:
            continue
        got = _listing(game, state, seat, head)
        if got is None:
            return None
        listed, copies = got
        asked = Counter(p for h, p in pieces if h == head)
        for aid, n in asked.items():
            if aid not in listed or n > (copies[aid.split("-", 1)[1]] if copies else 1):
                return None
        out += [f"{head}={aid}" for aid in listed for _ in range(asked[aid])]
    if heads == {DISCARD} and len(state.players[seat].hand) - len(out) > HAND_SIZE:
        return None  # discard down to six first
    return tuple(out)


# --------------------------------------------------------------------------- apply
def apply(game: KingdomOfLoathing, state: KolState, seat: int, action: Act) -> list[Event]:
    """Play a compound action (already known to be legal) on ``state``."""
    if action.ref == CHAIN:
        return _run(game, state, seat, list(action.cards), skip=False)
    pieces = [c.partition("=")[::2] for c in action.cards]
    heads = {h for h, _ in pieces}
    steps = [a for h, a in pieces if h in (NONCOMBAT, DONE, CARDS, DISCARD)]
    if STEP1 in heads:
        if state.phase == "noncombat":
            steps.append("fight")
        steps += [a for h, a in pieces if h == STEP1]
    events = _run(game, state, seat, steps, skip=True)
    end = {DONE: "fight", CARDS: "go", DISCARD: "keep"}.get(next(iter(heads)))
    if end and len(heads) == 1 and state.result is None and state.actor == seat:
        found = next((a for a in game.legal(state, seat) if a.kind == end), None)
        if found is not None:
            events += game._apply(state, seat, found)
    if _mine(state, seat, "kill") and [a.kind for a in game.legal(state, seat)] == ["nokill"]:
        # Nothing to kill: the score and every monster are public, so the referee answers
        # "Kill nothing" and the hand tells it (decision, issue 31).
        events += private_with_twin("nokill_forced", (seat,), {}, {"seat": seat})
        events += game._apply(state, seat, act("nokill"))
    return events


def _run(game: KingdomOfLoathing, state: KolState, seat: int, steps: list[str],
         skip: bool) -> list[Event]:
    """Play ``steps`` in order; with ``skip``, one no longer legal is skipped (told)."""
    events: list[Event] = []
    for step in steps:
        found = None
        if state.result is None and state.actor == seat:
            found = next((a for a in game.legal(state, seat) if a.aid == step), None)
        if found is None:
            if not skip:
                raise AssertionError(f"{step} is not legal in a checked chain")
            events += private_with_twin("skipped", (seat,), {"ref": step}, {"seat": seat})
            continue
        events += game._apply(state, seat, found)
    return events
