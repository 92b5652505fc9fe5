"""Replays: a finished match turn by turn, every secret revealed, one page a turn with
the board picture as it stood after that turn; the last page reveals every hand.

Built from the store only: ``match_events`` (every event, private ones included, with the
``version`` its action produced) and ``match_actions`` (who did what). Each version is one
step: the action-log line (``""`` a seat's action, ``forfeit``, ``timeout-forfeit``,
``timeout`` with its auto-played ``steps``), then the game renderer's narration of every
event of that version. Public *twins* of private events are skipped (the private original
is shown, marked 🔒 with its audience). Works for any registered game and seat count.

Actions are named by the game's own ``label`` (``"Hit ◆ + Move ●"``), which needs the
state at that moment: :func:`resimulate` rebuilds the match from its seed (kept in the
stored state's ``rng``) and options by re-applying the action log, and checks that every
row lands on its stored version and that the end equals the stored final state. When it
does not (a match stored by an older engine, a damaged row), the replay falls back to
the raw action fields with a short note on its first page; it never fails.

The same re-simulation keys each action by the turn it was played in (the renderer's
``turn_key`` of the public view), which makes the pages. A page's picture is drawn only
when the page is shown (:func:`page_picture`): the public view at the page's version is
rebuilt from the seed in a thread (:func:`boards_at`) and drawn off the event loop by
:mod:`referee.pictures`. The final hands come from the stored final state, each seat's
own view, written by the renderer's ``hand_text``.
"""

from __future__ import annotations

import asyncio
import bisect
import logging
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from db.base import ActionLog, EventRecord, MatchRecord
from db.ladder_queries import MatchSummary
from engine.core import BaseState, Event, Game
from engine.games import REGISTRY
from referee import pictures
from referee.ai_seats import mention
from referee.i18n import DEFAULT, and_list, t, translate_english
from referee.ladder_text import COLOR, game_name, when
from referee.render.embed import Embed
from referee.render.registry import renderer_for

logger = logging.getLogger("hajime.ladder")

PAGE_CHARS = 3500
"""Budget of one page (an embed description holds at most 4096 characters)."""
LINE_CHARS = 400
"""Longest single narrated line."""


@dataclass(frozen=True)
class Replay:
    """A rendered replay: its title, players line and pages.

    A page is one turn of the game (the steps played while its public view's
    :meth:`~referee.render.base.Renderer.turn_key` stayed the same; a long turn runs on
    over several pages). ``versions`` holds, per page, the state version whose board its
    picture shows (the board as it stood after the page's turn), or None for no picture
    (a replay that could not be re-simulated shows only the final board). ``hands`` are
    the lines of the last page revealing every hand as the match ended.
    """

    title: str
    header: str
    pages: list[str]
    versions: list[int | None] = field(default_factory=list)
    hands: list[str] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    """Per page, the turn it tells (1-based; a long turn's pages share it; empty when the
    replay could not be paged by turn)."""

    def version_of(self, page: int) -> int | None:
        """The state version page ``page`` (0-based) pictures, or None."""
        return self.versions[page] if 0 <= page < len(self.versions) else None


@dataclass(frozen=True)
class Resim:
    """The outcome of re-simulating a match: action labels, or why there are none.

    ``labels`` has one entry per action-log row: one label for a seat's action, one per
    auto-played step of a ``timeout`` row, none for a forfeit. It is empty when
    ``problem`` says the exact replay is unavailable.
    """

    labels: tuple[tuple[str, ...], ...] = ()
    problem: str | None = None
    turns: tuple[tuple[Any, ...], ...] = ()
    """Per action-log row, the turn it was played in: the game renderer's
    :meth:`~referee.render.base.Renderer.turn_key` of the public view before it (the
    replay's pages follow the turns); empty with ``problem``."""


class Diverged(Exception):
    """The re-simulation does not reproduce the stored match."""


def short_error(exc: BaseException) -> str:
    """An exception as one short line."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    text = text[:80]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def label_of(game: Game[Any, Any], state: BaseState, seat: int, action: Any) -> str:
    """The game's label for ``action`` by ``seat`` in ``state`` (raw fields if it fails)."""
    try:
        return str(game.label(state, seat, action))
    except Exception:  # a label is cosmetic: never lose the replay over one
        logger.warning("label failed for %r", action, exc_info=True)
        return describe_action(action.model_dump(mode="json"))


