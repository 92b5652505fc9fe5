"""discord.py's REST calls over a lean HTTP/1.1 client; the gateway and uploads over aiohttp.

Every click costs the bot 1.7 REST calls (its answer, the board's edit, now and then a
message), and aiohttp's client, built for every feature of HTTP, took a quarter of the
bot's CPU for them (py-spy, ``bench/discord_bench.py`` at 1,000 matches). discord.py
asks its session for little: ``request(method, url, data=..., headers=...)`` used as
``async with``, then ``status``, ``headers`` and ``text()`` of the answer. Its rate
limits, retries and errors stay as they are: they read the same answer.

:class:`LeanSession` wraps discord.py's aiohttp session. A request with a text body (or
none), no proxy and no other option goes over a kept-alive connection of its own
(:class:`_Connection`: one write, an answer read by ``Content-Length``, chunks or the
connection's end); anything else (a file upload's form, a proxy, the gateway's
websocket, the CDN) is the aiohttp session's, unchanged. ``lean_http = false`` in the
config turns it off.
"""

from __future__ import annotations

import asyncio
import ssl
from typing import Any
from urllib.parse import urlencode, urlsplit

from multidict import CIMultiDict, CIMultiDictProxy

TIMEOUT = 60.0
"""The longest one request may take, connection included (seconds)."""

KEPT = 64
"""Idle connections kept per host."""

_NO_BODY = frozenset({204, 304})


class Disconnected(ConnectionResetError):
    """The server closed the connection before its answer was complete."""


class LeanResponse:
    """The part of ``aiohttp.ClientResponse`` that discord.py reads."""

    def __init__(self, status: int, reason: str, headers: CIMultiDict[str], body: bytes,
                 method: str, url: str) -> None:
        self.status = status
        self.reason = reason
        self.headers = CIMultiDictProxy(headers)
        self.body = body
        self.method = method
        self.url = url

    async def read(self) -> bytes:
        """The body."""
        return self.body

    async def text(self, encoding: str = "utf-8") -> str:
        """The body, decoded."""
        return self.body.decode(encoding, errors="replace")

    def release(self) -> None:
        """Nothing to give back: the body was read whole."""


