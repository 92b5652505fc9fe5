"""The renderer registry: every registered game has its own renderer."""

from __future__ import annotations

import subprocess
import sys


def test_each_game_gets_its_renderer_even_after_one_renderer_was_imported_alone() -> None:
    # Importing one renderer module registers it; the others must still load on demand
    # (a practice match of World of Fighters once got the generic board this way).
    code = (
        "import referee.render.mortal_kombat\n"
        "from referee.render.base import Renderer\n"
        "from referee.render.registry import renderer_for\n"
        "from engine.games import REGISTRY\n"
        "generic = [g for g in REGISTRY if type(renderer_for(g)) is Renderer]\n"
        "assert not generic, generic\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
