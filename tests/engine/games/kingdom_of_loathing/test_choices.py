"""What a player is offered (issue 31: at most three decisions a turn): the same moves as
the legal actions, in fewer, richer choices (:mod:`engine.games.kingdom_of_loathing.choices`)."""

from __future__ import annotations

from engine.games.kingdom_of_loathing import GAME, data

from .helpers import act, aids, arrange, fresh, play


def offered(s: object, seat: int | None = None) -> list[str]:
    return [a.aid for a in GAME.offered(s, s.actor if seat is None else seat)]  # type: ignore[attr-defined]


def test_the_non_combat_phase_offers_every_action_and_the_fight_with_each_kill() -> None:
    s = arrange(fresh(), hand=["mu3", "mu1", "my1", "mx1"], phase="noncombat",
                tops={0: "k01"})
    shown = offered(s)
    assert "fight" not in shown  # "To combat" is folded into the combat's choices
    for aid in aids(s):
        if aid != "fight":
            assert f"n={aid}" in shown  # every non-combat action, as a part
    fought, _ = play(s, "fight")
    for aid in aids(fought):
        if aid.startswith(("use-", "cast-", "spell-", "mojo-")):
            assert f"c={aid}" in shown  # combat items, skills and mojo, as parts
    melee = act("man", "melee", cards=("mu3", "mu1"))
    killed, _ = play(fought, melee)
    for kill in aids(killed):  # the maneuver with each kill it allows, and no kill
        assert f"t=fight.{melee}.{kill}" in shown
    assert "t=fight.pick-melee" in shown and "t=fight.nomove.nokill" in shown


def test_a_chain_plays_exactly_as_its_steps() -> None:
    s = arrange(fresh(), hand=["mu3", "mu1", "my1", "mx1"], phase="noncombat",
                tops={0: "k01"})
    melee = act("man", "melee", cards=("mu3", "mu1"))
    chained, ev = GAME.act(s, 0, f"t=fight.{melee}.kill-0")
    stepped, _ = play(s, "fight", melee, "kill-0")
    assert GAME.dump(chained).replace(f'"version":{chained.version}', "") == \
        GAME.dump(stepped).replace(f'"version":{stepped.version}', "")
    assert chained.version == s.version + 1  # one decision
    assert any(e.kind == "loot" for e in ev)


def test_a_maneuver_may_also_end_the_turn_with_the_draw_to_six() -> None:
    s = arrange(fresh(), hand=["mu3", "mu1", "my1"], deck=["mx1"] * 6, phase="combat")
    melee = act("man", "melee", cards=("mu3", "mu1"))
    shown = offered(s)
    assert f"t={melee}.nokill" in shown and f"t={melee}.nokill.keep" in shown
    s, _ = GAME.act(s, 0, f"t={melee}.nokill.keep")
    assert s.turn == 1 and len(s.players[0].hand) == 6


def test_several_non_combat_actions_at_once_in_the_menus_order_skipping_the_impossible() -> None:
    s = arrange(fresh(), hand=["my3", "mu1"], phase="noncombat")
    s.trainer = ["s05", "s60", "s10", "s09"]
    s.players[0].meat = data.skills()["s05"].cost  # one training only
    parts = "+".join(["n=" + act("train", "s60"), "n=" + act("train", "s05"),
                      "n=" + act("mojo", "my3")])
    new, ev = GAME.act(s, 0, parts)
    p = new.players[0]
    assert new.version == s.version + 1 and new.phase == "noncombat"  # still open
    assert p.skills == ["s05"] and p.mojo == 3  # s05 listed first, then s60 unaffordable
    skipped = [e for e in ev if e.kind == "skipped" and e.audience == (0,)]
    assert [e.data["ref"] for e in skipped] == [act("train", "s60")]


def test_non_combat_and_combat_parts_together_go_to_combat_between_them() -> None:
    s = arrange(fresh(), hand=["my3", "my1", "mu1"], phase="noncombat")
    new, _ = GAME.act(s, 0, "+".join(["c=" + act("mojo", "my1"), "n=" + act("mojo", "my3")]))
    assert new.phase == "combat" and new.players[0].mojo == 1  # non-combat mojo emptied


def test_discards_are_picked_at_once_then_the_hand_is_drawn_to_six() -> None:
    s = arrange(fresh(), hand=["mu1", "mu1", "my2", "mx1", "mx1", "mx2", "my1", "mu1"],
                deck=["mu4"] * 8, phase="discard")
    shown = offered(s)
    assert shown.count("d=disc-mu1") == 1 and "d=disc-mu1_3" in shown
    assert len([a for a in shown if a.startswith("d=")]) == 8  # one per card
    assert GAME.compound(s, 0, "d=disc-mu1") is None  # down to six: two at least
    new, _ = GAME.act(s, 0, "d=disc-mu1+d=disc-mu1_2")
    assert new.turn == 1 and sorted(new.players[0].hand) == sorted(
        ["my2", "mx1", "mx1", "mx2", "my1", "mu1"])


def _strongest_tops() -> dict[int, str]:
    """Each location's strongest monster on top (none is within a small score)."""
    best: dict[int, str] = {}
    for c in data.content().cards:
        if c.location not in best or c.monster.power > data.cards()[best[c.location]].monster.power:
            best[c.location] = c.id
    return best


def test_cards_chosen_one_by_one_are_played_and_a_lone_kill_nothing_is_answered() -> None:
    s = arrange(fresh(), hand=["mu1", "mu1", "my1"], phase="combat", tops=_strongest_tops())
    s, _ = GAME.act(s, 0, "t=pick-melee")
    assert s.phase == "choose" and "back" not in offered(s)  # the maneuver is chosen
    assert offered(s) == ["g=add-mu1", "g=add-mu1_2"]
    new, ev = GAME.act(s, 0, "g=add-mu1")
    assert [e.data["cards"] for e in ev if e.kind == "man"] == [["mu1"]]
    assert new.phase == "discard"  # nothing within a score of 2: the referee kills nothing
    told = [e for e in ev if e.kind == "nokill_forced"]
    assert [e.audience for e in told] == [(0,), None]  # told in the hand (and its twin)


def test_a_march_offers_the_non_combat_actions_with_or_without_ending_the_phase() -> None:
    s = arrange(fresh(), hand=["my3", "mu1"], phase="noncombat")
    s, _ = play(s, "fight", "nomove", "nokill", "keep")
    s.phase, s.actor = "offer", 0
    s, _ = play(s, "march")
    seat = s.actor
    shown = offered(s, seat)
    assert "fight" in shown
    for aid in aids(s, seat):
        if aid != "fight":
            assert f"n={aid}" in shown and f"x={aid}" in shown
    done = next(a for a in shown if a.startswith("x="))
    new, _ = GAME.act(s, seat, done)
    assert new.actor != seat or new.march is None or new.march.stage == "combat"


def test_a_rollover_card_comes_with_what_it_becomes() -> None:
    s = arrange(fresh(), hand=[], deck=[], discard=["mu1", "my2"], phase="discard")
    s, _ = play(s, "keep")
    assert s.phase == "rollover"
    shown = offered(s)
    assert "noroll" in shown and not any(a.startswith("roll-") for a in shown)
    for roll in (a for a in aids(s) if a.startswith("roll-")):
        rolled, _ = play(s, roll)
        for to in aids(rolled):
            assert f"t={roll}.{to}" in shown
