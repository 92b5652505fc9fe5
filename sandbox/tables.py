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

An AI seat (``ai`` level, from :mod:`engine.ai`) plays whenever it is asked to decide:
:func:`engine.ai.decide` hands its agent the seat's view, never the state, and the
action goes through the same referee as a human's.

Texts come from the bot's catalog (:mod:`referee.i18n`, English or French per page), and the
narration and results from the bot's renderers (:mod:`referee.render`): the lines its
Discord thread shows (public events), and those of the seat's own private answers.
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
from engine.core import Event, Game, MatchOver, StaleAction, for_viewer
from engine.games import REGISTRY
from referee.games import pictures
from referee.i18n import DEFAULT, Refusal, game_name, t
from referee.render.registry import renderer_for
from referee.service import Applied, Referee

log = logging.getLogger("hajime.sandbox")

MAX_NAME = 32
"""Longest player name."""
DEFAULT_NAMES = ("Alice", "Bob")
AI_BOT = "Hajime"
"""The AI seat's name ("Hajime (AI, hard)"), as the bot names its practice seats."""
NARRATION = 40
"""How many of the latest lines a page shows."""
SECRET_FILE = "sandbox.key"
PAGES = 512
"""Most pages kept built."""
AI_SEAT = 1
"""An AI plays the second seat; the person who opened the table plays the first."""


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
    ai: str | None = None

    def named(self, loc: str) -> list[str]:
        """The names in ``loc``: the AI seat's is the catalog's ("Hajime (AI, hard)")."""
        names = list(self.names)
        if self.ai is not None and len(names) > AI_SEAT:
            names[AI_SEAT] = ai_name(self.ai, loc)
        return names


