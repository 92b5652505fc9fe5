"""An offline Discord (gateway + REST on 127.0.0.1) for end-to-end tests of the real bot.

Cheat sheet (see ``tests/test_fakediscord_smoke.py`` for a complete example)::

    from tests.fakediscord.fixtures import fake_discord, running_bot  # fixture + helper

    async def test_x(fake_discord):
        fake = fake_discord                       # guild, #general, alice/bob/carol
        alice, bob = fake.user("alice"), fake.user("bob")
        async with running_bot(fake, make_bot(), sync=True):   # login, ready, tree.sync()
            res = await alice.slash("challenge", opponent=bob, game="sushido")
            await res.response()                  # the callback (TimeoutError after 5 s)
            res.response_type, res.content, res.embeds, res.components, res.ephemeral
            res.latency                           # s from INTERACTION_CREATE to callback
            click = await bob.click(res.message, label="Accept")   # or custom_id
            await click.response(); await click.followup(0); await click.settled()
            fake.messages(fake.channel); fake.latest(thread); bob.ephemerals()
            fake.threads(fake.channel); fake.dm(alice)
            msg.attachment("board.png").data     # uploaded bytes
            await fake.wait_for(lambda: ..., timeout=5)
        assert fake.schema_errors == [] and fake.protocol_errors == []

Sharding (see ``tests/e2e/test_shards_e2e.py``): ``FakeDiscord(shard_count=2)`` (what
``/gateway/bot`` recommends), ``fake.add_guild("Other", shard=1)`` returns that guild's
#general; a connection that IDENTIFYs with ``shard: [k, n]`` gets the guilds and events
(interactions included) of shard ``k`` only, as Discord routes them.

Benchmarks only: ``FakeDiscord(lean=True)`` (``bench/discord_bench.py``) skips schema
validation, keeps no request bodies or message edit history, and parses multipart bodies
with ``multipart``; tests never use it (they validate every body and keep everything).

Modules: ``server`` (FakeDiscord), ``gateway``, ``rest``/``rest_channels``/``restutil``,
``store`` (messages, channels), ``users`` (FakeUser, InteractionResult), ``schema``
(OpenAPI validation + limits), ``multipart`` (the lean mode's parser), ``fixtures``.
``vendor_schema.py`` regenerates ``discord_openapi_subset.json`` from Discord's OpenAPI
file (MIT, ``LICENSE-discord-api``).
"""

from .server import FakeDiscord
from .store import Attachment, Channel, Message
from .users import FakeUser, InteractionResult

__all__ = ["Attachment", "Channel", "FakeDiscord", "FakeUser", "InteractionResult", "Message"]
