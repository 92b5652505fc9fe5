"""Fighter pick, draws, Hajime commits, reveal and chains, reshuffle, and the views."""

from __future__ import annotations

from engine.core import for_viewer
from engine.games.sushido import GAME
from engine.games.sushido.model import Options, PickFighter, SushidoState
from tests.engine.games.sushido.helpers import act, aids, first, kinds, started


def test_fighter_pick_is_simultaneous_hidden_and_mirror_allowed() -> None:
    s = GAME.setup(Options(), 2, 3)
    ps = GAME.prompts(s)
    assert set(ps) == {0, 1} and all(p.simultaneous and p.kind == "pick" for p in ps.values())
    assert len(aids(s, 0)) == 6
    s, ev = GAME.apply(s, 0, PickFighter(fighter="manta"))
    assert GAME.view(s, 1).seats[0].picked and GAME.view(s, 1).seats[0].fighter == ""
    assert GAME.view(s, 1).me is not None and GAME.view(s, 1).me.pick is None
    assert "manta" not in str(for_viewer(ev, 1)) and "manta" not in str(GAME.view(s, None))
    assert GAME.view(s, 0).me is not None and GAME.view(s, 0).me.pick == "manta"
    s, ev = GAME.apply(s, 1, PickFighter(fighter="manta"))
    assert first(ev, "picks")["fighters"] == ["manta", "manta"]
    assert s.phase == "hajime" and s.p1 == 0


def test_round_start_draws_three_then_two_per_turn() -> None:
    s = started()
    assert [len(x.hand) for x in s.seat] == [5, 5] and len(s.deck) == 50
    assert [x.pos for x in s.seat] == [3, 4] and [x.life for x in s.seat] == [15, 15]


def test_hajime_commit_is_buffered_hidden_and_resolved_when_both_commit() -> None:
    s = started()
    a, b = s.seat[0].hand[3], s.seat[0].hand[0]
    s, ev = act(s, 0, f"h-{a}-{b}")
    assert s.phase == "hajime" and s.seat[0].commit == [a, b]
    opp = GAME.view(s, 1)
    assert opp.seats[0].committed_cards and opp.seats[0].hand_count == 3
    assert opp.me is not None and opp.me.commit is None
    assert all("cards" not in e.data for e in for_viewer(ev, 1))
    mine = GAME.view(s, 0).me
    assert mine is not None and mine.commit is not None and [c.id for c in mine.commit] == [a, b]
    # placed: seat 0 may choose its reveal at once (decision), hidden like the commit
    assert GAME.prompts(s)[0].kind == "reveal" and not GAME.prompts(s)[0].committed
    assert GAME.prompts(s)[1].kind == "hajime"
    s, ev = act(s, 0, "r-first")
    assert GAME.prompts(s)[0].committed and s.phase == "hajime"
    assert all("show" not in e.data for e in for_viewer(ev, 1))
    assert GAME.view(s, 1).seats[0].committed_reveal and GAME.view(s, 1).me.reveal is None
    s, ev = act(s, 1, aids(s, 1)[0])
    assert s.phase == "reveal" and "hajime_all" in kinds(ev) and "reveal" not in kinds(ev)
    s, ev = act(s, 1, "r-none")
    assert first(ev, "reveal")["cards"][0][0]["id"] == a and s.phase == "resolve"


def _hajime(s: SushidoState) -> tuple[SushidoState, list[int]]:
    cards = s.seat[0].hand[:2]
    s, _ = act(s, 0, f"h-{cards[0]}-{cards[1]}")
    s, _ = act(s, 1, aids(s, 1)[0])
    return s, cards


