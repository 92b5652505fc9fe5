"""English and French: every text a player reads comes from ``referee/locales/<locale>.toml``.

The locale files map dotted keys to texts with ``{placeholders}`` (``str.format`` syntax;
a literal brace is doubled). A text that depends on a number is a table of plural forms
``{ one = "...", other = "..." }`` chosen by the ``count`` argument (English: one for 1;
French: one for 0 and 1). Every locale must have the same keys and, key by key, the same
placeholders as English: :func:`check_catalogs` says what differs, and the bot refuses to
start when anything does (:meth:`Translator.load`).

The API:

- :func:`t` ``(locale, key, **params)``: the text in that locale (English for a locale we
  do not have, and for a key missing there).
- In :mod:`cogs.i18n_discord` (what needs Discord's objects): ``locale_of(interaction)``,
  the player's locale (``interaction.locale``, which Discord sends with every
  interaction, then the server's locale), as one of :data:`LOCALES`; ``L(key)``, a
  ``locale_str`` for command definitions, whose default is the English text and whose
  ``key`` its ``Translator`` looks up; ``server_locale``, ``match_locale``,
  ``game_choices``.
- :class:`Refusal`: an :class:`~engine.core.EngineError` that carries a key and its
  parameters; :func:`reason` renders any engine error for a player's locale (an English
  engine reason equal to a ``reason.*`` text, placeholders matching anything, is shown
  translated).
- :func:`rules_path`: the rules summary of a game in a locale (``referee/text/<game>.md`` in
  English, ``referee/text/<locale>/<game>.md`` otherwise).

Recipe for a new cog or game renderer (every cog and renderer of today follows it):

1. Definitions: ``@app_commands.command(name=L("cmd.forfeit.name"),
   description=L("cmd.forfeit.description"))``; for every parameter both
   ``@app_commands.rename(match_id=L("cmd.forfeit.opt.match_id.name"))`` (the English
   value must equal the Python parameter name) and ``@app_commands.describe(
   match_id=L("cmd.forfeit.opt.match_id.description"))``; a subcommand's keys are
   ``cmd.<group>.<sub>.name`` and ``cmd.<group>.<sub>.opt.<param>.name``; groups take
   ``name=L(...)``/``description=L(...)`` too; choices are
   ``app_commands.Choice(name=L("choice.<option>.<value>"), value=...)`` and games come
   from ``game_choices``. Never ``Literal[...]`` (its choices cannot be localized).
   Add the keys to ``en-US.toml`` and ``fr.toml`` (French command and option names:
   lowercase, no spaces, unique among their siblings) and the cog to ``LOCALIZED_COGS``
   (and its factory) in ``tests/referee/test_i18n.py``, which checks all of that. Then use
   the French command names in ``help.text`` of ``fr.toml`` (``/challenge`` and the other
   lobby commands are still English there).
2. Messages: ``loc = locale_of(interaction)`` once per handler, then ``t(loc, "key",
   name=...)`` for every text (embeds, buttons, placeholders, footers); renderers take
   ``loc`` as a keyword argument defaulting to :data:`DEFAULT`. Refusals raise
   ``Refusal("key", **params)`` and are answered with ``reason(exc, loc)``. A match's
   public texts (board, thread, challenge) use ``server_locale``; other public answers
   to a command are written in the locale of the player whose action produced them. The
   engine's English prompts and labels are worded by the renderer from their kind or
   action id, or matched whole against a catalog section (:func:`translate_english`).
3. Counts: ``t(loc, "board.players", count=n)`` with a ``{ one, other }`` table.
4. Once a cog raises ``Refusal`` instead of an English ``IllegalAction``, move its
   ``reason.*`` texts (the bridge that translates English reasons by matching them) to
   the cog's own keys. The engine keeps speaking English: its reasons stay in ``reason.*``.

Translating ``/card`` entries: ``referee/card_text.py``.
"""

from __future__ import annotations

import logging
import re
import string
import tomllib
from collections import OrderedDict
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Protocol

from engine.core import EngineError
from engine.games import REGISTRY

log = logging.getLogger("hajime.i18n")

LOCALES_DIR = Path(__file__).with_name("locales")
TEXT_DIR = Path(__file__).with_name("text")
DEFAULT = "en-US"
"""The locale of the command definitions and the fallback of every lookup."""
LOCALES = (DEFAULT, "fr")
"""The locales Hajime speaks (Discord's codes)."""
PLURAL_FORMS = frozenset({"one", "other"})

Text = str | dict[str, str]
"""One catalog entry: a text, or its plural forms."""


class Coded(Protocol):
    """A locale given as an enum member (``discord.Locale``): its code is its ``value``."""

    @property
    def value(self) -> str: ...