def ai_name(level: str, loc: str = DEFAULT) -> str:
    """The AI seat's name at ``level``, in ``loc``."""
    return t(loc, "practice.ai_name", bot=AI_BOT, level=t(loc, f"practice.level.{level}"))


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
        """Every game of the registry with its options' JSON schema (for the start page),
        named in ``loc``."""
        return [{"id": gid, "name": game_name(gid, loc),
                 "options": game.options_model.model_json_schema(),
                 "seats": game.min_seats} for gid, game in REGISTRY.items()]

    async def create(self, game_id: Any, options: Any, names: Any,
                     ai: Any = None, loc: str = DEFAULT) -> tuple[MatchRecord, list[str]]:
        """Open a table; returns its match and one token per seat.

        ``ai`` (a level of :data:`engine.ai.LEVELS`, or None) puts an AI in the second seat.
        """
        if not isinstance(game_id, str) or game_id not in REGISTRY:
            raise Refused("pick_game")
        if ai is not None and ai not in LEVELS:
            raise Refused("ai_levels", levels=", ".join(LEVELS))
        if options is not None and not isinstance(options, dict):
            raise Refused("bad_options")
        game = REGISTRY[game_id]
        raw = names if isinstance(names, list) else []
        seats = game.min_seats
        clean = [clean_name(raw[s] if s < len(raw) else None,
                            DEFAULT_NAMES[s] if s < len(DEFAULT_NAMES)
                            else t(loc, "sandbox.player", n=s + 1))
                 for s in range(seats)]
        if ai is not None:
            clean[AI_SEAT] = ai_name(ai)
        if len(set(clean)) < len(clean):
            raise Refused("different_names")
        rec, _state = await self.referee.open_match(
            guild_id=None, channel_id=0, game_id=game_id, options=options or {},
            seats=list(range(1, seats + 1)), rated=False)
        table = Table(names=clean, ai=ai)
        await self.store.set_published(rec.id, rec.version,
                                       {"sandbox": {"names": table.names, "ai": table.ai}})
        self._tables[rec.id] = table
        self.kick_ai(rec.id)
        return rec, [self.token(rec.id, s) for s in range(seats)]

    async def table(self, rec: MatchRecord) -> Table:
        """The names and AI level of a table (kept in the match's table memory)."""
        if rec.id not in self._tables:
            memory = (rec.table_memory or {}).get("sandbox") or {}
            names = list(memory.get("names") or [])
            names += [t(DEFAULT, "sandbox.player", n=s + 1)
                      for s in range(len(names), len(rec.seats))]
            self._tables[rec.id] = Table(names=names, ai=memory.get("ai"))
        return self._tables[rec.id]

    async def record(self, match_id: int) -> MatchRecord:
        """A sandbox match, or a refusal."""
        rec = await self.store.get_match(match_id)
        if rec is None:
            raise Refused("no_table", 404)
        return rec

    # ------------------------------------------------------------------ pages
    async def page(self, match_id: int, token: str | None,
                   loc: str = DEFAULT) -> dict[str, Any]:
        """What one seat's page (or a spectator's) shows now, from views only, in ``loc``."""
        rec = await self.record(match_id)
        seat = self.seat_of(rec, token)
        if rec.status == "active" and rec.id not in self._ai_tasks \
                and (await self.table(rec)).ai is not None:
            self.kick_ai(rec.id)  # first look since a restart: the AI may be due
        key = (rec.id, rec.version, rec.status, seat, loc)
        if key not in self._pages:
            self._pages[key] = await self._page(rec, seat, loc)
            while len(self._pages) > PAGES:
                self._pages.popitem(last=False)
        return self._pages[key]

    async def _page(self, rec: MatchRecord, seat: int | None, loc: str) -> dict[str, Any]:
        """Build a page (see :meth:`page`)."""
        table = await self.table(rec)
        names = table.named(loc)
        game = self.referee.game(rec.game)
        state = await self.referee.cached_state(rec, game)
        view = game.view(state, seat).model_dump(mode="json")
        public = view if seat is None else game.view(state, None).model_dump(mode="json")
        prompts = game.prompts(state)
        prompt = prompts.get(seat) if seat is not None else None
        outcome = game.outcome(state)
        return {
            "match": rec.id,
            "game": rec.game,
            "game_name": game_name(rec.game, loc),
            "lang": loc,
            "version": rec.version,
            "status": rec.status,
            "names": names,
            "ai": table.ai,
            "seat": seat,
            "view": view,
            "secret": {k: v for k, v in view.items() if k != "viewer" and public.get(k) != v},
            "public": public,
            "waiting": [names[s] for s, p in sorted(prompts.items()) if not p.committed],
            "committed": [names[s] for s, p in sorted(prompts.items()) if p.committed],
            "prompt": prompt.text if prompt is not None and not prompt.committed else None,
            "actions": self.actions(game, state, seat) if rec.status == "active" else [],
            "narration": await self.narration(rec, seat, names, loc),
            "result": (renderer_for(rec.game).result_line(
                outcome, game.view(state, None), names, loc=loc)
                if outcome is not None else None),
            "picture": game.id in pictures(),
        }

    @staticmethod
    def actions(game: Game[Any, Any], state: Any, seat: int | None) -> list[dict[str, Any]]:
        """The seat's buttons: its legal actions (when asked) then its interrupts, labelled
        by the game."""
        if seat is None or state.result is not None:
            return []
        out = []
        prompt = game.prompts(state).get(seat)
        if prompt is not None and not prompt.committed:
            out += [{"aid": a.aid, "label": game.label(state, seat, a),
                     "kind": getattr(a, "kind", ""), "interrupt": False}
                    for a in game.legal(state, seat)]
        out += [{"aid": a.aid, "label": game.label(state, seat, a),
                 "kind": getattr(a, "kind", ""), "interrupt": True}
                for a in game.interrupts(state, seat)]
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
            told = [{"version": version, "text": text, "private": False}
                    for text in renderer.narrate(public, names, loc)] if public else []
            told += [{"version": version, "text": text, "private": True}
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
        known = self._logs.get(step.match.id)
        if known is None:
            return
        if known[0] == step.base_version:
            known[1].extend((step.match.version, e) for e in step.events)
            self._logs[step.match.id] = (step.match.version, known[1])
        else:
            del self._logs[step.match.id]

    async def picture(self, match_id: int) -> tuple[int, bytes | None]:
        """The board picture the bot draws, from the spectator view (and its version)."""
        rec = await self.record(match_id)
        game = self.referee.game(rec.game)
        draw = pictures().get(game.id)
        if draw is None:
            return rec.version, None
        view = game.view(await self.referee.cached_state(rec, game), None)
        png = await asyncio.to_thread(draw, view)
        return rec.version, png

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
        """Let the table's AI seat play if it is asked to decide (in the background)."""
        task = self._ai_tasks.get(match_id)
        if task is None or task.done():
            self._ai_tasks[match_id] = asyncio.create_task(self._ai_turns(match_id))

    async def _ai_turns(self, match_id: int) -> None:
        """Play the AI seat's decisions until it has none (a stale race just retries)."""
        try:
            for _ in range(10_000):
                if not await self._ai_step(match_id):
                    return
        except Exception:  # a crash of the AI must not take the server down
            log.exception("AI seat of match %s failed", match_id)

    async def _ai_step(self, match_id: int) -> bool:
        """One AI decision; False when the AI has nothing to decide."""
        rec = await self.record(match_id)
        table = await self.table(rec)
        if table.ai is None or rec.status != "active":
            return False
        game = self.referee.game(rec.game)
        state = await self.referee.cached_state(rec, game)
        prompt = game.prompts(state).get(AI_SEAT)
        if prompt is None or prompt.committed:
            return False
        agent = make(rec.game, table.ai)
        action = await asyncio.to_thread(decide, game, state, AI_SEAT, agent, self.ai_rng)
        if action is None:
            return False
        with contextlib.suppress(StaleAction, MatchOver):  # a human moved first (or left)
            self._told(await self.referee.act(match_id, rec.seats[AI_SEAT], action.aid,
                                              rec.version, seat=AI_SEAT))
        return True
