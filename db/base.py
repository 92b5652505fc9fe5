"""The storage contract the cogs talk to; SQLite and PostgreSQL implement it.

Every method is one transaction. ``commit_action`` is the heart: it writes the new
snapshot, its events, the deadline and (when the match ends) the results, guarded by
``WHERE version = expected``; it returns ``False`` when another action won the race.
"""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict

from db.sql import ShardFilter


class MatchRecord(BaseModel):
    """One match row as the cogs see it."""

    model_config = ConfigDict(extra="forbid")

    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None = None
    message_id: int | None = None
    """The public board message (edited in place)."""
    game: str
    options: dict[str, Any] = {}
    status: str = "active"
    """``active``, ``finished`` or ``aborted``."""
    seats: list[int]
    """Discord user id per seat (seat 0 first)."""
    state: str
    """The engine state as JSON: the newest snapshot, at :attr:`snapshot_version`."""
    version: int
    """The match's version (every action bumps it; the version guard compares it)."""
    state_version: int | None = None
    """The version ``state`` was written at when older than :attr:`version` (the actions
    after it are in the log: :func:`referee.snapshots.load_state` replays them); None: the
    snapshot is current."""
    deadline: float | None = None
    """Unix time at which the pending decisions time out (None: no timer)."""
    reminded: bool = False
    """Whether the half-time reminder for the current deadline was sent."""
    timeouts: list[int] = []
    """Consecutive timed-out decisions per seat."""
    rated: bool = True
    created_at: float = 0.0
    updated_at: float = 0.0
    board_version: int | None = None
    """The state version the public board message shows (None: no board yet).

    Written after the board edit succeeded, so ``board_version < version`` is a board the
    reconciler must re-render (the action was committed, the edit never happened)."""
    opening: bool = False
    """True from accepting the challenge until the thread, board and pings are posted."""
    published_version: int | None = None
    """The state version whose public posts (narration, pings, the result) are out.

    Written after Discord accepted them, so ``published_version < version`` is an action
    whose posts the reconciler must still make, from the stored events."""
    table_memory: dict[str, Any] = {}
    """The table's memory of the turn at ``published_version`` (:mod:`cogs.table_memory`)."""

    @property
    def snapshot_version(self) -> int:
        """The version of the stored ``state`` (:attr:`version` when it is current)."""
        return self.version if self.state_version is None else self.state_version


class ChallengeRecord(BaseModel):
    """A challenge waiting for the opponent's answer."""

    model_config = ConfigDict(extra="forbid")

    id: int
    guild_id: int | None
    channel_id: int
    message_id: int | None = None
    challenger_id: int
    opponent_id: int
    game: str
    options: dict[str, Any] = {}
    status: str = "open"
    """``open``, ``accepted``, ``declined``, ``expired`` or ``cancelled``."""
    expires_at: float
    match_id: int | None = None


class LobbyRecord(BaseModel):
    """A table of 2-4 seats waiting to start (``/host``, or ``/challenge`` of several)."""

    model_config = ConfigDict(extra="forbid")

    id: int
    guild_id: int | None
    channel_id: int
    message_id: int | None = None
    host_id: int
    game: str
    options: dict[str, Any] = {}
    seats: int
    """How many seats the table has (it starts by itself when they are all taken)."""
    players: list[int] = []
    """Seated players in join order, the host first (their seats in the match)."""
    invited: list[int] = []
    """Invited players (an invitation table); empty: anyone may join."""
    status: str = "open"
    """``open``, ``started``, ``cancelled`` or ``expired``."""
    expires_at: float
    match_id: int | None = None


class SavedDeck(BaseModel):
    """A deck a player saved (``/deck save``): its name and its shareable code."""

    model_config = ConfigDict(extra="forbid")

    user_id: int
    game: str
    name: str
    code: str
    updated_at: float


