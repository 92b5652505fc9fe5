"""Gyojin Fighter Sushido!: a two-player fighting card game (rules in docs/rules/sushido.md)."""

from engine.games.sushido.rules import Sushido

GAME = Sushido()
"""The registered game object."""

__all__ = ["GAME", "Sushido"]
