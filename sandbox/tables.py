"""Sandbox tables: matches in the bot's store, played through the bot's referee.

A table is a stored match (:class:`db.sqlite.SqliteStore`) whose seats are links. Each
seat's link carries a secret token, an HMAC of the match and seat under a key kept in
the data folder, so nothing about tokens is stored and a restarted sandbox still knows
its links. Without a token a page is a spectator's.

Everything a page may show comes from ``game.view(state, seat)`` (the spectator view
without a token) and from the events that seat may see; the state itself never leaves
this module. Every click goes through :meth:`referee.service.Referee.act`: one transaction,
the version the buttons were drawn for (a stale click is refused), and the click's nonce
(a click sent twice is refused the second time).

Any seats may be AI seats (each at a level of :mod:`engine.ai`); each plays whenever it
is asked to decide:
:func:`engine.ai.decide` hands its agent the seat's view, never the state, and the
action goes through the same referee as a human's.

Texts come from the bot's catalog (:mod:`referee.i18n`, English or French per page), and
everything about the match from the bot's renderers (:mod:`referee.render`), as the Discord
table shows it: the board picture and the board message (from the spectator view), the
seat's hand message and its controls (labelled and grouped by the renderer), the lines
its Discord thread shows (public events) and those of the seat's own private answers;
Markdown is turned into HTML here (:mod:`sandbox.markup`), never shown raw.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import random
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from db.base import MatchRecord
from db.sqlite import SqliteStore
from engine.ai import LEVELS, decide, make
from engine.core import JOIN, Event, Game, MatchOver, StaleAction, for_viewer
from engine.games import REGISTRY
from referee.i18n import DEFAULT, Refusal, game_name, t
from referee.render.base import BoardContext, Choice, Renderer
from referee.render.registry import renderer_for
from referee.service import Applied, Referee
from sandbox import decks as sandbox_decks
from sandbox.markup import embed_html, to_html
from sandbox.words import card_tiles, option_fields

log = logging.getLogger("hajime.sandbox")


def actions(groups: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every click the controls offer, each an action id the page may send: each enabled
    choice, and of a multi-select each part alone when one is enough, else its first
    parts as many as it needs (a player picks any set of parts of the allowed size)."""
    out = []
    for g in groups:
        live = [c for c in g["choices"] if not c["disabled"]]
        if g.get("multi") and g["min"] > 1:
            if len(live) >= g["min"]:
                picked = live[:g["min"]]
                out.append({"aid": JOIN.join(c["aid"] for c in picked),
                            "label": ", ".join(c["label"] for c in picked),
                            "kind": g["kind"], "interrupt": False})
            continue
        out += [{"aid": c["aid"], "label": c["label"], "kind": g["kind"],
                 "interrupt": c["interrupt"]} for c in live]
    return out

MAX_NAME = 32
"""Longest player name."""
DEFAULT_NAMES = ("Alice", "Bob", "Carol", "Dave", "Erin", "Frank")
AI_BOT = "Hajime"
"""The AI seat's name ("Hajime (AI, hard)"), as the bot names its practice seats."""
NARRATION = 40
"""How many of the latest lines a page shows."""
SECRET_FILE = "sandbox.key"
PAGES = 512
"""Most pages kept built."""
PICTURES = 128
"""Most board pictures kept drawn."""
AI_SEAT = 1
"""With ``ai`` a level, an AI plays every seat but the first (the opener's)."""

class Refused(Refusal):
    """Bad input from a page (unknown game, bad seat link...): answered, nothing changed.

    Worded by the catalog key ``sandbox.<key>``; ``status`` is the HTTP status the server
    answers with.
    """

    def __init__(self, key: str, status: int = 400, /, **params: Any) -> None:
        super().__init__(f"sandbox.{key}", **params)
        self.status = status


@dataclass
class Table:
    """What a page needs besides the match row: the players' names and the AI level."""

    names: list[str]
    ai: dict[int, str]
    """The AI seats and their levels."""

    def named(self, loc: str) -> list[str]:
        """The names in ``loc``: an AI seat's is the catalog's ("Hajime (AI, hard)")."""
        names = list(self.names)
        for n, seat in enumerate(sorted(self.ai)):
            if seat < len(names):
                names[seat] = ai_name(self.ai[seat], loc, n)
        return names


