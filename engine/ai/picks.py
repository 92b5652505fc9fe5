"""The fighter choice of the ``hard`` and ``expert`` levels: a table of measured results.

``engine/ai/data/picks.json`` holds, per game, the wins and plays of every pick option
(its ``aid``: a fighter, Kombatant, character or class) in AI-vs-AI matches, written by
``bench/ai_picks.py``. :func:`best_pick` chooses the option with the best smoothed win
rate ``(wins + 1) / (plays + 2)``; an option the table has not seen counts as 1/2 (so a
new fighter is neither favoured nor shunned), ties go to the random generator.
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

TABLE = Path(__file__).resolve().parent / "data" / "picks.json"


@cache
def table() -> dict[str, dict[str, list[int]]]:
    """``{game_id: {option aid: [wins, plays]}}`` (empty when the file is absent)."""
    try:
        raw: dict[str, dict[str, list[int]]] = json.loads(TABLE.read_text())
    except FileNotFoundError:
        return {}
    return raw


def rate(game_id: str, aid: str) -> float:
    """The smoothed win rate of a pick option."""
    wins, plays = table().get(game_id, {}).get(aid, [0, 0])
    return (wins + 1) / (plays + 2)


def best_pick(game_id: str, options: list[Any], rng: random.Random) -> Any:
    """The pick option with the best measured win rate (ties broken by ``rng``)."""
    return max(options, key=lambda a: (round(rate(game_id, str(a.aid)), 6), rng.random()))
