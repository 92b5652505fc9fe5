"""Seeded matches of Mortal Kombat (Brawl at 3-4 seats), Epic Battles and Kingdom of
Loathing replay byte for byte as recorded (state JSON, events, prompts, legal actions and
their labels, interrupts, every view): the engines' speed work changes no output.

The digests were recorded on ``main`` before that work (see
:mod:`tests.engine.games.replay_digest`); AI-vs-AI matches at each level are included,
so the agents' choices for a seed are pinned too.
"""

from __future__ import annotations

import json

import pytest

from tests.engine.games.replay_digest import CASES, FIXTURE, replay

RECORDED: dict[str, list[str]] = json.loads(FIXTURE.read_text())


def test_every_case_is_recorded() -> None:
    """The fixture covers exactly the cases the harness plays."""
    assert sorted(RECORDED) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_replay_matches_recorded_digests(name: str) -> None:
    """Every step of the replay digests as recorded; a failure names the first step."""
    got = replay(name)
    want = RECORDED[name]
    for step, (a, b) in enumerate(zip(got, want, strict=False)):
        assert a == b, f"{name}: step {step} differs from the recording"
    assert len(got) == len(want), f"{name}: {len(got)} steps, {len(want)} recorded"
