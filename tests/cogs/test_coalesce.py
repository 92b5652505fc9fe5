"""The board edits' coalescer (:mod:`cogs.coalesce`): one send at a time per key, the wants
made meanwhile collapse into one more send of the latest state, order kept, nothing lost
(a want always gets a send that starts after it), every pending send flushed at shutdown."""

from __future__ import annotations

import asyncio

from cogs.coalesce import Coalescer


class Board:
    """A board whose state moves on; each send shows the state latest when it starts and
    takes ``delay`` seconds (the network, a rate limit)."""

    def __init__(self, delay: float = 0.02) -> None:
        self.version: dict[str, int] = {}
        self.shown: dict[str, list[int]] = {}
        self.delay = delay
        self.running: set[str] = set()
        self.overlaps = 0

    def move(self, key: str) -> None:
        self.version[key] = self.version.get(key, 0) + 1

    async def send(self, key: str) -> int:
        if key in self.running:
            self.overlaps += 1
        self.running.add(key)
        version = self.version.get(key, 0)  # drawn as it starts
        try:
            await asyncio.sleep(self.delay)
        finally:
            self.running.discard(key)
        self.shown.setdefault(key, []).append(version)
        return version


async def test_wants_during_a_send_collapse_into_one_send_of_the_latest_state() -> None:
    board = Board()
    boards: Coalescer[str, int] = Coalescer(board.send, -1)
    board.move("a")
    first = boards.want("a")
    await asyncio.sleep(0)  # the first send has started (state 1)
    later = []
    for _ in range(10):  # ten steps while it is out: one more send, drawn from the last
        board.move("a")
        later.append(boards.want("a"))
    assert await first == 1
    assert [await f for f in later] == [11] * 10
    assert board.shown["a"] == [1, 11] and boards.sends == 2 and boards.wants == 11
    assert board.overlaps == 0 and boards.pending() == 0


async def test_order_kept_per_key_and_keys_independent() -> None:
    board = Board(delay=0.005)
    boards: Coalescer[str, int] = Coalescer(board.send, -1)
    futures = []
    for step in range(40):
        key = "ab"[step % 2]
        board.move(key)
        futures.append((key, board.version[key], boards.want(key)))
        await asyncio.sleep(0.002 * (step % 3))
    for _key, version, future in futures:
        assert await future >= version  # its send drew this step or a later one
    assert await boards.flush(5)
    for key in "ab":
        shown = board.shown[key]
        assert shown == sorted(shown)  # never back to an older state
        assert shown[-1] == board.version[key]  # the final state is shown
    assert board.overlaps == 0


async def test_a_want_after_a_send_started_gets_a_send_of_its_own() -> None:
    board = Board(delay=0.05)
    boards: Coalescer[str, int] = Coalescer(board.send, -1)
    board.move("a")
    boards.want("a")
    await asyncio.sleep(0.01)  # the send drew state 1 and is out
    board.move("a")
    assert await boards.want("a") == 2  # not answered by the send of state 1
    assert board.shown["a"] == [1, 2]


async def test_ready_is_awaited_before_each_send_and_wants_meanwhile_join_it() -> None:
    board = Board(delay=0.0)
    gate = asyncio.Event()
    waits = []

    async def ready(key: str) -> None:  # e.g. the channel's bucket is empty until reset
        waits.append(key)
        await gate.wait()

    boards: Coalescer[str, int] = Coalescer(board.send, -1, ready)
    futures = []
    for _ in range(5):
        board.move("a")
        futures.append(boards.want("a"))
        await asyncio.sleep(0.01)
    assert board.shown == {}  # nothing went out while the bucket was empty
    gate.set()
    assert [await f for f in futures] == [5] * 5
    assert board.shown["a"] == [5] and waits == ["a"]


async def test_a_failed_send_answers_failed_and_the_next_want_sends_again() -> None:
    calls = []

    async def send(key: str) -> int:
        calls.append(key)
        if len(calls) == 1:
            raise RuntimeError("HTTP 500")
        return 7

    boards: Coalescer[str, int] = Coalescer(send, -1)
    assert await boards.want("a") == -1
    assert await boards.want("a") == 7 and calls == ["a", "a"]


async def test_flush_at_shutdown_sends_everything_due() -> None:
    board = Board(delay=0.02)
    boards: Coalescer[str, int] = Coalescer(board.send, -1)
    for key in "abcde":
        for _ in range(3):
            board.move(key)
            boards.want(key)
    assert boards.pending() == 5
    assert await boards.flush(timeout=5)
    assert boards.pending() == 0
    assert {k: v[-1] for k, v in board.shown.items()} == {k: 3 for k in "abcde"}


async def test_close_cancels_what_outlives_the_timeout_and_answers_its_wants() -> None:
    board = Board(delay=10.0)  # a send that never ends in time
    boards: Coalescer[str, int] = Coalescer(board.send, -1)
    board.move("a")
    first = boards.want("a")
    await asyncio.sleep(0)
    second = boards.want("a")  # due after the stuck one
    await boards.close(timeout=0.05)
    assert await first == -1 and await second == -1 and boards.pending() == 0
