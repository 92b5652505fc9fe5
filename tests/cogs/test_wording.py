"""Words without slips (issue 31), each in English and French: numbers of players, game
names instead of ids, plurals, plain wording of an out-of-range attack and of a super
move's requirement, a practice opening that speaks to people only, a Sushido draw that says
what the rulebook decides, French command names, French Kingdom of Loathing pictures and
French World of Fighters cards."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from pathlib import Path

import pytest

from cogs.decks import DeckCodeError, builder
from cogs.seating import Seating
from engine.core import Event
from engine.games.kingdom_of_loathing.data import cards, skills
from engine.games.sushido import GAME as SUSHIDO
from referee.i18n import Refusal, reason, t
from referee.render import kol_text as kt
from referee.render.kol_board import board_facts
from referee.render.registry import renderer_for
from referee.render.wof_board import super_req
from referee.render.world_of_fighters import roster
from tests.engine.games.sushido.helpers import cid, started, to_chains
from tests.referee.render.kol_views import kol_view

LOCALES = ("en-US", "fr")
LOCALES_DIR = Path(__file__).parents[2] / "referee" / "locales"


@pytest.mark.parametrize("loc", LOCALES)
def test_a_game_for_exactly_two_says_so(loc: str) -> None:
    with pytest.raises(Refusal) as err:
        Seating.check_seats("sushido", 3)
    text = reason(err.value, loc)
    assert "2 to 2" not in text and "2 à 2" not in text
    assert text.endswith({"en-US": "Sushido! is played by exactly 2 players.",
                          "fr": "Sushido! se joue à 2 joueurs exactement."}[loc])


@pytest.mark.parametrize("loc", LOCALES)
def test_a_game_without_decks_is_named_not_given_by_its_id(loc: str) -> None:
    with pytest.raises(DeckCodeError) as err:
        builder("sushido")
    text = reason(err.value, loc)
    assert "sushido" not in text and "Sushido" in text


@pytest.mark.parametrize("loc", LOCALES)
def test_the_heap_counts_one_item_in_the_singular(loc: str) -> None:
    one = t(loc, "kol.heap_top", top="Knob", count=1)
    assert one.endswith({"en-US": "1 item", "fr": "1 objet"}[loc])
    assert t(loc, "kol.heap_top", top="Knob", count=2).endswith(
        {"en-US": "2 items", "fr": "2 objets"}[loc])


@pytest.mark.parametrize("loc", LOCALES)
def test_an_attack_out_of_range_is_said_plainly(loc: str) -> None:
    line = renderer_for("world_of_fighters").line(
        Event(kind="attack", data={"seat": 0, "card": "kick", "commenced": False,
                                   "score": 0, "damage": 0}), ["Ann", "Bob"], loc)
    assert line is not None
    assert "commence" not in line and "ne part pas" not in line
    assert {"en-US": "misses", "fr": "manque"}[loc] in line


@pytest.mark.parametrize("loc", LOCALES)
def test_a_super_move_requirement_is_words_not_a_code(loc: str) -> None:
    assert super_req("K.R3", loc) == {"en-US": "Kick at range 3", "fr": "Kick à portée 3"}[loc]
    listing = roster(loc)
    assert "Tornado Kick" in listing and not re.search(r"\b[PKGB]\.R\d", listing)


@pytest.mark.parametrize("loc", LOCALES)
def test_the_opening_says_secret_only_for_simultaneous_choices(loc: str) -> None:
    word = {"en-US": "secret", "fr": "secret"}[loc]
    assert word not in t(loc, "table.opening", who="A", asks="x")
    assert {"en-US": "hidden", "fr": "caché"}[loc] in t(loc, "table.opening_secret", who="A",
                                                        asks="x")


@pytest.mark.parametrize("loc", LOCALES)
def test_a_one_round_double_ko_says_what_the_rulebook_decides(loc: str) -> None:
    s = started("biwa", "manta", duel="iaijutsu")
    s.seat[0].gauge = s.seat[1].gauge = 0
    s.seat[0].life = s.seat[1].life = 1
    events = to_chains(s, {0: [cid("hit", "wave")], 1: [cid("hit", "coral")]})
    assert s.result is not None and s.result.draw
    r = renderer_for("sushido")
    names = ["Ann", "Bob"]
    lines = "\n".join(r.narrate(events, names, loc))
    assert "each wins the round" not in lines and "chacun gagne le round" not in lines
    assert {"en-US": "each takes a victory token",
            "fr": "chacun reçoit un jeton de Victoire"}[loc] in lines
    result = r.result_line(s.result, SUSHIDO.view(s, None), names, loc)
    assert {"en-US": "Drawn match, 1-1", "fr": "Match nul, 1-1"}[loc] in result
    assert {"en-US": "neither wins the match", "fr": "personne ne gagne le match"}[loc] in result


def _french_command_names() -> list[str]:
    fr = tomllib.loads((LOCALES_DIR / "fr.toml").read_text("utf-8"))
    found: list[str] = []

    def walk(node: object, key: str) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, f"{key}.{k}" if key else k)
        elif isinstance(node, str) and key.startswith("cmd.") and key.endswith(".name"):
            found.append(node)
    walk(fr, "")
    return found


def _plain(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", word)
                   if unicodedata.category(c) != "Mn")


def test_french_command_names_are_accented_like_french() -> None:
    names = _french_command_names()
    assert {"créer", "réparer", "scellé", "vérifier"} <= set(names)
    for bare in ("creer", "reparer", "scelle", "verifier", "entrainement", "reglages"):
        assert bare not in names, bare


def test_the_practice_command_does_not_clash_with_a_sushido_duel() -> None:
    practice = t("fr", "cmd.practice.name")
    duels = {_plain(t("fr", f"choice.duel.{d}").split(" ")[0]).lower()
             for d in ("iaijutsu", "entrainement", "rencontre")}
    assert _plain(practice) not in duels and practice == "jouer-ia"
    assert "/jouer-ia" in t("fr", "help.text", games="x")


def test_the_french_kol_picture_speaks_french() -> None:
    with_elements = [c.id for c in cards().values() if c.monster.element][:9]
    view = kol_view(4, locations=[
        type(kol_view().locations[0])(index=i, top=with_elements[i], count=3)
        for i in range(len(with_elements))])
    facts = board_facts(view, "fr")
    assert [s.name for s in facts.seats] == ["Orange", "Bleu", "Vert", "Violet"]
    english = {"spooky", "cold", "hot", "stench", "sleaze"}
    assert all(s.elements not in english for s in facts.spots)
    noncombat = next(s.id for s in skills().values() if s.kind == "noncombat" and s.mojo)
    text = kt.skill_text(noncombat, "fr")
    assert "noncombat" not in text and "hors combat" in text and "mojo)" in text
    assert "(noncombat, " in kt.skill_text(noncombat, "en-US")
    priced = next(c.id for c in cards().values() if c.item.cost)
    assert "viande)" in kt.item_price(priced, "fr") and "meat)" in kt.item_price(priced)


def test_world_of_fighters_cards_have_french_names_in_french() -> None:
    text = (LOCALES_DIR / "fr.toml").read_text("utf-8")
    assert "Movement" not in text and "Cartes Déplacement" in text
    assert t("en-US", "wof.line.movement", list="x").startswith("🃏 **Movement cards**")
