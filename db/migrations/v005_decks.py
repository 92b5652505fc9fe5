"""Version 5: saved decks (``/deck save``), per user and per game.

``saved_decks`` holds one row per deck a player saved: its owner, its game, its name as
typed (``name``) and the same name folded to lower case (``name_key``, unique per owner
and game, so ``Ice`` and ``ice`` are one deck), its shareable code (the engine's deck
code, validated before it is stored) and when it was last saved.
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
CREATE TABLE saved_decks (
    user_id     INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    name_key    TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    code        TEXT    NOT NULL,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (user_id, game, name_key)
);
"""

MIGRATION = Migration(version=5, name="decks", script=SCRIPT)
"""Saved decks."""
