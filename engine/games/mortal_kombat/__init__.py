"""The Mortal Kombat Kard Game: two Kombatants or a Brawl of 3-6, 300 kards, three rule levels.

Exposes :data:`GAME` for the registry in :mod:`engine.games`.
"""

from engine.games.mortal_kombat.rules import GAME, MortalKombat

__all__ = ["GAME", "MortalKombat"]
