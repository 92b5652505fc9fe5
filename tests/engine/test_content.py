"""Content reports (:mod:`engine.content`): every rule path has a printed card, no two
differently named cards share a rules text, and the command prints the report."""

from __future__ import annotations

import json

import pytest

from engine.__main__ import main
from engine.content import report, shared_texts

GAMES = [g for g in ("mortal_kombat", "kingdom_of_loathing", "epic_battles")]


def _report_or_skip(game: str):  # type: ignore[no-untyped-def]
    try:
        return report(game)
    except LookupError:
        pytest.skip(f"{game} has no content report yet")


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_path_has_a_printed_card(game: str) -> None:
    rep = _report_or_skip(game)
    assert rep.rule_paths, "a report names its rule paths"
    assert rep.missing_paths() == []


@pytest.mark.parametrize("game", GAMES)
def test_differently_named_cards_never_share_a_text(game: str) -> None:
    assert _report_or_skip(game).shared_texts == []


def test_shared_texts_finds_two_names_with_one_text() -> None:
    found = shared_texts([("A", "Deal 2."), ("A", "Deal 2."), ("B", "deal  2."),
                          ("C", "Heal 1.")])
    assert found == [("deal 2.", ["A", "B"])]


@pytest.mark.parametrize("game", GAMES)
def test_content_command_prints_the_report(game: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    _report_or_skip(game)
    code = main(["content", game])
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == game and code == 0