def replay_row(game: Game[Any, Any], state: BaseState,
               row: ActionLog) -> tuple[BaseState, tuple[str, ...]]:
    """Re-apply one action-log row as the referee did; the new state and the labels."""
    if row.note in ("forfeit", "timeout-forfeit"):
        if row.seat is None:
            raise Diverged(f"v{row.version}: a forfeit without a seat")
        new, _ = game.concede(state, row.seat, "forfeit" if row.note == "forfeit"
                              else "timeout")
        for seat in (row.action or {}).get("also") or []:  # left on time in the same step
            new, _ = game.concede(new, int(seat), "timeout")
        return new, ()
    if row.note == "timeout":
        labels = []
        for step in (row.action or {}).get("steps") or []:
            seat = int(step["seat"])
            default = game.timeout_action(state, seat)
            if (step.get("action") is not None
                    and game.parse_action(step["action"]) != default):
                raise Diverged(f"v{row.version}: the timeout default is not the stored one")
            labels.append(label_of(game, state, seat, default))
            state, _ = game.timeout(state, seat)
        return state, tuple(labels)
    if row.note:
        raise Diverged(f"v{row.version}: unknown log note {row.note!r}")
    if row.seat is None or row.action is None:
        raise Diverged(f"v{row.version}: an action without its seat or move")
    action = game.parse_action(row.action)
    text = label_of(game, state, row.seat, action)
    new, _ = game.apply(state, row.seat, action, owned=True)  # ``state`` is ours alone
    return new, (text,)


def turn_of(renderer: Any, game: Game[Any, Any], state: BaseState) -> tuple[Any, ...]:
    """The turn ``state`` is in, as the renderer keys it from the public view (a
    failing key is ``()``, and such steps share a page)."""
    try:
        return tuple(renderer.turn_key(game.view(state, None)))
    except Exception:  # cosmetic: never lose the replay over it
        logger.warning("turn key failed for %s", game.id, exc_info=True)
        return ()


def resimulate(rec: MatchRecord, logs: Sequence[ActionLog],
               registry: dict[str, Game[Any, Any]] | None = None) -> Resim:
    """Rebuild a match from its seed and options by re-applying its action log.

    Labels every action with the state it was played in, and verifies determinism: each
    row must produce its stored version and the end must equal the stored final state.
    Any difference (or error) gives a :class:`Resim` with only a ``problem``.
    """
    game = (REGISTRY if registry is None else registry).get(rec.game)
    if game is None:
        return Resim(problem="this game is not installed")
    try:
        seed = game.load(rec.state).rng.seed
    except Exception:
        return Resim(problem="the stored final state no longer loads")
    try:
        state: BaseState = game.setup(game.parse_options(rec.options), len(rec.seats), seed)
    except Exception as exc:
        return Resim(problem=f"the match no longer sets up ({short_error(exc)})")
    labels: list[tuple[str, ...]] = []
    turns: list[tuple[Any, ...]] = []
    renderer = renderer_for(rec.game)
    # The stored state is a snapshot at ``rec.snapshot_version`` (the final one once a
    # match is over): the re-simulation must pass through exactly it.
    snapshot = game.clone(state) if state.version == rec.snapshot_version else None
    for row in logs:
        try:
            turns.append(turn_of(renderer, game, state))
            state, texts = replay_row(game, state, row)
        except Diverged as exc:
            return Resim(problem=str(exc))
        except Exception as exc:
            return Resim(problem=f"v{row.version} no longer applies ({short_error(exc)})")
        if state.version != row.version:
            return Resim(problem=f"v{row.version} was re-simulated as v{state.version}")
        labels.append(texts)
        if state.version == rec.snapshot_version:
            snapshot = game.clone(state)
    try:
        same = snapshot is not None and game.dump(snapshot) == rec.state
    except Exception:
        same = False
    if not same:
        return Resim(problem="the re-simulated final state differs from the stored one")
    return Resim(labels=tuple(labels), turns=tuple(turns))


