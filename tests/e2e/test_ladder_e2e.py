"""The ladder end to end: the real HajimeBot against the offline Discord.

Finished matches are seeded through the store API (``create_match`` + ``commit_action``
with results), and one real World of Fighters match is played through the referee so the
replay has genuine private events (hands drawn, commits).
"""

from __future__ import annotations

import pathlib
import random
from collections.abc import AsyncIterator

import pytest

from bot import HajimeBot
from cogs.config import Settings
from db import ResultRow, SqliteStore, store_from_url
from db import ladder_queries as Q
from db import ratings as R
from referee.service import pending_seats
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.fixtures import fake_discord, running_bot
from tests.fakediscord.users import InteractionResult

__all__ = ["fake_discord"]

GAME = "world_of_fighters"


def make_bot(fake: FakeDiscord, tmp_path: pathlib.Path) -> HajimeBot:
    settings = Settings(token="x", database=str(tmp_path / "h.db"),
                        dev_guilds=[fake.guild_id], timer_tick_seconds=0.2)
    store = store_from_url(settings.database, on_results=R.on_results)
    return HajimeBot(settings, store, guild_ready_timeout=0.05)


@pytest.fixture
async def bot(fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> AsyncIterator[HajimeBot]:
    hajime = make_bot(fake_discord, tmp_path)
    async with running_bot(fake_discord, hajime, expect_sync=True, timeout=10):
        await hajime.synced.wait()
        yield hajime


def store_of(bot: HajimeBot) -> SqliteStore:
    assert isinstance(bot.store, SqliteStore)
    return bot.store


async def seed_match(store: SqliteStore, guild_id: int, seats: list[int], ranks: list[int],
                     labels: list[str], game: str = GAME) -> int:
    rec = await store.create_match(guild_id=guild_id, channel_id=1, game=game, options={},
                                   seats=seats, state="{}", version=0, deadline=None)
    ok = await store.commit_action(
        rec.id, expected_version=0, state="{}", version=1,
        events=[(None, "match_over", {"ranks": ranks})], log=None, deadline=None,
        timeouts=[0] * len(seats), status="finished",
        results=[ResultRow(seat=i, user_id=u, rank=ranks[i], label=labels[i])
                 for i, u in enumerate(seats)])
    assert ok
    return rec.id


async def seed_board(store: SqliteStore, guild_id: int, n: int) -> None:
    """``n`` extra rated players (ids 1..n) in this server's board."""
    async with store.write_transaction() as conn:
        await R.save_ratings(conn, [
            R.Rating(str(guild_id), GAME, uid, mu=30.0 - uid * 0.05, sigma=5.0, games=9)
            for uid in range(1, n + 1)], now=1.0)


async def play_out(bot: HajimeBot, guild_id: int, seats: list[int]) -> int:
    """A real match through the referee with random legal choices; returns its id."""
    ref = bot.referee
    rec, _ = await ref.open_match(guild_id=guild_id, channel_id=1, game_id=GAME,
                                  options={}, seats=seats, seed=3)
    rng = random.Random(1)
    for _ in range(2000):
        rec, game, state = await ref.load(rec.id)
        if rec.status != "active":
            return rec.id
        seat = rng.choice(sorted(pending_seats(game, state)))
        action = rng.choice(game.legal(state, seat))
        await ref.act(rec.id, rec.seats[seat], action.aid, state.version)
    raise AssertionError("the random match did not end")


def text_of(res: InteractionResult) -> str:
    msg = res.message
    assert msg is not None
    parts = [msg.content or ""]
    for e in msg.embeds:
        parts += [e.get("title", ""), e.get("description", ""),
                  (e.get("footer") or {}).get("text", "")]
        parts += [f"{f['name']} {f['value']}" for f in e.get("fields", [])]
    return "\n".join(parts)


async def slash(who: FakeUser, command: str, /, **options: object) -> InteractionResult:
    return await (await who.slash(command, **options)).response()


async def click(user: FakeUser, res: InteractionResult, label: str) -> InteractionResult:
    assert res.message is not None
    return await (await user.click(res.message, label=label)).response()


def picture_of(res: InteractionResult, match_id: int, page: int) -> bytes:
    """The one board picture a replay page shows (its embed's image is the attachment)."""
    msg = res.message
    assert msg is not None
    name = f"replay-{match_id}-{page}.png"
    assert [a.filename for a in msg.attachments] == [name]
    assert msg.embeds[0]["image"]["url"] == f"attachment://{name}"
    data = msg.attachments[0].data
    assert data.startswith(b"\x89PNG")
    return data


def check_clean(fake: FakeDiscord) -> None:
    assert fake.schema_errors == [], fake.schema_errors
    assert fake.protocol_errors == [] and fake.handler_errors == []


async def test_leaderboard_paging_and_privacy(fake_discord: FakeDiscord,
                                              bot: HajimeBot) -> None:
    fake, store = fake_discord, store_of(bot)
    alice, bob = fake.user("alice"), fake.user("bob")
    await seed_board(store, fake.guild_id, 22)
    for _ in range(3):
        await seed_match(store, fake.guild_id, [alice.id, bob.id], [1, 2], ["Jiho", "Kai"])

    res = await slash(alice, "leaderboard", game=GAME)
    assert res.response_type == 4 and not res.ephemeral
    page1 = text_of(res)
    assert "Page 1/3" in page1 and "24 players" in page1 and "<@1>" in page1
    assert "<@11>" not in page1
    # anyone may page: bob clicks Next on alice's message -> the same message is edited
    nxt = await click(bob, res, "Next")
    assert nxt.response_type == 7 and nxt.message is res.message
    page2 = text_of(res)
    assert "Page 2/3" in page2 and "`#11`" in page2 and "<@1>" not in page2
    await click(bob, res, "Next")
    assert "Page 3/3" in text_of(res)
    await click(alice, res, "Prev")
    assert "Page 2/3" in text_of(res)

    world = await slash(bob, "leaderboard", game=GAME, scope="global")
    assert "Global" in text_of(world) and "2 players" in text_of(world)
    assert f"<@{alice.id}>" in text_of(world) and "❔" in text_of(world)  # provisional

    hide = await slash(alice, "privacy leaderboard", mode="hide")
    assert hide.ephemeral and "hidden" in (hide.content or "")
    again = await slash(bob, "leaderboard", game=GAME, scope="global")
    assert f"<@{alice.id}>" not in text_of(again) and "1 player" in text_of(again)
    await slash(alice, "privacy leaderboard", mode="show")
    assert not await Q.get_hidden(store, alice.id)
    check_clean(fake)


async def test_profile_and_history(fake_discord: FakeDiscord, bot: HajimeBot) -> None:
    fake, store = fake_discord, store_of(bot)
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    for i in range(12):
        await seed_match(store, fake.guild_id, [alice.id, bob.id],
                         [1, 2] if i % 3 else [2, 1], ["Jiho", "Kai"])
    await seed_match(store, fake.guild_id, [alice.id, carol.id, bob.id], [1, 2, 3],
                     ["Sora", "Kai", "Kai"])

    prof = await slash(carol, "profile", user=alice)
    text = text_of(prof)
    assert "World of Fighters" in text and "9 W · 4 L · 0 D (13 games)" in text
    assert "Favourite fighter: Jiho" in text and "rank #1 of 3" in text
    assert "Last matches" in text and "https://discord.com/channels/" in text
    mine = await slash(bob, "profile")
    assert "4 W · 9 L" in text_of(mine)

    hist = await slash(alice, "history")
    assert hist.ephemeral and "Page 1/2" in text_of(hist) and "13 matches" in text_of(hist)
    assert "**Won** as Sora" in text_of(hist)  # newest first: the three-seat match
    nxt = await click(alice, hist, "Next")
    assert nxt.response_type == 7 and "Page 2/2" in text_of(hist)
    only = await slash(alice, "history", user=carol, game=GAME)
    assert "1 match ·" in text_of(only) and "2nd" in text_of(only)
    check_clean(fake)


async def test_replay_refused_then_complete(fake_discord: FakeDiscord, bot: HajimeBot) -> None:
    fake, store = fake_discord, store_of(bot)
    alice, bob = fake.user("alice"), fake.user("bob")
    live, _ = await bot.referee.open_match(guild_id=fake.guild_id, channel_id=1,
                                           game_id=GAME, options={},
                                           seats=[alice.id, bob.id], seed=1)
    refused = await slash(bob, "replay", match_id=live.id)
    assert refused.ephemeral and "still being played" in (refused.content or "")
    unknown = await slash(bob, "replay", match_id=9999)
    assert unknown.ephemeral and "no match #9999" in (unknown.content or "")

    done = await play_out(bot, fake.guild_id, [alice.id, bob.id])
    # the referee's final commit went through the ratings hook: both scopes are rated
    for scope in (str(fake.guild_id), "global"):
        board = await Q.leaderboard_page(store, scope, GAME)
        assert {r.user_id for r in board.rows} == {alice.id, bob.id}
        assert all(r.games == 1 for r in board.rows)
    res = await slash(bob, "replay", match_id=done)
    assert res.ephemeral and res.message is not None
    first = text_of(res)
    assert f"match #{done}" in first and "Step 1" in first and "Page 1/" in first
    assert "🔒" in first  # private events (picks, hands drawn) are revealed
    pages = int(first.split("Page 1/")[1].split()[0])
    assert pages > 2  # one page a turn
    seen = [first]
    pictures = [picture_of(res, done, 1)]
    assert "Every hand at the end" not in first  # revealed on the last page only
    for page in range(2, pages + 1):
        nxt = await click(bob, res, "Next")
        assert nxt.response_type == 7 and nxt.message is res.message  # edited in place
        seen.append(text_of(res))
        pictures.append(picture_of(res, done, page))  # the old picture is replaced
    whole = "\n".join(seen)
    assert f"Page {pages}/{pages}" in seen[-1] and ("K.O." in whole or "RING OUT" in whole)
    assert len(set(pictures)) > pages // 2  # the board as it stood after each turn
    hands = next(f for f in res.message.embeds[0]["fields"]
                 if f["name"] == "🔓 Every hand at the end")["value"]
    assert f"<@{alice.id}>: " in hands and f"<@{bob.id}>: " in hands
    first_again = await (await bob.click(res.message, f"hj:rp:{done}:0:f")).response()
    assert first_again.response_type == 7 and "Page 1/" in text_of(res)
    assert picture_of(res, done, 1) == pictures[0]
    await (await bob.click(res.message, f"hj:rp:{done}:{pages - 1}:l")).response()
    assert picture_of(res, done, pages) == pictures[-1]
    # the jump menu: any page in one pick (its options name the page and its turn)
    menu = next(c for row in res.message.components for c in row["components"]
                if c["custom_id"] == f"hj:rj:{done}")
    assert [o["value"] for o in menu["options"]] == [str(p) for p in range(min(pages, 25))]
    assert menu["options"][1]["label"].startswith("Page 2 · turn ")
    middle = min(pages, 25) // 2
    jumped = await (await bob.select(res.message, f"hj:rj:{done}", [str(middle)])).response()
    assert jumped.response_type == 7 and f"Page {middle + 1}/{pages}" in text_of(res)
    assert picture_of(res, done, middle + 1) == pictures[middle]
    # every stored version appears as a step
    versions = {e.version for e in await store.events(done)}
    assert all(f"(v{v})" in whole for v in versions)
    # actions are re-simulated and named by the game's labels, not raw fields
    assert "Exact replay unavailable" not in whole
    played = [line for line in whole.splitlines() if line.startswith("▶ ")]
    assert played and any(" + " in line and "Move " in line for line in played)
    assert not any("=" in line for line in played)
    check_clean(fake)


async def test_ladder_reset_needs_confirmation_by_the_admin(fake_discord: FakeDiscord,
                                                            bot: HajimeBot) -> None:
    fake, store = fake_discord, store_of(bot)
    alice, bob = fake.user("alice"), fake.user("bob")
    await seed_match(store, fake.guild_id, [alice.id, bob.id], [1, 2], ["Jiho", "Kai"])
    ask = await slash(alice, "ladder reset", game=GAME)
    assert not ask.ephemeral and "Confirm?" in (ask.content or "")
    stranger = await click(bob, ask, "Yes, reset")
    assert stranger.ephemeral and "Only" in (stranger.content or "")
    assert (await Q.leaderboard_page(store, str(fake.guild_id), GAME)).total == 2
    ok = await click(alice, ask, "Yes, reset")
    assert ok.response_type == 7 and "2 ratings erased" in (ask.message.content or "")
    assert (await Q.leaderboard_page(store, str(fake.guild_id), GAME)).total == 0
    assert (await Q.leaderboard_page(store, "global", GAME)).total == 2
    check_clean(fake)
