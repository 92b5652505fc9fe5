"""Agents per game and level: ``make(game_id, name)``.

Names: ``random`` (uniform over the options), ``easy``, ``normal`` (alias ``greedy``),
``hard`` and ``expert``. A game provides its levels in ``engine/games/<game>/ai.py`` as
``AGENTS: dict[str, type]`` (keys ``easy``, ``normal``, ``hard``, ``expert``; each class
takes no argument, except that an ``expert`` class takes an optional ``budget``, a
:class:`~engine.ai.budget.Budget`); a game's ``agent.py`` with
``AGENTS = {"greedy": ...}`` gives its normal level. A game without either module, or
without a level, falls back to the next level down, then to :class:`~engine.ai.agent.RandomAgent`.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.ai.agent import Agent, RandomAgent
from engine.ai.budget import Budget

LEVELS = ("easy", "normal", "hard", "expert")
"""The levels a player can ask for (``/practice``), weakest first."""
NAMES = ("random", "easy", "normal", "greedy", "hard", "expert")
"""Every agent name the simulator accepts."""
ALIASES = {"greedy": "normal"}


def _agents_of(module: str) -> dict[str, Any]:
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name not in (module, module.rsplit(".", 1)[0]):
            raise
        return {}
    table: dict[str, Any] = getattr(mod, "AGENTS", {})
    return table


def game_agents(game_id: str) -> dict[str, Any]:
    """A game's agents by level: the ``AGENTS`` table of its ``ai`` module, over that of
    its ``agent`` module (whose ``greedy`` agent is the ``normal`` level)."""
    table = {ALIASES.get(k, k): v for k, v in
             _agents_of(f"engine.games.{game_id}.agent").items()}
    table.update(_agents_of(f"engine.games.{game_id}.ai"))
    return table


def make(game_id: str, name: str, budget: Budget | None = None) -> Agent:
    """A fresh agent called ``name`` for ``game_id`` (``ValueError`` for an unknown name).

    ``budget`` is the expert level's thinking budget (default: the game's iteration count,
    deterministic; the bot passes a wall-clock one); other levels ignore it.
    """
    level = ALIASES.get(name, name)
    if level not in (*LEVELS, "random"):
        raise ValueError(f"unknown agent {name!r} (choose from {', '.join(NAMES)})")
    table = game_agents(game_id)
    if level != "random":
        for lv in LEVELS[: LEVELS.index(level) + 1][::-1]:
            if lv in table:
                agent: Agent = table[lv](budget=budget) \
                    if lv == "expert" and budget is not None else table[lv]()
                return agent
    return RandomAgent()