class I18nError(Exception):
    """The locale files are missing, malformed or disagree with each other."""


def flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Text]:
    """Dotted keys of a parsed TOML table; a ``{one, other}`` table is one plural entry."""
    out: dict[str, Text] = {}
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, str):
            out[key] = value
        elif isinstance(value, dict) and set(value) == PLURAL_FORMS and all(
                isinstance(v, str) for v in value.values()):
            out[key] = {k: str(v) for k, v in value.items()}
        elif isinstance(value, dict):
            out.update(flatten(value, f"{key}."))
        else:
            raise I18nError(f"{key}: a text must be a string, not {type(value).__name__}")
    return out


def load_catalogs(folder: Path = LOCALES_DIR) -> dict[str, dict[str, Text]]:
    """``locale -> key -> text`` for every locale of :data:`LOCALES` found in ``folder``."""
    catalogs: dict[str, dict[str, Text]] = {}
    for locale in LOCALES:
        path = folder / f"{locale}.toml"
        try:
            catalogs[locale] = flatten(tomllib.loads(path.read_text(encoding="utf-8")))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise I18nError(f"{path.name}: {exc}") from exc
    return catalogs


def placeholders(text: Text) -> set[str]:
    """The ``{names}`` a text uses (every plural form together)."""
    forms = text.values() if isinstance(text, dict) else [text]
    names: set[str] = set()
    for form in forms:
        for _, field, _, _ in string.Formatter().parse(form):
            if field is not None:
                names.add(field.split(".")[0].split("[")[0])
    return names


def check_catalogs(catalogs: Mapping[str, Mapping[str, Text]]) -> list[str]:
    """Every disagreement between English and the other locales (empty when they agree)."""
    problems: list[str] = []
    base = catalogs.get(DEFAULT)
    if base is None:
        return [f"no {DEFAULT} catalog"]
    for locale in LOCALES:
        other = catalogs.get(locale)
        if other is None:
            problems.append(f"no {locale} catalog")
            continue
        for key in sorted(set(base) - set(other)):
            problems.append(f"{locale}: missing {key}")
        for key in sorted(set(other) - set(base)):
            problems.append(f"{locale}: {key} is not in {DEFAULT}")
        for key in sorted(set(base) & set(other)):
            try:
                mine, theirs = placeholders(other[key]), placeholders(base[key])
            except ValueError as exc:
                problems.append(f"{locale}: {key}: {exc}")
                continue
            if mine != theirs:
                problems.append(f"{locale}: {key} has placeholders {sorted(mine)}, "
                                f"{DEFAULT} has {sorted(theirs)}")
            if isinstance(other[key], dict) != isinstance(base[key], dict):
                problems.append(f"{locale}: {key} is plural in one locale only")
    return problems


CATALOGS = load_catalogs()


def resolve(locale: str | Coded | None) -> str:
    """One of :data:`LOCALES` for a Discord locale (``fr`` for French, else English)."""
    if locale.__class__ is str and locale in CATALOGS:  # already one (most calls): no
        return locale  # nothing to look up
    value = getattr(locale, "value", None)  # a discord.Locale
    code = value if isinstance(value, str) else str(locale or "")
    if code in CATALOGS:
        return code
    if code.split("-")[0].lower() == "fr":
        return "fr"
    return DEFAULT


def plural(locale: str, count: int) -> str:
    """The plural form of ``count`` in ``locale``: ``one`` or ``other``."""
    if locale == "fr":
        return "one" if abs(count) < 2 else "other"
    return "one" if count == 1 else "other"


def t(locale: str | Coded | None, key: str, /, **params: Any) -> str:
    """The text of ``key`` in ``locale`` with ``params`` filled in.

    A plural entry picks its form by ``params["count"]``. An unknown locale falls back to
    English; an unknown key is logged and returned as is (never an exception to a player).
    """
    loc = resolve(locale)
    entry = CATALOGS[loc].get(key)
    if entry is None:
        loc, entry = DEFAULT, CATALOGS[DEFAULT].get(key)
    if entry is None:
        log.error("no text for %r", key)
        return key
    if isinstance(entry, dict):
        entry = entry[plural(loc, int(params.get("count", 0)))]
    try:
        return entry.format(**params)
    except (KeyError, IndexError, ValueError):
        log.exception("bad parameters for %r: %r", key, sorted(params))
        return entry


def has(key: str) -> bool:
    """Whether the catalog holds ``key``."""
    return key in CATALOGS[DEFAULT]


PLAYERS_KEPT = 50_000
"""Players whose client locale is remembered (the most recent ones; a few MB at most)."""

