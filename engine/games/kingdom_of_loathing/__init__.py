"""Kingdom of Loathing card game (2-4 players): adventure, loot, then beat the Sorceress.

Exposes :data:`GAME` for the registry in :mod:`engine.games`.
"""

from engine.games.kingdom_of_loathing.rules import GAME, KingdomOfLoathing

__all__ = ["GAME", "KingdomOfLoathing"]
