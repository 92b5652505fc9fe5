"""Version 6: tournaments (``/tournament``), their entrants, rounds and pairings.

``tournaments`` holds one row per event: where it runs (its sign-up and standings
message), its organiser, game, format and options (JSON: Swiss rounds, series matches,
level, sealed), its ``status`` (``signup``, ``running``, ``closing``: the last result is
in and the final standings not yet posted, ``finished``, ``cancelled``) and
the current ``round`` (0 before the start). ``tournament_entrants`` holds the players in
sign-up order (``position``), their seed once started, whether they dropped and, in a
sealed event, their pool's seed and the deck they registered from it (NULL: the deck the
game builds from the pool). ``tournament_rounds`` holds one row per paired round (its
pairings message, once posted). ``tournament_pairings`` holds who meets whom in each
round and bracket slot (``b_id`` NULL: a bye), the match that plays it (``match_id``,
set in the transaction that creates the match) and, once ``done``, its winner (NULL: a
draw, or both sides dropped when ``forfeit``). A round is paired in the transaction that
records the last result of the previous one, so a restart resumes where it stopped.
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,
    organiser_id  INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    format        TEXT    NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}',
    status        TEXT    NOT NULL DEFAULT 'signup',
    round         INTEGER NOT NULL DEFAULT 0,
    created_at    REAL    NOT NULL
);

CREATE INDEX tournaments_live ON tournaments (status)
    WHERE status IN ('signup', 'running', 'closing');

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    position      INTEGER NOT NULL,
    seed          INTEGER,
    dropped       INTEGER NOT NULL DEFAULT 0,
    pool          INTEGER,
    deck          TEXT,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    message_id    INTEGER,
    created_at    REAL    NOT NULL,
    PRIMARY KEY (tournament_id, round)
);

CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    slot          INTEGER NOT NULL,
    a_id          INTEGER NOT NULL,
    b_id          INTEGER,
    match_id      INTEGER REFERENCES matches (id) ON DELETE SET NULL,
    status        TEXT    NOT NULL DEFAULT 'pending',
    winner_id     INTEGER,
    forfeit       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, round, slot)
);

CREATE UNIQUE INDEX tournament_pairings_match ON tournament_pairings (match_id);
"""

MIGRATION = Migration(version=6, name="tournaments", script=SCRIPT)
"""Tournaments, entrants, rounds and pairings."""
