"""News of a step waits for the clicks still unanswered, never longer than the cap, and
runs in a few lanes, first come first served."""

from __future__ import annotations

import asyncio
import time

from cogs.clicks_first import ClicksFirst, clicks_of


async def _turn(clicks: ClicksFirst) -> None:
    """Wait until a step's news may start, and give its lane back at once."""
    async with clicks.news():
        pass


async def test_no_click_waiting_no_wait() -> None:
    clicks = ClicksFirst(cap=1.0)
    started = time.perf_counter()
    await _turn(clicks)
    assert time.perf_counter() - started < 0.05 and clicks.held == 0


async def test_news_waits_until_the_last_waiting_click_is_answered() -> None:
    clicks = ClicksFirst(cap=5.0)
    clicks.arrived(1)
    clicks.arrived(2)
    order: list[str] = []

    async def news() -> None:
        await _turn(clicks)
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
    await _turn(clicks)
    assert 0.04 <= time.perf_counter() - started < 1.0


async def test_answering_twice_or_an_unknown_click_is_harmless() -> None:
    clicks = ClicksFirst(cap=5.0)
    clicks.arrived(1)
    clicks.answered(1)
    clicks.answered(1)
    clicks.answered(99)
    await asyncio.wait_for(_turn(clicks), 1.0)


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
    await _turn(clicks)
    assert time.perf_counter() - started < 0.01 and clicks.held == 0


async def test_at_most_lanes_news_run_at_once_the_rest_in_order() -> None:
    clicks = ClicksFirst(cap=5.0, lanes=2)
    gates = [asyncio.Event() for _ in range(4)]
    started: list[int] = []

    async def news(i: int) -> None:
        async with clicks.news():
            started.append(i)
            await gates[i].wait()

    tasks = [asyncio.create_task(news(i)) for i in range(4)]
    await asyncio.sleep(0.01)
    assert started == [0, 1] and clicks.running == 2
    gates[1].set()
    await asyncio.sleep(0.01)
    assert started == [0, 1, 2]
    for gate in gates:
        gate.set()
    await asyncio.gather(*tasks)
    assert started == [0, 1, 2, 3] and clicks.running == 0


async def test_a_click_holds_the_queue_and_its_answer_lets_it_go() -> None:
    clicks = ClicksFirst(cap=5.0, lanes=4)
    clicks.arrived(7)
    started: list[int] = []

    async def news(i: int) -> None:
        async with clicks.news():
            started.append(i)

    tasks = [asyncio.create_task(news(i)) for i in range(3)]
    await asyncio.sleep(0.01)
    assert started == [] and clicks.held == 3
    clicks.answered(7)
    await asyncio.gather(*tasks)
    assert started == [0, 1, 2]


async def test_news_cancelled_while_queued_or_let_in_gives_no_lane_away() -> None:
    clicks = ClicksFirst(cap=5.0, lanes=1)
    clicks.arrived(1)
    queued = asyncio.create_task(_turn(clicks))
    await asyncio.sleep(0.01)
    queued.cancel()  # cancelled while it waits
    let_in = asyncio.create_task(_turn(clicks))
    await asyncio.sleep(0.01)
    clicks.answered(1)  # lets ``let_in`` in; cancelled before it resumes
    let_in.cancel()
    await asyncio.gather(queued, let_in, return_exceptions=True)
    assert clicks.running == 0
    await asyncio.wait_for(_turn(clicks), 1.0)
    assert clicks.running == 0


async def test_the_cap_lets_news_in_one_lane_at_a_time_while_clicks_keep_coming() -> None:
    clicks = ClicksFirst(cap=0.05, lanes=1)
    clicks.arrived(1)  # never answered
    order: list[str] = []

    async def news(i: int) -> None:
        async with clicks.news():
            order.append(f"start {i}")
            await asyncio.sleep(0.02)
            order.append(f"end {i}")

    started = time.perf_counter()
    await asyncio.gather(news(0), news(1))
    assert order == ["start 0", "end 0", "start 1", "end 1"]
    assert time.perf_counter() - started < 1.0


async def test_news_slower_than_the_cap_gives_its_lane_back() -> None:
    clicks = ClicksFirst(cap=0.05, lanes=1)
    order: list[str] = []

    async def slow() -> None:  # a board edit waiting out a rate limit, say
        async with clicks.news():
            order.append("slow starts")
            await asyncio.sleep(0.5)
            order.append("slow ends")

    async def quick() -> None:
        await asyncio.sleep(0.01)
        async with clicks.news():
            order.append("quick")

    await asyncio.gather(slow(), quick())
    assert order == ["slow starts", "quick", "slow ends"]
    assert clicks.running == 0 and clicks.overran == 1


async def test_a_board_waits_for_the_clicks_but_only_briefly() -> None:
    clicks = ClicksFirst(cap=5.0, board_cap=0.05)
    started = time.perf_counter()
    await clicks.quiet()  # no click waiting: at once
    assert time.perf_counter() - started < 0.02
    clicks.arrived(1)
    task = asyncio.create_task(clicks.quiet())
    await asyncio.sleep(0.01)
    assert not task.done()
    clicks.answered(1)  # the last waiting click is answered: the board goes
    await asyncio.wait_for(task, 0.02)
    clicks.arrived(2)  # a click never answered: the board goes after the cap anyway
    started = time.perf_counter()
    await clicks.quiet()
    assert 0.04 < time.perf_counter() - started < 0.5
