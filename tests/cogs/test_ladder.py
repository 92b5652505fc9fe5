"""Ladder rendering and replay building without Discord; cog refusals with minimal fakes."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs import ids
from cogs.ladder import Ladder, can_manage
from cogs.ladder_render import (
    jump_menu,
    leaderboard_embed,
    leaderboard_view,
    match_line,
    pager,
)
from db import ActionLog, EventRecord, MatchRecord, SqliteStore
from db import ratings as R
from db.ladder_queries import BoardPage, BoardRow, MatchSummary, SeatResult
from engine.core import EngineError
from referee.replay import action_line, build_replay, paginate, replay_embed


def rec(status: str = "finished", seats: list[int] | None = None) -> MatchRecord:
    return MatchRecord(id=7, guild_id=1, channel_id=2, thread_id=3, message_id=4,
                       game="world_of_fighters", status=status, seats=seats or [11, 22, 33],
                       state="{}", version=3)


def test_pager_ids_parse_and_are_unique() -> None:
    view = pager("lb", ["s", "world_of_fighters"], 0, 1)
    cids = [c.custom_id for c in view.children if isinstance(c, discord.ui.Button)]
    assert len(set(cids)) == 3
    assert all(isinstance(c, discord.ui.Button) and c.disabled for c in view.children)
    parsed = ids.parse(cids[2])
    assert parsed.kind == "lb" and parsed.fields == ("s", "world_of_fighters", "0", "n")


def test_leaderboard_embed_marks_provisional() -> None:
    page = BoardPage("global", "world_of_fighters", 10, 10, 12, [
        BoardRow(11, 5, 1300, 40, False), BoardRow(12, 6, 1000, 1, True)])
    embed = leaderboard_embed(page, "Global")
    assert embed.description is not None
    first, second = embed.description.splitlines()
    assert first.startswith("`#11` <@5> · **1300** ·") and "❔" not in first
    assert "❔" in second and "1 game" in second
    assert embed.footer.text is not None and embed.footer.text.startswith("Page 2/2")
    buttons = [c for c in leaderboard_view(page, "g").children
               if isinstance(c, discord.ui.Button)]
    assert not buttons[0].disabled and buttons[2].disabled
    empty = leaderboard_embed(BoardPage("global", "x", 0, 10, 0, []), "Global")
    assert "No rated players" in (empty.description or "")


def test_match_line_three_seats() -> None:
    m = MatchSummary(9, "world_of_fighters", 1, 2, 3, 4, 0.0, True, [
        SeatResult(0, 11, 1, False, "Jiho"), SeatResult(1, 22, 2, False, "Kai"),
        SeatResult(2, 33, 3, True, "")])
    assert match_line(m, 22).startswith("**2nd** as Kai vs <@11> (Jiho), <@33>")
    assert "**Forfeited**" in match_line(m, 33)
    assert "(https://discord.com/channels/1/3/4)" in match_line(m, 11)


def test_action_lines() -> None:
    names = ["<@1>", "<@2>"]
    log = ActionLog(match_id=1, version=2, seat=1, action={"kind": "pick", "n": 3})
    assert action_line(log, names) == "▶ <@2>: pick (n=3)"
    ff = ActionLog(match_id=1, version=2, seat=0, action=None, note="forfeit")
    assert "<@1> forfeits" in action_line(ff, names)
    lost = ActionLog(match_id=1, version=2, seat=1, action=None, note="timeout-forfeit")
    assert "<@2> loses on time" in action_line(lost, names)
    auto = ActionLog(match_id=1, version=2, seat=None, note="timeout",
                     action={"steps": [{"seat": 0, "action": {"kind": "pass"}}]})
    assert action_line(auto, names) == "⌛ Time ran out, auto-played: <@1>: pass"
    # labels from the re-simulation replace the raw fields
    assert action_line(log, names, ["Pick 3"]) == "▶ <@2>: Pick 3"
    assert action_line(auto, names, ["Pass"]) == "⌛ Time ran out, auto-played: <@1>: Pass"


def test_replay_reveals_private_events_and_skips_twins() -> None:
    events = [
        EventRecord(match_id=7, seq=1, version=1, audience=[0], kind="drew",
                    data={"seat": 0, "cards": ["kick"]}),
        EventRecord(match_id=7, seq=2, version=1, audience=None, kind="drew",
                    data={"seat": 0, "twin_of": [0]}),
        EventRecord(match_id=7, seq=3, version=2, audience=None, kind="match_over",
                    data={"ranks": [1, 2, 3]}),
    ]
    logs = [ActionLog(match_id=7, version=1, seat=0, action={"kind": "draw"}),
            ActionLog(match_id=7, version=2, seat=2, action=None, note="forfeit")]
    summary = MatchSummary(7, "world_of_fighters", 1, 2, 3, 4, 100.0, True, [
        SeatResult(0, 11, 1, False, "Jiho"), SeatResult(1, 22, 2, False, "Kai"),
        SeatResult(2, 33, 3, True, "Sora")])
    replay = build_replay(rec(), summary, events, logs)
    text = replay.pages[0]
    assert "**Step 1** (v1)" in text and "**Step 2** (v2)" in text
    # no real state to re-simulate from ("{}"): raw fields, with the reason on page 1
    assert text.startswith("⚠️ *Exact replay unavailable: the stored final state no longer")
    assert "🔒 to <@11>: <@11> Drew cards=['kick']" in text
    assert text.count("Drew") == 1  # the public twin is not repeated
    assert "<@33> forfeits" in text and "<@33> (Sora) forfeited" in replay.header
    assert "Seat" not in replay.header
    embed = replay_embed(replay, 5)
    assert embed.footer.text is not None and embed.footer.text.startswith("Page 1/1")


def test_paginate_respects_budget() -> None:
    blocks = [(f"**Step {i}**", [f"line {i}.{j} " + "x" * 50 for j in range(10)])
              for i in range(40)]
    pages = paginate(blocks, budget=1000)
    assert len(pages) > 10 and all(len(p) <= 1000 for p in pages)
    joined = "\n".join(pages)
    assert all(f"line {i}.9" in joined for i in range(40))
    huge = paginate([("**Step 1**", ["y" * 300] * 10)], budget=1000)
    assert len(huge) == 4 and huge[1].startswith("**Step 1** (cont.)")


class FakeResponse:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, *args: Any, **kwargs: Any) -> None:
        self.sent.append({"args": args, **kwargs})


def interaction(user_id: int, guild_id: int | None = 1, manage: bool = False) -> Any:
    perms = discord.Permissions(manage_guild=manage)
    return SimpleNamespace(user=SimpleNamespace(id=user_id), guild_id=guild_id, guild=None,
                           permissions=perms, response=FakeResponse())


def test_can_manage() -> None:
    assert can_manage(interaction(1, manage=True))
    assert not can_manage(interaction(1, manage=False))
    assert not can_manage(interaction(1, guild_id=None, manage=True))


@pytest.fixture
async def cog(tmp_path: Path):
    store = SqliteStore(str(tmp_path / "c.db"), on_results=R.on_results)
    await store.open()
    yield Ladder(SimpleNamespace(), store)  # type: ignore[arg-type]
    await store.close()


async def test_replay_refusals(cog: Ladder) -> None:
    with pytest.raises(EngineError, match="no match #5"):
        await cog.replay_payload(interaction(11), 5, 0)
    live = await cog.store.create_match(guild_id=1, channel_id=2, game="world_of_fighters",
                                        options={}, seats=[11, 22], state="{}", version=0,
                                        deadline=None)
    with pytest.raises(EngineError, match="still being played"):
        await cog.replay_payload(interaction(11), live.id, 0)


async def test_reset_refusals(cog: Ladder) -> None:
    nobody = interaction(11, manage=False)
    await Ladder.ladder_reset.callback(cog, nobody, "world_of_fighters")  # type: ignore[arg-type]
    assert nobody.response.sent[0]["ephemeral"] is True
    assert "Manage Server" in nobody.response.sent[0]["args"][0]
    other = interaction(22, manage=True)
    with pytest.raises(EngineError, match="Only <@11>"):
        await cog.on_reset_button(other, ids.parse(ids.make("lr", "world_of_fighters", 11,
                                                            "yes")))
    demoted = interaction(11, manage=False)
    with pytest.raises(EngineError, match="Manage Server"):
        await cog.on_reset_button(demoted, ids.parse(ids.make("lr", "world_of_fighters", 11,
                                                              "yes")))


def test_replay_in_french() -> None:
    logs = [ActionLog(match_id=7, version=1, seat=2, action=None, note="forfeit")]
    summary = MatchSummary(7, "world_of_fighters", 1, 2, 3, 4, 100.0, True, [
        SeatResult(0, 11, 1, False, "Jiho"), SeatResult(1, 22, 2, False, "Kai"),
        SeatResult(2, 33, 3, True, "Sora")])
    replay = build_replay(rec(), summary, [], logs, loc="fr")
    assert replay.pages[0].startswith("⚠️ *Impossible de rejouer exactement ce match : "
                                      "l'état final enregistré ne se charge plus")
    assert "**Étape 1** (v1)" in replay.pages[0] and "🏳️ <@33> abandonne." in replay.pages[0]
    assert "<@11> (Jiho) rang 1" in replay.header and "<@33> (Sora) abandon" in replay.header
    assert replay.title == "🎬 Revoir · World of Fighters · match n° 7"
    embed = replay_embed(replay, 0, loc="fr")
    assert embed.fields[0].name == "Joueurs"
    assert embed.footer.text is not None and embed.footer.text.startswith("Page 1/1 · mains")


def test_a_replay_jump_menu_marks_this_page_and_carries_the_match() -> None:
    view = jump_menu(pager("rp", [7], 4, 60, ends=True), "rj", [7], 4,
                     [(p, f"Page {p + 1}") for p in range(25)])
    menu = next(c for c in view.children if isinstance(c, discord.ui.Select))
    assert ids.parse(str(menu.custom_id)) == ids.CustomId("rj", ("7",))
    assert menu.row == 1 and len(menu.options) == 25 and menu.placeholder == "Jump to a page…"
    assert [o.value for o in menu.options if o.default] == ["4"]
    alone = jump_menu(pager("rp", [7], 0, 1, ends=True), "rj", [7], 0, [(0, "Page 1")])
    assert not any(isinstance(c, discord.ui.Select) for c in alone.children)
    assert ids.is_private(ids.parse(str(menu.custom_id)))  # only in an ephemeral replay


@pytest.mark.parametrize("values", [[], ["x"], ["-1"], ["1", "2"], [3], ["9" * 7]])
async def test_a_damaged_replay_jump_is_refused(cog: Ladder, values: Any) -> None:
    asked = interaction(11)
    asked.data = {"values": values}
    with pytest.raises(ids.BadCustomId):
        await cog.on_replay_jump(asked, ids.parse(ids.make("rj", 5)))
