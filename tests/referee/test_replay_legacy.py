"""A Sushido match logged before "Combo!" stopped naming a combo still loads and replays.

The refereed match is played now, then its stored log is rewritten the way it was stored
back then (``{"kind": "declare", "choice": "combo0"}``..``"combo2"``): the replay must
re-simulate to the stored final state and label those announcements as "Combo!".
"""

from __future__ import annotations

from itertools import cycle

from referee.replay import build_replay, resimulate
from referee.service import Referee
from tests.referee.test_replay import NOTE, play, ref, stored

__all__ = ["ref"]  # the fixture, shared with test_replay


async def test_a_log_with_old_combo_announcements_replays(ref: Referee) -> None:
    match_id, live = await play(ref, "sushido", 7, {}, expire_rate=0.0)
    rec, logs, events = await stored(ref, match_id)
    olds = cycle(["combo0", "combo1", "combo2"])
    rewritten, changed = [], []
    for row in logs:
        if row.action == {"kind": "declare", "choice": "combo"}:
            row = row.model_copy(update={"action": {"kind": "declare", "choice": next(olds)}})
            changed.append(row.version)
        rewritten.append(row)
    assert len(changed) >= 2, "the match announced too few combos to test"

    resim = resimulate(rec, rewritten)
    assert resim.problem is None  # every version and the final state were reproduced
    by_version = dict(zip((r.version for r in rewritten), resim.labels, strict=True))
    for version in changed:
        assert by_version[version] == (live[version],)
        assert live[version].startswith("Combo!")
    text = "\n".join(build_replay(rec, None, events, rewritten, resim).pages)
    assert NOTE not in text
