"""AI opponents: the agent contract, the levels per game, search and a matrix-game solver.

* :mod:`engine.ai.agent`: ``choose(view, options, rng) -> action``; :func:`decide` hands an
  agent the seat's view, never the state.
* :mod:`engine.ai.registry`: ``make(game_id, "hard")`` (levels easy < normal < hard <
  expert); a game's levels live in
  ``engine/games/<game>/ai.py`` (``AGENTS``).
* :mod:`engine.ai.search`: sampled hidden states, payoff matrices, determinized search.
* :mod:`engine.ai.expert`: the expert level's budgeted search (UCB over determinized
  worlds; the payoff matrix over as many worlds as the budget allows).
* :mod:`engine.ai.budget`: the expert's budget (rollouts, or seconds in the bot) and the
  bot's wall-clock cap on the other levels' searches.
* :mod:`engine.ai.picks`: the fighter choice of hard and expert (a table of measured
  win rates).
* :mod:`engine.ai.lp`: a small simplex for zero-sum matrix games.
* :mod:`engine.ai.play`: matches between agents and the simulator's figures.
"""

from engine.ai.agent import Agent, RandomAgent, ViewAgent, decide, options_of
from engine.ai.registry import LEVELS, NAMES, make

__all__ = ["LEVELS", "NAMES", "Agent", "RandomAgent", "ViewAgent", "decide", "make",
           "options_of"]
