"""The Mortal Kombat Kard Game: two Kombatants, 300 kards, Starter/Basic/Advanced rules.

Exposes :data:`GAME` for the registry in :mod:`engine.games`.
"""

from engine.games.mortal_kombat.rules import GAME, MortalKombat

__all__ = ["GAME", "MortalKombat"]
