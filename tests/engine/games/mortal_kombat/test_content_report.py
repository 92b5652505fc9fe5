"""The Mortal Kombat content report: the printed set's shape, profiles and rule paths."""

from __future__ import annotations

from engine.games.mortal_kombat.content import report, signature
from engine.games.mortal_kombat.data import kombatants


def test_at_least_fifteen_distinct_stat_signatures() -> None:
    rep = report()
    assert rep.stat_signatures >= 15
    assert signature("subzero") != signature("jax")  # once numerically identical


def test_counts_stay_the_printed_shape_and_styles_differ() -> None:
    rep = report()
    assert rep.counts["kombatant"] == 20 and rep.counts["basic"] == 20
    assert rep.counts["special"] == 199 and rep.counts["defense"] == 15
    assert rep.counts["se"] == 37 and rep.counts["kombo"] == 9
    assert sum(v for k, v in rep.counts.items() if k != "finisher") == 300
    assert len(rep.extra["styles"]) >= 4  # fast, strong, ranged, grappler...
    assert len(rep.extra["profiles"]) == len(kombatants())


def test_every_rule_path_has_printed_kards_and_texts_are_own() -> None:
    rep = report()
    assert rep.missing_paths() == [] and rep.shared_texts == []
    for path in ("area", "variable_location", "throw", "throw_guard", "teleport", "behind",
                 "airborne", "multi_hit", "stun", "knockdown", "knockback", "fatality",
                 "kombo_exception", "pull"):
        assert rep.rule_paths[path], path
