"""A direct parser of the ``multipart/form-data`` bodies discord.py sends (bench only).

aiohttp's ``MultipartReader`` parses every part's headers through the ``email`` package
and rebuilds a regular expression of 128 escaped characters per ``Content-Disposition``
(and the request's ``Content-Type``, whose boundary differs per request, misses its
cache): about 1 ms of the fake's CPU per uploaded picture. ``FakeDiscord(lean=True)``
(bench/discord_bench.py) parses the whole body here instead; the e2e tests keep aiohttp's
reader. ``tests/test_fakediscord_lean.py`` checks both give the same parts.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import unquote


@dataclass
class Part:
    """One part: its form field name, file name (None for a field) and bytes."""

    name: str
    filename: str | None
    content_type: str | None
    data: bytes


def boundary_of(content_type: str) -> str | None:
    """The ``boundary`` parameter of a ``multipart/...`` Content-Type header."""
    for param in content_type.split(";")[1:]:
        key, _, value = param.strip().partition("=")
        if key.lower() == "boundary":
            return value[1:-1] if value[:1] == '"' == value[-1:] else value
    return None


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
        if "\\" in value:  # a quoted-string's escapes (RFC 9110 5.6.4)
            out, chars = [], iter(value)
            for c in chars:
                out.append(next(chars, "") if c == "\\" else c)
            value = "".join(out)
    return value


def _params(header: str) -> list[str]:
    """A header's ``;``-separated items, a ``;`` inside a quoted string kept."""
    if '"' not in header:
        return header.split(";")
    items: list[str] = []
    item: list[str] = []
    quoted = escaped = False
    for c in header:
        if escaped:
            escaped = False
        elif c == "\\" and quoted:
            escaped = True
        elif c == '"':
            quoted = not quoted
        elif c == ";" and not quoted:
            items.append("".join(item))
            item = []
            continue
        item.append(c)
    items.append("".join(item))
    return items


def disposition(header: str) -> dict[str, str]:
    """The parameters of a ``Content-Disposition: form-data; name=...`` header, as
    aiohttp's reader gives them: quoted strings unescaped, no percent-decoding (but an
    RFC 5987 ``key*=charset''value`` is decoded into ``key``)."""
    params: dict[str, str] = {}
    for item in _params(header)[1:]:
        key, eq, value = item.partition("=")
        if not eq:
            continue
        key = key.strip().lower()
        if key.endswith("*"):
            charset, _, encoded = value.strip().partition("''")
            params[key[:-1]] = unquote(encoded, charset or "utf-8")
            continue
        params.setdefault(key, _unquote(value))
    return params


def parse(body: bytes, boundary: str) -> list[Part]:
    """Every part of a ``multipart/form-data`` body; ValueError if it is not one."""
    delimiter = b"--" + boundary.encode("latin-1")
    chunks = body.split(delimiter)
    if len(chunks) < 3 or not chunks[-1].startswith(b"--"):
        raise ValueError("not a complete multipart body for this boundary")
    parts: list[Part] = []
    for chunk in chunks[1:-1]:
        if not chunk.startswith(b"\r\n") or not chunk.endswith(b"\r\n"):
            raise ValueError("a multipart delimiter is not on a line of its own")
        head, sep, data = chunk[2:-2].partition(b"\r\n\r\n")
        if not sep:
            raise ValueError("a multipart part has no blank line after its headers")
        headers: dict[str, str] = {}
        for line in head.decode("utf-8").split("\r\n"):
            name, colon, value = line.partition(":")
            if not colon:
                raise ValueError(f"bad multipart header line {line!r}")
            headers[name.strip().lower()] = value.strip()
        params = disposition(headers.get("content-disposition", ""))
        parts.append(Part(name=params.get("name", ""), filename=params.get("filename"),
                          content_type=headers.get("content-type"), data=data))
    return parts
