"""Who meets whom next, for every format (:func:`next_round`).

- **round robin**: the circle method (the first player stays, the others turn; an odd
  count adds a bye, which every player gets once);
- **series**: the round robin cycle played ``matches`` times (sides swapped every other
  cycle), then, when several players share the most points, one decider cycle among
  them (still tied after it: the tie-breaks of :mod:`engine.tournament.standings`);
- **single elimination**: a bracket of the next power of two in the standard seed order
  (1 meets the last seed, 1 and 2 can only meet in the final), the missing places being
  byes for the top seeds; a drawn match sends the better seed on;
- **swiss**: players ranked by the standings, the odd one out (if any) gets a bye (the
  lowest-ranked player who has not had one; once all have, the lowest-ranked), then each
  player from the top meets the nearest below not met yet (a full search, so there is no
  rematch whenever a pairing without one exists; only when none exists are rematches
  allowed, fewest first).

A dropped player is never paired again (round robin and series keep their schedule, the
dropped side losing by forfeit: :func:`engine.tournament.model.auto_result`).
"""

from __future__ import annotations

from engine.tournament.model import Event, Pairing, planned_rounds
from engine.tournament.standings import points_of, standings

__all__ = ["bracket_order", "circle_rounds", "elimination_first_round", "next_round",
           "swiss_pairings"]

SEARCH_BUDGET = 200_000
"""Most steps of the no-rematch search before settling for the fewest rematches."""


def circle_rounds(players: list[int]) -> list[list[Pairing]]:
    """Every round of a round robin by the circle method (byes for an odd count)."""
    slots: list[int | None] = list(players)
    if len(slots) % 2:
        slots.append(None)
    n = len(slots)
    out: list[list[Pairing]] = []
    for r in range(n - 1):
        rnd: list[Pairing] = []
        for i in range(n // 2):
            x, y = slots[i], slots[n - 1 - i]
            if x is None or y is None:
                rnd.append(Pairing(x if x is not None else y, None))  # type: ignore[arg-type]
            elif r % 2 and i == 0:
                rnd.append(Pairing(y, x))  # the fixed player alternates sides
            else:
                rnd.append(Pairing(x, y))
        out.append([p for p in rnd if p.b is not None] + [p for p in rnd if p.b is None])
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return out


def bracket_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket slot order for a power-of-two ``size``:
    ``[1, 8, 4, 5, 2, 7, 3, 6]`` for 8, so the best seeds meet as late as possible."""
    if size < 1 or size & (size - 1):
        raise ValueError("a bracket's size is a power of two")
    order = [1]
    while len(order) < size:
        m = len(order) * 2
        order = [x for s in order for x in (s, m + 1 - s)]
    return order


def elimination_first_round(players: list[int]) -> list[Pairing]:
    """Round one of a bracket: seeds in slot order, byes for the top seeds."""
    size = 1
    while size < len(players):
        size *= 2
    order = bracket_order(size)
    out = []
    for i in range(0, size, 2):
        s, t = sorted((order[i], order[i + 1]))
        a = players[s - 1]
        b = players[t - 1] if t <= len(players) else None
        out.append(Pairing(a, b))
    return out


def _elimination_next(event: Event) -> list[Pairing] | None:
    last = event.history[-1]
    if len(last) <= 1:
        return None
    seed = {p: i for i, p in enumerate(event.players)}
    on: list[int] = []
    for r in last:
        if r.winner is not None:
            on.append(r.winner)
        else:  # a draw (or both sides dropped): the better seed goes on
            on.append(min((p for p in (r.a, r.b) if p is not None), key=seed.__getitem__))
    out = []
    for i in range(0, len(on), 2):
        a, b = sorted((on[i], on[i + 1]), key=seed.__getitem__)
        out.append(Pairing(a, b))
    return out


def _met(event: Event) -> set[frozenset[int]]:
    return {frozenset((r.a, r.b)) for r in event.played if r.b is not None}


def _search(rest: list[int], met: set[frozenset[int]], budget: list[int]
            ) -> list[Pairing] | None:
    """Pair ``rest`` (ranked) without rematches, each with the nearest possible."""
    if not rest:
        return []
    budget[0] -= 1
    if budget[0] < 0:
        return None
    first = rest[0]
    for i in range(1, len(rest)):
        other = rest[i]
        if frozenset((first, other)) in met:
            continue
        tail = _search(rest[1:i] + rest[i + 1:], met, budget)
        if tail is not None:
            return [Pairing(first, other), *tail]
    return None


def _fewest_rematches(rest: list[int], met: set[frozenset[int]]) -> list[Pairing]:
    """Greedy from the top: the nearest not met, else the nearest."""
    out = []
    left = list(rest)
    while left:
        first = left.pop(0)
        pick = next((i for i, o in enumerate(left) if frozenset((first, o)) not in met), 0)
        out.append(Pairing(first, left.pop(pick)))
    return out


def swiss_pairings(event: Event) -> list[Pairing]:
    """The next Swiss round (see the module's description)."""
    active = set(event.active())
    ranked = [s.player for s in standings(event) if s.player in active]
    met = _met(event)
    had_bye = {r.a for r in event.played if r.b is None}
    candidates: list[int | None] = [None]
    if len(ranked) % 2:
        fresh = [p for p in reversed(ranked) if p not in had_bye]
        candidates = list(fresh or reversed(ranked))
    budget = [SEARCH_BUDGET]
    for bye in candidates:
        rest = [p for p in ranked if p != bye]
        found = _search(rest, met, budget)
        if found is not None:
            return found + ([Pairing(bye, None)] if bye is not None else [])
        if budget[0] < 0:
            break
    bye = candidates[0]
    rest = [p for p in ranked if p != bye]
    return _fewest_rematches(rest, met) + ([Pairing(bye, None)] if bye is not None else [])


def _series_next(event: Event) -> list[Pairing] | None:
    cycle = circle_rounds(event.players)
    planned = planned_rounds(event)
    done = len(event.history)
    if done < planned:
        rnd = cycle[done % len(cycle)]
        if (done // len(cycle)) % 2:
            return [Pairing(p.b, p.a) if p.b is not None else p for p in rnd]
        return rnd
    head = Event(event.format, event.players, event.rounds, event.matches,
                 set(event.dropped), event.history[:planned])
    points = points_of(head)
    alive = [p for p in event.players if p not in event.dropped]
    if not alive:
        return None
    best = max(points[p] for p in alive)
    tied = [p for p in alive if points[p] == best]
    if len(tied) < 2:
        return None
    decider = circle_rounds(tied)
    extra = done - planned
    return decider[extra] if extra < len(decider) else None


def next_round(event: Event) -> list[Pairing] | None:
    """The pairings of the next round, or None when the event is over."""
    if len(event.players) < 2:
        return None
    done = len(event.history)
    if event.format == "single_elimination":
        return (elimination_first_round(event.players) if done == 0
                else _elimination_next(event))
    if event.format == "series":
        return _series_next(event)
    if done >= planned_rounds(event):
        return None
    if event.format == "round_robin":
        return circle_rounds(event.players)[done]
    if len(event.active()) < 2:
        return None
    return swiss_pairings(event)
