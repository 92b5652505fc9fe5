"""``FakeDiscord(lean=True)``, the benchmarks' fast path: its multipart parser reads the
bodies discord.py sends exactly as aiohttp's reader does (the tests' path)."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fakediscord import FakeDiscord
from tests.fakediscord.multipart import parse

NAMES = ["board.png", "a b.png", 'quote"d.png', "back\\slash.png", "semi;colon=x.png",
         "été ☃.png", "100%.png", "'tick'.png"]

#: any file name a header may carry (aiohttp refuses control characters)
FILE_NAMES = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=20)


def discord_form(content: str, files: list[tuple[str, bytes]], quote: bool) -> aiohttp.FormData:
    """A multipart body built as discord.py's ``HTTPClient.request`` builds it."""
    form = aiohttp.FormData(quote_fields=quote)
    form.add_field(name="payload_json", value=json.dumps({"content": content}))
    for i, (name, data) in enumerate(files):
        form.add_field(name=f"files[{i}]", value=data, filename=name,
                       content_type="application/octet-stream")
    return form


async def posted(lean: bool, files: list[tuple[str, bytes]], quote: bool) -> dict[str, Any]:
    """What a fake (lean or not) stored for one message posted with ``files``."""
    async with FakeDiscord(lean=lean) as fake, aiohttp.ClientSession() as http:
        url = f"{fake.api_base}/channels/{fake.channel.id}/messages"
        async with http.post(url, data=discord_form("héllo", files, quote),
                             headers={"Authorization": "Bot x"}) as resp:
            assert resp.status == 200, await resp.text()
        msg = fake.messages(fake.channel)[-1]
        assert fake.handler_errors == []
        return {"content": msg.content,
                "requests": [(r[0], r[1].replace(str(fake.channel.id), "ID"))
                             for r in fake.requests],
                "files": [(a.filename, a.data, a.content_type) for a in msg.attachments]}


@pytest.mark.parametrize("quote", [False, True])
async def test_lean_fake_stores_what_the_full_fake_stores(quote: bool) -> None:
    """The same message, file names and bytes through the lean parser as through
    aiohttp's reader (discord.py sends ``quote_fields=False``)."""
    files = [(name, bytes([i]) * (i * 100) + b"\r\n--x\r\n") for i, name in enumerate(NAMES)]
    full, lean = await posted(False, files, quote), await posted(True, files, quote)
    assert lean == full
    if not quote:  # aiohttp percent-encodes the names it quotes and reads them back so
        assert [f[0] for f in lean["files"]] == NAMES


@settings(max_examples=60, deadline=None)
@given(files=st.lists(st.tuples(FILE_NAMES, st.binary(max_size=300)), min_size=1, max_size=4),
       content=st.text(max_size=50))
async def test_parse_gives_back_every_part(files: list[tuple[str, bytes]], content: str
                                           ) -> None:
    """Any file names and bytes come back whole, in order, after the payload_json (file
    names as sent by discord.py's ``quote_fields=False``)."""
    writer = discord_form(content, files, quote=False)()  # a MultipartWriter
    body = await writer.as_bytes()
    parts = parse(body, writer.boundary)  # type: ignore[attr-defined]
    assert json.loads(parts[0].data) == {"content": content}
    assert [(p.name, p.filename, p.data) for p in parts[1:]] == [
        (f"files[{i}]", name, data) for i, (name, data) in enumerate(files)]


def test_parse_rejects_a_truncated_body() -> None:
    """A body cut before its closing delimiter is an error, not a shorter message."""
    with pytest.raises(ValueError):
        parse(b'--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n', "b")
