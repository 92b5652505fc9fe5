"""Players' languages survive a restart: on a server that chose no language, a match
between two French players is shown in French, and still is after the bot restarts,
before either of them clicks again. A language is stored only when it changes.
"""

from __future__ import annotations

import pathlib
from typing import Any

import referee.i18n
from cogs.table import Table
from tests.e2e.harness import bot_running, challenge_accepted, idle
from tests.e2e.test_i18n_e2e import assert_speaks
from tests.e2e.test_reconcile_e2e import act_while_down, shown_embed, wait_settled
from tests.fakediscord import FakeDiscord


def count_writes(bot: Any) -> list[tuple[int, str]]:
    """Record every language the bot stores."""
    writes: list[tuple[int, str]] = []
    store = bot.store
    real = store.set_player_locale

    async def counted(user_id: int, locale: str) -> None:
        writes.append((user_id, locale))
        await real(user_id, locale)

    store.set_player_locale = counted
    return writes


async def test_a_french_match_stays_french_after_a_restart(
        fake_discord: FakeDiscord, tmp_path: pathlib.Path) -> None:
    fake = fake_discord  # its server chose no language (Discord's default, en-US)
    alice, bob = fake.user("alice"), fake.user("bob")
    alice.locale = bob.locale = "fr"
    db = tmp_path / "h.sqlite3"
    referee.i18n._player_locales.clear()  # a new process knows nobody
    async with bot_running(fake, db) as bot:
        writes = count_writes(bot)
        match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido")
        for _ in range(3):  # more clicks in the same language store nothing more
            await (await alice.slash("matches")).response()
        await idle(fake, bot)
        assert sorted(writes) == sorted([(alice.id, "fr"), (bob.id, "fr")])
        table = bot.get_cog("Table")
        assert isinstance(table, Table)
        rec = await bot.store.get_match(match_id)
        assert table.public_locale(rec) == "fr"
        await act_while_down(bot, match_id)  # the board is re-drawn by the next bot
    referee.i18n._player_locales.clear()  # the restart: memory is gone, the store is not
    async with bot_running(fake, db) as bot:
        await wait_settled(fake, bot)
        table = bot.get_cog("Table")
        assert isinstance(table, Table)
        rec = await bot.store.get_match(match_id)
        assert table.public_locale(rec) == "fr"
        embed = shown_embed(board)
        text = "\n".join([embed.get("title", ""), embed.get("description", "")]
                         + [f"{f['name']}\n{f['value']}" for f in embed.get("fields", [])])
        assert_speaks(text, "fr")
        writes = count_writes(bot)
        alice.locale = "en-US"  # Alice switches her client to English: stored once
        for _ in range(2):
            await (await alice.slash("matches")).response()
        await idle(fake, bot)
        assert writes == [(alice.id, "en-US")]
        assert table.public_locale(rec) == "en-US"  # they no longer share one
    assert fake.schema_errors == [] and fake.handler_errors == []