class TournamentRecord(BaseModel):
    """A tournament (``/tournament``): where it runs, its game, format and state."""

    model_config = ConfigDict(extra="forbid")

    id: int
    guild_id: int | None
    channel_id: int
    message_id: int | None = None
    """The sign-up message, edited into the standings once started."""
    organiser_id: int
    game: str
    format: str
    options: dict[str, Any] = {}
    """``rounds`` (Swiss), ``matches`` (series), ``level``, ``sealed``."""
    status: str = "signup"
    """``signup``, ``running``, ``closing`` (last result in, final standings not yet
    posted), ``finished`` or ``cancelled``."""
    round: int = 0
    """The round being played (0: not started)."""


class EntrantRecord(BaseModel):
    """A player entered in a tournament."""

    model_config = ConfigDict(extra="forbid")

    tournament_id: int
    user_id: int
    position: int
    """Sign-up order, from 1."""
    seed: int | None = None
    """From 1 once the event started (rating, then sign-up)."""
    dropped: bool = False
    pool: int | None = None
    """A sealed event's pool seed for this player (kept for the whole event)."""
    deck: str | None = None
    """A sealed event: the deck code the player registered from their pool."""


class PairingRecord(BaseModel):
    """Who meets whom in a round of a tournament, and how it ended."""

    model_config = ConfigDict(extra="forbid")

    tournament_id: int
    round: int
    slot: int
    a_id: int
    b_id: int | None = None
    """None: ``a_id`` has a bye."""
    match_id: int | None = None
    status: str = "pending"
    """``pending`` (to open, or being played) or ``done``."""
    winner_id: int | None = None
    forfeit: bool = False
    """Decided without a finished match (a bye, a drop)."""


class PairingResult(BaseModel):
    """A pairing's result as the tournament records it."""

    model_config = ConfigDict(extra="forbid")

    slot: int
    winner_id: int | None
    forfeit: bool = False


class EventRecord(BaseModel):
    """One stored engine event."""

    model_config = ConfigDict(extra="forbid")

    match_id: int
    seq: int
    version: int
    """The state version the event's action produced."""
    audience: list[int] | None
    kind: str
    data: dict[str, Any]


class ActionLog(BaseModel):
    """One applied action, for replays: who did what at which version."""

    model_config = ConfigDict(extra="forbid")

    match_id: int
    version: int
    """The version the action produced."""
    seat: int | None
    action: dict[str, Any] | None
    """The engine action as data; None for a timeout/forfeit applied by the referee."""
    note: str = ""


class ResultRow(BaseModel):
    """One seat's result in a finished match (written with the final action)."""

    model_config = ConfigDict(extra="forbid")

    seat: int
    user_id: int
    rank: int
    forfeited: bool = False
    label: str = ""
    """The fighter or character the seat played."""


