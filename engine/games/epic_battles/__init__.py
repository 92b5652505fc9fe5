"""Epic Battles TCG: two characters, decks as health bars, High/Low attacks, combos,
blocks and chip, events set face down, kamidogu; the first to win two rounds wins.

Exposes :data:`GAME` for the registry in :mod:`engine.games`.
"""

from engine.games.epic_battles.rules import GAME, EpicBattles

__all__ = ["GAME", "EpicBattles"]
