"""The session's guard against CPython 3.11's shared AST recursion counter (see conftest)."""

from __future__ import annotations

import ast
import gc
import pathlib
import sys
import threading

SOURCE = (pathlib.Path(__file__).resolve().parents[1] / "cogs" / "table.py").read_text()


class _Cycle:
    def __del__(self) -> None:  # Python code run by the GC mid-parse: a thread switch
        sum(range(50))


def _parse_while_collecting(rounds: int, errors: list[str]) -> None:
    for _ in range(rounds):
        junk = [_Cycle() for _ in range(50)]
        for j in junk:
            j.self = j  # type: ignore[attr-defined]
        del junk
        try:
            ast.parse(SOURCE)
        except SystemError as exc:
            errors.append(str(exc))
            return


def test_threads_parsing_at_once_never_trip_the_recursion_counter() -> None:
    assert getattr(ast.parse, "serialized", False)  # installed by tests/conftest.py
    errors: list[str] = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=_parse_while_collecting, args=(150, errors))
                   for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
        gc.collect()
    assert errors == []
