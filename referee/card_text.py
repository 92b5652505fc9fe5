"""/card texts in the player's language.

The English text of a card, fighter or character is the game's own (``Game.catalog()``).
Other languages are in ``referee/locales/cards.<locale>.toml``: one ``[<game>.<entry>]`` table
per entry with its ``text`` and the ``source`` fingerprint of the English text it
translates. A translation whose fingerprint no longer matches is stale: the English text is
shown (and logged) until someone updates it, so a rules fix in the engine is never hidden
behind an outdated translation. ``python -m referee.card_text`` lists what is missing or stale.
"""

from __future__ import annotations

import hashlib
import logging
import re
import sys
import tomllib
from functools import cache
from typing import Any

from engine.core import CatalogEntry
from engine.games import REGISTRY
from referee.i18n import DEFAULT, LOCALES, LOCALES_DIR, I18nError, resolve

log = logging.getLogger("hajime.i18n")


def fingerprint(text: str) -> str:
    """A short fingerprint of an English text (12 hex digits of its SHA-256)."""
    return hashlib.sha256(text.strip().encode("utf-8")).hexdigest()[:12]


def slug(name: str) -> str:
    """An entry's key in the translation files: its name in lowercase, non-letters ``_``."""
    return re.sub(r"\W+", "_", name.lower()).strip("_")


@cache
def translations(locale: str) -> dict[str, dict[str, dict[str, str]]]:
    """``game -> entry slug -> {source, text}`` for ``locale`` (empty for English)."""
    if locale == DEFAULT:
        return {}
    path = LOCALES_DIR / f"cards.{locale}.toml"
    try:
        raw: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise I18nError(f"{path.name}: {exc}") from exc
    out: dict[str, dict[str, dict[str, str]]] = {}
    for game, entries in raw.items():
        for key, entry in entries.items():
            if set(entry) != {"source", "text"}:
                raise I18nError(f"{path.name}: {game}.{key} needs exactly source and text")
            out.setdefault(game, {})[key] = {k: str(v).strip() for k, v in entry.items()}
    return out


def entry_text(game_id: str, entry: CatalogEntry, locale: str) -> str:
    """The text of ``entry`` in ``locale``: its fresh translation, else the English text."""
    loc = resolve(locale)
    found = translations(loc).get(game_id, {}).get(slug(entry.name))
    if found is None:
        return entry.text
    if found["source"] != fingerprint(entry.text):
        log.warning("stale %s translation of %s/%s", loc, game_id, entry.name)
        return entry.text
    return found["text"]


def problems(locale: str) -> list[str]:
    """Entries of every registered game without a fresh ``locale`` translation, and
    translations of entries that no longer exist."""
    out: list[str] = []
    table = translations(locale)
    for gid, game in REGISTRY.items():
        entries = {slug(e.name): e for e in game.catalog()}
        mine = table.get(gid, {})
        for key, entry in entries.items():
            if key not in mine:
                out.append(f"{locale}: {gid}.{key} is not translated")
            elif mine[key]["source"] != fingerprint(entry.text):
                out.append(f"{locale}: {gid}.{key} is stale (source should be "
                           f"{fingerprint(entry.text)})")
        out.extend(f"{locale}: {gid}.{key} is no longer in the game"
                   for key in sorted(set(mine) - set(entries)))
    out.extend(f"{locale}: {gid} is not a game" for gid in sorted(set(table) - set(REGISTRY)))
    return out


def main() -> int:
    """Print what to translate: each missing or stale entry with its English text."""
    todo = 0
    for locale in LOCALES[1:]:
        for line in problems(locale):
            todo += 1
            print(line)
        table = translations(locale)
        for gid, game in REGISTRY.items():
            for e in game.catalog():
                have = table.get(gid, {}).get(slug(e.name))
                if have is None or have["source"] != fingerprint(e.text):
                    print(f'\n[{gid}.{slug(e.name)}]\nsource = "{fingerprint(e.text)}"\n'
                          f'# English:\n# ' + e.text.replace("\n", "\n# "))
    return 1 if todo else 0


if __name__ == "__main__":
    sys.exit(main())
