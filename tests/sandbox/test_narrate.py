"""The sandbox's lines are the bot's: its renderers' narration and result lines, in the
page's language, with the players' names (never "Seat 1")."""

from __future__ import annotations

from pathlib import Path

from engine.core import Event
from referee.render.registry import renderer_for
from sandbox.tables import Sandbox


async def test_a_step_is_told_as_the_thread_tells_it_and_in_french(tmp_path: Path) -> None:
    sandbox = Sandbox(tmp_path)
    await sandbox.open()
    try:
        rec, tokens = await sandbox.create("sushido", {}, ["Ann", "Ben"])
        for seat in (0, 1, 0, 1):  # a few moves: the first legal choice of each
            shown = await sandbox.page(rec.id, tokens[seat])
            moves = [a for a in shown["actions"] if not a["interrupt"]]
            if moves:
                await sandbox.act(rec.id, tokens[seat], moves[0]["aid"], shown["version"], None)
        first = await sandbox.page(rec.id, tokens[0])
        events = [Event(kind=r.kind, data=r.data, audience=None if r.audience is None
                        else tuple(r.audience)) for r in await sandbox.store.events(rec.id)]
        public = [e for e in events if e.audience is None]
        renderer = renderer_for("sushido")
        by_version: dict[int, list[Event]] = {}
        for row, event in zip(await sandbox.store.events(rec.id), events, strict=True):
            if event.audience is None:
                by_version.setdefault(row.version, []).append(event)
        expect = [line for v in sorted(by_version)
                  for line in renderer.narrate(by_version[v], ["Ann", "Ben"])]
        assert expect and public
        assert [x["text"] for x in first["narration"] if not x["private"]] == expect
        watcher = await sandbox.page(rec.id, None)
        assert not any(x["private"] for x in watcher["narration"])  # no hand for watchers
        await sandbox.forfeit(rec.id, tokens[1])
        en = await sandbox.page(rec.id, None)
        fr = await sandbox.page(rec.id, None, "fr")
        assert en["result"].startswith("Ann") and en["result"].endswith("forfeits.")
        assert fr["result"].startswith("Ann") and "Ben" in fr["result"]
        assert fr["result"] != en["result"]
        assert len(en["narration"]) == len(fr["narration"])
        assert [x["text"] for x in en["narration"]] == expect  # (the forfeit: no line)
        assert not any("Seat" in x["text"] for x in en["narration"] + fr["narration"])
    finally:
        await sandbox.close()
