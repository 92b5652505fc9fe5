"""Commitments and seed hashes (referee.fairness): deterministic, short, and bound to every
part of a sealed choice."""

from __future__ import annotations

import hashlib

from referee.fairness import SHORT, commitment, new_fairness, seed_hash


def test_a_commitment_is_bound_to_salt_match_version_seat_and_action() -> None:
    base = commitment("s", 1, 5, 0, {"kind": "reveal", "show": "both"})
    assert len(base) == SHORT and base == commitment("s", 1, 5, 0,
                                                     {"show": "both", "kind": "reveal"})
    for other in (commitment("t", 1, 5, 0, {"kind": "reveal", "show": "both"}),
                  commitment("s", 2, 5, 0, {"kind": "reveal", "show": "both"}),
                  commitment("s", 1, 6, 0, {"kind": "reveal", "show": "both"}),
                  commitment("s", 1, 5, 1, {"kind": "reveal", "show": "both"}),
                  commitment("s", 1, 5, 0, {"kind": "reveal", "show": "none"})):
        assert other != base


def test_the_seed_hash_is_sha256_and_each_match_gets_its_own_salt() -> None:
    assert seed_hash(42) == hashlib.sha256(b"hajime-seed:42").hexdigest()
    a, b = new_fairness(42), new_fairness(42)
    assert a["seed_hash"] == b["seed_hash"] and a["salt"] != b["salt"]
    assert len(a["salt"]) == 32