_player_locales: OrderedDict[int, str] = OrderedDict()


def remember_player(user_id: int, locale: Any) -> str | None:
    """Note the client locale a player's interaction carried (Discord sends it with each
    interaction; there is no other way to learn it). Returns the player's language when
    it is new or changed (worth storing, see :func:`recall_players`), else None."""
    value = getattr(locale, "value", None)  # a discord.Locale
    code = value if isinstance(value, str) else locale
    if not isinstance(code, str) or not code:
        return None
    loc = resolve(code)
    changed = _player_locales.get(user_id) != loc
    _player_locales[user_id] = loc
    _player_locales.move_to_end(user_id)
    while len(_player_locales) > PLAYERS_KEPT:
        _player_locales.popitem(last=False)
    return loc if changed else None


def recall_players(stored: dict[int, str]) -> None:
    """Take back the players' languages a previous run stored (most recent first); a
    language seen since this run started wins."""
    for user_id, loc in list(stored.items())[:PLAYERS_KEPT]:  # each before the last
        if user_id not in _player_locales and len(_player_locales) < PLAYERS_KEPT:
            _player_locales[user_id] = resolve(loc)
            _player_locales.move_to_end(user_id, last=False)


def player_locale(user_id: int) -> str | None:
    """The locale of a player's last interaction (this run's, else as stored before a
    restart, see :func:`recall_players`), if any."""
    return _player_locales.get(user_id)


def and_list(locale: str, items: list[str]) -> str:
    """``a, b and c`` in ``locale`` (empty for no item)."""
    if len(items) < 2:
        return "".join(items)
    return t(locale, "words.and", a=t(locale, "words.list_sep").join(items[:-1]), b=items[-1])


def game_name(game_id: str, locale: str | None = DEFAULT) -> str:
    """A game's name in ``locale`` (the registry's name, or its id, when not catalogued)."""
    if has(f"game.{game_id}"):
        return t(locale, f"game.{game_id}")
    game = REGISTRY.get(game_id)
    return game.name if game is not None else game_id


# ------------------------------------------------------------------- refusals
class Refusal(EngineError):
    """A refusal worded by the catalog: ``Refusal("ladder.no_match", id=5)``.

    ``reason`` is the English text (for logs and code that does not translate).
    """

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(t(DEFAULT, key, **params))
        self.key = key
        self.params = params

    def text(self, locale: str) -> str:
        """The refusal in ``locale``."""
        return t(locale, self.key, **self.params)


REASON_PREFIX = "reason."


@cache
def english_patterns(prefix: str) -> list[tuple[str, re.Pattern[str]]]:
    """``(key, regex)`` for every English text under ``prefix``; a placeholder matches
    anything."""
    out = []
    for key, text in CATALOGS[DEFAULT].items():
        if not key.startswith(prefix) or not isinstance(text, str):
            continue
        parts = []
        for literal, field, _, _ in string.Formatter().parse(text):
            parts.append(re.escape(literal))
            if field is not None:
                parts.append(f"(?P<{field}>.+?)")
        out.append((key, re.compile("".join(parts), re.DOTALL)))
    return out


def translate_english(text: str, prefix: str, locale: str) -> str:
    """``text``, written in English by code that does not use keys (the engine), in
    ``locale`` when it equals one of the texts under ``prefix``; else as written."""
    loc = resolve(locale)
    if loc == DEFAULT:
        return text
    return _translated(text, prefix, loc)


@lru_cache(maxsize=8192)
def _translated(text: str, prefix: str, loc: str) -> str:
    """:func:`translate_english` into a locale other than English (the catalogs never
    change: each text is matched once per prefix and locale)."""
    for key, pattern in english_patterns(prefix):
        found = pattern.fullmatch(text)
        if found is not None:
            return t(loc, key, **found.groupdict())
    return text


def reason(exc: EngineError, locale: str) -> str:
    """An engine error's reason in ``locale``.

    A :class:`Refusal` is worded from its key; an English reason raised by the engine (which
    speaks only English) or by a cog not yet swept is looked up among the ``reason.*``
    texts; anything else is shown as written.
    """
    if isinstance(exc, Refusal):
        return exc.text(locale)
    return translate_english(exc.reason, REASON_PREFIX, locale)


# --------------------------------------------------------------------- rules
def rules_path(game_id: str, locale: str) -> Path:
    """The rules summary of ``game_id`` in ``locale`` (English when not translated)."""
    loc = resolve(locale)
    if loc != DEFAULT:
        path = TEXT_DIR / loc / f"{game_id}.md"
        if path.exists():
            return path
    return TEXT_DIR / f"{game_id}.md"
