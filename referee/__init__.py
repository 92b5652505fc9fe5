"""The referee: Hajime's application layer, between the Discord surface and engine/db.

The match service (:mod:`referee.service`), snapshots, AI seats, tournament texts, the
language catalogs (:mod:`referee.i18n`) and every text and picture a player reads that is
not a Discord object (:mod:`referee.render`). Nothing here imports ``discord`` or ``cogs``
(``tests/test_ast_guard.py`` checks it): ``cogs/`` turns what this package builds into
Discord messages, and the sandbox (``python -m sandbox``) and the benches use it directly.
"""
