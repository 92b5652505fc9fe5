"""One schema step (:class:`Migration`): what every ``vNNN_<what>.py`` of
:mod:`db.migrations` and :mod:`db.pg_migrations` defines, in a module of its own so that
they import neither list (which imports them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Migration:
    """One schema step: ``script`` moves the database from ``version - 1`` to ``version``."""

    version: int
    name: str
    script: str
