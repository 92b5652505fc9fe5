"""Standings and tie-breaks.

Match points: a win (a bye too) 1, a draw 1/2, a loss 0; a pairing both of whose sides
dropped scores nothing. Ties are broken by **Buchholz** (the sum of the match points of
every opponent met; byes add nothing), then **Sonneborn-Berger** (the points of the
opponents beaten, plus half the points of those drawn), then seed (rating, then sign-up).
Single elimination ranks by the round a player reached (the champion first), then seed.
"""

from __future__ import annotations

from collections import defaultdict

from engine.tournament.model import Event, Standing

__all__ = ["champion", "points_of", "standings"]


def points_of(event: Event) -> dict[int, float]:
    """Match points per player over every finished round."""
    points: dict[int, float] = defaultdict(float)
    for p in event.players:
        points[p] = 0.0
    for r in event.played:
        points[r.a] += r.points(r.a)
        if r.b is not None:
            points[r.b] += r.points(r.b)
    return dict(points)


def standings(event: Event) -> list[Standing]:
    """Every player's line, best first (dropped players keep their place)."""
    points = points_of(event)
    wins: dict[int, int] = defaultdict(int)
    draws: dict[int, int] = defaultdict(int)
    losses: dict[int, int] = defaultdict(int)
    buchholz: dict[int, float] = defaultdict(float)
    sb: dict[int, float] = defaultdict(float)
    reached: dict[int, int] = defaultdict(int)
    for r in event.played:
        for me in (r.a, r.b):
            if me is None:
                continue
            reached[me] = max(reached[me], r.round)
            other = r.opponent(me)
            if r.winner == me:
                wins[me] += 1
                if other is not None:
                    sb[me] += points[other]
            elif r.winner is None and not r.forfeit:
                draws[me] += 1
                if other is not None:
                    sb[me] += points[other] / 2
            else:
                losses[me] += 1
            if other is not None:
                buchholz[me] += points[other]
    seed = {p: i for i, p in enumerate(event.players)}
    if event.format == "single_elimination":
        last = event.history[-1] if event.history else []
        if len(last) == 1 and last[0].winner is not None:
            reached[last[0].winner] += 1  # the champion went one further
        order = sorted(event.players, key=lambda p: (-reached[p], seed[p]))
    else:
        order = sorted(event.players,
                       key=lambda p: (-points[p], -buchholz[p], -sb[p], seed[p]))
    return [Standing(player=p, rank=i + 1, points=points[p], wins=wins[p], draws=draws[p],
                     losses=losses[p], buchholz=buchholz[p], sonneborn_berger=sb[p],
                     dropped=p in event.dropped, reached=reached[p])
            for i, p in enumerate(order)]


def champion(event: Event) -> int | None:
    """The winner of a finished event (the first of the standings), None before a round."""
    if not event.history:
        return None
    return standings(event)[0].player