def ai_name(level: str, loc: str = DEFAULT, n: int = 0) -> str:
    """The ``n``-th AI seat's name at ``level``, in ``loc`` (Hajime, Hajime 2...)."""
    bot = AI_BOT if n == 0 else f"{AI_BOT} {n + 1}"
    return t(loc, "practice.ai_name", bot=bot, level=t(loc, f"practice.level.{level}"))


def ai_seats(ai: Any, seats: int) -> dict[int, str]:
    """The AI seats asked for: a level (every seat but the first), or one entry per seat
    (a level, or nothing for a person); a refusal for anything else."""
    if ai is None:
        return {}
    if isinstance(ai, str):
        wanted: list[Any] = [None] + [ai] * (seats - 1)
    elif isinstance(ai, list) and len(ai) <= seats:
        wanted = list(ai)
    else:
        raise Refused("ai_levels", levels=", ".join(LEVELS))
    out = {}
    for seat, level in enumerate(wanted):
        if level in (None, ""):
            continue
        if level not in LEVELS:
            raise Refused("ai_levels", levels=", ".join(LEVELS))
        out[seat] = level
    return out


def clean_name(raw: Any, fallback: str) -> str:
    """A player's name: printable, trimmed, at most :data:`MAX_NAME` characters."""
    text = " ".join(str(raw or "").split())
    text = "".join(ch for ch in text if ch.isprintable())[:MAX_NAME].strip()
    return text or fallback


