"""Hand-made Kingdom of Loathing views for renderer tests (no engine rules needed)."""

from __future__ import annotations

from typing import Any

from engine.games.kingdom_of_loathing.data import cards, skills
from engine.games.kingdom_of_loathing.model import Combat, Hit
from engine.games.kingdom_of_loathing.views import KolView, LocationView, MarchView, SeatView

NAMES = ["<@101>", "<@102>", "<@103>", "<@104>"]
HAND = ["mu1", "mu1", "my2", "mx3", "mx4", "my1"]


def seat_view(seat: int, **changes: Any) -> SeatView:
    """A seat with newbie gear, a few discards and an item."""
    fields: dict[str, Any] = dict(
        seat=seat, meat=5 + seat, mojo=seat % 2, hand_count=6, deck_count=6 - seat,
        discard=["mu1", "mx1"][: seat % 3], played=[], items=[f"nw{seat + 1}", "k03"],
        equipped=[f"nw{seat + 1}", f"nh{seat + 1}", f"np{seat + 1}"], skills=["s01"],
        buffs_on=[], used=[], escrow=[], out=False, left=False, kills=seat,
        certificate=seat == 0)
    fields.update(changes)
    return SeatView(**fields)


def kol_view(n: int = 3, viewer: int | None = None, **changes: Any) -> KolView:
    """A mid-game view: round 2, seat 1's non-combat phase, a Heap of two items."""
    tops = [c.id for c in cards().values()]
    fields: dict[str, Any] = dict(
        viewer=viewer, version=12, phase="noncombat", turn=1, actor=1, round=2,
        round_cap=30, sorceress=20, certificate=0,
        seats=[seat_view(i) for i in range(n)],
        locations=[LocationView(index=i, top=tops[i * 8] if i != 4 else None,
                                count=8 - i % 3) for i in range(9)],
        trainer=[*list(skills())[:3], None], skill_deck_count=50, skill_discard_count=3,
        heap=["k10", "k20"], piles={"mu1": 8, "my1": 8, "mx1": 8}, combat=None, march=None,
        offer_index=0, roll_card=None, last="", hand=list(HAND) if viewer is not None else None,
        result_summary=None, winners=None)
    fields.update(changes)
    return KolView(**fields)


def combat_view(**changes: Any) -> KolView:
    """Seat 1 in combat: a damage item played, Melee with two Muscle cards."""
    combat = Combat(damage=[Hit(source="k03", amount=2, vs={"hot": 1})], maneuver="melee",
                    cards=["mu1", "mu2"], done=True)
    return kol_view(phase="kill", combat=combat, **changes)


def march_view(**changes: Any) -> KolView:
    """A March announced by seat 0, seat 1 scored 14 against 20."""
    march = MarchView(announcer=0, order=[1, 2, 0], stage="combat", current=2,
                      scores={1: 14}, bars={1: 20})
    return kol_view(march=march, phase="combat", actor=2, **changes)
