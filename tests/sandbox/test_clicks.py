"""Any sequence of clicks, good or bad, through the sandbox: a refused click changes
nothing, an accepted one is exactly one action, and each seat's page is its own view."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import EngineError
from engine.games import REGISTRY
from referee.snapshots import load_state
from sandbox.tables import Sandbox

CLICK = st.tuples(
    st.sampled_from(["seat0", "seat1", "none", "bad"]),
    st.one_of(st.integers(0, 40), st.sampled_from(["", "x" * 300, "f-nobody", None, 7])),
    st.sampled_from([0, 0, 0, -1, 1, "0", None]),
    st.one_of(st.none(), st.integers(-2, 3), st.just(2**63)),
)


async def run_clicks(game_id: str, clicks: list[tuple[Any, Any, Any, Any]]) -> None:
    """Play ``clicks`` against a fresh sandbox and check every step."""
    with tempfile.TemporaryDirectory() as folder:
        sandbox = Sandbox(Path(folder))
        sandbox.referee.new_seed = lambda: 5
        await sandbox.open()
        try:
            rec, tokens = await sandbox.create(game_id, {}, ["Ann", "Ben"])
            game = REGISTRY[game_id]
            keys = {"seat0": tokens[0], "seat1": tokens[1], "none": None, "bad": "0" * 32}
            for who, pick, shift, nonce in clicks:
                before = await sandbox.store.get_match(rec.id)
                assert before is not None
                token = keys[who]
                seat = tokens.index(token) if token in tokens else None
                page = await sandbox.page(rec.id, token) if who != "bad" else None
                aid = pick
                if isinstance(pick, int) and page is not None and page["actions"]:
                    aid = page["actions"][pick % len(page["actions"])]["aid"]
                version = before.version + shift if isinstance(shift, int) else shift
                try:
                    await sandbox.act(rec.id, token, aid, version, nonce)
                except EngineError:
                    after = await sandbox.store.get_match(rec.id)
                    assert after == before  # refused: nothing changed
                else:
                    after = await sandbox.store.get_match(rec.id)
                    assert after is not None and after.version == before.version + 1
                    assert seat is not None and isinstance(version, int)
                    if shift != 0:  # an older board: the referee lets a seat's choice stand
                        # while only other seats acted since (a simultaneous reveal)
                        since = await sandbox.store.action_log(rec.id, version)
                        acted = {e.seat for e in since if e.version <= before.version}
                        assert shift < 0 and seat not in acted, (shift, acted)
                state = await load_state(sandbox.store, game, after)  # type: ignore[arg-type]
                for s, tok in enumerate(tokens):
                    shown = await sandbox.page(rec.id, tok)
                    assert shown["view"] == game.view(state, s).model_dump(mode="json")
                if after.status != "active":  # type: ignore[union-attr]
                    break
        finally:
            await sandbox.close()


@settings(max_examples=25)
@given(game_id=st.sampled_from(sorted(REGISTRY)), clicks=st.lists(CLICK, max_size=25))
def test_any_clicks_change_only_what_the_referee_accepts(
        game_id: str, clicks: list[tuple[Any, Any, Any, Any]]) -> None:
    asyncio.run(run_clicks(game_id, clicks))
