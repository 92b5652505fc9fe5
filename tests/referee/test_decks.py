"""The generic deck builder's helpers (referee/decks.py), on Mortal Kombat's hooks."""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest

from engine.core.decks import Deck, DeckCodeError
from engine.games.mortal_kombat import GAME
from engine.games.mortal_kombat.decks import precon, to_code
from referee import decks
from referee.i18n import Refusal

MK = "mortal_kombat"


def test_mortal_kombat_builds_decks() -> None:
    assert MK in decks.builders()
    assert "sushido" not in decks.builders()
    with pytest.raises(DeckCodeError, match="no decks"):
        decks.builder("sushido")


def test_a_list_of_names_reads_counts_and_ignores_case_and_spaces() -> None:
    deck = decks.typed_deck(GAME, "3 low kick, 2x  High Block; Fireball (Goro)\n1 Adrenaline",
                             "goro")
    names = {n: cid for n, cid in GAME.deck_names().items()}
    assert deck.cards[names["Low Kick"]] == 3 and deck.cards[names["High Block"]] == 2
    assert deck.cards[names["Fireball (Goro)"]] == 1 and deck.size == 7
    assert deck.leader == "goro"


@pytest.mark.parametrize(("text", "words"), [
    ("3 Low Kick, 2 Banana Punch, Nope", "Unknown kards: Banana Punch, Nope."),
    (" , ;", "holds no kards"),
    ("0 Low Kick", "count must be 1 or more"),
    ("Fireball", "Unknown kard: Fireball."),  # shared name: say whose
])
def test_bad_lists_are_refused_naming_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(DeckCodeError, match=words.replace("(", r"\(").replace(")", r"\)")):
        decks.typed_deck(GAME, text, "goro")


def test_unknown_leader_is_refused() -> None:
    assert decks.leader_id(GAME, "sub-zero") == "subzero"
    with pytest.raises(DeckCodeError, match="Unknown leader: Mr Nobody"):
        decks.leader_id(GAME, "Mr Nobody")


def test_a_precon_round_trips_and_is_legal_at_every_level() -> None:
    deck = precon("scorpion", 60)
    code = decks.code_of(MK, deck)
    assert code == to_code(deck) and decks.deck_of(MK, f"  {code} ") == deck
    for level in decks.LEVELS:
        assert decks.problems(MK, deck, level) == []
    assert "× " in decks.listing(MK, deck) and decks.leader_name(MK, deck) == "Scorpion"


def test_validation_names_each_broken_limit_of_the_level() -> None:
    deck = decks.typed_deck(GAME, "17 Adrenaline, 30 Low Kick, Fireball (Goro)", "subzero")
    advanced = decks.problems(MK, deck, "advanced")
    assert any("Adrenaline" in p for p in advanced)            # over 4 of one SE
    assert any("Special Effect kards" in p for p in advanced)  # over 16 SE
    assert any("Goro's Special Move" in p for p in advanced)   # not own special
    assert any("50 or 60" in p for p in advanced)              # size
    basic = decks.problems(MK, deck, "basic")
    assert basic == [p for p in basic if "50 or 60" in p]      # Basic: the size only


def test_malformed_codes_are_refused() -> None:
    for code in ("", "MK1-", "XX1-AAAA", "MK1-!!!!", to_code(precon("kano"))[:-3]):
        with pytest.raises(DeckCodeError):
            decks.deck_of(MK, code)


def test_kard_autocomplete_completes_the_last_item() -> None:
    got = decks.kard_suggestions(GAME, "3 Low Kick, 2 high b")
    assert got[0] == "3 Low Kick, 2 High Block" and "3 Low Kick, 2 Quick High Block" in got
    assert all(len(s) <= 100 for s in decks.kard_suggestions(GAME, "a" * 0 + "k"))
    assert len(decks.kard_suggestions(GAME, "")) == 25


@pytest.mark.parametrize(("english", "french"), [
    ("At most 4 of one Special Effect: Adrenaline x17.",
     "Au plus 4 exemplaires d'un même Effet spécial : Adrenaline x17."),
    ("Fireball is Goro's Special Move; Kano cannot use it.",
     "Fireball est un Coup spécial de Goro ; Kano ne peut pas l'utiliser."),
    ("Unknown kard: Banana Punch.", "Karte inconnue : Banana Punch."),
    ("Unknown kards: Banana Punch, Nope.", "Kartes inconnues : Banana Punch, Nope."),
    ("This deck code is too short to be a deck.",
     "Ce code de deck est trop court pour être un deck."),
])
def test_deck_reasons_are_shown_in_french(english: str, french: str) -> None:
    from referee.i18n import reason

    assert reason(DeckCodeError(english), "fr") == french


def test_epic_battles_is_served_by_the_same_helpers() -> None:
    from engine.games.epic_battles import GAME as EB_GAME
    from engine.games.epic_battles.decks import precon as eb_precon

    eb = "epic_battles"
    assert eb in decks.builders() and MK in decks.builders()
    deck = decks.typed_deck(EB_GAME, "4 Hadoken, 2x sparring", "ryu")
    assert deck.cards == {"hadoken": 4, "sparring": 2}
    assert decks.leader_id(EB_GAME, "sub-zero") == "sub_zero"
    code = decks.code_of(eb, eb_precon("ryu"))
    assert code.startswith("EB1-") and decks.deck_of(eb, code) == eb_precon("ryu")
    assert decks.problems(eb, eb_precon("ryu"), None) == []
    assert any("exactly 59 cards" in p for p in decks.problems(eb, deck, "advanced"))
    with pytest.raises(DeckCodeError, match=r"Unknown card: Fireball\."):
        decks.typed_deck(EB_GAME, "Fireball", None)
    assert "2 Hadoken, 3 Sparring" in decks.kard_suggestions(EB_GAME, "2 Hadoken, 3 Spar")


