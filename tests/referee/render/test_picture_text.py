"""Board pictures speak the public text's language, with a font that has its letters.

Every word a board picture draws is recorded (``Canvas.text``); in French the pictures
of all five games draw French words ("Entraînement, le premier à 2 rounds", "Vie",
"Pioche"...) and no character the font lacks: each drawn character's glyph differs from
the font's "missing glyph" box (the tofu Pillow's bundled font draws for é, è, à, ç).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageFont

from engine.core import Rng
from engine.games import REGISTRY
from engine.simulate import pick
from referee.i18n import t
from referee.render.picture_text import Canvas, font
from referee.render.registry import renderer_for

GAMES = {"sushido": ({"duel": "entrainement"}, 2), "world_of_fighters": ({"bouts": 3}, 2),
         "kingdom_of_loathing": ({}, 3), "mortal_kombat": ({"level": "advanced"}, 2),
         "epic_battles": ({}, 2)}
ACCENTED = "éèêàâçîôûùëïÉÈÀÇ"


def glyph(face: ImageFont.FreeTypeFont, ch: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(ch)
    return mask.size, bytes(mask)


def tofu(face: ImageFont.FreeTypeFont) -> tuple[tuple[int, int], bytes]:
    """The font's box for a character it does not have (a CJK ideograph)."""
    return glyph(face, "漢")


def test_pillows_bundled_font_lacks_accents_ours_has_them() -> None:
    bundled = ImageFont.load_default(size=18)
    assert isinstance(bundled, ImageFont.FreeTypeFont)
    assert glyph(bundled, "é") == tofu(bundled)  # why the pictures ship their own font
    ours = font(18)
    for ch in ACCENTED:
        assert glyph(ours, ch) != tofu(ours), ch
        assert ours.getmask(ch).getbbox() is not None, ch  # and it is not blank


def states(game_id: str, seed: int = 3) -> Iterator[Any]:
    """Every 7th state of a random legal match, and its last."""
    game = REGISTRY[game_id]
    options, seats = GAMES[game_id]
    state = game.setup(game.parse_options(options), seats, seed)
    agent = Rng(seed=seed)
    n = 0
    while state.result is None and n < 1500:
        prompts = game.prompts(state)
        free = sorted(s for s, p in prompts.items() if not p.committed)
        seat = free[agent.below(len(free))]
        state, _ = game.apply(state, seat, pick(game, state, seat, agent))
        n += 1
        if n % 7 == 0:
            yield state
    yield state


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the pictures draw from now on."""
    seen: list[str] = []
    original = Canvas.text

    def spy(self: Canvas, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        seen.append(str(text))
        original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", spy)
    return seen


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_french_board_draws_french_words_without_tofu(game_id: str,
                                                        drawn: list[str]) -> None:
    game, renderer = REGISTRY[game_id], renderer_for(game_id)
    for state in states(game_id):
        assert renderer.picture(game.view(state, None), "fr")
    text = "\n".join(drawn)
    face = font(16)
    missing = {ch for ch in set(text) if not ch.isspace() and glyph(face, ch) == tofu(face)}
    assert not missing, f"characters the font lacks: {sorted(missing)}"
    french = {"sushido": ["Entraînement, le premier à 2 rounds", "Vie", "Pioche "],
              "world_of_fighters": ["Manche ", "Tour ", " PV"],
              "kingdom_of_loathing": ["Équipement : ", "Rangée du dresseur", "Viande "],
              "mortal_kombat": [" PK", "Corps à corps", "À distance"],
              "epic_battles": ["cartes dans le deck", "Étape de combat", "énergie ", "dégâts",
                               "AGRESSEUR"]}[game_id]
    for word in french:
        assert word in text, (word, sorted(set(drawn))[:40])
    english = {"sushido": ["first to", "Life", "in hand"], "world_of_fighters": ["Turn ", " HP"],
               "kingdom_of_loathing": ["Gear: ", "Trainer row"],
               "mortal_kombat": [" KP", "Hand-to-Hand"],
               "epic_battles": ["in deck", "Battle step", "energy ", " dmg", "AGGRESSOR",
                                "to decide"]}[game_id]
    assert not [w for w in english if w in text]


def test_english_and_french_pictures_differ_and_are_kept_apart() -> None:
    from referee import pictures

    game, renderer = REGISTRY["sushido"], renderer_for("sushido")
    view = game.view(list(states("sushido"))[2], None)
    en, fr = pictures.picture(renderer, view, "en-US"), pictures.picture(renderer, view, "fr")
    assert en and fr and en != fr
    assert pictures.picture(renderer, view, "fr") is fr  # kept per locale


def test_the_picture_words_exist_in_both_catalogs() -> None:
    assert t("fr", "picture.sushido.life") == "Vie"
    assert t("en-US", "picture.sushido.life") == "Life"


def _spectator_views(game_id: str, seats: int, seed: int, count: int) -> list[Any]:
    """Spectator views along one random match (random seats, random legal actions)."""
    import random

    game = REGISTRY[game_id]
    state = game.setup(game.options_model(), seats, seed)
    rng = random.Random(seed)
    views = []
    while game.outcome(state) is None and len(views) < count:
        views.append(game.view(state, None))
        asked = [(s, acts) for s in game.prompts(state) if (acts := list(game.legal(state, s)))]
        if not asked:
            break
        seat, acts = rng.choice(asked)
        state, _ = game.apply(state, seat, rng.choice(acts))
    return views


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
@pytest.mark.parametrize("loc", ["en-US", "fr"])
def test_kept_words_draw_the_same_picture(game_id: str, loc: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Words pasted from the kept masks give byte-identical PNGs to Pillow's own text()."""
    from PIL import ImageDraw

    from referee.pictures import draw

    renderer = renderer_for(game_id)
    views = _spectator_views(game_id, 2, 3, 40)[::4]
    kept = [draw(renderer, v, loc) for v in views]
    again = [draw(renderer, v, loc) for v in views]  # every word from the kept masks now
    monkeypatch.setattr(Canvas, "text", ImageDraw.ImageDraw.text)
    pillow = [draw(renderer, v, loc) for v in views]
    assert any(png is not None for png in pillow)
    assert kept == pillow and again == pillow
