"""What ``/card world_of_fighters`` says: supers once per match, Milton's is a Block."""

from __future__ import annotations

from engine.games.world_of_fighters import GAME


def entry(name: str) -> str:
    return next(e.text for e in GAME.catalog() if e.name == name)


def test_milton_brown_super_is_a_block_that_deals_no_damage() -> None:
    text = entry("Milton Brown")
    assert "Block that deals no damage" in text and "rings the rival out" in text
    assert "scores 6" not in text and "once per match" in text


def test_attack_supers_score_6_through_a_block_once_per_match() -> None:
    for name in ("Hai Wu", "Rocco Vance"):
        text = entry(name)
        assert "scores 6 and overrules a Block (no counter then)" in text
        assert "once per match" in text and "bout" not in text
