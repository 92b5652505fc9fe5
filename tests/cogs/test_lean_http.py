"""The lean REST client: HTTP/1.1 answers of every framing, kept connections, and
discord.py's own rate limits and errors reading its answers."""

from __future__ import annotations

import asyncio
import json
import ssl
import subprocess
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest
from aiohttp import web
from discord.http import HTTPClient, Route

from cogs.lean_http import Disconnected, LeanSession, install

Answer = Callable[[bytes, int], Awaitable[bytes | None]]
"""A scripted server: (the request, its number on the connection) -> raw answer (None:
close the connection without answering; an HTTP/1.0 answer closes it after)."""


async def _serve(answer: Answer, ssl_context: ssl.SSLContext | None = None
                 ) -> tuple[asyncio.Server, int, list[bytes]]:
    seen: list[bytes] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        n = 0
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                length = 0
                for line in head.split(b"\r\n"):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":")[1])
                request = head + await reader.readexactly(length)
                seen.append(request)
                raw = await answer(request, n)
                n += 1
                if raw is None:
                    break
                writer.write(raw)
                await writer.drain()
                if raw.startswith(b"HTTP/1.0"):  # an answer that ends with the connection
                    break
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0, ssl=ssl_context)
    return server, server.sockets[0].getsockname()[1], seen


@pytest.fixture
async def lean() -> AsyncIterator[LeanSession]:
    async with aiohttp.ClientSession() as real:
        session = LeanSession(real, timeout=5.0)
        yield session
        await session.close()


async def _get(session: LeanSession, url: str, **kw: Any) -> tuple[int, Any, str]:
    async with session.request("POST", url, data='{"a": 1}',
                               headers={"Content-Type": "application/json"}, **kw) as r:
        return r.status, r.headers, await r.text()


async def test_content_length_chunked_and_to_the_end_answers_in_pieces(lean: LeanSession
                                                                       ) -> None:
    answers = [
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n"
        b'{"x":1}',
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n"
        b"4;ext=1\r\ndefg\r\n0\r\n\r\n",
        b"HTTP/1.1 204 No Content\r\n\r\n",
        b"HTTP/1.0 200 OK\r\n\r\nuntil the end",
    ]

    async def answer(request: bytes, n: int) -> bytes | None:
        return answers.pop(0)

    server, port, seen = await _serve(answer)
    url = f"http://127.0.0.1:{port}/api/x"
    try:
        status, headers, text = await _get(lean, url)
        assert (status, headers["content-type"], text) == (200, "application/json", '{"x":1}')
        assert (await _get(lean, url))[2] == "abcdefg"
        assert (await _get(lean, url))[:1] == (204,)
        assert (await _get(lean, url))[2] == "until the end"
    finally:
        server.close()
    assert len(seen) == 4
    assert seen[0].startswith(b"POST /api/x HTTP/1.1\r\n") and seen[0].endswith(b'{"a": 1}')
    assert b"Content-Length: 8\r\n" in seen[0] and lean.lean_requests == 4
    assert b"\r\nUser-Agent: DiscordBot (" in seen[0]  # Discord wants one; aiohttp sent its own


async def test_an_answer_split_byte_by_byte_is_read_whole(lean: LeanSession) -> None:
    raw = (b"HTTP/1.1 201 Created\r\nX-Ratelimit-Remaining: 4\r\nContent-Length: 5\r\n\r\n"
           b"hello")

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        await reader.readexactly(8)
        for i in range(len(raw)):
            writer.write(raw[i:i + 1])
            await writer.drain()
            await asyncio.sleep(0)
        await reader.read()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        status, headers, text = await _get(lean, f"http://127.0.0.1:{port}/")
    finally:
        server.close()
    assert (status, headers.get("x-ratelimit-remaining"), text) == (201, "4", "hello")


async def test_a_connection_is_kept_and_a_closed_one_replaced(lean: LeanSession) -> None:
    ok = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
    connections: list[int] = []

    async def answer(request: bytes, n: int) -> bytes | None:
        connections.append(n)
        return ok if len(connections) != 2 else None  # the 2nd: closed while idle

    server, port, seen = await _serve(answer)
    url = f"http://127.0.0.1:{port}/"
    try:
        assert (await _get(lean, url))[2] == "ok"
        assert (await _get(lean, url))[2] == "ok"  # kept connection; closed; a fresh one
        assert (await _get(lean, url))[2] == "ok"
    finally:
        server.close()
    assert connections == [0, 1, 0, 1]  # the first connection served two requests
    assert len(seen) == 4  # the one whose connection closed unanswered was sent again


async def test_a_connection_cut_mid_answer_is_an_error_not_a_retry(lean: LeanSession) -> None:
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc")
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        with pytest.raises(Disconnected):
            await _get(lean, f"http://127.0.0.1:{port}/")
    finally:
        server.close()


