"""Version 1: challenges, matches and their logs, results, idempotency, settings, ladder.

JSON columns hold compact JSON text. Times are Unix seconds (REAL). ``ratings.scope`` is
``'global'`` or the guild id as text. ``ratings.ordinal`` is a generated column
(``mu - 3 * sigma``, openskill's default ordinal) so the leaderboard index can never
disagree with ``mu`` and ``sigma``.
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
CREATE TABLE matches (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    thread_id   INTEGER,
    message_id  INTEGER,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    status      TEXT    NOT NULL DEFAULT 'active',
    seats       TEXT    NOT NULL,
    state       TEXT    NOT NULL,
    version     INTEGER NOT NULL,
    deadline    REAL,
    reminded    INTEGER NOT NULL DEFAULT 0,
    timeouts    TEXT    NOT NULL DEFAULT '[]',
    rated       INTEGER NOT NULL DEFAULT 1,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);

CREATE INDEX matches_due ON matches (deadline)
    WHERE status = 'active' AND deadline IS NOT NULL;

CREATE TABLE challenges (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,
    challenger_id INTEGER NOT NULL,
    opponent_id   INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}',
    status        TEXT    NOT NULL DEFAULT 'open',
    expires_at    REAL    NOT NULL,
    match_id      INTEGER REFERENCES matches (id) ON DELETE SET NULL,
    created_at    REAL    NOT NULL
);

CREATE INDEX challenges_open ON challenges (expires_at) WHERE status = 'open';

CREATE TABLE match_seats (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
);

CREATE INDEX match_seats_user ON match_seats (user_id, match_id);

CREATE TABLE match_events (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    version  INTEGER NOT NULL,
    audience TEXT,
    kind     TEXT    NOT NULL,
    data     TEXT    NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;

CREATE TABLE match_actions (
    id       INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,
    seat     INTEGER,
    action   TEXT,
    note     TEXT    NOT NULL DEFAULT ''
);

CREATE INDEX match_actions_match ON match_actions (match_id, id);

CREATE TABLE match_results (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    rank        INTEGER NOT NULL,
    forfeited   INTEGER NOT NULL DEFAULT 0,
    label       TEXT    NOT NULL DEFAULT '',
    guild_id    INTEGER,
    game        TEXT    NOT NULL,
    finished_at REAL    NOT NULL,
    PRIMARY KEY (match_id, seat)
);

CREATE INDEX match_results_user ON match_results (user_id, finished_at);
CREATE INDEX match_results_guild ON match_results (guild_id, game, finished_at);

CREATE TABLE processed_interactions (
    id       INTEGER PRIMARY KEY,
    match_id INTEGER REFERENCES matches (id) ON DELETE CASCADE,
    at       REAL    NOT NULL
);

CREATE INDEX processed_interactions_at ON processed_interactions (at);

CREATE TABLE guild_settings (
    guild_id INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;

CREATE TABLE ratings (
    scope      TEXT    NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    streak     INTEGER NOT NULL DEFAULT 0,
    updated_at REAL    NOT NULL,
    ordinal    REAL GENERATED ALWAYS AS (mu - 3.0 * sigma) VIRTUAL,
    PRIMARY KEY (scope, game, user_id)
);

CREATE INDEX ratings_board ON ratings (scope, game, ordinal DESC, mu DESC);
CREATE INDEX ratings_user ON ratings (user_id);

CREATE TABLE player_prefs (
    user_id               INTEGER PRIMARY KEY,
    hide_from_leaderboard INTEGER NOT NULL DEFAULT 0
);
"""

MIGRATION = Migration(version=1, name="initial", script=SCRIPT)
"""The initial schema."""
