"""scripts/mk_cards_fr.py: the French Mortal Kombat kard texts are what it makes."""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from types import ModuleType

import pytest

ROOT = pathlib.Path(__file__).parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mk_cards_fr", ROOT / "scripts" /
                                                  "mk_cards_fr.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mk_cards_fr"] = module
    spec.loader.exec_module(module)
    return module


def test_the_french_card_file_is_what_the_script_makes() -> None:
    """Every English sentence has its French (a rule of the phrase table or a kard's own
    sentence), and the committed texts are the script's: run it after changing kards."""
    script = _script()
    current = script.PATH.read_text(encoding="utf-8")
    assert script.generated(current) == current


def test_every_own_sentence_translated_is_still_on_a_kard() -> None:
    from engine.games.mortal_kombat.data import kards

    script = _script()
    used = {script.split(k.text)[0] for k in kards().values()}
    assert set(script.FLAVOUR) - used == set()


def test_a_sentence_the_tables_do_not_know_stops_the_script() -> None:
    script = _script()
    with pytest.raises(SystemExit, match="no rule in the phrase table"):
        script.split("A punch. Heals the whole arena.")
    assert script.rules("A kick. Knocks the opponent down. Close Quarters.") == [
        "Un coup de pied.", "Met l'adversaire au sol.", "Au contact."]
