"""The rulebook's Kata example: Biwa (P1) Kata Move, Hit, Hit against Manta's chain
Block, Block, Move, X: Move vs Block, Hit vs Block, Hit vs Move, X discarded unused
(Manta, the defender, chooses X as her surplus card)."""

from __future__ import annotations

from engine.games.sushido.model import SushidoState
from tests.engine.games.sushido.helpers import (
    act,
    aids,
    cid,
    first,
    kinds,
    prompt_kind,
    set_chain,
    started,
    to_chains,
)


def _setup(push: bool) -> tuple[SushidoState, list[str]]:
    s = started("biwa", "manta")
    for seat in s.seat:
        seat.gauge = 0
    move, hit1, hit2 = cid("move", "wave"), cid("hit", "wave"), cid("hit", "coral")
    b1, b2 = cid("block", "wave"), cid("block", "coral")
    mv, x = cid("move", "fin"), cid("hit", "fin")
    set_chain(s, 0, [move, hit1, hit2])
    set_chain(s, 1, [b1, b2, mv, x])
    to_chains(s)
    assert prompt_kind(s) == {0: "declare"}
    s, _ = act(s, 0, "d-kata")
    assert prompt_kind(s) == {1: "declare"}
    s, _ = act(s, 1, "d-pass")
    assert prompt_kind(s) == {1: "oppose"}
    s, ev = act(s, 1, "o-y")
    assert prompt_kind(s) == {1: "surplus"}  # 4 cards against 3: she picks the one to drop
    s, ev2 = act(s, 1, "x-3")
    assert first(ev2, "kata_surplus")["cards"][0]["id"] == x  # D opposes nothing
    ev = ev + ev2
    log = kinds(ev)
    # Move vs Block: the Block discards the Move and cancels it; Hit vs Block: cancelled.
    clashes = [e.data for e in ev if e.kind == "kata_clash"]
    assert [c["result"] for c in clashes[:2]] == ["blocked", "blocked"]
    assert clashes[0]["card"]["type"] == "move" and clashes[0]["against"]["type"] == "block"
    assert clashes[1]["card"]["type"] == "hit" and clashes[1]["against"]["type"] == "block"
    assert s.seat[0].pos == 3 and s.seat[1].pos == 4
    # Hit vs Move: the attacker has the initiative, Manta takes the Hit first...
    assert first(ev, "damage") == {"seat": 1, "amount": 1, "life": 14, "why": "hit"}
    assert "push" not in log
    # ...then chooses to push or to step back with her Move.
    assert prompt_kind(s) == {1: "step"}
    assert sorted(aids(s, 1)) == ["s-adv", "s-ret"]
    s, ev = act(s, 1, "s-adv" if push else "s-ret")
    return s, kinds(ev)


def test_kata_example_manta_pushes() -> None:
    s, log = _setup(push=True)
    assert "push" in log
    assert (s.seat[0].pos, s.seat[1].pos) == (2, 3)
    assert s.seat[1].life == 14
    assert not s.seat[0].chain and not s.seat[1].chain and s.kata is None


def test_kata_example_manta_steps_back() -> None:
    s, _ = _setup(push=False)
    assert (s.seat[0].pos, s.seat[1].pos) == (3, 5)
