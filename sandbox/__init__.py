"""The web sandbox: play every game in a browser, without Discord.

``python -m sandbox`` (or ``bash scripts/run.sh --sandbox``) serves a page on 127.0.0.1
where one person picks a game and opens a table whose seats are links, one per browser
tab. It runs the bot's own engine, referee (:class:`referee.service.Referee`: one
transaction per action, the version guard, double clicks refused) and SQLite store; it
imports nothing from discord.

- :mod:`sandbox.tables`: tables, seat tokens and what a seat's page may show.
- :mod:`sandbox.narrate`: events as short lines in players' names.
- :mod:`sandbox.server`: the aiohttp application (JSON API and the static page).
"""
