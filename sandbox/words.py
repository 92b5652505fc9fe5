"""The start page's and the hand's words for the sandbox, from the bot's own texts: each
game's options as the bot offers them (:func:`option_fields`) and the cards a hand names,
each with its ``/card`` text (:func:`card_tiles`)."""

from __future__ import annotations

from typing import Any

from engine.games import REGISTRY
from referee.card_text import entry_text
from referee.i18n import DEFAULT, t
from sandbox.markup import to_html

CARD_TILES = 40
"""Most cards of a hand shown with their texts."""

OPTION_INPUTS: dict[str, tuple[Any, ...]] = {
    "bouts": (1, 3), "rounds": (1, 3), "kp": (30, 40, 50), "deck_size": (50, 60)}
"""Options whose values the bot offers as a short list (the rest are numbers to type)."""


def option_fields(game_id: str, loc: str = DEFAULT) -> list[dict[str, Any]]:
    """A game's options for the start page, in ``loc``: each option's key, its label
    (``sandbox.option.<key>``), its default and, where the bot offers a few values, each
    value in the bot's words (:func:`referee.option_words.option_text`); the deck list
    (``decks``) is the start page's own picker, not an option field."""
    from referee.option_words import option_text

    schema = REGISTRY[game_id].options_model.model_json_schema()
    out = []
    for key, spec in (schema.get("properties") or {}).items():
        if key == "decks" or key.startswith("_"):
            continue
        values = list(spec.get("enum") or OPTION_INPUTS.get(key, ()))
        label = t(loc, f"sandbox.option.{key}")
        if label == f"sandbox.option.{key}":
            label = key.replace("_", " ").capitalize()
        out.append({"key": key, "label": label, "default": spec.get("default"),
                    "type": spec.get("type", "string"),
                    "min": spec.get("minimum"), "max": spec.get("maximum"),
                    "choices": [{"value": v, "label": option_text(key, v, loc)}
                                for v in values]})
    return out


def card_tiles(game_id: str, embed: Any, loc: str = DEFAULT) -> list[dict[str, str]]:
    """The game's cards, fighters and characters that a hand names, each with its text
    (the bot's ``/card`` text, :func:`referee.card_text.entry_text`, in ``loc``), in the
    order the hand names them."""
    data = embed.to_dict()
    said = "\n".join([data.get("title", ""), data.get("description", "")]
                     + [f"{f.get('name', '')}\n{f.get('value', '')}"
                        for f in data.get("fields", [])])
    found: list[tuple[int, Any]] = []
    for entry in catalog(game_id):
        at = _named_at(said, entry.name)
        if at >= 0:
            found.append((at, entry))
    found.sort(key=lambda x: x[0])
    return [{"name": e.name, "kind": e.kind, "html": to_html(entry_text(game_id, e, loc))}
            for _, e in found[:CARD_TILES]]


def _named_at(text: str, name: str) -> int:
    """Where ``name`` first stands as whole words in ``text`` (-1: nowhere)."""
    import re

    m = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)
    return m.start() if m else -1


_CATALOGS: dict[str, list[Any]] = {}


def catalog(game_id: str) -> list[Any]:
    """A game's ``/card`` entries (read once)."""
    if game_id not in _CATALOGS:
        _CATALOGS[game_id] = list(REGISTRY[game_id].catalog())
    return _CATALOGS[game_id]
