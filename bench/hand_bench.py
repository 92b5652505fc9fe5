"""CPU of the table's private hand and public board payloads, per game.

Not a test. Run from the repository root (or, with ``PYTHONPATH=.``, from another
checkout of the project, to compare two commits with the same script)::

    python bench/hand_bench.py [--matches 20] [--repeat 5] [--games sushido,...]

Replays ``--matches`` random matches per game (two seats, seeded: the same states on
every commit), then times :meth:`cogs.table.Table.hand_payload` for every seat of every
state (with controls, as a click's answer, the refresh of an open hand and the Act
button ask for it) and :meth:`cogs.table.Table.board_payload` (with the board's picture
kept, as :meth:`~cogs.table.Table.drawn_board` asks when the picture did not change),
each followed by what discord.py does with it before sending (``Embed.to_dict`` and
``View.to_components``). A pass asks for every (match, version, seat) once ("hand
cold": nothing to reuse but per-game work); another asks twice in a row, its extra cost
is "hand again" (the Act click after the refresh of that hand at the same version); a
third builds the boards. Whole passes are timed with this process's CPU clock
(``time.process_time``: the machine's other work does not count), the best of
``--repeat``, in microseconds per payload.

``--part hand|again|board|none`` runs one such pass only, no figures: run it under
``valgrind --tool=callgrind`` and subtract ``none`` for instructions per payload.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path.cwd()))
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))

from cogs.table import Table
from db.base import MatchRecord
from engine.games import REGISTRY
from engine.simulate import walk
from referee.render.registry import renderer_for

GAMES = ("sushido", "world_of_fighters", "kingdom_of_loathing", "mortal_kombat",
         "epic_battles")


def states(game_id: str, matches: int, steps: int = 400) -> list[tuple[int, Any]]:
    """(match number, state) along ``matches`` seeded random matches (each state a copy)."""
    game = REGISTRY[game_id]
    out = []
    for seed in range(matches):
        state = game.setup(game.parse_options({}), 2, seed)
        out.extend((seed, game.clone(s)) for s in walk(game, state, seed, steps))
    return out


class _Referee:
    """What the table asks a referee for here: the game."""

    def game(self, game_id: str) -> Any:
        return REGISTRY[game_id]


def table() -> Table:
    """A table with no Discord behind it."""
    bot = SimpleNamespace(get_guild=lambda _id: None)
    return Table(bot, None, _Referee())  # type: ignore[arg-type]


def record(game_id: str, match_id: int) -> MatchRecord:
    """A live two-seat match of ``game_id``."""
    return MatchRecord(id=match_id, guild_id=None, channel_id=1, game=game_id,
                       seats=[1000 + match_id, 2000 + match_id], state="", version=0)


def sent(payload: dict[str, Any]) -> Any:
    """What discord.py serialises from a payload before sending it."""
    return payload["embed"].to_dict(), payload["view"].to_components()


def one_pass(game_id: str, got: list[tuple[int, Any]], base: int, loc: str,
             part: str = "all") -> int:
    """Build what ``part`` asks for over every state, with a new table and new match ids:
    ``hand`` each seat's hand once, ``again`` twice in a row (the second as the Act click
    after a refresh asks for it), ``board`` the board once; ``none`` nothing. Returns how
    many payloads were built per ask (one per seat and state, or one per state)."""
    tab = table()
    recs = {m: record(game_id, base + m) for m, _ in got}
    kept = object()
    count = 0
    for m, state in got:
        rec = recs[m]
        if part == "board":
            sent(tab.board_payload(rec, state, kept=kept))
            count += 1
        elif part in ("hand", "again"):
            for seat in range(state.seats):
                sent(tab.hand_payload(rec, state, seat, True, loc=loc))
                if part == "again":
                    sent(tab.hand_payload(rec, state, seat, True, loc=loc))
                count += 1
    return count


def timed(game_id: str, got: list[tuple[int, Any]], loc: str,
          repeat: int) -> dict[str, float]:
    """Microseconds of CPU per payload: a hand built cold, asked again, a board (the
    best of ``repeat`` passes each, whole passes timed: this machine's CPU clock is
    coarse)."""
    best: dict[str, float] = {}
    for n in range(repeat):
        for part in ("hand", "again", "board"):
            start = time.process_time()
            count = one_pass(game_id, got, (n + 1) * 100_000, loc, part)
            secs = (time.process_time() - start) / count
            best[part] = min(best.get(part, secs), secs)
    return {"hand cold": best["hand"] * 1e6, "hand again": (best["again"] - best["hand"]) * 1e6,
            "board": best["board"] * 1e6}


def digest(game_id: str, got: list[tuple[int, Any]]) -> str:
    """A SHA-256 of every hand (each seat, with and without controls, pages 0 and 1) and
    board payload as sent, in both languages: equal on two commits, equal payloads."""
    tab = table()
    sha = hashlib.sha256()
    kept = object()
    for m, state in got:
        rec = record(game_id, m)
        for loc in ("en-US", "fr"):
            for seat in range(state.seats):
                for with_controls, page in ((True, 0), (True, 1), (False, 0)):
                    payload = tab.hand_payload(rec, state, seat, with_controls, page, loc)
                    sha.update(json.dumps(sent(payload), sort_keys=True).encode())
        sha.update(json.dumps(sent(tab.board_payload(rec, state, kept=kept)),
                              sort_keys=True).encode())
    return sha.hexdigest()


def main() -> None:
    """Print microseconds per payload for every game asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--games", default="sushido,world_of_fighters")
    parser.add_argument("--locale", default="en-US")
    parser.add_argument("--digest", action="store_true",
                        help="print a digest of every payload instead of timings")
    parser.add_argument("--part", default="all", choices=("all", "hand", "again", "board", "none"))
    args = parser.parse_args()
    for game_id in args.games.split(","):
        renderer_for(game_id)
        got = states(game_id, args.matches)
        if args.digest:
            print(f"{game_id:20} {len(got):5} states  {digest(game_id, got)}")
            continue
        if args.part != "all":
            one_pass(game_id, got, 100_000, args.locale, args.part)
            continue
        figures = timed(game_id, got, args.locale, args.repeat)
        print(f"{game_id:20} {args.locale:6} {len(got):5} states  " + "  ".join(
            f"{name} {us:7.1f} us" for name, us in figures.items()))


if __name__ == "__main__":
    main()