def describe_action(action: dict[str, Any] | None, loc: str = DEFAULT) -> str:
    """An engine action as short text: its ``kind`` then its other fields."""
    if not action:
        return t(loc, "replay.acted")
    rest = ", ".join(f"{k}={v}" for k, v in action.items() if k != "kind")
    kind = str(action.get("kind", "action")).replace("_", " ")
    return f"{kind} ({rest})" if rest else kind


def action_line(log: ActionLog, names: list[str], labels: Sequence[str] = (), *,
                loc: str = DEFAULT) -> str:
    """One action-log row as a line; ``labels`` (from :func:`resimulate`) name the actions,
    else their raw fields are shown."""

    def who(seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(names):
            return t(loc, "replay.someone")
        return names[seat]

    if log.note == "forfeit":
        return t(loc, "replay.forfeits", who=who(log.seat))
    if log.note == "timeout-forfeit":  # with the seats that left on time alongside
        also = [int(s) for s in (log.action or {}).get("also") or []]
        return t(loc, "replay.lost_on_time", count=1 + len(also),
                 who=and_list(loc, [who(s) for s in [log.seat, *also]]))
    if log.note == "timeout":
        steps = (log.action or {}).get("steps") or []
        if not steps:
            return t(loc, "replay.time_ran_out")
        texts = list(labels) if len(labels) == len(steps) else [
            describe_action(s.get("action"), loc) for s in steps]
        played = "; ".join(f"{who(s.get('seat'))}: {text}"
                           for s, text in zip(steps, texts, strict=True))
        return t(loc, "replay.auto_played", played=played)
    text = labels[0] if labels else describe_action(log.action, loc)
    return f"▶ {who(log.seat)}: {text}"


def to_event(rec: EventRecord) -> Event:
    """A stored event back as an engine :class:`Event`."""
    audience = None if rec.audience is None else tuple(rec.audience)
    return Event(kind=rec.kind, audience=audience, data=rec.data)


def step_lines(game: str, events: list[EventRecord],
               logs: list[tuple[ActionLog, Sequence[str]]], names: list[str], *,
               loc: str = DEFAULT) -> list[str]:
    """The lines of one version: its action(s) with their labels, then every event
    (secrets revealed)."""
    renderer = renderer_for(game)
    lines = [action_line(row, names, labels, loc=loc) for row, labels in logs]
    for rec in events:
        if rec.audience is None and rec.data.get("twin_of"):
            continue  # the private original is shown instead
        narrated = renderer.narrate([to_event(rec)], names, loc)
        if rec.audience is not None:
            to = ", ".join(names[s] if 0 <= s < len(names) else t(loc, "replay.someone")
                           for s in rec.audience)
            narrated = [t(loc, "replay.to", who=to, line=line) for line in narrated]
        lines.extend(line[:LINE_CHARS] for line in narrated)
    return lines


def paginate(blocks: list[tuple[str, list[str]]], budget: int = PAGE_CHARS, *,
             loc: str = DEFAULT) -> list[str]:
    """Pack ``(heading, lines)`` blocks into pages of at most ``budget`` characters.

    A block is kept whole when it fits on one page; a longer block continues on the
    next page under its heading marked ``(cont.)``.
    """
    pages: list[str] = []
    current = ""
    for heading, lines in blocks:
        block = "\n".join([heading, *lines])
        if current and len(current) + 2 + len(block) <= budget:
            current += "\n\n" + block
            continue
        if current:
            pages.append(current)
            current = ""
        text = heading
        for line in lines:
            if len(text) + 1 + len(line) > budget:
                pages.append(text)
                text = t(loc, "replay.cont", heading=heading)
            text += "\n" + line
        current = text
    if current:
        pages.append(current)
    return pages or [t(loc, "replay.nothing")]


def turns_of(versions: list[int], logs: Sequence[ActionLog],
             resim: Resim) -> list[list[int]]:
    """``versions`` (sorted) grouped by the turn they were played in (consecutive
    versions of one turn key; a version without a logged action, such as the setup's
    events, joins the next turn); one group of all when the re-simulation gave no turns."""
    if len(resim.turns) != len(logs) or not logs:
        return [versions] if versions else []
    keys = {row.version: key for row, key in zip(logs, resim.turns, strict=True)}
    known = sorted(keys)
    groups: list[list[int]] = []
    last: object = object()
    for version in versions:
        at = bisect.bisect_left(known, version)
        key = keys[known[min(at, len(known) - 1)]]
        if not groups or key != last:
            groups.append([])
        groups[-1].append(version)
        last = key
    return groups


def final_hands(rec: MatchRecord, names: list[str], *, loc: str = DEFAULT) -> list[str]:
    """Every seat's hand as the match ended (the stored final state, each seat's own
    view), one line per seat that holds a hand; empty when the state no longer loads."""
    game = REGISTRY.get(rec.game)
    if game is None:
        return []
    renderer = renderer_for(rec.game)
    try:
        state = game.load(rec.state)
        texts = [renderer.hand_text(game.view(state, seat), seat, loc)
                 for seat in range(len(names))]
    except Exception:  # an older engine's state: the replay goes on without its hands
        logger.warning("no final hands for match %s", rec.id, exc_info=True)
        return []
    return [t(loc, "replay.hand_line", who=name, cards=text)[:LINE_CHARS]
            for name, text in zip(names, texts, strict=True) if text]


def final_version(rec: MatchRecord) -> int | None:
    """The version of the stored final state (None when it no longer loads)."""
    game = REGISTRY.get(rec.game)
    try:
        return int(game.load(rec.state).version) if game is not None else None
    except Exception:
        return None


def build_replay(rec: MatchRecord, summary: MatchSummary | None, events: list[EventRecord],
                 logs: list[ActionLog], resim: Resim | None = None, *,
                 loc: str = DEFAULT) -> Replay:
    """Every step of a finished match, grouped by version, one turn a page.

    ``resim`` is :func:`resimulate`'s result for these logs (computed when omitted).
    Each page's picture is the board after its turn; without an exact re-simulation the
    steps are paged by length and only the last page has a picture (the final board).
    """
    if resim is None:
        resim = resimulate(rec, logs)
    labels = resim.labels if len(resim.labels) == len(logs) else ()
    names = [mention(uid, loc) for uid in rec.seats]
    by_version: dict[int, tuple[list[EventRecord], list[tuple[ActionLog, Sequence[str]]]]] = {}
    for ev in events:
        by_version.setdefault(ev.version, ([], []))[0].append(ev)
    for i, row in enumerate(logs):
        by_version.setdefault(row.version, ([], []))[1].append(
            (row, labels[i] if labels else ()))
    ordered = sorted(by_version)
    step_of = {version: step for step, version in enumerate(ordered, start=1)}
    exact = resim.problem is None and len(resim.turns) == len(logs)
    pages: list[str] = []
    versions: list[int | None] = []
    turns: list[int] = []
    note: list[tuple[str, list[str]]] = []
    if resim.problem is not None:
        problem = translate_english(resim.problem, "replay_problem.", loc)
        note.append((t(loc, "replay.unavailable", problem=problem), []))
    for group in turns_of(ordered, logs, resim):
        blocks = list(note)
        note = []
        for version in group:
            evs, acts = by_version[version]
            lines = step_lines(rec.game, evs, acts, names, loc=loc)
            if lines:
                blocks.append((t(loc, "replay.step", step=step_of[version],
                                 version=version), lines))
        if not blocks:
            continue
        shown = paginate(blocks, loc=loc)
        pages += shown
        versions += [group[-1] if exact else None] * len(shown)
        turns += [(turns[-1] + 1) if turns else 1] * len(shown)
    if not pages:
        pages, versions = paginate(note, loc=loc), [None]
    end = final_version(rec)
    if end is not None:
        versions[-1] = end  # the last page shows the board as the match ended
    players = []
    for uid in rec.seats:  # in seat order, named (never "Seat 1")
        res = summary.result_of(uid) if summary is not None else None
        bits = [mention(uid, loc)]
        if res is not None:
            bits.append(f"({res.label})" if res.label else "")
            bits.append(t(loc, "replay.forfeited") if res.forfeited
                        else t(loc, "replay.rank", rank=res.rank))
        players.append(" ".join(b for b in bits if b))
    if summary is not None:
        players.append(t(loc, "replay.finished", date=when(summary.finished_at)))
    header = "\n".join(players)
    title = t(loc, "replay.title", game=game_name(rec.game, loc), id=rec.id)
    return Replay(title=title, header=header, pages=pages, versions=versions,
                  hands=final_hands(rec, names, loc=loc),
                  turns=turns if exact and len(turns) == len(pages) else [])


def boards_at(rec: MatchRecord, logs: Sequence[ActionLog],
              wanted: Collection[int]) -> dict[int, BaseModel]:
    """The public views (what a board picture draws) of the match at the ``wanted``
    versions: the stored final state for its own version, the others re-simulated from
    the seed in one pass. A version that cannot be rebuilt is left out."""
    game = REGISTRY.get(rec.game)
    if game is None:
        return {}
    out: dict[int, BaseModel] = {}
    try:
        final = game.load(rec.state)
    except Exception:
        return out
    if final.version in wanted:
        out[final.version] = game.view(final, None)
    rest = sorted(v for v in set(wanted) if v not in out)
    if not rest:
        return out
    try:
        state: BaseState = game.setup(game.parse_options(rec.options), len(rec.seats),
                                      final.rng.seed)
        for row in [None, *logs]:
            if row is not None:
                state, _ = replay_row(game, state, row)
            while rest and rest[0] <= state.version:
                if rest.pop(0) == state.version:  # a copy: the next row may change state
                    out[state.version] = game.view(state, None).model_copy(deep=True)
            if not rest:
                break
    except Exception:  # an older engine's match: those pages go without a picture
        logger.warning("replay boards of match %s stop early", rec.id, exc_info=True)
    return out


async def page_picture(rec: MatchRecord, logs: Sequence[ActionLog], version: int | None,
                       loc: str = DEFAULT) -> bytes | None:
    """The board picture (PNG) of the match at ``version``, worded in ``loc``: rebuilt in
    a thread, drawn off the event loop (:func:`referee.pictures.drawn`); None without a
    version, a rebuildable state or a picture for the game."""
    if version is None:
        return None
    views = await asyncio.to_thread(boards_at, rec, logs, (version,))
    view = views.get(version)
    if view is None:
        return None
    return await pictures.drawn(renderer_for(rec.game), view, loc)


def replay_embed(replay: Replay, page: int, *, loc: str = DEFAULT) -> Embed:
    """Page ``page`` (0-based, clamped) of a replay; the last one reveals every hand."""
    page = max(0, min(page, len(replay.pages) - 1))
    embed = Embed(title=replay.title, color=COLOR, description=replay.pages[page])
    embed.add_field(name=t(loc, "replay.players"), value=replay.header[:1024] or "-",
                    inline=False)
    if page == len(replay.pages) - 1 and replay.hands:
        embed.add_field(name=t(loc, "replay.hands"),
                        value="\n".join(replay.hands)[:1024], inline=False)
    embed.set_footer(text=t(loc, "replay.footer", page=page + 1, pages=len(replay.pages)))
    return embed


JUMPS = 25
"""Pages a replay's jump menu offers at most (one Discord select)."""


def jump_pages(page: int, pages: int, limit: int = JUMPS) -> list[int]:
    """The pages (0-based, sorted) a replay's jump menu offers from page ``page``: every
    page when they fit, else the first and the last, the pages around this one, and the
    rest spread evenly over the match, ``limit`` in all."""
    if pages <= limit:
        return list(range(pages))
    page = max(0, min(page, pages - 1))
    chosen = {0, pages - 1, *range(max(0, page - 3), min(pages, page + 4))}
    spare = limit - len(chosen)
    step = (pages - 1) / (spare + 1)
    chosen |= {round(i * step) for i in range(1, spare + 1)}
    for p in range(pages):  # rounding met a page already there: fill from the start
        if len(chosen) >= limit:
            break
        chosen.add(p)
    return sorted(chosen)[:limit]


def jump_labels(replay: Replay, page: int, *, loc: str = DEFAULT) -> list[tuple[int, str]]:
    """The jump menu's options from page ``page``: (page, label) with the turn it tells
    when the replay is paged by turn."""
    out = []
    for p in jump_pages(page, len(replay.pages)):
        if replay.turns:
            out.append((p, t(loc, "replay.jump_turn", page=p + 1, turn=replay.turns[p])))
        else:
            out.append((p, t(loc, "replay.jump_page", page=p + 1)))
    return out
