"""The web sandbox: play every game in a browser, without Discord.

``python -m sandbox`` (or ``bash scripts/run.sh --sandbox``) serves a page on 127.0.0.1
where one person picks a game, its options, how many players and who plays each seat (a
person, one browser tab per seat, or the AI), and opens a table whose seats are links.
It runs the bot's own engine, referee (:class:`referee.service.Referee`: one
transaction per action, the version guard, double clicks refused), renderers and SQLite
store; it never starts the bot nor connects to Discord.

- :mod:`sandbox.tables`: tables, seat tokens, the AI seats, and what a seat's page shows
  (drawn by the bot's renderers: board, hand, controls, narration, picture).
- :mod:`sandbox.decks`: each seat's deck (a pasted list or code, a precon, a saved deck).
- :mod:`sandbox.markup`: Discord's Markdown as safe HTML.
- :mod:`sandbox.server`: the aiohttp application (JSON API and the static pages).
"""
