"""The table's stored memory: what is written is what a restarted bot reads back."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from cogs.table_memory import Memory, nonce

seats = st.integers(min_value=0, max_value=7)
memories = st.builds(
    Memory,
    recent=st.lists(st.text(max_size=40), max_size=6),
    turn=st.none() | st.tuples(st.none() | st.integers(0, 99), st.none() | st.integers(0, 9),
                               st.integers(0, 999)),
    pinged=st.sets(seats, max_size=4),
    pending=st.dictionaries(seats, st.sampled_from(["pick", "hajime", "reveal", "move"]),
                            max_size=4),
    hands=st.dictionaries(  # an interaction's answer, or one of its follow-ups (its id)
        seats, st.tuples(st.floats(0, 2e9), st.text(min_size=1, max_size=90))
        | st.tuples(st.floats(0, 2e9), st.text(min_size=1, max_size=90),
                    st.integers(1, 2**63 - 1)), max_size=4),
)


@given(memories)
def test_memory_survives_its_json_column(mem: Memory) -> None:
    """Through JSON text (the ``table_memory`` column) and back, nothing changes."""
    assert Memory.load(json.loads(json.dumps(mem.dump()))) == mem


def test_an_empty_column_is_an_empty_memory() -> None:
    assert Memory.load({}) == Memory()


@given(st.integers(0, 2**63 - 1), st.integers(0, 2**63 - 1), st.integers(0, 50))
def test_nonces_fit_discord_and_are_stable(match_id: int, version: int, part: int) -> None:
    """Discord takes nonces of at most 25 characters; the same post gets the same one,
    another post (another version or part) another one."""
    got = nonce(match_id, version, part)
    assert len(got) <= 25 and got == nonce(match_id, version, part)
    assert got != nonce(match_id, version + 1, part) != nonce(match_id, version, part + 1)