def test_reveal_is_simultaneous_and_unrevealed_cards_go_to_the_chain_in_order() -> None:
    s = started()
    for x in s.seat:
        x.gauge = 0
    s, cards = _hajime(s)
    assert aids(s, 0) == ["r-none", "r-first", "r-second", "r-both"]
    s, ev = act(s, 0, "r-none")
    assert "reveal" not in kinds(ev) and s.seat[0].chain == []
    s, ev = act(s, 1, "r-both")
    assert first(ev, "reveal")["chained"] == [2, 0]
    assert s.seat[0].chain == cards and len(s.seat[1].revealed) == 2
    opp, me = GAME.view(s, 1), GAME.view(s, 0)
    assert opp.seats[0].chain_size == 2 and me.me is not None
    assert me.seats[0].chain_size == 2  # the owner too sees only the size (rulebook)
    assert not {c for c in cards} & {c.id for c in me.me.hand}
    assert [c.id for c in opp.last_reveal[1]] == s.seat[1].revealed


def test_a_chain_is_face_down_to_its_owner_too() -> None:
    """Rulebook: "Aucun joueur ne peut regarder les cartes d'un enchaînement"."""
    s = started()
    chain = [s.seat[0].hand.pop(), s.seat[0].hand.pop()]
    s.seat[0].chain = list(chain)
    mine = GAME.view(s, 0)
    assert mine.seats[0].chain_size == 2 and "chain" not in type(mine.me).model_fields
    ids = {c.id for c in mine.me.hand} | {c.id for cs in mine.last_reveal for c in cs}
    assert not set(chain) & ids
    s.seat[0].chain.reverse()  # another order of the same cards: the owner can't tell
    assert GAME.view(s, 0) == mine


def test_a_full_chain_discards_the_extra_card_face_up() -> None:
    s = started()
    s.seat[0].chain = [c for c in s.deck[:3]]
    del s.deck[:3]
    s, cards = _hajime(s)
    s, _ = act(s, 0, "r-none")
    s, ev = act(s, 1, "r-none")
    assert len(s.seat[0].chain) == 4 and s.seat[0].chain[3] == cards[0]
    assert first(ev, "chain_full_discard")["card"]["id"] == cards[1]


def test_empty_draw_pile_shuffles_the_discard_into_a_new_one() -> None:
    s = started()
    s.discard, s.deck = list(s.deck), []
    s, _ = _hajime(s)
    s, _ = act(s, 0, "r-both")
    s, _ = act(s, 1, "r-both")
    while s.phase == "resolve":
        seat = next(iter(GAME.prompts(s)))
        s, ev = GAME.apply(s, seat, GAME.timeout_action(s, seat))
    assert "reshuffle" in kinds(ev) and s.phase == "hajime"
    assert len(s.seat[0].hand) == 5


def test_spectator_sees_the_public_view_only() -> None:
    s = started()
    v = GAME.view(s, None)
    assert v.me is None and [x.hand_count for x in v.seats] == [5, 5]
    text = v.model_dump_json()
    assert '"hand"' not in text


def test_draws_are_private_with_public_twins() -> None:
    s = GAME.setup(Options(), 2, 3)
    s, _ = GAME.apply(s, 0, PickFighter(fighter="biwa"))
    s, ev = GAME.apply(s, 1, PickFighter(fighter="ebi"))
    for viewer in (0, 1, None):
        draws = [e.data for e in for_viewer(ev, viewer) if e.kind == "draw"]
        assert len(draws) == 4  # 3 at round start + 2 for the turn, per seat
        for d in draws:
            assert ("cards" in d) == (d["seat"] == viewer)
    mine = [c for e in for_viewer(ev, 0) if e.kind == "draw" for c in e.data.get("cards", [])]
    assert sorted(mine) == sorted(s.seat[0].hand)


def test_labels_are_human() -> None:
    s = started()
    a, b = s.seat[0].hand[:2]
    label = GAME.label(s, 0, GAME.find(s, 0, f"h-{a}-{b}"))  # type: ignore[arg-type]
    assert " + " in label and any(g in label for g in "◆●▲★")
    s, _ = act(s, 0, f"h-{a}-{b}")
    s, _ = act(s, 1, aids(s, 1)[0])
    both = GAME.label(s, 0, GAME.find(s, 0, "r-both"))  # type: ignore[arg-type]
    assert both.startswith("Reveal both")
    s.seat[0].gauge = 5
    assert GAME.label(s, 0, GAME.find(s, 0, "super-combo")) == (  # type: ignore[arg-type]
        "SUPER COMBO: Thousand-String Storm")