async def test_query_parameters_and_header_injection(lean: LeanSession) -> None:
    async def answer(request: bytes, n: int) -> bytes | None:
        return b"HTTP/1.1 204 No Content\r\n\r\n"

    server, port, seen = await _serve(answer)
    try:
        await _get(lean, f"http://127.0.0.1:{port}/w?x=1", params={"wait": "true", "n": None})
        with pytest.raises(ValueError):
            async with lean.request("GET", f"http://127.0.0.1:{port}/",
                                    headers={"X-Audit": "a\r\nEvil: 1"}):
                pass
    finally:
        server.close()
    assert seen[0].startswith(b"POST /w?x=1&wait=true HTTP/1.1")


async def test_forms_proxies_and_everything_else_go_to_aiohttp() -> None:
    calls: list[tuple[str, str, dict[str, Any]]] = []

    class Real:
        closed = False

        def request(self, method: str, url: str, **kw: Any) -> str:
            calls.append((method, url, kw))
            return "aiohttp's"

        async def ws_connect(self, url: str) -> str:
            return "socket"

        async def close(self) -> None:
            self.closed = True

    real = Real()
    lean = LeanSession(real)
    form = aiohttp.FormData()
    form.add_field("payload_json", "{}")
    assert lean.request("POST", "http://h/", data=form) == "aiohttp's"
    assert lean.request("POST", "http://h/", data="{}", proxy="http://p") == "aiohttp's"
    assert lean.request("GET", "http://h/", timeout=3) == "aiohttp's"
    assert await lean.ws_connect("ws://h/") == "socket" and lean.closed is False
    await lean.close()
    assert real.closed and len(calls) == 3


def _json(body: object, status: int = 200, **headers: str) -> web.Response:
    """A JSON answer as Discord sends it (``application/json``, no charset)."""
    return web.Response(body=json.dumps(body).encode(), status=status,
                        headers={"Content-Type": "application/json", **headers})


async def test_discord_py_reads_its_rate_limits_and_errors_from_the_lean_answers() -> None:
    hits: list[str] = []

    async def limited(request: web.Request) -> web.Response:
        hits.append("limited")
        if len(hits) == 1:
            return _json({"message": "slow down", "retry_after": 0.05, "global": False},
                         429, **{"Retry-After": "0.05", "Via": "1.1 google"})
        return _json({"id": "1", "echo": await request.json()})

    async def missing(request: web.Request) -> web.Response:
        return _json({"message": "Unknown Message", "code": 10008}, 404)

    app = web.Application()
    app.router.add_post("/api/channels/1/messages", limited)
    app.router.add_patch("/api/channels/1/messages/2", missing)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    http = HTTPClient(asyncio.get_running_loop())
    old = Route.BASE
    Route.BASE = f"http://127.0.0.1:{port}/api"
    try:
        http._HTTPClient__session = aiohttp.ClientSession()  # type: ignore[attr-defined]
        http.token = "t"
        http._global_over = asyncio.Event()
        http._global_over.set()
        lean = install(http)
        assert install(http) is lean  # once
        got = await http.request(Route("POST", "/channels/{c}/messages", c=1),
                                 json={"content": "hi"})
        assert got == {"id": "1", "echo": {"content": "hi"}} and hits == ["limited"] * 2
        with pytest.raises(discord.NotFound) as caught:
            await http.request(Route("PATCH", "/channels/{c}/messages/{m}", c=1, m=2),
                               json={"content": "x"})
        assert caught.value.code == 10008 and lean.lean_requests == 3
    finally:
        Route.BASE = old
        await http.close()
        await runner.cleanup()


def _certificate(tmp: Path) -> tuple[Path, Path]:
    key, cert = tmp / "key.pem", tmp / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return key, cert


async def test_https_verifies_the_server_and_reads_its_answer(tmp_path: Path) -> None:
    try:
        key, cert = _certificate(tmp_path)
    except (FileNotFoundError, subprocess.CalledProcessError):
        pytest.skip("no openssl command to make a test certificate")
    server_side = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_side.load_cert_chain(cert, key)

    async def answer(request: bytes, n: int) -> bytes | None:
        return b"HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nsecret"

    server, port, _ = await _serve(answer, server_side)
    trusting = ssl.create_default_context(cafile=str(cert))
    async with aiohttp.ClientSession() as real:
        lean = LeanSession(real, ssl_context=trusting)
        untrusting = LeanSession(real)  # the system's authorities: not ours
        try:
            assert (await _get(lean, f"https://localhost:{port}/"))[2] == "secret"
            with pytest.raises(ssl.SSLCertVerificationError):
                await _get(untrusting, f"https://localhost:{port}/")
        finally:
            await lean.close()
            server.close()
