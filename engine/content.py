"""Content reports: what a game's printed content holds, read from its data files.

``python -m engine content GAME`` prints one game's report as JSON. A game with content
to report has a module ``engine.games.<game>.content`` with a function ``report()``
returning a :class:`ContentReport`; its test (``tests/engine/test_content.py``) fails when
a rule path has no printed card or two differently named cards share one rules text.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any


@dataclass
class ContentReport:
    """One game's printed content, counted.

    ``rule_paths`` maps every rule path the rulebook describes (``"area"``, ``"throw"``,
    ``"teleport"``...) to the names of the printed cards that exercise it; an empty list
    is a path no printed card reaches. ``shared_texts`` lists the rules texts that two or
    more *differently named* cards share (reprints of one name aside): it must be empty.
    """

    game: str
    counts: dict[str, int]
    stat_signatures: int
    rules_texts: int
    rule_paths: dict[str, list[str]]
    shared_texts: list[tuple[str, list[str]]] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    """Game-specific figures (e.g. per-class mechanics, per-location item mixes)."""

    def missing_paths(self) -> list[str]:
        """Rule paths no printed card exercises."""
        return sorted(p for p, cards in self.rule_paths.items() if not cards)

    def as_dict(self) -> dict[str, Any]:
        """Plain data for JSON."""
        return {
            "game": self.game,
            "counts": self.counts,
            "stat_signatures": self.stat_signatures,
            "rules_texts": self.rules_texts,
            "rule_paths": {p: {"cards": len(c), "examples": sorted(c)[:5]}
                           for p, c in sorted(self.rule_paths.items())},
            "missing_paths": self.missing_paths(),
            "shared_texts": [{"text": t, "cards": n} for t, n in self.shared_texts],
            **({"extra": self.extra} if self.extra else {}),
        }


def shared_texts(named: list[tuple[str, str]]) -> list[tuple[str, list[str]]]:
    """The texts that differently named cards share, from (name, rules text) pairs."""
    by_text: dict[str, set[str]] = {}
    for name, text in named:
        by_text.setdefault(" ".join(text.split()).lower(), set()).add(name)
    return sorted((t, sorted(n)) for t, n in by_text.items() if len(n) > 1 and t)


def report(game_id: str) -> ContentReport:
    """The content report of ``game_id``; ``LookupError`` when the game has none."""
    try:
        mod = importlib.import_module(f"engine.games.{game_id}.content")
    except ModuleNotFoundError as exc:
        if exc.name != f"engine.games.{game_id}.content":
            raise
        raise LookupError(f"{game_id} has no content report") from None
    made: ContentReport = mod.report()
    return made
