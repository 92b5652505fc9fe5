"""A throw-away PostgreSQL server for the tests: initdb in a temp dir, pg_ctl start/stop.

:func:`find_bindir` looks for ``initdb`` and ``pg_ctl`` (``$HAJIME_PG_BINDIR``, then
``PATH``, then ``/usr/lib/postgresql/<n>/bin``, newest first). :class:`PgServer` starts one
cluster on a free 127.0.0.1 port with trust authentication; durability is off
(``fsync``, ``synchronous_commit``, ``full_page_writes``): a test server never survives
a crash anyway. initdb refuses to run as root, so under root the cluster belongs to the
``postgres`` system user (or ``nobody``) and the binaries run through ``runuser``/``su``.
"""

from __future__ import annotations

import asyncio
import glob
import itertools
import os
import pwd
import shlex
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Awaitable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import asyncpg

T = TypeVar("T")

SUPERUSER = "hajime"
"""The cluster's superuser (trust authentication on 127.0.0.1 only)."""
TEMPLATE = "hajime_template"
"""A migrated database that :meth:`PgServer.new_database` copies by default."""
NO_SERVER = (
    "PostgreSQL tests skipped: no initdb/pg_ctl found (PATH, /usr/lib/postgresql/*/bin or"
    " $HAJIME_PG_BINDIR); install the PostgreSQL server binaries to run them"
)
"""Why the PostgreSQL variants are skipped on a machine without the server binaries."""
_names = itertools.count(1)


def run_sync(coro: Awaitable[T]) -> T:
    """Run ``coro`` to completion on a private event loop (safe inside a running test)."""

    async def main() -> T:
        return await coro

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, main()).result()


def find_bindir() -> Path | None:
    """The directory holding ``initdb`` and ``pg_ctl``, or None when there is none.

    ``$HAJIME_PG_BINDIR``, when set, is the only place looked at (set it to an empty
    directory to run the store tests on SQLite alone).
    """
    candidates: list[str] = []
    if os.environ.get("HAJIME_PG_BINDIR"):  # explicit: only there (a bad one disables)
        chosen = Path(os.environ["HAJIME_PG_BINDIR"])
        ok = (chosen / "initdb").is_file() and (chosen / "pg_ctl").is_file()
        return chosen if ok else None
    found = shutil.which("pg_ctl")
    if found:
        candidates.append(str(Path(found).resolve().parent))
        candidates.append(str(Path(found).parent))
    candidates += sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda p: int(p.split("/")[-2]) if p.split("/")[-2].isdigit() else 0,
        reverse=True,
    )
    for c in candidates:
        if (Path(c) / "initdb").is_file() and (Path(c) / "pg_ctl").is_file():
            return Path(c)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run_as_user() -> str | None:
    """The unprivileged user to run the server as when we are root (else None)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("running as root and no 'postgres' or 'nobody' user to run initdb as")


class PgServer:
    """One PostgreSQL cluster in a temporary directory; :meth:`start`, then :meth:`stop`."""

    def __init__(self, bindir: Path, durable: bool = False) -> None:
        self.bindir = bindir
        self.durable = durable
        """Whether the server syncs its writes (``fsync``, ``full_page_writes`` and
        ``synchronous_commit`` on: a benchmark's durable figures); off for tests."""
        self.user = _run_as_user()
        self.base = Path(tempfile.mkdtemp(prefix="hajime-pg-"))
        self.data = self.base / "data"
        self.port = 0

    def _cmd(self, *args: str) -> list[str]:
        if self.user is None:
            return list(args)
        if shutil.which("runuser"):
            return ["runuser", "-u", self.user, "--", *args]
        return ["su", self.user, "-s", "/bin/sh", "-c", shlex.join(args)]

    def _run(self, *args: str) -> None:
        done = subprocess.run(self._cmd(*args), capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed ({done.returncode}): {done.stderr.strip()}")

    def start(self) -> None:
        """initdb and start the server; raises RuntimeError with the server's words."""
        if self.user is not None:
            entry = pwd.getpwnam(self.user)
            os.chown(self.base, entry.pw_uid, entry.pw_gid)
        self._run(
            str(self.bindir / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "-A", "trust",
            "-E", "UTF8", "--locale=C", "--no-sync",
        )  # fmt: skip
        for attempt in range(3):  # the free port may be taken before the server binds it
            self.port = _free_port()
            sync = "on" if self.durable else "off"
            options = (
                f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 -c fsync={sync}"
                f" -c synchronous_commit={sync} -c full_page_writes={sync}"
                " -c max_connections=200"
            )
            try:
                self._run(
                    str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l",
                    str(self.base / "server.log"), "-o", options, "-w", "-t", "60", "start",
                )  # fmt: skip
                return
            except RuntimeError as exc:
                if attempt == 2:
                    log = self.base / "server.log"
                    tail = log.read_text()[-2000:] if log.exists() else ""
                    self.port = 0
                    raise RuntimeError(f"{exc}\n{tail}") from None

    def dsn(self, database: str = "postgres", socket: bool = False) -> str:
        """The URL of ``database`` on this server (``socket``: through its Unix socket
        instead of TCP on 127.0.0.1)."""
        if socket:
            return f"postgresql://{SUPERUSER}@/{database}?host={self.base}&port={self.port}"
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    async def _admin(self, sql: str) -> None:
        conn = await asyncpg.connect(self.dsn())
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    def make_template(self) -> None:
        """Create :data:`TEMPLATE` and migrate it (once per session)."""
        from db.postgres import PostgresStore

        async def make() -> None:
            await self._admin(f"CREATE DATABASE {TEMPLATE}")
            async with PostgresStore(self.dsn(TEMPLATE)):
                pass

        run_sync(make())

    def new_database(self, template: str = TEMPLATE) -> str:
        """A fresh database copied from ``template`` (``template0``: no schema); its name."""
        name = f"test_{next(_names)}"
        run_sync(self._admin(f"CREATE DATABASE {name} TEMPLATE {template} STRATEGY FILE_COPY"))
        return name

    def drop_database(self, name: str) -> None:
        """Drop a test database (and any connection a failed test left open)."""
        run_sync(self._admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))

    def stop(self) -> None:
        """Stop the server (fast shutdown) and delete its directory."""
        if self.port:
            subprocess.run(
                self._cmd(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                          "-w", "stop"),
                capture_output=True, timeout=60,
            )  # fmt: skip
        shutil.rmtree(self.base, ignore_errors=True)
