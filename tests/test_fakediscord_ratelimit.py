"""The offline Discord's rate limits (:mod:`tests.fakediscord.ratelimit`): Discord's
documented global and per-route limits, 429 answers with ``retry_after``, interaction
endpoints exempt from the global limit; and the real bot playing a whole match under
tight limits: it waits and retries, nothing is lost."""

from __future__ import annotations

import asyncio
import json
import pathlib

from tests.e2e.harness import Player, bot_running, challenge_accepted, idle
from tests.fakediscord import FakeDiscord
from tests.fakediscord.fixtures import patch_discord
from tests.fakediscord.ratelimit import RateLimits


class Tick:
    """A clock the test moves."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_channel_messages_share_one_bucket_of_five_per_five_seconds() -> None:
    clock = Tick()
    limits = RateLimits(clock=clock)
    post = "/api/v10/channels/123456789/messages"
    patch = post + "/987654321"
    answers = [limits.check(m, p) for m, p in [("POST", post), ("PATCH", patch)] * 3]
    assert [a[0] is None for a in answers] == [True] * 5 + [False]
    refused = answers[5][0]
    assert refused is not None and refused.status == 429
    body = json.loads(refused.text or "")
    assert body["global"] is False and 0 < body["retry_after"] <= 5
    assert refused.headers["X-RateLimit-Scope"] == "user"
    assert answers[4][1]["X-RateLimit-Remaining"] == "0"
    other = limits.check("POST", "/api/v10/channels/555555555/messages")
    assert other[0] is None  # another channel, another bucket
    clock.now += 5.0
    assert limits.check("POST", post)[0] is None  # the window reset
    assert limits.refused == [("user", "PATCH", patch)]


def test_the_global_limit_spares_interaction_endpoints() -> None:
    clock = Tick()
    limits = RateLimits(clock=clock, global_per_second=3)
    for n in range(3):
        assert limits.check("GET", f"/api/v10/channels/10000{n}")[0] is None
    refused = limits.check("GET", "/api/v10/channels/100009")[0]
    assert refused is not None and json.loads(refused.text or "")["global"] is True
    assert refused.headers["X-RateLimit-Global"] == "true"
    for n in range(10):  # callbacks and the interaction's webhook are not bound to it
        assert limits.check("POST", f"/api/v10/interactions/1234567{n}/tok/callback")[0] is None
    assert limits.check("PATCH", "/api/v10/webhooks/123456/tok/messages/@original")[0] is None
    clock.now += 1.0
    assert limits.check("GET", "/api/v10/channels/100009")[0] is None


async def test_the_bot_waits_and_retries_under_tight_limits(tmp_path: pathlib.Path) -> None:
    """Limits far tighter than Discord's, and a network delay: the bot is refused with 429
    now and then, waits and retries; every step is published and the board is current."""
    limits = RateLimits(delay=0.005)
    fake = FakeDiscord(rate_limits=limits)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await fake.start()
    try:
        with patch_discord(fake):
            async with bot_running(fake, tmp_path / "h.sqlite3") as bot:
                match_id, board = await challenge_accepted(fake, bot, alice, bob, "sushido",
                                                           duel="Iaijutsu (1 round)")
                player = Player(fake, bot, match_id, board, [alice, bob], seed=1)
                limits.global_per_second, limits.channel_messages = 1, (2, 1.0)
                limits.buckets.clear()
                limits.reset_global()
                await player.play(max_steps=24)
                await idle(fake, bot, timeout=60)
                rec = await bot.store.get_match(match_id)
                for _ in range(600):  # the last board edit may still wait for its bucket
                    if rec is not None and rec.board_version == rec.version \
                            and rec.published_version == rec.version:
                        break
                    await asyncio.sleep(0.05)
                    rec = await bot.store.get_match(match_id)
                assert rec is not None and rec.version > 10
                assert rec.published_version == rec.version == rec.board_version
    finally:
        await fake.stop()
    assert limits.refused, "the limits were never reached: the test proves nothing"
    assert fake.handler_errors == [] and fake.schema_errors == []
