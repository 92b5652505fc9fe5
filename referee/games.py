"""Every game's parts, declared in one place: what a game needs beyond its engine package
to be played through the bot and the sandbox.

A game is registered in the engine (:data:`engine.games.REGISTRY`, the rules) and here
(:data:`PARTS`, everything a player reads and sees): its renderer (embeds, narration,
controls: :mod:`referee.render`), its board picture, the section of its texts in the
locale files (``<section>.*`` and the picture's words ``picture.<section>.*`` in
``referee/locales/*.toml``, its name ``game.<id>``), its rules summary for ``/rules``
(``referee/text/<id>.md`` and one per other locale, ``referee/text/<locale>/<id>.md``)
and its full rules page (``docs/rules/<page>.md``). ``tests/referee/test_games.py``
checks that every registered game has each part; ``docs/adding-a-game.md`` is the recipe.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.i18n import DEFAULT, LOCALES, TEXT_DIR
from referee.render import eb_board, kol_board, mk_board, sushido_board, wof_board
from referee.render.base import Renderer
from referee.render.epic_battles import EbRenderer
from referee.render.kingdom_of_loathing import KolRenderer
from referee.render.mortal_kombat import MkRenderer
from referee.render.sushido import SushidoRenderer
from referee.render.world_of_fighters import WofRenderer

DOCS = Path(__file__).resolve().parents[1] / "docs"
"""The repository's docs/ (the rules pages are read from a checkout, not shipped)."""


@dataclass(frozen=True)
class Parts:
    """One game's parts, besides its engine package."""

    game_id: str
    """The engine's id (``REGISTRY`` key, ``state.game``)."""
    engine: str
    """The engine package that defines the game's ``GAME``."""
    renderer: Renderer
    """Embeds, narration, controls and the picture's caching key of the game."""
    picture: Callable[..., bytes]
    """``render_board(view, loc)``: the board picture of a spectator view, as PNG bytes."""
    section: str
    """The locale files' section of the game's texts (``<section>.*``,
    ``picture.<section>.*``)."""
    rules_page: str
    """The full rules: ``docs/rules/<rules_page>.md``."""

    def rules_summary(self, locale: str) -> Path:
        """The ``/rules`` summary file of ``locale`` (not falling back to English)."""
        if locale == DEFAULT:
            return TEXT_DIR / f"{self.game_id}.md"
        return TEXT_DIR / locale / f"{self.game_id}.md"

    def rules_path(self) -> Path:
        """The full rules page."""
        return DOCS / "rules" / f"{self.rules_page}.md"

    def summaries(self) -> list[Path]:
        """The ``/rules`` summary of every locale."""
        return [self.rules_summary(loc) for loc in LOCALES]


PARTS: dict[str, Parts] = {p.game_id: p for p in (
    Parts("sushido", "engine.games.sushido", SushidoRenderer(), sushido_board.render_board,
          "sushido", "sushido"),
    Parts("world_of_fighters", "engine.games.world_of_fighters", WofRenderer(),
          wof_board.render_board, "wof", "world-of-fighters"),
    Parts("kingdom_of_loathing", "engine.games.kingdom_of_loathing", KolRenderer(),
          kol_board.render_board, "kol", "kingdom-of-loathing"),
    Parts("mortal_kombat", "engine.games.mortal_kombat", MkRenderer(), mk_board.render_board,
          "mk", "mortal-kombat"),
    Parts("epic_battles", "engine.games.epic_battles", EbRenderer(), eb_board.render_board,
          "eb", "epic-battles"),
)}
"""game id -> its parts, in the engine registry's order."""


def pictures() -> dict[str, Any]:
    """game id -> its board drawing (a pure Pillow function of the spectator view)."""
    return {gid: p.picture for gid, p in PARTS.items()}
