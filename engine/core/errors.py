"""The engine's one error tree. Every error carries a human-readable ``reason``."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose; ``reason`` is shown to players."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class IllegalAction(EngineError):
    """The action breaks a rule (the reason says which)."""


class NotYourDecision(EngineError):
    """The seat is not being asked to decide anything right now."""


NotYourTurn = NotYourDecision


class StaleAction(EngineError):
    """The action was built for an earlier version of the match state."""


class MatchOver(EngineError):
    """The match has ended; nothing more can be played."""


class UnknownCard(EngineError):
    """A card, fighter or character name that the game's data does not know."""


class UnknownAction(EngineError):
    """An action id or payload that does not parse for this game."""
