"""A whole Sushido match between two fake users, from /challenge to the result."""

from __future__ import annotations

import pathlib
import random
import re
from collections import Counter
from typing import Any

import pytest

from engine.games.sushido import GAME
from referee.snapshots import load_state
from tests.e2e.harness import Player, bot_running, challenge_accepted, idle, press
from tests.fakediscord import FakeDiscord
from tests.fakediscord.store import Message, walk_components


@pytest.mark.parametrize("seed", [1, 2])
async def test_full_match_from_challenge_to_result(
    fake_discord: FakeDiscord, tmp_path: pathlib.Path, tagged_cards: None, seed: int
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido",
                                                   duel="Iaijutsu (1 round)")
        assert board.embeds and "Sushido" in board.embeds[0]["title"]
        assert {c.split(":")[1] for c in board.custom_ids} == {"hand", "act"}
        player = Player(fake, bot, match_id, board, [alice, bob], seed=seed)
        steps = await player.play()
        await idle(fake, bot)
        rec = await bot.store.get_match(match_id)
        assert rec is not None and rec.status == "finished", steps
        thread = fake.threads(fake.channel)[-1]
        final = fake.messages(thread)[-1]
        assert "Match over" in final.content
        assert any(c.startswith("hj:rm:") for c in final.custom_ids)
        assert player.watch.checked > steps  # every step's public payloads were checked
        log = [e.kind for e in await bot.store.events(match_id)]
        assert "reveal" in log and "match_over" in log
    assert fake.schema_errors == []
    assert fake.unknown_routes == [] and fake.handler_errors == []


# ------------------------------------------------------------------ clicks and words
RAW_ID = re.compile(r"\d{15,}")
ALLOWED_IDS = re.compile(r"<@!?\d+>|<t:\d+(:\w)?>|https?://\S+")  # mentions, times, links


def _texts(body: dict[str, Any]) -> list[str]:
    """Every human-readable string of a message body (not its custom_ids)."""
    out = [str(body.get("content") or "")]
    for e in body.get("embeds") or []:
        out += [str(e.get("title") or ""), str(e.get("description") or ""),
                str((e.get("footer") or {}).get("text") or "")]
        out += [f"{f.get('name')} {f.get('value')}" for f in e.get("fields") or []]
    for c in walk_components(body.get("components") or []):
        out += [str(c.get("label") or ""), str(c.get("placeholder") or "")]
        out += [str(o.get("label") or "") for o in c.get("options") or []]
    return out


def _check_words(fake: FakeDiscord) -> int:
    """No text the bot sent (public or ephemeral) says "Seat", "square" or a raw id."""
    checked = 0
    for msg in fake.store.all():
        for body in msg.history or [{"content": msg.content, "embeds": msg.embeds,
                                     "components": msg.components}]:
            for text in _texts(body):
                checked += 1
                assert "Seat" not in text and "seat " not in text, text
                assert "square" not in text.lower(), text
                assert not RAW_ID.search(ALLOWED_IDS.sub("", text)), text
    return checked


def _comps(msg: Message) -> list[dict[str, Any]]:
    return [c for c in walk_components(msg.components)
            if c.get("type") in (2, 3) and not c.get("disabled")]


async def test_an_ordinary_turn_takes_at_most_three_clicks_per_player(
    fake_discord: FakeDiscord, tmp_path: pathlib.Path
) -> None:
    """Act, place both cards (one select), reveal (in the same message): 3 clicks. Turns
    where a player was asked more (announce, double, direct a Move...) are counted apart."""
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    rng = random.Random(7)
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido",
                                                   duel="Rencontre (first to 3 rounds)")
        users = {alice.id: alice, bob.id: bob}
        clicks: Counter[tuple[int, int, int]] = Counter()
        to_reveal: dict[tuple[int, int, int], int] = {}
        asked_more: set[tuple[int, int, int]] = set()
        for _ in range(400):
            rec = await bot.store.get_match(match_id)
            assert rec is not None
            if rec.status != "active" or len(clicks) >= 24:
                break
            s = await load_state(bot.store, GAME, rec)
            seat = min(x for x, p in GAME.prompts(s).items() if not p.committed)
            user = users[rec.seats[seat]]
            key = (user.id, s.round, s.turn)
            res = await press(user, board, f"hj:act:{match_id}")
            clicks[key] += 1
            while True:
                assert res.ephemeral and res.message is not None, res.content
                comps = [c for c in _comps(res.message) if "super-combo" not in
                         c["custom_id"]]
                if not comps:
                    break
                phase = s.phase
                reveal = [c for c in comps if c["custom_id"].endswith(":r-both")]
                comp = reveal[0] if reveal and rng.random() < 0.8 else rng.choice(comps)
                if comp["type"] == 3:
                    value = rng.choice(comp["options"])["value"]
                    res = await (await user.select(res.message, comp["custom_id"], [value])
                                 ).response()
                else:
                    res = await press(user, res.message, comp["custom_id"])
                assert res.response_type == 7, res.content
                clicks[key] += 1
                await idle(fake, bot)
                rec = await bot.store.get_match(match_id)
                assert rec is not None
                s = await load_state(bot.store, GAME, rec)
                moved_on = (s.round, s.turn) != key[1:] or s.phase == "resolve"
                if phase in ("hajime", "reveal") and (s.seat[seat].reveal or moved_on):
                    to_reveal.setdefault(key, clicks[key])
                if phase == "resolve":
                    asked_more.add(key)
                if rec.status != "active" or (s.round, s.turn) != key[1:]:
                    break
        turns = [k for k in clicks if k[2] > 0]
        assert len(turns) >= 12
        # placing both cards and revealing: Act, one select, one button, every turn
        assert all(to_reveal[k] <= 3 for k in turns), to_reveal
        ordinary = [k for k in turns if k not in asked_more]
        assert ordinary and all(clicks[k] <= 3 for k in ordinary), (ordinary, clicks)
        assert _check_words(fake) > 100
    assert fake.schema_errors == [] and fake.handler_errors == []


