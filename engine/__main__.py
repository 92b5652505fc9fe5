"""Command line: ``python -m engine simulate GAME [--seats N] --matches M --seed S
[--option k=v]``."""

from __future__ import annotations

import argparse
import importlib
import json
import sys

from engine.games import REGISTRY
from engine.simulate import simulate


def main(argv: list[str] | None = None) -> int:
    """Entry point; prints one JSON line of figures."""
    parser = argparse.ArgumentParser(prog="python -m engine")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random legal matches and print figures")
    sim.add_argument("game", choices=sorted(REGISTRY))
    sim.add_argument("--matches", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--option", action="append", default=[], help="match option key=value")
    sim.add_argument("--seats", type=int, default=None,
                     help="players per match (default: the game's minimum)")
    sim.add_argument("--agents", default=None,
                     help="an agent of the game's agent module (e.g. greedy) at every seat")
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    agent = None
    if args.agents:
        module = importlib.import_module(f"engine.games.{args.game}.agent")
        agent = module.AGENTS[args.agents]()
    try:
        result = simulate(REGISTRY[args.game], args.matches, args.seed, options, args.seats,
                          agent=agent)
    except ValueError as exc:  # a number of seats the game does not allow
        parser.error(str(exc))
    print(json.dumps(result.as_dict(), sort_keys=False))
    return 0 if result.errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