@pytest.mark.parametrize(("english", "french"), [
    ("Unknown card: Fireball.", "Carte inconnue : Fireball."),
    ("Jab: at most 4 copies (got 5).", "Jab : au plus 4 exemplaires (ici 5)."),
    ("Red Parry is a SF card; Sub-Zero plays MK cards only.",
     "Red Parry est une carte SF ; Sub-Zero ne joue que des cartes MK."),
    ("Onaga is a King card: the deck needs all 4 pieces (missing: Onaga: the Tail).",
     "Onaga est une carte King : le deck a besoin de ses 4 pièces (manquantes : Onaga: the "
     "Tail)."),
    ("Onaga: the Head is a piece of Onaga's King card: only Onaga's deck holds it, once.",
     "Onaga: the Head est une pièce de la carte King de Onaga : seul le deck de Onaga la "
     "contient, une fois."),
    ("A deck holds exactly 59 cards besides the character (this one has 6).",
     "Un deck compte exactement 59 cartes en plus du personnage (celui-ci en a 6)."),
])
def test_epic_battles_deck_reasons_are_shown_in_french(english: str, french: str) -> None:
    from referee.i18n import reason

    assert reason(DeckCodeError(english), "fr") == french


# ------------------------------------------------- /deck import's box and /deck export
def precons(game_id: str) -> list[Deck]:
    """Every leader's preconstructed deck of a game."""
    module = importlib.import_module(f"engine.games.{game_id}.decks")
    make: Any = getattr(module, "precon", None)
    assert make is not None, game_id
    return [make(lid) for lid in decks.builder(game_id).deck_leaders().values()]


@pytest.mark.parametrize("game_id", sorted(decks.builders()))
@pytest.mark.parametrize("loc", ["en-US", "fr"])
def test_an_exported_deck_imports_back_to_the_same_deck(game_id: str, loc: str) -> None:
    hooks = decks.builder(game_id)
    every = Deck(cards={cid: 1 + i % 3 for i, cid in enumerate(hooks.deck_names().values())},
                 leader=next(iter(hooks.deck_leaders().values())))
    for deck in [*precons(game_id), every, every.model_copy(update={"leader": None})]:
        text = decks.export_text(game_id, deck, loc)
        assert decks.pasted_deck(game_id, text) == deck, text[:200]
        lines = text.splitlines()
        assert all(re.fullmatch(r"\d+ \S.*", line) for line in lines[1 if deck.leader else 0:])
        assert len(lines) == len(deck.cards) + (1 if deck.leader else 0)
        # the listing /deck show writes, with blank lines and comments, reads the same
        shown = "# mine\n\n" + decks.listing(game_id, deck) + "\n\n"
        assert decks.pasted_deck(game_id, shown, decks.leader_name(game_id, deck)
                                 if deck.leader else None) == deck
        # and a code pasted in the box is read as a code
        assert decks.pasted_deck(game_id, f"  {decks.code_of(game_id, deck)}\n") == deck


def test_a_pasted_list_names_every_unknown_line_and_saves_nothing() -> None:
    text = "Leader: Kano\n3 Low Kick\n2 Lwo Kick\n\n# a comment\n1 Banana Punch\n2 High Block"
    with pytest.raises(decks.UnknownLines) as caught:
        decks.pasted_deck(MK, text)
    said = caught.value.text("en-US")
    assert said.startswith("Nothing saved: these 2 lines name none of the kards of Mortal")
    assert "line 3: `2 Lwo Kick`" in said and "line 6: `1 Banana Punch`" in said
    assert "Low Kick`" not in said.replace("Lwo Kick`", "")
    french = caught.value.text("fr")
    assert "ces 2 lignes ne nomment aucune des kartes" in french
    assert "ligne 3 : `2 Lwo Kick`" in french
    many = "\n".join(f"1 Nope {i}" for i in range(20))
    with pytest.raises(decks.UnknownLines) as caught:
        decks.pasted_deck(MK, many)
    assert "…and 8 more lines" in caught.value.text("en-US")


def test_a_pasted_list_takes_its_leader_from_its_line_or_the_command() -> None:
    assert decks.pasted_deck(MK, "Chef : Sub-Zero\n3 Low Kick").leader == "subzero"
    assert decks.pasted_deck(MK, "3 Low Kick", "Kano").leader == "kano"
    assert decks.pasted_deck(MK, "leader: kano\n3 Low Kick", "Kano").leader == "kano"
    with pytest.raises(Refusal, match="The list's leader is Sub-Zero but the command"):
        decks.pasted_deck(MK, "Leader: Sub-Zero\n3 Low Kick", "Kano")
    with pytest.raises(DeckCodeError, match="Unknown leader: Nobody"):
        decks.pasted_deck(MK, "Leader: Nobody\n3 Low Kick")
    with pytest.raises(DeckCodeError, match="holds no kards"):
        decks.pasted_deck(MK, "Leader: Kano\n\n# nothing else")
    with pytest.raises(DeckCodeError, match="code"):
        decks.pasted_deck(MK, "MK1-garbage")
    # a card name with a colon is a card, not a leader line
    eb = decks.builder("epic_battles")
    colon = next(n for n in eb.deck_names() if ":" in n)
    assert decks.pasted_deck("epic_battles", f"{colon}\n2 {colon}").cards == {
        eb.deck_names()[colon]: 3}
