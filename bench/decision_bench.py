"""The engine's whole work for one decision, as the bot calls it, against one raw SQLite
commit of the same row, alternated in one process.

Not a test. Run from the repository root::

    python bench/decision_bench.py [--matches 10] [--games sushido,epic_battles] [--profile]

``bench/engine_bench.py`` times ``perform`` on a state whose controls the Act click
already listed. A decision costs the engine more: for every (state, seat, action) of
``--matches`` random matches per game (``engine_bench.triples``), on the referee's cached
copy of the state, this bench times every engine call the bot makes for it, in order:

- **Act click** (:meth:`cogs.table.Table.on_act`, :func:`cogs.table_hand.build_hand`):
  ``prompts``, then the hand: its ``prompt``, ``outcome``, ``view`` (the seat's), ``listed``,
  ``interrupts`` and the controls' labels (``labels``, or a ``label`` per control before
  it), unless the bot built that hand at this version already (its answer to the seat's
  last click, or its open hand refreshed: the table keeps them,
  :class:`cogs.table_hand.Hands`);
- **the control's click** (:meth:`referee.service.Referee.act`): ``prompts`` (the seats
  deciding before), ``prompt`` (a sealed choice?), ``perform`` (found in the listing,
  applied in place), ``outcome``, ``timer_share`` (or ``sim_labels`` at the end), ``dump``
  when the version is a snapshot's (every 16), ``prompts`` (deciding after);
- **its answer and news** (:meth:`cogs.table.Table._apply`, ``publish``): the actor's new
  hand (as above, on the new state), the board (``view`` for spectators, ``outcome``,
  ``prompts``), the ping's ``prompts``, and the new hand of every other seat with a new
  decision (refreshed in place).

The bot asks a state for its prompts through ``Game.asked`` and for its views through
``Game.viewed`` (remembered per state object and version, as ``listed`` is; a version's
views share their viewer-independent part); so does this bench. Each decision's engine time is
followed by one raw ``sqlite3`` transaction (WAL, ``synchronous`` NORMAL) updating a match
row with a state of the same size (as
``engine_bench`` does): ratio = mean engine time / mean commit time, both from the same
alternated run (and the same of the medians, which a busy machine's preemptions move
less). ``--profile`` prints cProfile's top functions per game.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_bench import figures, triples

from engine.core import Game
from engine.games import REGISTRY
from referee.service import pending_seats

SNAPSHOT_EVERY = 16


def prompts_of(game: Game[Any, Any], state: Any) -> Any:
    """The prompts as the bot asks them: remembered per state (``Game.asked``), or (a tree
    before it, for the "before" figures) asked anew each time."""
    asked = getattr(game, "asked", None)
    return asked(state) if asked is not None else game.prompts(state)


def prompt_of(game: Game[Any, Any], state: Any, seat: int) -> Any:
    """One seat's prompt as the bot asks it (``Game.prompt`` before ``Game.asked``)."""
    asked = getattr(game, "asked", None)
    return asked(state).get(seat) if asked is not None else game.prompt(state, seat)


def view_of(game: Game[Any, Any], state: Any, viewer: int | None) -> Any:
    """A view as the bot asks it: remembered per state, its viewer-independent part
    shared (``Game.viewed``), or (a tree before it) built anew each time."""
    viewed = getattr(game, "viewed", None)
    return viewed(state, viewer) if viewed is not None else game.view(state, viewer)


def hand(game: Game[Any, Any], state: Any, seat: int) -> int:
    """The engine calls of a private hand with its controls (``build_hand``)."""
    prompt = prompt_of(game, state, seat)
    outcome = game.outcome(state)
    view_of(game, state, seat)
    shown: list[Any] = []
    extra: list[Any] = []
    if outcome is None:
        if prompt is not None and not prompt.committed:
            shown = game.listed(state, seat)
        extra = game.interrupts(state, seat)
    labels = getattr(game, "labels", None)  # the listing labelled at once (Game.labels)
    if labels is not None:
        labels(state, seat, shown)
    else:
        for action in shown:
            game.label(state, seat, action)
    for action in extra:
        game.label(state, seat, action)
    return len(shown) + len(extra)


def act_click(game: Game[Any, Any], state: Any, seat: int,
              built: set[tuple[int, int]]) -> None:
    """The Act click: is there a decision, then the hand (unless the bot keeps it built
    at this version: :class:`cogs.table_hand.Hands`)."""
    if prompts_of(game, state).get(seat) is None:
        game.interrupts(state, seat)
    if (state.version, seat) not in built:
        hand(game, state, seat)
        built.add((state.version, seat))


