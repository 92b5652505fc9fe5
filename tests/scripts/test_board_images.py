"""scripts/board_images.py: the README's pictures come from real matches and renderers."""

from __future__ import annotations

import importlib.util
import io
import pathlib
import sys

from PIL import Image

ROOT = pathlib.Path(__file__).parents[2]


def _script() -> object:
    spec = importlib.util.spec_from_file_location("board_images", ROOT / "scripts" /
                                                  "board_images.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["board_images"] = module
    spec.loader.exec_module(module)
    return module


def test_board_images_draws_each_games_picture_the_same_way_twice(
        tmp_path: pathlib.Path) -> None:
    script = _script()
    shots = script.SHOTS  # type: ignore[attr-defined]
    assert {s.game for s in shots} == {"sushido", "world_of_fighters", "kingdom_of_loathing",
                                       "mortal_kombat", "epic_battles"}
    assert any(s.game == "mortal_kombat" and s.seats == 4 for s in shots)  # a Brawl board
    for run in ("a", "b"):
        assert script.main(["--out", str(tmp_path / run)]) == 0  # type: ignore[attr-defined]
    for shot in shots:
        png = (tmp_path / "a" / shot.file).read_bytes()
        assert png == (tmp_path / "b" / shot.file).read_bytes()
        with Image.open(io.BytesIO(png)) as img:
            assert img.format == "PNG" and img.width > 400
    assert {s.file for s in shots} <= {p.name for p in (ROOT / "docs" / "img").iterdir()}
    for shot in shots:  # the committed pictures are the ones the script draws today
        with Image.open(tmp_path / "a" / shot.file) as new, \
                Image.open(ROOT / "docs" / "img" / shot.file) as committed:
            assert new.size == committed.size and \
                new.convert("RGB").tobytes() == committed.convert("RGB").tobytes(), shot.file
