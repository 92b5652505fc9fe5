"""Data files, effect handlers, action ids, labels, timeouts, registry and simulator."""

from __future__ import annotations

from collections import Counter

from engine.core import Rng
from engine.games import REGISTRY
from engine.games.sushido import GAME
from engine.games.sushido.data import (
    DATA_DIR,
    EFFECT_TYPES,
    LIFE,
    content,
    load_deck,
    load_fighters,
)
from engine.games.sushido.effects import HANDLERS
from engine.games.sushido.model import Options
from engine.simulate import pick, simulate


def test_every_data_file_loads() -> None:
    files = sorted(p.name for p in DATA_DIR.glob("*.toml"))
    assert files == ["deck.toml", "fighters.toml"]
    glyphs, cards = load_deck()
    fighters = load_fighters()
    assert len(glyphs) == 4 and len(cards) == 60 and [c.id for c in cards] == list(range(60))
    assert len(fighters) == 6 and {"biwa", "manta"} <= set(fighters)


def test_deck_make_up_and_even_symbol_spread() -> None:
    cards = content().cards
    assert Counter(c.type for c in cards) == {"super": 8, "hit": 20, "block": 20, "move": 12}
    assert set(Counter(c.symbol for c in cards).values()) == {15}
    for t, n in {"super": 8, "hit": 20, "block": 20, "move": 12}.items():
        per = Counter(c.symbol for c in cards if c.type == t)
        assert set(per.values()) == {n // 4}


def test_fighters_weights_combos_and_life() -> None:
    fighters = content().fighters.values()
    assert Counter(f.weight for f in fighters) == {"medium": 3, "heavy": 2, "light": 1}
    assert LIFE == {"light": 12, "medium": 15, "heavy": 18}
    for f in fighters:
        assert sorted(len(c.symbols) for c in f.combos) == [2, 3, 4]
    assert any(c.ranged for f in fighters for c in f.combos)


def test_every_effect_type_has_one_handler() -> None:
    assert {t.model_fields["type"].default for t in EFFECT_TYPES} == set(HANDLERS)


def test_registered() -> None:
    assert REGISTRY["sushido"] is GAME


def test_ids_labels_and_timeouts_over_random_play() -> None:
    for seed in range(3):
        s = GAME.setup(Options(), 2, seed)
        agent = Rng(seed=seed)
        while s.result is None:
            prompts = GAME.prompts(s)
            for seat, p in prompts.items():
                if p.committed:
                    continue
                legal = GAME.legal(s, seat)
                ids = [a.aid for a in legal]
                assert legal and len(set(ids)) == len(ids)
                assert all(len(i) <= 40 and ":" not in i for i in ids)
                assert all(GAME.label(s, seat, a) for a in legal)
                assert GAME.timeout_action(s, seat) in legal
                assert GAME.find(s, seat, ids[0]) == legal[0]
            seat = sorted(x for x, p in prompts.items() if not p.committed)[0]
            s, _ = GAME.apply(s, seat, pick(GAME, s, seat, agent))


def test_timeout_defaults_finish_a_match() -> None:
    s = GAME.setup(Options(duel="iaijutsu"), 2, 5)
    for _ in range(20_000):
        if s.result is not None:
            break
        seat = sorted(x for x, p in GAME.prompts(s).items() if not p.committed)[0]
        s, ev = GAME.timeout(s, seat)
        assert ev[0].kind == "timeout"
    assert s.result is not None


def test_simulator_plays_without_errors() -> None:
    res = simulate(GAME, 10, 1)
    assert res.errors == 0 and res.finished == 10
    assert sum(res.played.values()) == 20
