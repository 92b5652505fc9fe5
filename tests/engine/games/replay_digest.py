"""Seeded replays of Mortal Kombat, Epic Battles and Kingdom of Loathing, digested step by step.

A safety net for work on the engines' speed: the same seed and the same actions must give,
byte for byte, the same state JSON, events, prompts, legal actions (ids and labels),
interrupts and views of every seat and of a spectator. :func:`record` writes the digests
of the current code to ``data/replay_digests.json`` (recorded on ``main`` before the
engines were made leaner: ``python -m tests.engine.games.replay_digest``);
``test_replay_digests.py`` replays the same matches and compares.

Each match is a list of per-step digests (16 hex digits of a SHA-256), so a failure names
the first step that differs.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from engine.ai.agent import decide
from engine.ai.registry import make
from engine.core import Rng
from engine.games import REGISTRY
from engine.simulate import next_move

FIXTURE = Path(__file__).parent / "data" / "replay_digests.json"
MAX_STEPS = 400
"""Steps per match at most (the digests then cover the first ``MAX_STEPS`` steps)."""

CASES: dict[str, tuple[str, int, dict[str, Any], int, str]] = {}
"""name -> (game, seats, options, seed, agents: ``random`` or an AI level)."""
for _seed in range(4):
    for _level in ("starter", "basic", "advanced"):
        CASES[f"mk-{_level}-{_seed}"] = ("mortal_kombat", 2, {"level": _level}, _seed, "random")
    CASES[f"mk-infinity-{_seed}"] = ("mortal_kombat", 2, {"timer": "infinity"}, _seed, "random")
    CASES[f"mk-brawl3-{_seed}"] = ("mortal_kombat", 3, {}, _seed, "random")
    CASES[f"mk-brawl4-{_seed}"] = ("mortal_kombat", 4, {"level": "advanced"}, _seed, "random")
    CASES[f"eb-{_seed}"] = ("epic_battles", 2, {}, _seed, "random")
    CASES[f"eb-single-{_seed}"] = ("epic_battles", 2, {"rounds": 1}, _seed, "random")
    CASES[f"kol-2-{_seed}"] = ("kingdom_of_loathing", 2, {}, _seed, "random")
    CASES[f"kol-3-{_seed}"] = ("kingdom_of_loathing", 3, {"sorceress": 25}, _seed, "random")
    CASES[f"kol-4-{_seed}"] = ("kingdom_of_loathing", 4, {}, _seed, "random")
for _seed in range(2):
    for _lv in ("easy", "normal", "hard"):
        CASES[f"mk-ai-{_lv}-{_seed}"] = ("mortal_kombat", 2, {}, _seed, _lv)
        CASES[f"eb-ai-{_lv}-{_seed}"] = ("epic_battles", 2, {}, _seed, _lv)
        CASES[f"kol-ai-{_lv}-{_seed}"] = ("kingdom_of_loathing", 2, {}, _seed, _lv)
CASES["mk-brawl3-ai-normal"] = ("mortal_kombat", 3, {}, 7, "normal")
CASES["kol-3-ai-normal"] = ("kingdom_of_loathing", 3, {}, 7, "normal")


def _json(model: Any) -> str:
    return model.model_dump_json() if hasattr(model, "model_dump_json") else json.dumps(model)


def _step_digest(game: Any, state: Any, events: list[Any]) -> str:
    """Everything a step shows, hashed: state JSON, events, and per seat its prompt,
    legal actions, interrupts and view; the spectator's view."""
    h = hashlib.sha256()
    h.update(game.dump(state).encode())
    for event in events:
        h.update(event.model_dump_json().encode())
    prompts = game.prompts(state)
    for seat in range(state.seats):
        prompt = prompts.get(seat)
        h.update(f"|p{seat}:".encode() + (prompt.model_dump_json().encode() if prompt else b"-"))
        if state.result is None:
            for action in game.legal(state, seat):
                h.update(f"|a{action.aid}={game.label(state, seat, action)}".encode())
            for action in game.interrupts(state, seat):
                h.update(f"|i{action.aid}={game.label(state, seat, action)}".encode())
        h.update(f"|v{seat}:".encode() + game.view(state, seat).model_dump_json().encode())
    h.update(b"|spectator:" + game.view(state, None).model_dump_json().encode())
    return h.hexdigest()[:16]


def replay(name: str) -> list[str]:
    """The per-step digests of one case of :data:`CASES`."""
    game_id, seats, options, seed, agents = CASES[name]
    game = REGISTRY[game_id]
    state = game.setup(game.parse_options(options), seats, seed)
    out = [_step_digest(game, state, [])]
    rng = Rng(seed=seed * 7919 + 1)
    players = [make(game_id, agents) for _ in range(seats)] if agents != "random" else []
    py_rng = random.Random(seed ^ 0xA1)
    steps = 0
    while state.result is None and steps < MAX_STEPS:
        steps += 1
        roll = rng.below(100)
        if not any(not p.committed and s not in state.left
                   for s, p in game.prompts(state).items()):
            out.append("stuck")  # only seats that left asked (a fixed Brawl bug: never now)
            break
        if seats > 2 and roll == 0 and len(state.in_play()) > 2:
            seat = sorted(state.in_play())[rng.below(len(state.in_play()))]
            state, events = game.concede(state, seat)
        elif roll < 3 and not players:
            open_seats = sorted(s for s, p in game.prompts(state).items()
                                if not p.committed and s not in state.left)
            state, events = game.timeout(state, open_seats[rng.below(len(open_seats))])
        elif players:
            open_seats = sorted(s for s, p in game.prompts(state).items() if not p.committed)
            seat = open_seats[py_rng.randrange(len(open_seats))]
            action = decide(game, state, seat, players[seat], py_rng)
            state, events = game.apply(state, seat, action, owned=True)
        else:
            seat, action, _ = next_move(game, state, rng)
            # alternate the public paths: apply on a copy, and perform in place
            if steps % 2:
                state, events = game.apply(state, seat, action)
            else:
                _, state, events = game.perform(state, seat, action.aid, state.version,
                                                owned=True)
        out.append(_step_digest(game, state, events))
    return out


def record() -> None:
    """Write the digests of every case (run on the code they must match)."""
    data = {name: replay(name) for name in CASES}
    FIXTURE.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")


if __name__ == "__main__":
    record()
