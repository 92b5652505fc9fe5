"""World of Fighters: two fighters on a 7x7 ring with Movement and Action cards.

Exposes :data:`GAME` for the registry in :mod:`engine.games`.
"""

from engine.games.world_of_fighters.rules import GAME, WorldOfFighters

__all__ = ["GAME", "WorldOfFighters"]