class Store(Protocol):
    """What the bot needs from persistence.

    Implementations: :class:`db.sqlite.SqliteStore`, :class:`db.postgres.PostgresStore`.
    """

    async def open(self) -> None:
        """Connect and apply pending migrations."""

    async def close(self) -> None:
        """Close the connection."""

    # ---------------------------------------------------------------- challenges
    async def create_challenge(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        challenger_id: int,
        opponent_id: int,
        game: str,
        options: dict[str, Any],
        expires_at: float,
    ) -> ChallengeRecord:
        """Store a new open challenge."""

    async def get_challenge(self, challenge_id: int) -> ChallengeRecord | None:
        """A challenge by id."""

    async def set_challenge_message(self, challenge_id: int, message_id: int) -> None:
        """Remember the message that carries the Accept/Decline buttons."""

    async def close_challenge(
        self, challenge_id: int, status: str, match_id: int | None = None
    ) -> bool:
        """Move an open challenge to ``status``; False if it was no longer open."""

    async def open_challenges(self, shards: ShardFilter | None = None) -> list[ChallengeRecord]:
        """Every open challenge (to expire them after a restart); with ``shards``, only
        those of the guilds on these shards (:func:`db.sql.shard_sql`)."""

    # --------------------------------------------------------------- saved decks
    async def save_deck(self, user_id: int, game: str, name: str, code: str) -> bool:
        """Save (or replace) ``user_id``'s deck ``name`` of ``game``; True when new."""

    async def get_deck(self, user_id: int, game: str, name: str) -> SavedDeck | None:
        """``user_id``'s deck called ``name`` (any case), or None."""

    async def user_decks(self, user_id: int, game: str | None = None) -> list[SavedDeck]:
        """``user_id``'s saved decks (of ``game``, or of every game), by game then name."""

    async def delete_deck(self, user_id: int, game: str, name: str) -> bool:
        """Delete ``user_id``'s deck ``name`` of ``game``; False when there was none."""

    # ----------------------------------------------------------- player languages
    async def set_player_locale(self, user_id: int, locale: str) -> None:
        """Remember ``locale`` as ``user_id``'s language (replacing the one before)."""

    async def player_locales(self, limit: int) -> dict[int, str]:
        """The languages of the ``limit`` players whose language changed most recently."""

    # ------------------------------------------------------------------- lobbies
    async def create_lobby(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        game: str,
        options: dict[str, Any],
        seats: int,
        invited: list[int],
        expires_at: float,
    ) -> LobbyRecord:
        """Store a new open table with its host seated."""

    async def get_lobby(self, lobby_id: int) -> LobbyRecord | None:
        """A table by id."""

    async def set_lobby_message(self, lobby_id: int, message_id: int) -> None:
        """Remember the message that carries the table's buttons."""

    async def seat_lobby(self, lobby_id: int, expected: list[int], players: list[int]
                         ) -> bool:
        """Replace an open table's players ``expected`` by ``players`` (a join or a
        leave); False, writing nothing, when the table is no longer open or its players
        changed meanwhile (a double click, a race for the last seat)."""

    async def close_lobby(self, lobby_id: int, status: str) -> bool:
        """Move an open table to ``status`` (``cancelled``, ``expired``); False if it
        was no longer open."""

    async def open_lobbies(self, shards: ShardFilter | None = None) -> list[LobbyRecord]:
        """Every open table (to expire them, also after a restart); with ``shards``, only
        those of the guilds on these shards."""

    async def lobby_of_match(self, match_id: int) -> LobbyRecord | None:
        """The started table that opened a match, if any."""

    async def start_lobby(
        self,
        lobby_id: int,
        players: list[int],
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seats: list[int],
        state: str,
        version: int,
        deadline: float | None,
        rated: bool = True,
    ) -> MatchRecord | None:
        """Close an open table as started and create its match (marked ``opening``) in
        one transaction, if its players are still ``players`` (join order; ``seats`` is
        the match's seat order); else None, writing nothing."""

    # --------------------------------------------------------------- tournaments
    async def create_tournament(self, *, guild_id: int | None, channel_id: int,
                                organiser_id: int, game: str, format: str,
                                options: dict[str, Any]) -> TournamentRecord:
        """Store a new tournament open for sign-up."""

    async def get_tournament(self, tournament_id: int) -> TournamentRecord | None:
        """A tournament by id."""

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the sign-up (then standings) message."""

    async def live_tournaments(self, shards: ShardFilter | None = None
                               ) -> list[TournamentRecord]:
        """Tournaments in sign-up or running, oldest first; with ``shards``, only those of
        the guilds on these shards."""

    async def enter_tournament(self, tournament_id: int, user_id: int) -> bool:
        """Sign a player up; False when not in sign-up or already entered."""

    async def leave_tournament(self, tournament_id: int, user_id: int) -> bool:
        """Take a player off the sign-up list; False when not in sign-up or not entered."""

    async def entrants(self, tournament_id: int) -> list[EntrantRecord]:
        """The entrants in sign-up order."""

    async def start_tournament(self, tournament_id: int, seeds: list[int],
                               pools: dict[int, int], first: list[tuple[int, int | None]],
                               results: list[PairingResult]) -> bool:
        """Close the sign-up, record the seeds (user ids, best first), pair round 1
        (``first``, in slot order) and record the pairings decided at once (byes), in one
        transaction; False, writing nothing, when the event is no longer in sign-up."""

    async def pairings(self, tournament_id: int) -> list[PairingRecord]:
        """Every pairing, by round then slot."""

    async def start_pairing(self, tournament_id: int, round: int, slot: int, *,
                            guild_id: int | None, channel_id: int, game: str,
                            options: dict[str, Any], seats: list[int], state: str,
                            version: int, deadline: float | None, rated: bool = True
                            ) -> MatchRecord | None:
        """Create a pending pairing's match (marked ``opening``) and link it, in one
        transaction; None, writing nothing, when the pairing has a match or is done."""

    async def settle_round(self, tournament_id: int, round: int,
                           results: list[PairingResult],
                           following: list[tuple[int, int | None]] | None,
                           next_results: list[PairingResult], finished: bool) -> bool:
        """Record ``results`` of ``round`` (pairings still pending only) and, when
        ``following`` is given, pair the next round (with its decided ``next_results``),
        or with ``finished`` close the event (``closing`` until its final post,
        :meth:`close_tournament`); one transaction. The round moves only from
        ``round`` (False, writing nothing, when another step moved it first)."""

    async def close_tournament(self, tournament_id: int) -> bool:
        """Mark a ``closing`` event ``finished`` once its final standings are posted
        (False when it was not closing)."""

    async def drop_entrant(self, tournament_id: int, user_id: int) -> bool:
        """Mark an entrant of a running event as dropped; False if not entered or gone."""

    async def cancel_tournament(self, tournament_id: int) -> bool:
        """Cancel an event in sign-up or running; False when it was already over."""

    async def reopen_pairing(self, tournament_id: int, round: int, slot: int,
                             match_id: int) -> bool:
        """Unlink a pending pairing's match (aborted) so that it is opened again."""

    async def set_round_message(self, tournament_id: int, round: int, message_id: int
                                ) -> bool:
        """Remember a round's pairings message; False when it was already posted."""

    async def round_messages(self, tournament_id: int) -> dict[int, int | None]:
        """Each paired round's pairings message (None: not posted yet)."""

    async def tournament_of_match(self, match_id: int) -> int | None:
        """The tournament a match plays a pairing of, if any."""

    async def set_entrant_deck(self, tournament_id: int, user_id: int, code: str) -> bool:
        """Register a sealed deck for an entrant still in a running event; else False."""

    async def ratings_of(self, scope: str, game: str, users: list[int]) -> dict[int, float]:
        """The ladder's conservative rating (``mu - 3 sigma``) of each rated user (seeding)."""

    # ------------------------------------------------------------------- matches
    async def create_match(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seats: list[int],
        state: str,
        version: int,
        deadline: float | None,
        rated: bool = True,
    ) -> MatchRecord:
        """Store a new active match."""

    async def get_match(self, match_id: int) -> MatchRecord | None:
        """A match by id."""

    async def set_match_message(self, match_id: int, thread_id: int, message_id: int) -> None:
        """Remember the match thread and its public board message."""

    async def accept_challenge(
        self,
        challenge_id: int,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seats: list[int],
        state: str,
        version: int,
        deadline: float | None,
        rated: bool = True,
    ) -> MatchRecord | None:
        """Close an open challenge as accepted and create its match (marked ``opening``)
        in one transaction; None, writing nothing, if the challenge was no longer open."""

    async def set_match_thread(self, match_id: int, thread_id: int) -> None:
        """Remember where a match's board goes (its thread, or the channel itself)."""

    async def set_board_message(self, match_id: int, message_id: int, version: int) -> None:
        """A board message showing ``version`` was posted: it becomes the match's board."""

    async def set_board_version(self, match_id: int, message_id: int, version: int) -> bool:
        """The board was edited to show ``version`` (never moves backwards)."""

    async def finish_opening(self, match_id: int, version: int, deadline: float | None) -> None:
        """Clear the opening mark; the first deadline restarts (if still at ``version``)."""

    async def unsettled_matches(self) -> list[MatchRecord]:
        """Active matches still opening, and matches whose board or posts are older than
        their state, the most recently played first."""

    async def set_published(self, match_id: int, version: int,
                            memory: dict[str, Any]) -> bool:
        """The posts of ``version`` are out: record it with the table's ``memory`` (JSON).

        One ``UPDATE matches SET published_version = ?, table_memory = ? WHERE id = ? AND
        (published_version IS NULL OR published_version <= ?)``: never moves backwards
        (the same version may rewrite the memory); False when nothing was written."""

    async def set_shown(self, match_id: int, version: int, memory: dict[str, Any],
                        message_id: int, board_version: int) -> None:
        """:meth:`set_published` (``version``, ``memory``) and :meth:`set_board_version`
        (``message_id`` edited to show ``board_version``) in one write, each under its
        own never-backwards rule."""

    async def challenge_of_match(self, match_id: int) -> ChallengeRecord | None:
        """The accepted challenge that opened a match, if any."""

    async def commit_action(
        self,
        match_id: int,
        *,
        expected_version: int,
        state: str | None,
        version: int,
        events: list[tuple[list[int] | None, str, dict[str, Any]]],
        log: ActionLog | None,
        deadline: float | None,
        timeouts: list[int],
        status: str = "active",
        results: list[ResultRow] | None = None,
        interaction_id: int | None = None,
    ) -> bool:
        """Write one applied action atomically; False when ``expected_version`` is stale.

        ``state`` is the new snapshot (``state_version`` cleared), or None to keep the
        stored snapshot (``state_version`` then names its version): the action's log row,
        written in the same transaction, is what carries the match forward.

        ``events`` are ``(audience, kind, data)``. ``results`` is given with the action
        that ends the match; the store records them and updates ratings in the same
        transaction. ``interaction_id`` is recorded as processed in that transaction too.
        """

    async def mark_reminded(self, match_id: int, version: int) -> None:
        """Note that the half-time reminder for ``version``'s deadline was sent."""

    async def save_snapshot(self, match_id: int, version: int, state: str) -> bool:
        """Write ``state`` as the snapshot of a live match still at ``version`` whose stored
        snapshot is older (the log's tail after it is then never replayed); False, with
        nothing written, when the match moved on, ended, or its snapshot is current."""

    async def interaction_seen(self, interaction_id: int) -> bool:
        """True if this Discord interaction was already processed."""

    async def live_matches(self, user_id: int) -> list[MatchRecord]:
        """Active matches in which the user holds a seat, newest first."""

    async def guild_matches(self, guild_id: int, limit: int) -> list[MatchRecord]:
        """This server's active matches (anyone's), newest first, at most ``limit``."""

    async def due_matches(self, now: float, shards: ShardFilter | None = None
                          ) -> list[MatchRecord]:
        """Active matches past their deadline, or past half of it and not yet reminded;
        with ``shards``, only those of the guilds on these shards."""

    async def events(self, match_id: int) -> list[EventRecord]:
        """Every stored event of a match, in order."""

    async def action_log(self, match_id: int, after: int | None = None) -> list[ActionLog]:
        """Every applied action of a match, in order (for replays); with ``after``, only
        those that produced a later version (the tail after a snapshot)."""

    # --------------------------------------------------------------- guild settings
    async def guild_setting(self, guild_id: int, key: str, default: Any) -> Any:
        """A per-guild setting (e.g. ``turn_seconds``), or ``default``."""

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        """Set a per-guild setting."""

    async def delete_guild_setting(self, guild_id: int, key: str) -> None:
        """Remove a per-guild setting (nothing happens when there is none)."""
