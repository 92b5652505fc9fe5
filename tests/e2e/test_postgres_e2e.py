"""The real bot on PostgreSQL: a whole Sushido match, then the ladder, through the UI.

The store tests cover the contract on both backends; this checks that the cogs need
nothing SQLite-specific (the referee's commits, the ratings hook, the ladder queries and
a restart of the bot on the same database).
"""

from __future__ import annotations

from db.postgres import PostgresStore
from tests.e2e.harness import Player, bot_running, challenge_accepted, idle
from tests.e2e.test_ladder_e2e import slash, text_of
from tests.fakediscord import FakeDiscord
from tests.pg_server import PgServer


async def test_full_match_and_ladder_on_postgres(
    fake_discord: FakeDiscord, pg: PgServer, tagged_cards: None
) -> None:
    fake = fake_discord
    alice, bob = fake.user("alice"), fake.user("bob")
    name = pg.new_database()
    url = pg.dsn(name)
    try:
        async with bot_running(fake, url) as bot:
            assert isinstance(bot.store, PostgresStore)
            match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido",
                                                       duel="Iaijutsu (1 round)")
            player = Player(fake, bot, match_id, board, [alice, bob], seed=1)
            steps = await player.play()
            await idle(fake, bot)
            rec = await bot.store.get_match(match_id)
            assert rec is not None and rec.status == "finished", steps
            final = fake.messages(fake.threads(fake.channel)[-1])[-1]
            assert "Match over" in final.content
            assert player.watch.checked > steps
        # a restart on the same database: the finished match and the ladder are there
        async with bot_running(fake, url) as bot:
            again = await bot.store.get_match(match_id)
            assert again is not None and again.status == "finished"
            board_text = text_of(await slash(alice, "leaderboard", game="sushido"))
            assert "2 players" in board_text and "<@" in board_text
            prof = text_of(await slash(bob, "profile", user=alice))
            assert "Sushido" in prof and "(1 game" in prof
    finally:
        pg.drop_database(name)
    assert fake.schema_errors == []
    assert fake.unknown_routes == [] and fake.handler_errors == []
