"""News of a step waits for the clicks still unanswered, never longer than the cap."""

from __future__ import annotations

import asyncio
import time

from cogs.clicks_first import ClicksFirst, clicks_of


async def test_no_click_waiting_no_wait() -> None:
    clicks = ClicksFirst(cap=1.0)
    started = time.perf_counter()
    await clicks.turn()
    assert time.perf_counter() - started < 0.05 and clicks.held == 0


async def test_news_waits_until_the_last_waiting_click_is_answered() -> None:
    clicks = ClicksFirst(cap=5.0)
    clicks.arrived(1)
    clicks.arrived(2)
    order: list[str] = []

    async def news() -> None:
        await clicks.turn()
        order.append("news")

    task = asyncio.create_task(news())
    await asyncio.sleep(0.01)
    clicks.answered(1)
    order.append("answer 1")
    await asyncio.sleep(0.01)
    clicks.answered(2)
    order.append("answer 2")
    await task
    assert order == ["answer 1", "answer 2", "news"] and clicks.held == 1


async def test_news_is_never_held_longer_than_the_cap() -> None:
    clicks = ClicksFirst(cap=0.05)
    clicks.arrived(1)  # never answered (a handler stuck on Discord)
    started = time.perf_counter()
    await clicks.turn()
    assert 0.04 <= time.perf_counter() - started < 1.0


async def test_answering_twice_or_an_unknown_click_is_harmless() -> None:
    clicks = ClicksFirst(cap=5.0)
    clicks.arrived(1)
    clicks.answered(1)
    clicks.answered(1)
    clicks.answered(99)
    await asyncio.wait_for(clicks.turn(), 1.0)


def test_the_bots_clicks_first_is_found_by_its_attribute() -> None:
    class Bot:
        pass

    bot = Bot()
    assert clicks_of(bot) is None
    bot.clicks_first = ClicksFirst()  # type: ignore[attr-defined]
    assert clicks_of(bot) is bot.clicks_first  # type: ignore[attr-defined]


async def test_a_cap_of_zero_never_holds_news() -> None:
    clicks = ClicksFirst(cap=0)
    clicks.arrived(1)
    started = time.perf_counter()
    await clicks.turn()
    assert time.perf_counter() - started < 0.01 and clicks.held == 0
