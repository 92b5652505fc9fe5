"""Command line: ``python -m engine simulate GAME --matches N --seed S [--option k=v]``."""

from __future__ import annotations

import argparse
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
    sim.add_argument("--agent", choices=["random", "greedy"], default="random",
                     help="greedy: the game's own greedy agent, where it has one")
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    result = simulate(REGISTRY[args.game], args.matches, args.seed, options, args.agent)
    print(json.dumps(result.as_dict(), sort_keys=False))
    return 0 if result.errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