class _Connection(asyncio.Protocol):
    """One kept-alive HTTP/1.1 connection: one request at a time."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.waiter: asyncio.Future[tuple[int, str, CIMultiDict[str], bytes]] | None = None
        self.head: tuple[int, str, CIMultiDict[str], int] | None = None
        self.no_body = False
        self.closed = False
        self.keep = True

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if self.waiter is not None and not self.waiter.done():
            self.keep = False
            if not self._answer(ended=True):
                self.waiter.set_exception(Disconnected(
                    "the server closed the connection before its answer was complete"))

    def eof_received(self) -> bool:
        return False  # close the transport: connection_lost ends an answer read to the end

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if self.waiter is not None and not self.waiter.done():
            self._answer(ended=False)
        elif self.waiter is None:  # bytes nobody asked for: never reuse this connection
            self.keep = False

    def usable(self) -> bool:
        """Whether another request may go over this connection."""
        return (self.keep and not self.closed and self.transport is not None
                and not self.transport.is_closing())

    async def exchange(self, request: bytes, no_body: bool
                       ) -> tuple[int, str, CIMultiDict[str], bytes]:
        """Send one request and read its whole answer."""
        assert self.transport is not None
        self.buffer.clear()
        self.head = None
        self.no_body = no_body
        self.waiter = asyncio.get_running_loop().create_future()
        self.transport.write(request)
        try:
            return await self.waiter
        finally:
            self.waiter = None

    @property
    def received_nothing(self) -> bool:
        """Whether no byte of an answer arrived (a kept connection the server had closed)."""
        return not self.buffer and self.head is None

    def _answer(self, ended: bool) -> bool:
        """Complete the waiter if the buffer holds a whole answer; whether it did."""
        assert self.waiter is not None
        buf = self.buffer
        if self.head is None:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return False
            lines = bytes(buf[:end]).decode("latin-1").split("\r\n")
            version, _, rest = lines[0].partition(" ")
            code, _, reason = rest.partition(" ")
            headers: CIMultiDict[str] = CIMultiDict()
            for line in lines[1:]:
                name, _, value = line.partition(":")
                headers.add(name.strip(), value.strip())
            if version != "HTTP/1.1" or headers.get("Connection", "").lower() == "close":
                self.keep = False
            self.head = (int(code), reason, headers, end + 4)
        status, reason, headers, start = self.head
        if self.no_body or status in _NO_BODY or status < 200:
            body = b""
            used = start
        elif "chunked" in headers.get("Transfer-Encoding", "").lower():
            got = _dechunk(buf, start)
            if got is None:
                return False
            body, used = got
        elif "Content-Length" in headers:
            used = start + int(headers["Content-Length"])
            if len(buf) < used:
                return False
            body = bytes(buf[start:used])
        else:  # the answer ends with the connection
            if not ended:
                return False
            body, used = bytes(buf[start:]), len(buf)
            self.keep = False
        if len(buf) != used:
            self.keep = False  # more than one answer: something is off, start afresh
        self.waiter.set_result((status, reason, headers, body))
        return True


def _dechunk(buf: bytearray, at: int) -> tuple[bytes, int] | None:
    """A chunked body starting at ``at``, and where it ends; None while incomplete."""
    parts: list[bytes] = []
    while True:
        eol = buf.find(b"\r\n", at)
        if eol < 0:
            return None
        size = int(bytes(buf[at:eol]).split(b";", 1)[0], 16)
        at = eol + 2
        if size == 0:  # trailers (none expected) end with an empty line
            end = buf.find(b"\r\n\r\n", at - 2)
            return (b"".join(parts), end + 4) if end >= 0 else None
        if len(buf) < at + size + 2:
            return None
        parts.append(bytes(buf[at:at + size]))
        at += size + 2


class _Request:
    """``async with session.request(...)`` for a lean request."""

    def __init__(self, session: LeanSession, method: str, url: str, body: bytes | None,
                 headers: dict[str, str], params: dict[str, Any] | None) -> None:
        self.args = (session, method, url, body, headers, params)

    async def __aenter__(self) -> LeanResponse:
        session, method, url, body, headers, params = self.args
        return await session.send(method, url, body, headers, params)

    async def __aexit__(self, *exc: object) -> None:
        return None


class LeanSession:
    """discord.py's aiohttp session, with its plain REST requests sent by this module."""

    def __init__(self, session: Any, timeout: float = TIMEOUT,
                 ssl_context: ssl.SSLContext | None = None,
                 user_agent: str = "DiscordBot (lean_http, 1)") -> None:
        self.session = session
        self.user_agent = user_agent
        """Sent when a request has none (aiohttp sent its own; Discord wants one)."""
        self.timeout = timeout
        self.idle: dict[tuple[str, str, int], list[_Connection]] = {}
        self._ssl = ssl_context
        self.lean_requests = 0
        """Requests sent by this module (the rest went through aiohttp)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(self.session, name)

    def request(self, method: str, url: str, *, data: Any = None,
                headers: dict[str, str] | None = None, params: dict[str, Any] | None = None,
                proxy: Any = None, proxy_auth: Any = None, **options: Any) -> Any:
        """Like ``aiohttp.ClientSession.request``: ours for a text body (or none) without a
        proxy or other option, else the aiohttp session's."""
        if proxy is not None or proxy_auth is not None or options or not (
                data is None or isinstance(data, (str, bytes))):
            return self.session.request(method, url, data=data, headers=headers,
                                        params=params, proxy=proxy, proxy_auth=proxy_auth,
                                        **options)
        body = data.encode() if isinstance(data, str) else data
        return _Request(self, method, url, body, dict(headers or {}), params)

    async def send(self, method: str, url: str, body: bytes | None, headers: dict[str, str],
                   params: dict[str, Any] | None) -> LeanResponse:
        """One request over a kept connection (a fresh one if the kept one was closed)."""
        parts = urlsplit(url)
        secure = parts.scheme == "https"
        host = parts.hostname or ""
        port = parts.port or (443 if secure else 80)
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        if params:
            target += ("&" if parts.query else "?") + urlencode(
                {k: v for k, v in params.items() if v is not None})
        lines = [f"{method} {target} HTTP/1.1", f"Host: {parts.netloc}"]
        if "User-Agent" not in headers:
            lines.append(f"User-Agent: {self.user_agent}")
        for name, value in headers.items():
            if "\r" in value or "\n" in value or "\r" in name or "\n" in name:
                raise ValueError(f"invalid header {name!r}")
            lines.append(f"{name}: {value}")
        if body is not None or method in ("POST", "PUT", "PATCH"):
            lines.append(f"Content-Length: {len(body or b'')}")
        request = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (body or b"")
        key = (parts.scheme, host, port)
        no_body = method == "HEAD"
        async with asyncio.timeout(self.timeout):
            while True:
                conn, kept = await self._connection(key, secure)
                try:
                    status, reason, got, answer = await conn.exchange(request, no_body)
                except Disconnected:
                    if kept and conn.received_nothing:
                        continue  # closed by the server while idle; no answer came back
                    raise
                except BaseException:
                    self._drop(conn)
                    raise
                break
        self.lean_requests += 1
        self._give_back(key, conn)
        return LeanResponse(status, reason, got, answer, method, url)

    async def _connection(self, key: tuple[str, str, int],
                          secure: bool) -> tuple[_Connection, bool]:
        idle = self.idle.get(key)
        while idle:
            conn = idle.pop()
            if conn.usable():
                return conn, True
            self._drop(conn)
        loop = asyncio.get_running_loop()
        if secure and self._ssl is None:
            self._ssl = ssl.create_default_context()
        _, conn = await loop.create_connection(
            _Connection, key[1], key[2], ssl=self._ssl if secure else None,
            server_hostname=key[1] if secure else None)
        return conn, False

    def _give_back(self, key: tuple[str, str, int], conn: _Connection) -> None:
        idle = self.idle.setdefault(key, [])
        if conn.usable() and len(idle) < KEPT:
            idle.append(conn)
        else:
            self._drop(conn)

    @staticmethod
    def _drop(conn: _Connection) -> None:
        if conn.transport is not None and not conn.transport.is_closing():
            conn.transport.close()

    async def close(self) -> None:
        """Close the kept connections and the aiohttp session."""
        for idle in self.idle.values():
            for conn in idle:
                self._drop(conn)
        self.idle.clear()
        await self.session.close()


def install(http: Any) -> LeanSession:
    """Put a :class:`LeanSession` around discord.py's session (after login, which makes
    it); interactions created from then on use it too."""
    current = http._HTTPClient__session
    if isinstance(current, LeanSession):
        return current
    lean = LeanSession(current, user_agent=http.user_agent)
    http._HTTPClient__session = lean
    return lean
