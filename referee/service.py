"""The referee: loads a match, asks the engine, persists the result in one transaction.

No Discord here (so it is tested without one) and no rules either: every decision is
the engine's. The referee adds only what lives outside a game's rules: who sits where,
deadlines, consecutive timeouts, idempotency and the per-match lock.
"""

from __future__ import annotations

import asyncio
import secrets
import sys
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from db.base import ActionLog, MatchRecord, ResultRow, Store
from engine.core import (
    BaseState,
    EngineError,
    Event,
    Game,
    IllegalAction,
    MatchOver,
    NotYourDecision,
    Outcome,
    StaleAction,
)
from engine.games import REGISTRY
from referee.ai_seats import is_virtual, with_ai
from referee.fairness import FAIR_KEY, commitment, fairness_of, new_fairness, sealed
from referee.snapshots import load_state


class NoSuchMatch(EngineError):
    """The match id does not exist."""


class AlreadyDone(EngineError):
    """The same interaction was already processed (a double click)."""


STALE = "That board has changed since this was shown; look again."
"""The stale refusal's words (the engine's :meth:`engine.core.Game.check_version` too)."""


class _Conflict(StaleAction):
    """The store refused a commit: another process moved the match on meanwhile."""


_RETRIES = 12
"""How many times :meth:`Referee.act` reads a match again after losing a write race (each
loss is another writer's progress: enough for every seat of a six-seat table at once)."""


@dataclass
class Applied:
    """What one referee step did: the new record, state, events and who acted."""

    match: MatchRecord
    state: BaseState
    events: list[Event]
    seat: int | None
    outcome: Outcome | None
    pending_before: dict[int, str] = field(default_factory=dict)
    pending_after: dict[int, str] = field(default_factory=dict)
    base_version: int | None = None
    """The version the step started from (None: several steps merged after a restart)."""
    sealed: str | None = None
    """The commitment of the step's action when it answered a simultaneous (sealed) prompt
    (:func:`referee.fairness.commitment`), shown in the thread before the reveal."""


def pending_seats(game: Game[Any, Any], state: BaseState) -> dict[int, str]:
    """Seats that still have to decide (prompted, not yet committed), with the prompt kind."""
    return {s: p.kind for s, p in game.asked(state).items() if not p.committed}


