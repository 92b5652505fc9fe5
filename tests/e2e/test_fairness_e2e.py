"""Provably fair reveals and shuffles (issue 31), through the real bot and offline Discord.

A whole Sushido match: the opening posts the SHA-256 of the shuffle seed; every sealed
choice (a Hajime, a reveal, a fighter pick) shows its commitment in the thread before the
reveal it leads to; the salt stays out of every public payload until the final message
reveals it with the seed; ``/verify`` (and ``python -m scripts.verify``) re-derives every
commitment and every shuffle from the log and succeeds, and fails once the log is tampered.
"""

from __future__ import annotations

import asyncio
import json
import pathlib
import re
from typing import Any

import pytest

from referee import fairness
from scripts import verify as verify_script
from tests.e2e import transcript
from tests.e2e.harness import Player, bot_running, challenge_accepted, idle
from tests.fakediscord import FakeDiscord


def public_texts(recorder: transcript.Recorder, thread_id: int) -> list[str]:
    """Every text the thread showed everyone, in order (new messages and edits)."""
    return [text for msg, _edit, text in recorder.entries
            if msg.channel_id == thread_id and not msg.ephemeral]


async def test_a_sushido_match_commits_reveals_and_verifies(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, player_transcript: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    fake = fake_discord
    recorder = player_transcript or transcript.recording(monkeypatch)
    alice, bob = fake.user("alice"), fake.user("bob")
    db = tmp_path / "h.sqlite3"
    async with bot_running(fake, db) as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido",
                                                   duel="Iaijutsu (1 round)")
        thread = fake.threads(fake.channel)[-1]
        rec = await bot.store.get_match(match_id)
        assert rec is not None
        fair = fairness.fairness_of(rec)
        assert fair is not None
        salt = fair["salt"]
        player = Player(fake, bot, match_id, board, [alice, bob], seed=3, check_leaks=False)
        await player.play()
        await idle(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec is not None and rec.status == "finished"
        texts = public_texts(recorder, thread.id)
        # the seed's hash at the start, in the opening line
        opening = next(x for x in texts if "The match is on!" in x)
        assert f"SHA-256 `{fair['seed_hash']}`" in opening
        # the salt: in no public text (nor any payload the fake saw) before the end
        final = fake.messages(thread)[-1]
        assert "Match over" in final.content and f"Salt `{salt}`" in final.content
        assert "/verify" in final.content
        before_end = [x for x in texts if "Match over" not in x]
        assert not any(salt in x for x in before_end)
        payloads = json.dumps([b for m in fake.messages(thread)[:-1] for b in m.history])
        assert salt not in payloads
        # every commitment, re-derived from the log, was shown before its reveal
        logs = await bot.store.action_log(match_id)
        found = fairness.verify(rec, logs)
        assert found.ok, found.report()
        assert len(found.commitments) >= 4  # two picks, then Hajime and reveals
        joined = "\n".join(texts)
        for c in found.commitments:
            at = joined.find(f"`{c.digest}`")
            assert at >= 0, (c, "not shown in the thread")
            # the first reveal line after this commitment comes after it, never before
            shown_in = next(x for x in texts if f"`{c.digest}`" in x)
            reveal = shown_in.find("🃏 **Reveal**")
            assert reveal < 0 or shown_in.find(f"`{c.digest}`") < reveal, shown_in
        seed_hex = format(found.seed or 0, "x")
        assert f"`{seed_hex}`" in final.content
        # /verify agrees, in the player's words
        res = await (await alice.slash("verify", match_id=match_id)).response()
        assert res.ephemeral and res.message is not None
        title = res.message.embeds[0]["title"]
        assert title.startswith("✅") and f"#{match_id} verified" in title, title
        assert found.commitments[0].digest in res.message.embeds[0]["description"]
    # the documented script, offline, on the same database
    assert await asyncio.to_thread(verify_script.main, [str(db), str(match_id)]) == 0
    # a tampered log: one sealed choice changed after the fact
    import sqlite3

    target = found.commitments[-1].version
    con = sqlite3.connect(db)
    row = con.execute("SELECT action FROM match_actions WHERE match_id = ? AND version = ?",
                      (match_id, target)).fetchone()
    action = json.loads(row[0])
    if action.get("kind") == "reveal" or action.get("kind") == "place":
        action["show"] = "none" if action["show"] != "none" else "both"
    else:
        action = {**action, **{k: v for k, v in action.items() if k == "kind"}}
        action["fighter"] = "biwa" if action.get("fighter") != "biwa" else "manta"
    con.execute("UPDATE match_actions SET action = ? WHERE match_id = ? AND version = ?",
                (json.dumps(action), match_id, target))
    con.commit()
    con.close()
    assert await asyncio.to_thread(verify_script.main, [str(db), str(match_id)]) == 1
    async with bot_running(fake, db) as bot:
        rec = await bot.store.get_match(match_id)
        assert rec is not None
        tampered = fairness.verify(rec, await bot.store.action_log(match_id))
        assert not tampered.ok
        digests = {c.version: c.digest for c in tampered.commitments}
        assert digests.get(target) != found.commitments[-1].digest  # not what was shown
        res = await (await alice.slash("verify", match_id=match_id)).response()
        assert res.message is not None
        assert res.message.embeds[0]["title"].startswith("❌")
    assert fake.schema_errors == [] and fake.handler_errors == []
    assert re.search(r"🔒 .* sealed a choice: `[0-9a-f]{16}`", "\n".join(texts))


async def test_an_epic_battles_pass_chained_with_its_discard_is_sealed_and_verifies(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path, player_transcript: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The Battle-ending pass offered with the passer's own Discard (one choice, issue 31)
    ends in a secret commit: its commitment is shown before the discards are revealed, and
    ``verify`` re-derives it from the log like a plain commit's."""
    from tests.e2e.harness import pin_engine_seed

    fake = fake_discord
    recorder = player_transcript or transcript.recording(monkeypatch)
    pin_engine_seed(monkeypatch, 6)
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "epic_battles",
                                                   bouts=1)
        thread = fake.threads(fake.channel)[-1]
        player = Player(fake, bot, match_id, board, [alice, bob], seed=2, check_leaks=False)
        await player.play()
        await idle(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec is not None and rec.status == "finished"
        logs = await bot.store.action_log(match_id)
    found = fairness.verify(rec, logs)
    assert found.ok, found.report()
    chained = {r.version for r in logs if r.action and r.action.get("kind") == "chain"
               and any(s.startswith("dc-") for s in r.action["steps"])}
    sealed = {c.version: c.digest for c in found.commitments}
    assert chained and chained <= set(sealed)
    texts = public_texts(recorder, thread.id)
    for version in chained:
        shown = next(x for x in texts if f"`{sealed[version]}`" in x)
        assert "passes too" in shown  # the board that shows the pass shows its seal