def decision(game: Game[Any, Any], state: Any, seat: int, aid: str,
             built: set[tuple[int, int]]) -> Any:
    """The control's click, its answer and its news; the new state (``built``: the hands
    built, by version and seat, as :class:`cogs.table_hand.Hands` keeps them)."""
    before = pending_seats(game, state)
    prompt_of(game, state, seat)  # sealed(): a simultaneous choice?
    _, new, _ = game.perform(state, seat, aid, state.version, owned=True)
    if game.outcome(new) is not None:
        game.sim_labels(new)
    else:
        game.timer_share(new)
    if new.version % SNAPSHOT_EVERY == 0 or new.result is not None:
        game.dump(new)
    after = pending_seats(game, new)
    hand(game, new, seat)  # the actor's hand, updated in place
    built.add((new.version, seat))
    view_of(game, new, None)  # the board (built once per version by the table)
    game.outcome(new)
    prompts_of(game, new)
    prompts_of(game, new)  # the ping's words
    for other, kind in after.items():  # open hands refreshed: seats with a new decision
        if other != seat and before.get(other) != kind:
            hand(game, new, other)
            built.add((new.version, other))
    return new


class RawCommit:
    """One raw sqlite3 transaction updating a state row (WAL, NORMAL), on demand."""

    def __init__(self, tmp: Path) -> None:
        self.conn = sqlite3.connect(tmp / "raw.sqlite3", isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute("CREATE TABLE m (id INTEGER PRIMARY KEY, state TEXT, version INTEGER)")
        self.conn.execute("INSERT INTO m VALUES (1, '', 0)")
        self.version = 0

    def once(self, body: str) -> float:
        """Seconds for one commit of ``body``."""
        t0 = time.perf_counter()
        self.conn.execute("BEGIN IMMEDIATE")
        self.conn.execute("UPDATE m SET state = ?, version = ? WHERE id = 1 AND version = ?",
                          (body, self.version + 1, self.version))
        self.conn.execute("COMMIT")
        self.version += 1
        return time.perf_counter() - t0


def measure(game_id: str, matches: int, raw: RawCommit,
            profile: cProfile.Profile | None = None) -> dict[str, Any]:
    """Seconds per decision (Act click, the control's click and news, both) and per raw
    commit, alternated."""
    game = REGISTRY[game_id]
    acts, decisions, wholes, commits, sizes = [], [], [], [], []
    built: set[tuple[int, int]] = set()
    last = -1
    carried: Any = None
    for state, seat, action in triples(game_id, matches):
        if state.version <= last:  # the next match
            built.clear()
            carried = None
        last = state.version
        stored = game.dump(state)
        # the referee's cached state: the one the last decision moved on, in place
        mine = carried if carried is not None and carried.version == state.version \
            else game.load(stored)
        body = "x" * len(stored)
        if profile is not None:
            profile.enable()
        t0 = time.perf_counter()
        act_click(game, mine, seat, built)
        t1 = time.perf_counter()
        carried = decision(game, mine, seat, action.aid, built)
        t2 = time.perf_counter()
        if profile is not None:
            profile.disable()
        commits.append(raw.once(body))
        acts.append(t1 - t0)
        decisions.append(t2 - t1)
        wholes.append(t2 - t0)
        sizes.append(len(stored))
    return {"act": acts, "decision": decisions, "whole": wholes, "commit": commits,
            "size": int(statistics.fmean(sizes))}


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--games", default="",
                        help="comma-separated game ids (default: every game)")
    parser.add_argument("--profile", action="store_true",
                        help="cProfile the engine calls; print the top functions per game")
    args = parser.parse_args()
    wanted = [g for g in args.games.split(",") if g] or list(REGISTRY)
    print("ratio = mean engine time of a whole decision / mean raw SQLite commit (WAL "
          "NORMAL) of a row of the same size, alternated in this run; p50 ratio = the "
          "same of the medians (steadier on a busy machine: a preemption of a few ms "
          "moves the means)")
    with tempfile.TemporaryDirectory() as tmp:
        raw = RawCommit(Path(tmp))
        for _ in range(200):  # warm the file
            raw.once("x" * 2000)
        for game_id in wanted:
            profile = cProfile.Profile() if args.profile else None
            got = measure(game_id, args.matches, raw, profile)
            commit = statistics.fmean(got["commit"])
            commit50 = statistics.median(got["commit"])
            print(f"{game_id:19} raw commit (state {got['size']} B): {figures(got['commit'])}")
            for key, label in (("whole", "whole decision (Act + click + news)"),
                               ("act", "Act click"), ("decision", "click, answer, news")):
                s = got[key]
                print(f"{'':19} {label:36} ({len(s)}): {figures(s)}  "
                      f"ratio {statistics.fmean(s) / commit:.2f}  "
                      f"p50 ratio {statistics.median(s) / commit50:.2f}")
            if profile is not None:
                stats = pstats.Stats(profile)
                stats.sort_stats("tottime").print_stats(18)


if __name__ == "__main__":
    main()