class Sandbox:
    """The sandbox's tables over one SQLite file in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.store = SqliteStore(str(folder / "sandbox.db"))
        self.referee = Referee(self.store, turn_seconds=7 * 24 * 3600.0)
        self._key = b""
        self._tables: dict[int, Table] = {}
        self._ai_tasks: dict[int, asyncio.Task[None]] = {}
        self._pages: OrderedDict[tuple[int, int, str, int | None, str], dict[str, Any]] = \
            OrderedDict()
        """Pages already built, by match, version, status, seat and language (polling is
        cheap)."""
        self._pictures: OrderedDict[tuple[str, str, str], bytes | None] = OrderedDict()
        """Board pictures drawn, by game, language and the renderer's picture key."""
        self._latest: dict[int, tuple[int, str]] = {}
        """Each match's version and status after the last step this process made (every
        step of a sandbox's match is made here): a page asking whether its match moved is
        answered without reading the store."""
        self.closing = False
        """The server is stopping: nothing waits for a match to move any more."""
        self._changes: dict[int, asyncio.Event] = {}
        """A match's pages waiting for it to change (:meth:`wait`)."""
        self._logs: dict[int, tuple[int, list[tuple[int, Event]]]] = {}
        """Each match's events with their versions, and the version they go up to."""
        self.ai_rng = random.Random()
        """The AI seats' randomness (tests pin it)."""

    async def open(self) -> None:
        """Open (and migrate) the store; read or create the seat-link key."""
        self.folder.mkdir(parents=True, exist_ok=True)
        key_path = self.folder / SECRET_FILE
        if not key_path.exists():
            key_path.write_text(secrets.token_hex(32))
            key_path.chmod(0o600)
        self._key = bytes.fromhex(key_path.read_text().strip())
        await self.store.open()

    async def close(self) -> None:
        """Stop the AI seats and close the store."""
        for task in self._ai_tasks.values():
            task.cancel()
        await asyncio.gather(*self._ai_tasks.values(), return_exceptions=True)
        await self.store.close()

    # ------------------------------------------------------------------ tokens
    def token(self, match_id: int, seat: int) -> str:
        """The secret token of one seat of one match (what its link carries)."""
        msg = f"{match_id}:{seat}".encode()
        return hmac.new(self._key, msg, hashlib.sha256).hexdigest()[:32]

    def seat_of(self, rec: MatchRecord, token: str | None) -> int | None:
        """The seat whose token this is; None without a token; a refusal for a wrong one."""
        if not token:
            return None
        for seat in range(len(rec.seats)):
            if hmac.compare_digest(self.token(rec.id, seat), token):
                return seat
        raise Refused("bad_link", 403)

    # ------------------------------------------------------------------ tables
    @staticmethod
    def games(loc: str = DEFAULT) -> list[dict[str, Any]]:
        """Every game of the registry for the start page, in ``loc``: its name, seat
        range, options (each with its label, and its choices in the bot's words) and,
        for a game with decks, its leaders."""
        return [{"id": gid, "name": game_name(gid, loc),
                 "seats": game.min_seats, "max_seats": game.max_seats,
                 "options": option_fields(gid, loc),
                 "decks": sandbox_decks.offer(gid, loc)}
                for gid, game in REGISTRY.items()]

    async def create(self, game_id: Any, options: Any, names: Any,
                     ai: Any = None, loc: str = DEFAULT, seats: Any = None,
                     decks: Any = None) -> tuple[MatchRecord, list[str]]:
        """Open a table; returns its match and one token per seat.

        ``seats``: how many (the game's fewest by default). ``ai``: a level of
        :data:`engine.ai.LEVELS` (an AI in every seat but the first), or one entry per
        seat (a level, or None for a person). ``decks``: one entry per seat for a game
        with decks (see :func:`sandbox.decks.codes`).
        """
        if not isinstance(game_id, str) or game_id not in REGISTRY:
            raise Refused("pick_game")
        game = REGISTRY[game_id]
        if seats is None:
            seats = game.min_seats
        if not isinstance(seats, int) or isinstance(seats, bool) \
                or not game.min_seats <= seats <= game.max_seats:
            raise Refused("seats_range", game=game_name(game_id, loc), lo=game.min_seats,
                          hi=game.max_seats)
        levels = ai_seats(ai, seats)
        if options is not None and not isinstance(options, dict):
            raise Refused("bad_options")
        options = dict(options or {})
        if decks is not None:
            codes = await sandbox_decks.codes(self.store, game_id, decks, seats, options)
            if codes is not None:
                options["decks"] = codes
        raw = names if isinstance(names, list) else []
        clean = [clean_name(raw[s] if s < len(raw) else None,
                            DEFAULT_NAMES[s] if s < len(DEFAULT_NAMES)
                            else t(loc, "sandbox.player", n=s + 1))
                 for s in range(seats)]
        table = Table(names=clean, ai=levels)
        named = table.named(DEFAULT)
        if len(set(named)) < len(named):
            raise Refused("different_names")
        rec, _state = await self.referee.open_match(
            guild_id=None, channel_id=0, game_id=game_id, options=options,
            seats=list(range(1, seats + 1)), rated=False)
        await self.store.set_published(rec.id, rec.version, {"sandbox": {
            "names": table.names, "ai": {str(k): v for k, v in table.ai.items()}}})
        self._tables[rec.id] = table
        self.kick_ai(rec.id)
        self.changed(rec.id)
        return rec, [self.token(rec.id, s) for s in range(seats)]

    async def table(self, rec: MatchRecord) -> Table:
        """The names and AI seats of a table (kept in the match's table memory)."""
        if rec.id not in self._tables:
            memory = (rec.table_memory or {}).get("sandbox") or {}
            names = list(memory.get("names") or [])
            names += [t(DEFAULT, "sandbox.player", n=s + 1)
                      for s in range(len(names), len(rec.seats))]
            raw = memory.get("ai")
            ai = ({AI_SEAT: raw} if isinstance(raw, str)  # a table of an older sandbox
                  else {int(k): v for k, v in (raw or {}).items() if v in LEVELS})
            self._tables[rec.id] = Table(names=names, ai=ai)
        return self._tables[rec.id]

    async def open_tables(self, loc: str = DEFAULT) -> list[dict[str, Any]]:
        """The tables still playing, newest first: game, players and the spectator link
        (never a seat's)."""
        out = []
        for rec in await self.store.live_matches(1):  # the first seat is always user 1
            table = await self.table(rec)
            out.append({"match": rec.id, "game": rec.game,
                        "game_name": game_name(rec.game, loc), "names": table.named(loc),
                        "watch": f"/t/{rec.id}"})
        return out

    async def record(self, match_id: int) -> MatchRecord:
        """A sandbox match, or a refusal."""
        rec = await self.store.get_match(match_id)
        if rec is None:
            raise Refused("no_table", 404)
        return rec

    # ------------------------------------------------------------------ pages
    async def moved(self, match_id: int, version: int, status: str) -> bool:
        """Whether the match is no longer at ``version`` and ``status``."""
        now = self._latest.get(match_id)
        if now is None:
            rec = await self.record(match_id)
            now = self._latest[match_id] = (rec.version, rec.status)
        return now != (version, status)

    def changed(self, match_id: int) -> None:
        """Wake the pages waiting for this match to change (:meth:`wait`)."""
        event = self._changes.pop(match_id, None)
        if event is not None:
            event.set()

    async def wait(self, match_id: int, version: int, status: str,
                   timeout: float) -> None:
        """Return once the match is past ``version`` or no longer ``status`` (or after
        ``timeout`` seconds): a page asks again at once, not on a timer."""
        event = self._changes.setdefault(match_id, asyncio.Event())  # before the read:
        rec = await self.record(match_id)  # a move made meanwhile sets it
        if rec.version != version or rec.status != status or self.closing:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    async def page(self, match_id: int, token: str | None,
                   loc: str = DEFAULT) -> dict[str, Any]:
        """What one seat's page (or a spectator's) shows now, from views only, in ``loc``."""
        rec = await self.record(match_id)
        seat = self.seat_of(rec, token)
        if rec.status == "active" and rec.id not in self._ai_tasks \
                and (await self.table(rec)).ai:
            self.kick_ai(rec.id)  # first look since a restart: the AI may be due
        key = (rec.id, rec.version, rec.status, seat, loc)
        if key not in self._pages:
            self._pages[key] = await self._page(rec, seat, loc)
            while len(self._pages) > PAGES:
                self._pages.popitem(last=False)
        return self._pages[key]

    async def _page(self, rec: MatchRecord, seat: int | None, loc: str) -> dict[str, Any]:
        """Build a page (see :meth:`page`): the bot's own board, hand, controls and lines
        (its renderer's), as HTML; the views themselves for the API's callers."""
        table = await self.table(rec)
        names = table.named(loc)
        game = self.referee.game(rec.game)
        renderer = renderer_for(rec.game)
        state = await self.referee.cached_state(rec, game)
        seen = game.view(state, seat)
        public_view = game.view(state, None)
        view = seen.model_dump(mode="json")
        public = view if seat is None else public_view.model_dump(mode="json")
        prompts = game.prompts(state)
        prompt = prompts.get(seat) if seat is not None else None
        outcome = game.outcome(state)
        result = (renderer.result_line(outcome, public_view, names, loc=loc)
                  if outcome is not None else None)
        board = renderer.board_embed(BoardContext(
            match_id=rec.id, game_name=game_name(rec.game, loc), view=public_view,
            names=names, prompts=prompts, finished=outcome is not None,
            summary=result or "", locale=loc, left=tuple(state.left)))
        hand = None
        cards: list[dict[str, str]] = []
        if seat is not None:
            embed = renderer.hand_embed(seen, seat, names, prompt, loc=loc)
            self.hand_footer(embed, game, state, seat, prompt, loc)
            hand = embed_html(embed)
            cards = card_tiles(rec.game, embed, loc)
        groups = self.controls(game, state, seat, loc) if rec.status == "active" else []
        return {
            "match": rec.id,
            "game": rec.game,
            "game_name": game_name(rec.game, loc),
            "lang": loc,
            "version": rec.version,
            "status": rec.status,
            "names": names,
            "ai": {str(k): v for k, v in table.ai.items()},
            "seat": seat,
            "view": view,
            "secret": {k: v for k, v in view.items() if k != "viewer" and public.get(k) != v},
            "public": public,
            "waiting": [names[s] for s, p in sorted(prompts.items()) if not p.committed],
            "committed": [names[s] for s, p in sorted(prompts.items()) if p.committed],
            "prompt": (renderer.prompt_text(prompt, loc)
                       if prompt is not None and not prompt.committed else None),
            "actions": actions(groups),
            "controls": groups,
            "join": JOIN,
            "board": embed_html(board),
            "hand": hand,
            "cards": cards,
            "narration": await self.narration(rec, seat, names, loc),
            "result": result,
            "result_html": to_html(result) if result else None,
            "picture": type(renderer).picture is not Renderer.picture,
        }

    @staticmethod
    def hand_footer(embed: Any, game: Game[Any, Any], state: Any, seat: int,
                    prompt: Any, loc: str) -> None:
        """The footer the bot's hand message carries (committed, nothing to decide)."""
        if game.outcome(state) is not None:
            return
        if prompt is not None and prompt.committed:
            embed.set_footer(text=t(loc, "table.committed" if len(state.in_play()) <= 2
                                    else "table.committed_many"))
        elif prompt is None:
            embed.set_footer(text=t(loc, "table.nothing_interrupt"
                                    if game.interrupts(state, seat) else "table.nothing"))

    @staticmethod
    def controls(game: Game[Any, Any], state: Any, seat: int | None,
                 loc: str = DEFAULT) -> list[dict[str, Any]]:
        """The seat's controls as the bot's hand shows them: the choices it is offered
        (:meth:`engine.core.Game.offered`: a decision merged with its follow-ups, the parts
        of a multi-select) when asked, then its interrupts, labelled and grouped by the
        game's renderer, in ``loc``. A multi-select group (``multi``) says how many parts
        must be picked at least (``min``) and at most (``max``); the picked parts' ids,
        joined by ``join``, are one click, as Discord sends them."""
        if seat is None or state.result is not None:
            return []
        offered: list[tuple[Any, bool]] = []
        prompt = game.prompts(state).get(seat)
        if prompt is not None and not prompt.committed:
            offered += [(a, False) for a in game.offered(state, seat)]
        offered += [(a, True) for a in game.interrupts(state, seat)]
        if not offered:
            return []
        interrupt = {a.aid: flag for a, flag in offered}
        kinds = {a.aid: getattr(a, "kind", "action") for a, _ in offered}
        choices = [(kinds[a.aid], Choice(aid=a.aid, label=game.label(state, seat, a)))
                   for a, _ in offered]
        out = []
        for group in renderer_for(game.id).groups(choices, loc=loc):
            items = [{"aid": c.aid, "label": c.label, "emoji": c.emoji or "",
                      "disabled": c.disabled, "interrupt": interrupt.get(c.aid, False),
                      "danger": getattr(c.style, "name", "") == "danger"}
                     for c in group.choices]
            first = group.choices[0].aid if group.choices else ""
            most = len(items) if group.multi else 1
            out.append({"title": group.title, "select": group.select or group.multi,
                        "multi": group.multi, "min": min(group.min_values, most),
                        "max": most, "kind": kinds.get(first, ""), "choices": items})
        return out

    async def narration(self, rec: MatchRecord, seat: int | None, names: list[str],
                        loc: str = DEFAULT) -> list[dict[str, Any]]:
        """The latest lines this viewer may read (oldest first), told by the bot's
        renderer: each step's public events as its Discord thread tells them, then the
        seat's own private events as its private answer does."""
        renderer = renderer_for(rec.game)
        steps: dict[int, list[Event]] = {}
        for version, event in await self._events(rec):
            steps.setdefault(version, []).append(event)
        lines: list[dict[str, Any]] = []
        for version in sorted(steps, reverse=True):
            if len(lines) >= NARRATION:
                break
            seen = for_viewer(steps[version], seat)
            public = [e for e in seen if e.audience is None]
            mine = [e for e in seen if e.audience is not None]
            told = [{"version": version, "text": text, "html": to_html(text),
                     "private": False}
                    for text in renderer.narrate(public, names, loc)] if public else []
            told += [{"version": version, "text": text, "html": to_html(text),
                      "private": True}
                     for text in renderer.narrate(mine, names, loc)] if mine else []
            lines[:0] = told
        return lines[-NARRATION:]

    async def _events(self, rec: MatchRecord) -> list[tuple[int, Event]]:
        """Every stored event of a match with its version: read from the store once, then
        kept up to date from the referee's steps (:meth:`_told`)."""
        known = self._logs.get(rec.id)
        if known is None or known[0] < rec.version:
            rows = await self.store.events(rec.id)
            events = [(r.version, Event(kind=r.kind, data=r.data, audience=None
                                        if r.audience is None else tuple(r.audience)))
                      for r in rows]
            known = (max([rec.version, *(v for v, _ in events)]), events)
            self._logs[rec.id] = known
        return known[1]

    def _told(self, step: Applied) -> None:
        """Add a referee step's events to the match's known events (or forget them, to be
        read again, when the step does not follow what is known)."""
        self._latest.pop(step.match.id, None)  # read again at the next question
        self.changed(step.match.id)
        known = self._logs.get(step.match.id)
        if known is None:
            return
        if known[0] == step.base_version:
            known[1].extend((step.match.version, e) for e in step.events)
            self._logs[step.match.id] = (step.match.version, known[1])
        else:
            del self._logs[step.match.id]

    async def picture(self, match_id: int, loc: str = DEFAULT) -> tuple[int, bytes | None]:
        """The board picture the bot draws (its renderer's, worded in ``loc``), from the
        spectator view, and its version."""
        rec = await self.record(match_id)
        game = self.referee.game(rec.game)
        view = game.view(await self.referee.cached_state(rec, game), None)
        renderer = renderer_for(rec.game)
        key = (rec.game, loc, renderer.picture_key(view))
        if key not in self._pictures:  # drawn once per distinct picture, as the bot does
            self._pictures[key] = await asyncio.to_thread(renderer.picture, view, loc)
            while len(self._pictures) > PICTURES:
                self._pictures.popitem(last=False)
        self._pictures.move_to_end(key)
        return rec.version, self._pictures[key]

    # ------------------------------------------------------------------ clicks
    async def act(self, match_id: int, token: str | None, aid: Any, version: Any,
                  nonce: Any) -> None:
        """One click: the action ``aid`` of the token's seat, drawn at ``version``."""
        rec = await self.record(match_id)
        seat = self.seat_of(rec, token)
        if seat is None:
            raise Refused("watchers_cannot_play", 403)
        if not isinstance(aid, str) or not aid or len(aid) > 200:
            raise Refused("no_choice")
        if not isinstance(version, int) or isinstance(version, bool):
            raise Refused("no_version")
        if nonce is not None and (not isinstance(nonce, int) or isinstance(nonce, bool)
                                  or not 0 < nonce < 2**62):
            raise Refused("malformed")
        self._told(await self.referee.act(match_id, rec.seats[seat], aid, version,
                                          interaction_id=nonce, seat=seat))
        self.kick_ai(match_id)

    async def forfeit(self, match_id: int, token: str | None) -> None:
        """The token's seat concedes."""
        rec = await self.record(match_id)
        seat = self.seat_of(rec, token)
        if seat is None:
            raise Refused("watchers_cannot_forfeit", 403)
        self._told(await self.referee.forfeit(match_id, rec.seats[seat]))

    # ------------------------------------------------------------------ the AI
    def kick_ai(self, match_id: int) -> None:
        """Let the table's AI seats play whatever they are asked to decide (in the
        background)."""
        task = self._ai_tasks.get(match_id)
        if task is None or task.done():
            self._ai_tasks[match_id] = asyncio.create_task(self._ai_turns(match_id))

    async def _ai_turns(self, match_id: int) -> None:
        """Play the AI seats' decisions until none has one (a stale race just retries)."""
        try:
            for _ in range(10_000):
                if not await self._ai_step(match_id):
                    return
        except Exception:  # a crash of the AI must not take the server down
            log.exception("AI seat of match %s failed", match_id)

    async def _ai_step(self, match_id: int) -> bool:
        """One AI decision (the first AI seat asked); False when no AI seat is asked."""
        rec = await self.record(match_id)
        table = await self.table(rec)
        if not table.ai or rec.status != "active":
            return False
        game = self.referee.game(rec.game)
        state = await self.referee.cached_state(rec, game)
        prompts = game.prompts(state)
        due = [s for s in sorted(table.ai) if s in prompts and not prompts[s].committed]
        if not due:
            return False
        seat = due[0]
        agent = make(rec.game, table.ai[seat])
        action = await asyncio.to_thread(decide, game, state, seat, agent, self.ai_rng)
        if action is None:
            return False
        with contextlib.suppress(StaleAction, MatchOver):  # a human moved first (or left)
            self._told(await self.referee.act(match_id, rec.seats[seat], action.aid,
                                              rec.version, seat=seat))
        return True