async def _first_choice(fake: FakeDiscord, bot: Any, user: Any, board: Message,
                        match_id: int, prefix: str) -> Message:
    """Act, then the first option whose action id starts with ``prefix``."""
    res = await press(user, board, f"hj:act:{match_id}")
    assert res.message is not None
    for comp in _comps(res.message):
        values = [o["value"] for o in comp.get("options") or []]
        hit = [v for v in values if v.startswith(prefix)]
        if hit:
            res = await (await user.select(res.message, comp["custom_id"], hit[:1])).response()
            break
        if comp["custom_id"].split(":")[-1].startswith(prefix):
            res = await press(user, res.message, comp["custom_id"])
            break
    else:
        raise AssertionError(f"no {prefix} control")
    await idle(fake, bot)
    assert res.message is not None
    return res.message


async def test_super_combo_button_on_the_board(
    fake_discord: FakeDiscord, tmp_path: pathlib.Path
) -> None:
    """A full gauge is public: the board shows "Super Combo!"; only its owner may use it,
    at any moment (here after placing and revealing, while the rival still decides)."""
    fake = fake_discord
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido",
                                                   duel="Iaijutsu (1 round)")
        await _first_choice(fake, bot, alice, board, match_id, "f-biwa")
        await _first_choice(fake, bot, bob, board, match_id, "f-manta")
        assert not any(":i:" in c for c in board.custom_ids)  # gauges 2 and 3: no button
        rec = await bot.store.get_match(match_id)
        assert rec is not None
        s = await load_state(bot.store, GAME, rec)
        s.seat[0].gauge = 5  # as if Biwa had filled the gauge (S-U-P-E-R)
        s.version += 1
        assert await bot.store.commit_action(
            match_id, expected_version=rec.version, state=GAME.dump(s), version=s.version,
            events=[], log=None, deadline=rec.deadline, timeouts=list(rec.timeouts))
        # placing and revealing in one choice (issue 31): one select per reveal
        hand = await _first_choice(fake, bot, alice, board, match_id, "p-")
        assert any("super-combo" in c["custom_id"] for c in _comps(hand))  # committed, still
        button = next(c for c in board.custom_ids if c.startswith(f"hj:i:{match_id}:"))
        label = next(c.get("label") for c in walk_components(board.components)
                     if c.get("custom_id") == button)
        assert label == "Super Combo!"
        before = await bot.store.get_match(match_id)
        assert before is not None
        for who, refusal in ((carol, "not playing"), (bob, "3/5")):
            res = await press(who, board, button)
            assert res.ephemeral and refusal in (res.content or ""), res.content
        after = await bot.store.get_match(match_id)
        assert after is not None and after.version == before.version  # nothing changed
        res = await press(alice, board, button)
        assert res.ephemeral and "SUPER COMBO" in (res.content or ""), res.content
        await idle(fake, bot)
        s = await load_state(bot.store, GAME, await bot.store.get_match(match_id))  # type: ignore[arg-type]
        assert s.seat[0].gauge == 0 and s.seat[1].life == 11 and s.seat[0].commit is not None
        assert not any(":i:" in c for c in board.custom_ids)  # the gauge is empty again
        thread = fake.threads(fake.channel)[-1]
        # an interrupt mid-turn is folded into the live board ("So far this turn") until
        # the turn's results are posted: read the thread and the board as it stands
        said = "\n".join(m.content for m in fake.messages(thread)) + str(board.embeds)
        assert "SUPER COMBO" in said and "takes 4 from <@" in said and "'s Thousand" in said
    assert fake.schema_errors == [] and fake.handler_errors == []
