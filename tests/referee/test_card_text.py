"""/card texts in French: every entry translated from the current English text."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from engine.core import CatalogEntry
from engine.games import REGISTRY
from referee import card_text
from referee.card_text import entry_text, fingerprint, problems, slug


def test_every_catalog_entry_has_a_fresh_french_text() -> None:
    assert problems("fr") == []
    for gid, game in REGISTRY.items():
        for entry in game.catalog():
            french = entry_text(gid, entry, "fr")
            assert french != entry.text, f"{gid}/{entry.name}"
            assert entry_text(gid, entry, "en-US") == entry.text


NUMBERS_WRITTEN_OTHERWISE: dict[tuple[str, str], Counter[str]] = {}
"""``(game, entry name) -> numbers`` the French text may write another way (an ordinal
word, a number spelled out). Empty: every French text carries its numbers as digits."""


def test_french_texts_keep_every_number_and_mortal_kombat_texts_are_whole() -> None:
    """A French text that drops a rule usually drops its number (a KP threshold, a Speed
    limit, the damage a counter deals): every digit run of the English text appears in the
    French one, as many times. Mortal Kombat's French texts once were the headline alone;
    each is at least half as long as its English text."""
    missing, short = [], []
    for gid, game in REGISTRY.items():
        for entry in game.catalog():
            french = entry_text(gid, entry, "fr")
            lost = (Counter(re.findall(r"\d+", entry.text))
                    - Counter(re.findall(r"\d+", french))
                    - NUMBERS_WRITTEN_OTHERWISE.get((gid, entry.name), Counter()))
            if lost:
                missing.append(f"{gid}/{entry.name}: {sorted(lost.elements())}")
            if gid == "mortal_kombat" and 2 * len(french) < len(entry.text):
                short.append(f"{gid}/{entry.name}")
    assert missing == [], "French texts without some numbers of the English text"
    assert short == [], "Mortal Kombat French texts under half their English length"


def test_the_french_text_says_the_rules_the_english_text_says() -> None:
    """Spot checks of rules that were missing: a defense's condition and its numbers, a
    finishing move's KP threshold and what cancels it, a Special Move's own sentence."""
    mk = {e.name: e for e in REGISTRY["mortal_kombat"].catalog()}

    def fr(name: str) -> str:
        return entry_text("mortal_kombat", mk[name], "fr")

    assert "projections et aux saisies de Vitesse 5 ou moins" in fr("Throw Reversal")
    assert "l'attaquant subit 3 dégâts" in fr("Throw Reversal")
    assert "5 PK ou moins : il est mis K.-O." in fr("Torso Rip")
    assert "seule une Friendship (Amitié) l'annule" in fr("Torso Rip")
    assert "3 PK ou moins" in fr("Crib Kick") and "Rien ne l'annule" in fr("Crib Kick")
    spear = fr("Spear")
    assert spear.startswith("**Coup spécial** de Scorpion · Milieu · Vitesse 5 · Force 3")
    assert "Attire l'adversaire à distance de corps à corps." in spear
    assert "L'adversaire est étourdi." in spear and "Un projectile." in spear
    assert "brûlez jusqu'à 3 kartes de coup de poing, +3 en Force" in fr("Blade Fury")


def test_names_stay_names_in_french() -> None:
    aiko = next(e for e in REGISTRY["world_of_fighters"].catalog() if e.name == "Aiko Tanaka")
    text = entry_text("world_of_fighters", aiko, "fr")
    assert "**Ippon Seoi-nage**" in text and "un Grapple à portée 1" in text
    biwa = next(e for e in REGISTRY["sushido"].catalog() if e.name == "Biwa")
    assert "Passif **Resonance**" in entry_text("sushido", biwa, "fr")


def test_a_stale_translation_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    hit = next(e for e in REGISTRY["sushido"].catalog() if e.name == "Hit")
    changed = CatalogEntry(name=hit.name, kind=hit.kind, text=hit.text + " Now 2 damage.")
    assert entry_text("sushido", changed, "fr") == changed.text
    assert fingerprint(changed.text) != fingerprint(hit.text)
    table = {"sushido": {slug("Hit"): {"source": fingerprint(hit.text), "text": "x"}},
             "ghost_game": {}}
    monkeypatch.setattr(card_text, "translations", lambda locale: table)
    found = problems("fr")
    assert "fr: sushido.biwa is not translated" in found
    assert "fr: ghost_game is not a game" in found
    assert not any("sushido.hit" in p for p in found)


def test_mortal_kombat_kards_read_in_french_with_their_names() -> None:
    bolt = next(e for e in REGISTRY["mortal_kombat"].catalog() if e.name == "Green Bolt")
    text = entry_text("mortal_kombat", bolt, "fr")
    assert text.startswith("**Coup spécial** de Johnny Cage · Milieu · Vitesse 5 · Force 3")


def test_epic_battles_cards_and_characters_are_all_looked_up_in_both_languages() -> None:
    from engine.games.epic_battles.data import cards, characters

    game = REGISTRY["epic_battles"]
    found = {e.name: e for e in game.catalog()}
    assert set(found) == {c.name for c in cards().values()} | {
        c.name for c in characters().values()}
    hadoken = found["Hadoken"]
    assert "High projectile · cost 0" in hadoken.text and "Ryu's deck only" in hadoken.text
    french = entry_text("epic_battles", hadoken, "fr")
    assert french.startswith("**Attaque**") and "Ryu uniquement" in french
    assert "Limit 1" in found["Searching the Realms"].text
