"""Match options in players' words: ``Advanced rules, 30 KP, 50-kard decks, Timer Rule``.

A challenge, a table and a tournament's sign-up list the game's options; each is worded
through the i18n catalog, never as the options model's ``key: value``:

- ``choice.<key>.<value>``: a value the commands offer as a choice (``duel``, ``bouts``,
  ``level``, ``rounds``), worded as the command's choice;
- ``option.<key>.<value>``: a named value (``option.timer.infinity``);
- ``option.<key>``: a number in its words (``option.kp`` = ``{value} KP``), and
  ``option.<key>_none`` for 0 where 0 means "none" (``option.round_cap_none``);
- ``decks``: a built deck is said to be one (its list stays its owner's); no deck, nothing.

A key the catalog does not word (a test game's) is shown as ``key: value``.
"""

from __future__ import annotations

from typing import Any

from referee.i18n import DEFAULT, has, t

CHOICES = ("duel", "bouts", "level", "rounds")
"""Options whose values are the commands' choices (``choice.<key>.<value>``)."""


def worded(key: str, value: Any) -> bool:
    """Whether the catalog words option ``key`` at ``value`` (else it shows raw)."""
    return (key == "decks" or (key in CHOICES and has(f"choice.{key}.{value}"))
            or has(f"option.{key}.{value}") or has(f"option.{key}")
            or (value == 0 and has(f"option.{key}_none")))


def option_text(key: str, value: Any, loc: str = DEFAULT) -> str:
    """One match option in the game's words (``Best of three``, ``30 KP``)."""
    if key == "decks":
        return t(loc, "lobby.built_deck")
    if key in CHOICES and has(f"choice.{key}.{value}"):
        return t(loc, f"choice.{key}.{value}")
    if has(f"option.{key}.{value}"):
        return t(loc, f"option.{key}.{value}")
    if value == 0 and has(f"option.{key}_none"):
        return t(loc, f"option.{key}_none")
    if has(f"option.{key}"):
        return t(loc, f"option.{key}", value=value)
    return f"{key.replace('_', ' ')}: {value}"


def options_text(options: dict[str, Any], loc: str = DEFAULT) -> str:
    """A game's options, comma-separated in players' words; private keys (``_...``) and
    an absent built deck are left out."""
    return t(loc, "words.list_sep").join(
        option_text(k, v, loc) for k, v in options.items()
        if not k.startswith("_") and not (k == "decks" and not any(v or [])))


__all__ = ["CHOICES", "option_text", "options_text", "worded"]
