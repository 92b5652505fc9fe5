"""The sandbox's web server (aiohttp): a JSON API and a plain HTML/JS page.

Routes:

- ``GET /``: the start page (pick a game, its options, the players' names).
- ``GET /t/{match}``: a table's page; ``?seat=TOKEN`` makes it that seat's page.
- ``GET /api/games``: every game of the registry and its options.
- ``GET /api/texts``: the page texts from the bot's catalog, and the languages.
- ``GET /api/tables``: the tables still playing (spectator links only).
- ``POST /api/tables``: ``{game, seats, options, names, ai, decks}`` opens a table;
  answers its seat links (one per person's seat, for as many tabs; none for an AI seat).
  ``ai`` is a level (an AI in every seat but the first) or one level-or-null per seat;
  ``decks`` one entry per seat (:func:`sandbox.decks.codes`).
- ``GET /api/tables/{match}?seat=TOKEN``: what that seat (or a spectator) may see;
  with ``after=VERSION&status=STATUS`` only ``{"same": true}`` while the match has not
  moved (``wait=SECONDS``, up to 25: first wait that long for it to move).
- ``GET /api/tables/{match}/board.png``: the board picture, from the spectator view.
- ``GET /api/decks?game=ID``, ``POST /api/decks`` ``{game, name, text, leader}``: the decks
  saved in the sandbox.
- ``POST /api/tables/{match}/act``: ``{seat, aid, version, nonce}``, one click.
- ``POST /api/tables/{match}/forfeit``: ``{seat}``.

Bad input gets a JSON ``{"error": "..."}`` in plain words and changes nothing. The
server listens on 127.0.0.1 only. Every answer speaks the page's language: ``?lang=fr``
(the page's language picker), else the browser's ``Accept-Language``, else English.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from engine.core import EngineError, MatchOver, NotYourDecision, StaleAction
from engine.games import REGISTRY
from referee.i18n import CATALOGS, DEFAULT, LOCALES, reason, resolve
from referee.service import AlreadyDone, NoSuchMatch
from sandbox import decks as sandbox_decks
from sandbox.tables import Refused, Sandbox

STATIC = Path(__file__).parent / "static"
SANDBOX: web.AppKey[Sandbox] = web.AppKey("sandbox", Sandbox)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


WAIT_SECONDS = 25.0
"""Longest a question may wait for its match to move before it is answered anyway (the
page itself asks without waiting, a few times a second: a browser opens at most six
connections to one server, and a table of tabs holding one each would starve)."""

LANGUAGES = {"en-US": "English", "fr": "Français"}
"""The page's language picker (a language of :data:`referee.i18n.LOCALES`)."""


def lang(request: web.Request) -> str:
    """The page's language: ``?lang=``, else the browser's first Accept-Language."""
    chosen = request.query.get("lang", "")
    if chosen:
        return resolve(chosen)
    header = request.headers.get("Accept-Language", "")
    first = header.split(",")[0].split(";")[0].strip()
    return resolve(first) if first else DEFAULT


def texts(loc: str) -> dict[str, str]:
    """The page texts (``sandbox.ui.*``) and the AI levels' names, in ``loc``."""
    out: dict[str, str] = {}
    for catalog in (CATALOGS[DEFAULT], CATALOGS[loc]):
        for key, value in catalog.items():
            if isinstance(value, str) and key.startswith("sandbox.ui."):
                out[key.removeprefix("sandbox.ui.")] = value
            elif isinstance(value, str) and key.startswith("practice.level."):
                out[key.removeprefix("practice.")] = value
    return out


def refusal(exc: EngineError, loc: str = DEFAULT) -> web.Response:
    """A refusal as JSON with a fitting status, in ``loc``; nothing was changed."""
    status = 400
    if isinstance(exc, Refused):
        status = exc.status
    elif isinstance(exc, NoSuchMatch):
        status = 404
    elif isinstance(exc, StaleAction | AlreadyDone | MatchOver | NotYourDecision):
        status = 409
    return web.json_response({"error": reason(exc, loc)}, status=status)


