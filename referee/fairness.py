"""Provably fair reveals and shuffles (issue 31): commitments, and their verification.

A match gets a secret **salt** when it opens (kept in its options under :data:`FAIR_KEY`,
with the SHA-256 of its shuffle **seed**; options keys starting with ``_`` are the table's,
never the game's nor any public text's). Then:

- at match start the thread shows the seed's hash (:func:`seed_hash`);
- each sealed choice (an action answering a *simultaneous* prompt: a Sushido Hajime or
  reveal, a World of Fighters commit...) is shown, before the reveal, as a short
  commitment (:func:`commitment`): SHA-256 over the salt, the match, the version the
  action produced, the seat and the action as logged;
- at the end the salt and the seed are revealed, and :func:`verify` (``/verify MATCH``,
  ``python -m scripts.verify``) re-derives everything from the stored log: the seed's hash,
  a replay from the seed through every logged action to the stored final state (so every
  shuffle and draw is the seed's), and every commitment.

The engine stays pure: commitments are computed here, from logged actions. Discord-free.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from db.base import ActionLog, MatchRecord
from engine.core import BaseState, Game
from engine.games import REGISTRY
from referee.snapshots import ReplayMismatch, replay_row

FAIR_KEY = "_fair"
"""Match option: ``{"salt": hex, "seed_hash": hex}`` (secret until the match is over)."""
SHORT = 16
"""Hex digits of a commitment shown in the thread (64 bits)."""


def seed_hash(seed: int) -> str:
    """The SHA-256 (hex) of a shuffle seed, as posted at match start."""
    return hashlib.sha256(f"hajime-seed:{seed}".encode()).hexdigest()


def new_fairness(seed: int) -> dict[str, str]:
    """A fresh secret salt and the seed's hash, for a new match's options."""
    return {"salt": secrets.token_hex(16), "seed_hash": seed_hash(seed)}


def canonical(action: Mapping[str, Any] | None) -> str:
    """An action as logged, as one canonical JSON text."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def commitment(salt: str, match_id: int, version: int, seat: int,
               action: Mapping[str, Any] | None) -> str:
    """The short commitment of a sealed choice (the first :data:`SHORT` hex digits)."""
    text = f"{salt}|{match_id}|{version}|{seat}|{canonical(action)}"
    return hashlib.sha256(text.encode()).hexdigest()[:SHORT]


def fairness_of(rec: MatchRecord) -> dict[str, str] | None:
    """The match's salt and seed hash (None: a match older than commitments)."""
    fair = rec.options.get(FAIR_KEY)
    if isinstance(fair, dict) and "salt" in fair and "seed_hash" in fair:
        return {"salt": str(fair["salt"]), "seed_hash": str(fair["seed_hash"])}
    return None


def sealed(game: Game[Any, Any], state: BaseState, seat: int,
           action: Mapping[str, Any] | None = None) -> bool:
    """Whether ``seat``'s next action answers a simultaneous (sealed) prompt, or (given
    the action as logged) is a chain that ends in a sealed commit (:meth:`Game.seals`)."""
    prompt = game.asked(state).get(seat)
    if prompt is None or prompt.committed:
        return False
    return prompt.simultaneous or (action is not None and game.seals(action))


@dataclass
class Sealed:
    """One sealed choice: the version its action produced, the seat, its commitment."""

    version: int
    seat: int
    digest: str


@dataclass
class Verification:
    """What :func:`verify` found: ``ok`` only when every check held."""

    match_id: int
    seed: int | None = None
    salt: str | None = None
    seed_hash: str | None = None
    commitments: list[Sealed] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def report(self, names: Sequence[str] | None = None) -> str:
        """The verification as plain text (the script's output)."""
        def who(s: int) -> str:
            return names[s] if names and 0 <= s < len(names) else f"seat {s + 1}"

        lines = [f"match {self.match_id}: {'VERIFIED' if self.ok else 'FAILED'}"]
        if self.seed is not None:
            lines.append(f"seed {self.seed:x} (hex) -> sha256 {self.seed_hash}")
        if self.salt is not None:
            lines.append(f"salt {self.salt}")
        lines += [f"v{c.version} {who(c.seat)}: {c.digest}" for c in self.commitments]
        lines += [f"problem: {p}" for p in self.problems]
        return "\n".join(lines)


def verify(rec: MatchRecord, logs: Sequence[ActionLog],
           registry: Mapping[str, Game[Any, Any]] | None = None) -> Verification:
    """Re-derive a finished match's seed hash, shuffles and commitments from its log."""
    out = Verification(match_id=rec.id)
    game = (REGISTRY if registry is None else registry).get(rec.game)
    if game is None:
        out.problems.append("this game is not installed")
        return out
    if rec.status not in ("finished", "aborted"):
        out.problems.append("the match is not over: its salt and seed stay secret until then")
        return out
    fair = fairness_of(rec)
    if fair is None:
        out.problems.append("this match was played before commitments were posted")
        return out
    out.salt, out.seed_hash = fair["salt"], fair["seed_hash"]
    try:
        out.seed = int(game.load(rec.state).rng.seed)
        state: BaseState = game.setup(game.parse_options(rec.options), len(rec.seats),
                                      out.seed)
    except Exception as exc:  # a stored state that no longer loads: not verifiable
        out.problems.append(f"the match no longer sets up ({type(exc).__name__})")
        return out
    if seed_hash(out.seed) != out.seed_hash:
        out.problems.append("the seed does not match the hash posted at the start")
    final = game.clone(state) if state.version == rec.snapshot_version else None
    for row in logs:
        if row.note.startswith("aborted"):
            continue
        if row.note == "" and row.seat is not None and sealed(game, state, row.seat,
                                                              row.action):
            out.commitments.append(Sealed(row.version, row.seat, commitment(
                out.salt, rec.id, row.version, row.seat, row.action)))
        try:
            state = replay_row(game, state, row)
        except (ReplayMismatch, Exception) as exc:
            out.problems.append(f"v{row.version} does not replay ({type(exc).__name__})")
            return out
        if state.version != row.version:
            out.problems.append(f"v{row.version} replays as v{state.version}")
            return out
        if state.version == rec.snapshot_version:
            final = game.clone(state)
    if final is None or game.dump(final) != rec.state:
        out.problems.append("the replay from the seed does not reach the stored final state")
    return out


__all__ = ["FAIR_KEY", "Sealed", "Verification", "commitment", "fairness_of", "new_fairness",
           "sealed", "seed_hash", "verify"]
