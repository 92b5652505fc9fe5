"""The vocabulary shared by every game: game contract, prompts, events, views, errors."""

from engine.core import chains
from engine.core.errors import (
    EngineError,
    IllegalAction,
    MatchOver,
    NotYourDecision,
    NotYourTurn,
    StaleAction,
    UnknownAction,
    UnknownCard,
)
from engine.core.events import Event, for_viewer, private_with_twin, public
from engine.core.game import JOIN, CatalogEntry, Game
from engine.core.mutable import Mutable, trusted
from engine.core.outcome import Outcome
from engine.core.prompts import Prompt
from engine.core.rng import Rng
from engine.core.state import ActionBase, BaseState, Interned, SharedTable

__all__ = [
    "JOIN",
    "ActionBase",
    "BaseState",
    "CatalogEntry",
    "EngineError",
    "Event",
    "Game",
    "IllegalAction",
    "Interned",
    "MatchOver",
    "Mutable",
    "NotYourDecision",
    "NotYourTurn",
    "Outcome",
    "Prompt",
    "Rng",
    "SharedTable",
    "StaleAction",
    "UnknownAction",
    "UnknownCard",
    "chains",
    "for_viewer",
    "private_with_twin",
    "public",
    "trusted",
]