@web.middleware
async def refusals(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Turn every engine or sandbox refusal into a clear JSON answer."""
    try:
        return await handler(request)
    except EngineError as exc:
        return refusal(exc, lang(request))


def match_id(request: web.Request) -> int:
    """The table number in the URL, or a refusal."""
    raw = request.match_info["match"]
    if not raw.isdigit() or len(raw) > 18:
        raise Refused("no_table", 404)
    return int(raw)


async def body(request: web.Request) -> dict[str, Any]:
    """The JSON object a page posted, or a refusal."""
    try:
        data = await request.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise Refused("not_json") from None
    if not isinstance(data, dict):
        raise Refused("not_object")
    return data


def seat_token(value: Any) -> str | None:
    """A seat token from a query or a body (None when absent)."""
    return value if isinstance(value, str) and value else None


async def index(request: web.Request) -> web.StreamResponse:
    """The start page."""
    return web.FileResponse(STATIC / "index.html")


async def table_page(request: web.Request) -> web.StreamResponse:
    """A table's page (the script reads the seat token from the URL)."""
    match_id(request)  # a malformed number is refused here
    return web.FileResponse(STATIC / "table.html")


async def games(request: web.Request) -> web.Response:
    """Every game and its options."""
    from engine.ai import LEVELS

    return web.json_response({"games": Sandbox.games(lang(request)),
                              "ai_levels": list(LEVELS)})


async def listed(request: web.Request) -> web.Response:
    """The tables still playing."""
    tables = await request.app[SANDBOX].open_tables(lang(request))
    return web.json_response({"tables": tables}, headers={"Cache-Control": "no-store"})


async def decks_saved(request: web.Request) -> web.Response:
    """The decks saved in the sandbox for one game."""
    game = request.query.get("game", "")
    if game not in REGISTRY:
        raise Refused("pick_game")
    return web.json_response({"decks": await sandbox_decks.saved(
        request.app[SANDBOX].store, game)}, headers={"Cache-Control": "no-store"})


async def deck_save(request: web.Request) -> web.Response:
    """Keep a deck (pasted list or code) under a name."""
    data = await body(request)
    game = data.get("game")
    if not isinstance(game, str) or game not in REGISTRY:
        raise Refused("pick_game")
    deck = await sandbox_decks.save(request.app[SANDBOX].store, game, data.get("name"),
                                    data.get("text"), data.get("leader"))
    return web.json_response({"ok": True, "size": deck.size})


async def page_texts(request: web.Request) -> web.Response:
    """The page texts in the page's language, and the languages to pick from."""
    loc = lang(request)
    return web.json_response({
        "lang": loc, "texts": texts(loc),
        "languages": [{"code": code, "name": LANGUAGES[code]} for code in LOCALES]})


async def create(request: web.Request) -> web.Response:
    """Open a table; answer its seat links."""
    data = await body(request)
    sandbox = request.app[SANDBOX]
    rec, tokens = await sandbox.create(data.get("game"), data.get("options"),
                                       data.get("names"), data.get("ai"), lang(request),
                                       data.get("seats"), data.get("decks"))
    table = await sandbox.table(rec)
    names = table.named(lang(request))
    links = [{"name": names[s], "ai": s in table.ai,
              "url": None if s in table.ai else f"/t/{rec.id}?seat={tok}"}
             for s, tok in enumerate(tokens)]
    return web.json_response({"match": rec.id, "seats": links, "watch": f"/t/{rec.id}"})


async def show(request: web.Request) -> web.Response:
    """What one seat (or a spectator) may see now."""
    sandbox = request.app[SANDBOX]
    match = match_id(request)
    after = request.query.get("after", "")
    if after.isdigit() and len(after) < 12:  # a page that has this version
        status = request.query.get("status", "active")
        try:
            hold = min(max(float(request.query.get("wait", "0")), 0.0), WAIT_SECONDS)
        except ValueError:
            hold = 0.0
        if hold:
            await sandbox.wait(match, int(after), status, hold)
        if not await sandbox.moved(match, int(after), status):
            return web.json_response({"same": True}, headers={"Cache-Control": "no-store"})
    page = await sandbox.page(match, seat_token(request.query.get("seat")),
                              lang(request))
    return web.json_response(page, headers={"Cache-Control": "no-store"})


async def board(request: web.Request) -> web.StreamResponse:
    """The public board picture."""
    version, png = await request.app[SANDBOX].picture(match_id(request), lang(request))
    if png is None:
        raise web.HTTPNotFound(text="This game has no board picture.")
    return web.Response(body=png, content_type="image/png",
                        headers={"Cache-Control": "no-store", "X-Version": str(version)})


async def act(request: web.Request) -> web.Response:
    """One click."""
    data = await body(request)
    await request.app[SANDBOX].act(match_id(request), seat_token(data.get("seat")),
                                   data.get("aid"), data.get("version"), data.get("nonce"))
    return web.json_response({"ok": True})


async def forfeit(request: web.Request) -> web.Response:
    """The seat concedes."""
    data = await body(request)
    await request.app[SANDBOX].forfeit(match_id(request), seat_token(data.get("seat")))
    return web.json_response({"ok": True})


def make_app(folder: Path, seed: int | None = None) -> web.Application:
    """The application over the data folder ``folder`` (its SQLite file and key).

    With ``seed``, the n-th match is dealt from ``seed + n`` (reproducible matches)."""
    app = web.Application(middlewares=[refusals], client_max_size=256 * 1024)
    sandbox = Sandbox(folder)
    if seed is not None:
        seeds = itertools.count(seed)
        sandbox.referee.new_seed = lambda: next(seeds)
    app[SANDBOX] = sandbox

    async def lifespan(app: web.Application) -> Any:
        await sandbox.open()
        yield
        await sandbox.close()

    async def wake_pages(app: web.Application) -> None:
        sandbox.closing = True  # the pages waiting for a move are answered at once
        for match in list(sandbox._changes):
            sandbox.changed(match)

    app.cleanup_ctx.append(lifespan)
    app.on_shutdown.append(wake_pages)
    app.router.add_get("/", index)
    app.router.add_get("/t/{match}", table_page)
    app.router.add_get("/api/games", games)
    app.router.add_get("/api/texts", page_texts)
    app.router.add_get("/api/tables", listed)
    app.router.add_post("/api/tables", create)
    app.router.add_get("/api/decks", decks_saved)
    app.router.add_post("/api/decks", deck_save)
    app.router.add_get("/api/tables/{match}", show)
    app.router.add_get("/api/tables/{match}/board.png", board)
    app.router.add_post("/api/tables/{match}/act", act)
    app.router.add_post("/api/tables/{match}/forfeit", forfeit)
    app.router.add_static("/static/", STATIC)
    return app
