"""The fast builders of the state's parts make exactly what pydantic would: same fields,
same values, same fields set, same JSON (the flow uses them on every attack and Set)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import trusted
from engine.games.epic_battles import GAME
from engine.games.epic_battles.data import cards
from engine.games.epic_battles.effects import note
from engine.games.epic_battles.model import (
    Kami,
    Note,
    Options,
    SetEvent,
    Strike,
    kami,
    set_event,
)

CARDS = sorted(cards())


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 1), st.sampled_from(CARDS), st.integers(1, 9))
def test_a_fresh_strike_is_the_trusted_one(seat: int, card: str, index: int) -> None:
    fast = Strike.fresh(seat, card, index)
    slow = trusted(Strike, seat=seat, card=card, index=index)
    checked = Strike(seat=seat, card=card, index=index)
    assert list(fast.__dict__.items()) == list(slow.__dict__.items())
    assert fast == slow == checked
    assert fast.model_fields_set == slow.model_fields_set == checked.model_fields_set
    assert fast.model_dump_json() == checked.model_dump_json()
    assert fast.blocks is not Strike.fresh(seat, card, index).blocks  # never shared


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(CARDS), st.booleans(), st.integers(0, 1))
def test_shared_set_events_and_kamidogu_are_the_validated_ones(card: str, known: bool,
                                                               owner: int) -> None:
    made = SetEvent(card=card, known=True) if known else SetEvent(card=card)
    assert set_event(card, known) == made
    assert set_event(card, known).model_fields_set == made.model_fields_set
    assert kami(card, owner) == Kami(card=card, owner=owner)
    assert set_event(card, known) is set_event(card, known)  # frozen: shared


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["attack", "damage", "pass", "flip"]), st.lists(st.integers(0, 1)),
       st.lists(st.sampled_from(CARDS), max_size=3), st.integers(0, 9))
def test_a_shared_note_is_the_validated_one_and_keeps_no_input_list(
        key: str, seats: list[int], picked: list[str], n: int) -> None:
    state = GAME.setup(Options(), 2, 1)
    note(state, key, seats, picked, n)
    note(state, key, list(seats), list(picked), n)
    made = Note(key=key, seats=seats, cards=picked, n=n)
    assert state.notes == [made, made]
    assert state.notes[0].model_dump_json() == made.model_dump_json()
    seats.append(1)
    picked.append(CARDS[0])  # the caller's lists are not the note's
    assert state.notes[0] == made and state.notes[0].seats == made.seats
