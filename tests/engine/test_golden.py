"""Seeded random matches of every game replay byte for byte as recorded.

The fixture ``golden_digests.json`` was recorded from main *before* the lean engine
path work (issue 13): at every step of a few seeded random matches per game (random
picks, interrupts, timeouts; the bot's in-place ``perform(owned=True)`` path), a digest
of the state's JSON, the events, every seat's and the spectator's view, the prompts
and the labelled legal actions and interrupts. Any speed-up that changes one byte of
what players or the store see fails here, at the first step that differs.

Re-record (only for an intended change of rules or texts)::

    python -m tests.engine.test_golden
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import Rng
from engine.games import REGISTRY
from engine.simulate import pick

FIXTURE = Path(__file__).with_name("golden_digests.json")
SEEDS = (11, 12, 13)
TIMEOUT_PERCENT = 5
INTERRUPT_PERCENT = 20
MAX_STEPS = 1500


def _tables() -> list[tuple[str, int, int]]:
    """(game, seats, seed) of every recorded match: two seats, and the most seats."""
    out = []
    for game_id in sorted(REGISTRY):
        game = REGISTRY[game_id]
        for seed in SEEDS:
            out.append((game_id, 2, seed))
        if game.max_seats > 2:
            out.append((game_id, min(game.max_seats, 4), SEEDS[0]))
    return out


def _h(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode()).hexdigest()[:16]


def _observe(game: Any, state: Any) -> str:
    """Digest of everything visible about ``state``: JSON, views, prompts, choices."""
    parts = [game.dump(state)]
    for viewer in [*range(state.seats), None]:
        parts.append(game.view(state, viewer).model_dump_json())
    prompts = game.prompts(state)
    for seat in sorted(prompts):
        parts.append(prompts[seat].model_dump_json())
    for seat in range(state.seats):
        for action in [*game.legal(state, seat), *game.interrupts(state, seat)]:
            parts.append(f"{action.aid}={game.label(state, seat, action)}")
    return _h(*parts)


def play(game_id: str, seats: int, seed: int) -> list[str]:
    """The digests of every step of one seeded random match."""
    game = REGISTRY[game_id]
    state = game.setup(game.seated_options(game.parse_options({}), seats), seats, seed)
    rng = Rng(seed=seed * 7919 + seats)
    out = [_observe(game, state)]
    for _ in range(MAX_STEPS):
        if state.result is not None:
            break
        inter = [(s, a) for s in state.in_play() for a in game.interrupts(state, s)]
        if inter and rng.below(100) < INTERRUPT_PERCENT:
            seat, action = inter[rng.below(len(inter))]
            _, state, events = game.perform(state, seat, action.aid, state.version,
                                            owned=True)
        else:
            ready = [s for s, p in game.prompts(state).items() if not p.committed]
            seat = ready[rng.below(len(ready))]
            if rng.below(100) < TIMEOUT_PERCENT:
                state, events = game.timeout(state, seat)
            else:
                action = pick(game, state, seat, rng)
                _, state, events = game.perform(state, seat, action.aid, state.version,
                                                owned=True)
        ev = _h(*(e.model_dump_json() for e in events))
        out.append(ev + _observe(game, state))
    return out


def record() -> dict[str, list[str]]:
    """Every table's digests, keyed ``game/seats/seed``."""
    return {f"{g}/{n}/{s}": play(g, n, s) for g, n, s in _tables()}


@pytest.mark.parametrize(("game_id", "seats", "seed"), _tables())
def test_replay_is_byte_identical_to_the_recording(game_id: str, seats: int,
                                                   seed: int) -> None:
    """Every step's state JSON, events, views, prompts and labels digest as recorded."""
    golden = json.loads(FIXTURE.read_text())
    key = f"{game_id}/{seats}/{seed}"
    if key not in golden:
        pytest.skip(f"{key} not recorded (a game added after the recording)")
    got = play(game_id, seats, seed)
    want = golden[key]
    for step, (a, b) in enumerate(zip(got, want, strict=False)):
        assert a == b, f"{key}: step {step} differs from the recording"
    assert len(got) == len(want)


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(record(), indent=0, sort_keys=True) + "\n")
    print(f"wrote {FIXTURE}")
