"""Test-wide settings and the session's PostgreSQL server.

Hypothesis runs without per-example deadlines (timing is for bench/). Under CI (``CI``
set) it is derandomized so that a run is reproducible; locally it explores new examples
every run.

``pg`` is a PostgreSQL server started once per session, on first use, from the machine's
binaries (:mod:`tests.pg_server`); tests that use it are skipped, saying why, where there
are none.

``ast.parse`` is serialized across threads (:func:`serialize_ast_parse`): CPython 3.11
keeps the AST builder's recursion counter per interpreter, not per thread, so two threads
parsing at once (pytest's assertion rewriting and traceback formatting, hypothesis, the
caret anchors of a traceback logged by a worker thread) can fail with "SystemError: AST
constructor recursion depth mismatch" (python/cpython#106905) and abort the session.
"""

from __future__ import annotations

import ast
import os
import tempfile
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import settings

from tests.pg_server import NO_SERVER, PgServer, find_bindir


def serialize_ast_parse(parse: Callable[..., Any]) -> Callable[..., Any]:
    """``parse`` (``ast.parse``) behind one lock, so no two threads build ASTs at once."""
    if getattr(parse, "serialized", False):
        return parse
    lock = threading.RLock()

    def serialized(*args: Any, **kwargs: Any) -> Any:
        with lock:
            return parse(*args, **kwargs)

    serialized.serialized = True  # type: ignore[attr-defined]
    serialized.__doc__ = parse.__doc__
    return serialized


ast.parse = serialize_ast_parse(ast.parse)  # type: ignore[assignment]

# the bots the tests start beat into a file of this session (cogs.health), not the default
os.environ.setdefault("HAJIME_HEARTBEAT_FILE",
                      os.path.join(tempfile.gettempdir(), f"hajime-test-beat-{os.getpid()}"))

settings.register_profile("hajime", deadline=None, print_blob=True)
settings.register_profile("hajime-ci", deadline=None, print_blob=True, derandomize=True)
settings.load_profile("hajime-ci" if os.environ.get("CI") else "hajime")


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--transcript DIR``: write what players see in each offline-Discord test
    (:mod:`tests.e2e.transcript`)."""
    parser.addoption("--transcript", default=None, metavar="DIR",
                     help="write every text players see in each e2e test to DIR/<test>.txt")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer | None]:
    """The session's PostgreSQL server with its migrated template (None: no binaries)."""
    bindir = find_bindir()
    if bindir is None:
        yield None
        return
    server = PgServer(bindir)
    try:
        server.start()
        server.make_template()
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg(pg_server: PgServer | None) -> PgServer:
    """The PostgreSQL server, or skip the test where there is none."""
    if pg_server is None:
        pytest.skip(NO_SERVER)
    return pg_server
