"""Version 8: the players' client languages, remembered across restarts.

``player_locales`` holds the Discord client locale last seen on each player's interactions
(resolved to a language the bot speaks) and when it last changed. A server that chose no
language shows a match in the language all its players share
(:func:`cogs.i18n_discord.match_locale`); with this table that still holds after a restart.
A row is written only when a player's language changes, never once per click.
"""

from __future__ import annotations

from db.migration import Migration

SCRIPT = """
CREATE TABLE player_locales (
    user_id     INTEGER PRIMARY KEY,
    locale      TEXT    NOT NULL,
    seen_at     REAL NOT NULL
);
CREATE INDEX player_locales_by_seen ON player_locales (seen_at);
"""

MIGRATION = Migration(version=8, name="player_locales", script=SCRIPT)
"""The players' client languages."""
