"""Draw the README's board pictures (docs/img/) from seeded matches, through the real renderers.

``python scripts/board_images.py [--out docs/img]`` plays one seeded random legal match per
game (as ``python -m engine simulate`` does), stops at an interesting public moment, and
saves the board picture exactly as the bot attaches it to the public board (the
renderer's ``picture`` of the spectator view). It prints the public narration of the turn
that led there, the text the thread shows next to the picture.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.core import Rng, for_viewer  # noqa: E402
from engine.games import REGISTRY  # noqa: E402
from engine.simulate import pick  # noqa: E402
from referee.render.registry import renderer_for  # noqa: E402

NAMES = ["@alice", "@bob", "@carol", "@dave"]


@dataclass
class Shot:
    """One picture: a game, its options, a seed and the moment to draw."""

    file: str
    game: str
    options: dict[str, Any]
    seed: int
    when: Callable[[Any], bool]
    seats: int = 0
    """Players (0: the game's minimum)."""


def _sushido_moment(s: Any) -> bool:
    """Mid-turn: a revealed card played (no step half done), one to come, life lost."""
    played = any(len(x.revealed) < len(r) for x, r in zip(s.seat, s.last_reveal, strict=False))
    return (s.phase == "resolve" and s.kata is None and s.turn >= 3 and played
            and any(x.revealed for x in s.seat) and all(x.chain for x in s.seat)
            and all(x.life < 15 for x in s.seat) and s.seat[0].pos not in (3, 4)
            and all(p.kind != "step" for p in REGISTRY["sushido"].prompts(s).values()))


def _wof_moment(s: Any) -> bool:
    """Cards face down again, a few turns in, both fighters having moved and been hit."""
    return (s.phase == "commit" and s.turn >= 4 and s.reveal is not None
            and all(f.hp < 10 for f in s.fighters))


def _kol_moment(s: Any) -> bool:
    """Four adventurers a few rounds in, still geared: kills made, items on the Heap, a
    turn starting."""
    return (s.round >= 3 and s.phase == "noncombat" and s.march is None and len(s.heap) >= 2
            and sum(p.kills for p in s.players) >= 4 and not s.left
            and not any(p.out for p in s.players)
            and sum(len(p.equipped) for p in s.players) >= 8)


def _mk_moment(s: Any) -> bool:
    """Advanced rules, an attack on the table at Hand-to-Hand, both hurt, round 2 or later."""
    return (s.phase == "respond" and s.distance == "h2h" and s.round >= 2 and s.turn >= 6
            and all(f.kp < s.options.kp - 5 for f in s.fighters))


def _eb_moment(s: Any) -> bool:
    """Round 2 or later, an attack on the table, events set face down, a kamidogu in play,
    both decks dented."""
    return (s.phase == "battle" and s.strike is not None and s.round >= 2
            and any(side.events for side in s.sides)
            and any(side.kamidogu for side in s.sides)
            and all(len(side.deck) < 40 for side in s.sides))


def _brawl_moment(s: Any) -> bool:
    """A four-Kombatant Advanced Brawl in round 2 or later: someone down or out, a
    Hand-to-Hand group, everyone hurt."""
    return (s.brawl and s.phase == "act" and s.round >= 2 and s.aim is not None
            and bool(s.groups) and (s.out or s.down)
            and all(f.kp < s.options.kp for f in s.fighters))


SHOTS = [
    Shot("sushido-board.png", "sushido", {"duel": "entrainement"}, 11, _sushido_moment),
    Shot("wof-board.png", "world_of_fighters", {"bouts": 3}, 11, _wof_moment),
    Shot("kol-board.png", "kingdom_of_loathing", {}, 11, _kol_moment, seats=4),
    Shot("mk-board.png", "mortal_kombat", {"level": "advanced"}, 11, _mk_moment),
    Shot("eb-board.png", "epic_battles", {}, 11, _eb_moment),
    Shot("mk-brawl-board.png", "mortal_kombat", {"level": "advanced"}, 11, _brawl_moment,
         seats=4),
]


def this_turn(lines: list[str]) -> list[str]:
    """The narration since the last "— Turn" line that is not the very last line."""
    starts = [i for i, line in enumerate(lines[:-1])
              if line.startswith(("— Turn", "Turn "))]
    return lines[starts[-1]:] if starts else lines[-12:]


def shoot(shot: Shot, out: Path, loc: str = "en-US") -> tuple[Path, list[str]]:
    """Play ``shot``'s match up to its moment; save the picture (its words in ``loc``);
    the turn's narration."""
    game = REGISTRY[shot.game]
    renderer = renderer_for(shot.game)
    for seed in range(shot.seed, shot.seed + 200):  # the first seed that reaches the moment
        state = game.setup(game.parse_options(shot.options), shot.seats or game.min_seats,
                           seed)
        agent = Rng(seed=seed ^ 0x5EED)
        said: list[str] = []
        while state.result is None:
            prompts = game.prompts(state)
            seats = sorted(s for s, p in prompts.items() if not p.committed)
            seat = seats[agent.below(len(seats))]
            state, events = game.apply(state, seat, pick(game, state, seat, agent))
            said += renderer.narrate(for_viewer(events, None), NAMES)
            if shot.when(state):
                png = renderer.picture(game.view(state, None), loc)
                assert png is not None, f"{shot.game} has no board picture"
                path = out / shot.file
                path.write_bytes(png)
                return path, this_turn(said)
    raise RuntimeError(f"no seed reached the moment of {shot.file}")


def main(argv: list[str] | None = None) -> int:
    """Write every picture of :data:`SHOTS` and print what the thread says around it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument("--locale", default="en-US",
                        help="the language of the pictures' words (en-US, fr)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for shot in SHOTS:
        path, lines = shoot(shot, args.out, args.locale)
        print(f"== {path}")
        print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