class Referee:
    """Applies actions, forfeits and timeouts to stored matches."""

    def __init__(
        self,
        store: Store,
        *,
        turn_seconds: float = 300.0,
        max_timeouts: int = 3,
        clock: Callable[[], float] = time.time,
        registry: dict[str, Game[Any, Any]] | None = None,
        snapshot_every: int = 16,
    ) -> None:
        self.store = store
        self.turn_seconds = turn_seconds
        self.max_timeouts = max_timeouts
        self.clock = clock
        self.registry = REGISTRY if registry is None else registry
        self._locks: dict[int, asyncio.Lock] = {}
        self._turn_seconds: dict[int, float] = {}
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(63)
        """Where match seeds come from (tests pin it to replay the same matches)."""
        self.snapshot_every = max(1, snapshot_every)
        """The whole state is written every this many versions (and whenever the status
        changes); the actions between are only logged (:mod:`referee.snapshots`)."""
        self._states: OrderedDict[int, tuple[int, BaseState]] = OrderedDict()
        """Live states by match id, with their version: read-only, shared with readers
        (views, hands); the store stays the truth (a version mismatch reloads)."""
        self.cache_size = 2048
        """Most live states kept (least recently used dropped): idle matches cost none."""
        self._snapshots: dict[int, int] = {}
        """The stored snapshot's version of each cached match (known from its record)."""
        self.snapshot_lag = 4
        """A state dropped from the cache this many versions or more past its stored
        snapshot is written as the new snapshot (:meth:`flush_snapshots`), so that its next
        decision, cold, replays at most a few actions (issue 33)."""
        self._dropped: list[tuple[int, BaseState]] = []
        self._flushing: asyncio.Task[int] | None = None
        self.untimed: set[int] = set()
        """Users never timed out: the AI's seats (:mod:`cogs.practice`), which move at once
        (AI seats with virtual ids, :func:`referee.ai_seats.is_virtual`, never are either)."""

    # ------------------------------------------------------------------ helpers
    def game(self, game_id: str) -> Game[Any, Any]:
        """The engine game for an id."""
        return self.registry[game_id]

    def lock(self, match_id: int) -> asyncio.Lock:
        """The in-process lock of one match."""
        return self._locks.setdefault(match_id, asyncio.Lock())

    async def load(self, match_id: int) -> tuple[MatchRecord, Game[Any, Any], BaseState]:
        """A stored match, its game and its state (shared: callers must not mutate it)."""
        rec = await self.record(match_id)
        game = self.game(rec.game)
        return rec, game, await self.cached_state(rec, game)

    async def record(self, match_id: int) -> MatchRecord:
        """A stored match, or a refusal."""
        rec = await self.store.get_match(match_id)
        if rec is None:
            raise NoSuchMatch("I can't find that match; it may have been deleted.")
        return rec

    async def cached_state(self, rec: MatchRecord, game: Game[Any, Any]) -> BaseState:
        """The state of ``rec`` from the cache when its version matches, else loaded
        (snapshot plus the logged actions after it, :func:`referee.snapshots.load_state`)
        and kept (live matches only)."""
        hit = self._states.get(rec.id)
        if hit is not None and hit[0] == rec.version:
            self._states.move_to_end(rec.id)
            return hit[1]
        state = await load_state(self.store, game, rec)
        self._snapshots[rec.id] = rec.snapshot_version
        self._remember(rec.id, state, rec.status == "active")
        return state

    async def _private_state(self, rec: MatchRecord, game: Game[Any, Any]) -> BaseState:
        """A state of ``rec`` that the caller may change in place.

        The cached state itself when nobody else holds it (it is taken out of the cache
        first, so no reader can get it while it changes): readers use a state before their
        next ``await``, but a step being published keeps its :attr:`Applied.state`, and
        then its reference count says so. Otherwise a fresh copy: the cached state's JSON
        read back (``dump`` and ``load`` round-trip exactly; the cheapest deep copy of a
        pydantic state, where loading the stored match would also replay the actions
        after its snapshot, up to 15), or, when nothing is cached at this version, the
        stored match loaded.
        """
        hit = self._states.pop(rec.id, None)
        if hit is not None and hit[0] == rec.version:
            state = hit[1]
            del hit
            if sys.getrefcount(state) == 2:  # ``state`` and getrefcount's own argument
                return state
            copy: BaseState = game.load(game.dump(state))
            return copy
        return await load_state(self.store, game, rec)

    def _remember(self, match_id: int, state: BaseState, live: bool) -> None:
        """Keep (or drop, once the match is over) a match's newest state.

        A state dropped for room that is well past its stored snapshot is queued to be
        written as the snapshot (:meth:`flush_snapshots`, in the background)."""
        if not live:
            self._states.pop(match_id, None)
            self._snapshots.pop(match_id, None)
            return
        self._states[match_id] = (state.version, state)
        self._states.move_to_end(match_id)
        while len(self._states) > self.cache_size:
            old_id, (version, old) = self._states.popitem(last=False)
            snap = self._snapshots.pop(old_id, version)
            if version - snap >= self.snapshot_lag:
                self._dropped.append((old_id, old))
        if self._dropped and self._flushing is None:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:  # no loop running (a synchronous caller): left queued
                return
            self._flushing = loop.create_task(self.flush_snapshots())

    async def flush_snapshots(self, everything: bool = False) -> int:
        """Write the queued states as their matches' snapshots; with ``everything``, also
        every cached state past its snapshot (a clean shutdown: the next start replays
        nothing). A match that moved on meanwhile is skipped (the store checks the
        version). Returns the number written."""
        written = 0
        try:
            if everything:
                for mid, (version, state) in list(self._states.items()):
                    if version > self._snapshots.get(mid, version):
                        self._dropped.append((mid, state))
            while self._dropped:
                mid, state = self._dropped.pop()
                game = self.registry.get(state.game)
                if game is None or state.result is not None:
                    continue
                if await self.store.save_snapshot(mid, state.version, game.dump(state)):
                    written += 1
                    if self._states.get(mid, (None,))[0] == state.version:
                        self._snapshots[mid] = state.version
        finally:
            self._flushing = None
        return written

    async def live_matches(self, user_id: int) -> list[MatchRecord]:
        """Active matches in which ``user_id`` still plays, newest first.

        A seat that left an N-seat match (``BaseState.left``) while play goes on no longer
        counts: its live-match slot is released, and /matches and /forfeit skip it.
        """
        out = []
        for rec in await self.store.live_matches(user_id):
            game = self.registry.get(rec.game)
            if game is None:
                out.append(rec)
                continue
            left = (await self.cached_state(rec, game)).left
            if any(u == user_id and s not in left for s, u in enumerate(rec.seats)):
                out.append(rec)
        return out

    @staticmethod
    def check_playing(state: BaseState, seat: int) -> None:
        """Refuse a seat that left the match (it is never asked anything again)."""
        if seat in state.left:
            raise NotYourDecision("You have left this match.")

    @staticmethod
    def seat_of(rec: MatchRecord, user_id: int) -> int:
        """The seat of a user in a match, or a refusal."""
        try:
            return rec.seats.index(user_id)
        except ValueError:
            raise NotYourDecision("You are not playing in this match.") from None

    async def turn_seconds_for(self, guild_id: int | None) -> float:
        """Seconds per decision in a guild (its setting, else the default); cached."""
        if guild_id is None:
            return self.turn_seconds
        if guild_id not in self._turn_seconds:
            value = await self.store.guild_setting(guild_id, "turn_seconds", self.turn_seconds)
            self._turn_seconds[guild_id] = float(value)
        return self._turn_seconds[guild_id]

    async def set_turn_seconds(self, guild_id: int, seconds: float) -> None:
        """Change a guild's seconds per decision (stored, and the cache refreshed)."""
        await self.store.set_guild_setting(guild_id, "turn_seconds", seconds)
        self._turn_seconds[guild_id] = float(seconds)

    # ------------------------------------------------------------------- start
    async def open_match(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game_id: str,
        options: dict[str, Any],
        seats: list[int],
        seed: int | None = None,
        rated: bool = True,
        challenge_id: int | None = None,
        lobby: tuple[int, list[int]] | None = None,
        pairing: tuple[int, int, int] | None = None,
        ai: dict[int, str] | None = None,
    ) -> tuple[MatchRecord, BaseState]:
        """Set up a new match in the engine and store it.

        With ``challenge_id``, accepting that challenge and storing the match are one
        transaction (the match is marked ``opening`` until its board is posted); a
        challenge that is no longer open is refused and nothing is stored. ``lobby``
        (table id, its players as seen) does the same for an N-seat table: a table that
        closed or whose players changed meanwhile is refused and nothing is stored.
        ``pairing`` (tournament, round, slot) creates a tournament pairing's match and
        links it in one transaction; a pairing that has its match already is refused.
        ``ai`` (seat to level) is kept with the match's options
        (:data:`referee.ai_seats.AI_KEY`): the seats the AI plays.
        """
        game = self.game(game_id)
        opts = game.parse_options(options)
        seed = self.new_seed() if seed is None else seed
        state = game.setup(opts, len(seats), seed)
        deadline = self.clock() + await self.turn_seconds_for(guild_id) * game.timer_share(
            state)
        fields: dict[str, Any] = dict(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game_id,
            options={**with_ai(opts.model_dump(mode="json"), ai or {}),
                     FAIR_KEY: new_fairness(seed)},  # secret until the match is over
            seats=seats,
            state=game.dump(state),
            version=state.version,
            deadline=deadline,
            rated=rated,
        )
        if pairing is not None:
            paired = await self.store.start_pairing(*pairing, **fields)
            if paired is None:
                raise IllegalAction("This pairing has its match already.")
            rec = paired
        elif lobby is not None:
            started = await self.store.start_lobby(lobby[0], lobby[1], **fields)
            if started is None:
                raise IllegalAction("This table changed meanwhile; look at it again.")
            rec = started
        elif challenge_id is None:
            rec = await self.store.create_match(**fields)
        else:
            found = await self.store.accept_challenge(challenge_id, **fields)
            if found is None:
                raise IllegalAction("This challenge was already answered.")
            rec = found
        self._snapshots[rec.id] = state.version
        self._remember(rec.id, state, True)
        return rec, state

    # ------------------------------------------------------------------ actions
    async def act(
        self,
        match_id: int,
        user_id: int,
        aid: str,
        version: int | None,
        interaction_id: int | None = None,
        seat: int | None = None,
    ) -> Applied:
        """Apply the action ``aid`` of ``user_id`` if ``version`` is still current.

        ``seat`` is the seat the button was made for: a click by another player is refused.
        The same interaction delivered twice is refused as :class:`AlreadyDone`: the
        commit records it, and only a refused click asks whether it was (one read less
        per click).
        """
        async with self.lock(match_id):
            for attempt in range(_RETRIES):
                try:
                    return await self._act(match_id, user_id, aid, version, interaction_id,
                                           seat)
                except _Conflict:
                    # Another process committed to this match between our read and our
                    # write: read again; the seat-scoped check decides whether this choice
                    # still stands (a rival's commit does not make it stale).
                    if attempt + 1 < _RETRIES:
                        continue
                    err: EngineError = StaleAction(STALE)
                except EngineError as exc:
                    err = exc
                if interaction_id is not None and await self.store.interaction_seen(
                        interaction_id):
                    raise AlreadyDone("Already done: that click was processed.") from None
                raise err
            raise AssertionError("unreachable")  # pragma: no cover

    async def _act(self, match_id: int, user_id: int, aid: str, version: int | None,
                   interaction_id: int | None, seat: int | None) -> Applied:
        """:meth:`act` under the match's lock."""
        rec, game, state = await self.load(match_id)
        if rec.status != "active":
            raise MatchOver("This match is over.")
        mine = self.seat_of(rec, user_id)
        if seat is not None and seat != mine:
            raise NotYourDecision("That button belongs to the other player.")
        seat = mine
        self.check_playing(state, seat)
        before = pending_seats(game, state)
        is_sealed = sealed(game, state, seat)
        if version is not None and version != state.version:
            if not await self.still_current(rec, game, state, seat, version):
                game.check_version(state, version)  # raises the stale refusal
            version = None  # chosen from a board that is still this seat's: no refusal
        del state  # so that the referee may own the cached state (see _private_state)
        # Played on a state nobody else holds; legality is checked once (perform).
        action, new, events = game.perform(await self._private_state(rec, game), seat,
                                           aid, version, owned=True)
        timeouts = list(rec.timeouts or [0] * len(rec.seats))
        timeouts[seat] = 0
        log = ActionLog(
            match_id=match_id,
            version=new.version,
            seat=seat,
            action=action.model_dump(mode="json") if action is not None else None,
        )
        applied = await self._commit(rec, game, new, events, log, timeouts, seat,
                                     before, interaction_id)
        fair = fairness_of(rec)
        if (is_sealed or game.seals(log.action)) and fair is not None:
            applied.sealed = commitment(fair["salt"], match_id, new.version, seat, log.action)
        return applied

    async def still_current(self, rec: MatchRecord, game: Game[Any, Any], state: BaseState,
                            seat: int, version: int) -> bool:
        """Whether a choice ``seat`` made from the board at ``version`` (older than the
        match's) still stands: seat-scoped conflict rules.

        A click is stale only if what it was chosen from changed *for that seat*. While
        a seat decides in a simultaneous reveal (Sushido's Hajime, World of Fighters'
        movement and action, a Mortal Kombat pick or discard), the other seats' commits
        are buffered unseen: its hand, its prompt and every public fact its choice depends
        on stay as they were. So the choice stands when the seat is still asked a
        simultaneous decision it has not committed, and every step since ``version`` is
        an ordinary action of *another* seat (no timeout, forfeit or abort, nothing of this
        seat's own: its decision was not consumed, so the phase cannot have resolved, as a
        reveal waits for every seat). Anything else (a turn-based prompt, the seat's own
        earlier click, a gap in the log) keeps the version rule. Whether the action is
        still legal is the engine's to say, as for any click.
        """
        if version > state.version or version < 0:
            return False
        prompt = game.prompt(state, seat)
        if prompt is None or prompt.committed or not prompt.simultaneous:
            return False
        rows = await self.store.action_log(rec.id, after=version)
        rows = [r for r in rows if r.version <= state.version]
        if [r.version for r in rows] != list(range(version + 1, state.version + 1)):
            return False
        return all(r.note == "" and r.seat is not None and r.seat != seat for r in rows)

    async def forfeit(self, match_id: int, user_id: int) -> Applied:
        """End a match with ``user_id`` conceding."""
        async with self.lock(match_id):
            rec, game, state = await self.load(match_id)
            if rec.status != "active":
                raise MatchOver("This match is over.")
            seat = self.seat_of(rec, user_id)
            self.check_playing(state, seat)
            before = pending_seats(game, state)
            new, events = game.concede(state, seat, "forfeit")
            log = ActionLog(match_id=match_id, version=new.version, seat=seat, action=None,
                            note="forfeit")
            timeouts = list(rec.timeouts or [0] * len(rec.seats))
            return await self._commit(rec, game, new, events, log, timeouts, seat, before)

    async def expire(self, match_id: int, version: int) -> Applied | None:
        """Apply the timeout default to every seat still deciding at ``version``.

        Only the decision that timed out is played (once per seat); a later decision of
        the same seat gets a fresh timer. A seat reaching the consecutive-timeout limit
        forfeits instead (:meth:`Game.concede`: in an N-seat match it leaves and play goes
        on; several at the limit at once all leave in this step, lowest seat first, until
        one seat is left; the log row names the first, ``action["also"]`` the others;
        the other timed-out decisions get a fresh timer). A seat that left is never pending (the
        game's ``on_leave`` dropped its prompts), so it is never timed or pinged again.
        Returns None when the match moved on (nothing to do).
        """
        async with self.lock(match_id):
            rec, game, state = await self.load(match_id)
            if rec.status != "active" or rec.version != version:
                return None
            before = pending_seats(game, state)
            before = {s: k for s, k in before.items()
                      if rec.seats[s] not in self.untimed and not is_virtual(rec.seats[s])}
            if not before:  # only an AI seat is deciding: it is on its way
                return None
            timeouts = list(rec.timeouts or [0] * len(rec.seats))
            for seat in before:
                timeouts[seat] += 1
            losers = sorted(s for s in before if timeouts[s] >= self.max_timeouts)
            events: list[Event] = []
            new = state
            if losers:
                new, events = game.concede(state, losers[0], "timeout")
                also: list[int] = []
                for seat in losers[1:]:  # several at the limit at once (N seats): all go
                    if new.result is not None:
                        break
                    new, evs = game.concede(new, seat, "timeout")
                    also.append(seat)
                    events.extend(evs)
                log = ActionLog(match_id=match_id, version=new.version, seat=losers[0],
                                action={"also": also} if also else None,
                                note="timeout-forfeit")
            else:
                steps: list[dict[str, Any]] = []
                for seat in sorted(before):  # the timed-out decision of each seat, only
                    if new.result is not None or pending_seats(game, new).get(seat) != before[seat]:
                        continue
                    action = game.timeout_action(new, seat)
                    new, evs = game.timeout(new, seat)
                    steps.append({"seat": seat, "action": action.model_dump(mode="json")})
                    events.extend(evs)
                log = ActionLog(match_id=match_id, version=new.version, seat=None,
                                action={"steps": steps}, note="timeout")
            return await self._commit(rec, game, new, events, log, timeouts, None, before)

    async def abort(self, match_id: int, reason: str) -> None:
        """Cancel a match that cannot go on (e.g. no board could be posted); unrated."""
        async with self.lock(match_id):
            rec = await self.store.get_match(match_id)
            if rec is None or rec.status != "active":
                return
            state = rec.state  # the status changes: the snapshot is brought up to date
            if rec.snapshot_version != rec.version:
                game = self.game(rec.game)
                state = game.dump(await self.cached_state(rec, game))
            self._states.pop(match_id, None)
            await self.store.commit_action(
                match_id, expected_version=rec.version, state=state, version=rec.version,
                events=[(None, "match_aborted", {"reason": reason})],
                log=ActionLog(match_id=match_id, version=rec.version, seat=None, action=None,
                              note=f"aborted: {reason}"),
                deadline=None, timeouts=list(rec.timeouts), status="aborted")

    # ------------------------------------------------------------------ commit
    async def _commit(
        self,
        rec: MatchRecord,
        game: Game[Any, Any],
        new: BaseState,
        events: list[Event],
        log: ActionLog,
        timeouts: list[int],
        seat: int | None,
        before: dict[int, str],
        interaction_id: int | None = None,
    ) -> Applied:
        outcome = game.outcome(new)
        results: list[ResultRow] | None = None
        deadline: float | None = None
        status = "active"
        if outcome is not None:
            status = "finished"
            labels = (game.sim_labels(new) if type(game).sim_labels is not Game.sim_labels
                      else [""] * len(rec.seats))  # no "seat0": the ladder shows names
            results = [
                ResultRow(seat=s, user_id=uid, rank=outcome.ranks[s],
                          forfeited=s in outcome.forfeited, label=labels[s])
                for s, uid in enumerate(rec.seats)
            ]
        else:
            share = game.timer_share(new)
            deadline = self.clock() + await self.turn_seconds_for(rec.guild_id) * share
        # The whole state only every ``snapshot_every`` versions and when the status
        # changes; otherwise the log row (same transaction) carries the match forward.
        snap = status != "active" or new.version - rec.snapshot_version >= self.snapshot_every
        raw = game.dump(new) if snap else None
        ok = await self.store.commit_action(
            rec.id,
            expected_version=rec.version,
            state=raw,
            version=new.version,
            events=[(list(e.audience) if e.audience is not None else None, e.kind, e.data)
                    for e in events],
            log=log,
            deadline=deadline,
            timeouts=timeouts,
            status=status,
            results=results,
            interaction_id=interaction_id,
        )
        if not ok:
            self._states.pop(rec.id, None)  # another writer moved on: reload next time
            raise _Conflict(STALE)
        self._snapshots[rec.id] = new.version if raw is not None else rec.snapshot_version
        self._remember(rec.id, new, status == "active")
        updated = rec.model_copy(update={
            "state": rec.state if raw is None else raw,
            "state_version": rec.snapshot_version if raw is None else None,
            "version": new.version, "deadline": deadline,
            "timeouts": timeouts, "status": status, "reminded": False,
        })
        return Applied(updated, new, events, seat, outcome, before, pending_seats(game, new),
                       rec.version)
