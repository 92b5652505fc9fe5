"""Version 4: tables for 2-4 players waiting to start (the N-seat lobby).

``lobbies`` holds one row per table a host opened with ``/host`` or a ``/challenge`` of
several opponents: its game and options, its size (``seats``), the players seated so far
in join order (``players``, JSON, the host first), the invited players (``invited``,
JSON; empty for a table anyone may join: an invited player accepts by taking a seat), its
``status`` (``open``, ``started``, ``cancelled``, ``expired``), its expiry and, once
started, its match. Seating changes are compare-and-set on ``players`` (a double click
or two players racing for the last seat change it once), so a restart loses no table.
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
CREATE TABLE lobbies (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER,
    host_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    seats       INTEGER NOT NULL,
    players     TEXT    NOT NULL DEFAULT '[]',
    invited     TEXT    NOT NULL DEFAULT '[]',
    status      TEXT    NOT NULL DEFAULT 'open',
    expires_at  REAL    NOT NULL,
    match_id    INTEGER REFERENCES matches (id) ON DELETE SET NULL,
    created_at  REAL    NOT NULL
);

CREATE INDEX lobbies_open ON lobbies (expires_at) WHERE status = 'open';
"""

MIGRATION = Migration(version=4, name="lobbies", script=SCRIPT)
"""Open tables of 2-4 seats."""
