"""Command line: ``python -m engine simulate GAME [--seats N] --matches M --seed S
[--option k=v]``; ``python -m engine content GAME`` (:mod:`engine.content`).

``--agents hard,random`` (one name per seat, or one for all: random, easy, normal,
greedy, hard, expert) plays the AI agents of :mod:`engine.ai` instead of the random fuzzer
and prints win rates per agent, per seat and per fighter. ``--agent LEVEL`` plays every
seat with that level: ``random`` is the fuzzer, ``greedy`` the game's own state-reading
``greedy_action`` where it has one (the balance runners'), any other level (and
``greedy`` in a game without one) the view-reading agents, as ``--agents LEVEL`` does. An
unknown name is refused with the list of names.
"""

from __future__ import annotations

import argparse
import json
import sys

from engine.ai.registry import NAMES
from engine.games import REGISTRY
from engine.simulate import AGENTS, simulate


def main(argv: list[str] | None = None) -> int:
    """Entry point; prints one JSON line of figures."""
    parser = argparse.ArgumentParser(prog="python -m engine")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random legal matches and print figures")
    sim.add_argument("game", choices=sorted(REGISTRY))
    sim.add_argument("--matches", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--option", action="append", default=[], help="match option key=value")
    sim.add_argument("--agent", choices=sorted({*AGENTS, *NAMES}), default="random",
                     help="every seat: random legal play (the fuzzer), greedy (the game's "
                          "state-reading greedy agent where it has one), or an AI level")
    sim.add_argument("--seats", type=int, default=None,
                     help="players per match (default: the game's minimum)")
    sim.add_argument("--agents", default=None,
                     help="AI agents, one per seat or one for all (random, easy, normal, "
                          "greedy, hard), e.g. hard,random")
    sim.add_argument("--no-swap", action="store_true",
                     help="with --agents: keep each agent on its seat (default: rotate "
                          "the seats every match)")
    con = sub.add_parser("content", help="print a game's content report (counts, stat "
                         "signatures, rules texts, the printed cards of every rule path)")
    con.add_argument("game", choices=sorted(REGISTRY))
    args = parser.parse_args(argv)
    if args.command == "content":
        from engine.content import report

        try:
            rep = report(args.game)
        except LookupError as exc:
            parser.error(str(exc))
        print(json.dumps(rep.as_dict(), indent=2, ensure_ascii=False))
        return 0 if not rep.missing_paths() and not rep.shared_texts else 1
    options = dict(o.split("=", 1) for o in args.option)
    game = REGISTRY[args.game]
    if not args.agents and args.agent != "random" and not (
            args.agent == "greedy" and hasattr(game, "greedy_action")):
        args.agents = args.agent  # a level: the view-reading agents at every seat
    if args.agents:
        from engine.ai.play import simulate_agents

        try:
            stats = simulate_agents(game, args.agents.split(","), args.matches, args.seed,
                                    options, swap=not args.no_swap, seats=args.seats)
        except ValueError as exc:  # an unknown agent name, a wrong number of names
            parser.error(str(exc))
        print(json.dumps(stats.as_dict(), sort_keys=False))
        return 0 if stats.errors == 0 else 1
    try:
        result = simulate(REGISTRY[args.game], args.matches, args.seed, options,
                          agent_kind=args.agent, seats=args.seats)
    except ValueError as exc:  # a number of seats the game does not allow
        parser.error(str(exc))
    print(json.dumps(result.as_dict(), sort_keys=False))
    return 0 if result.errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
