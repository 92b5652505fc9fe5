"""Discord's Markdown as safe HTML, for the sandbox's pages.

The bot's renderers write for Discord: ``**bold**``, ``*italics*``, ``__underline__``,
``~~strike~~``, ``` `code` ```, ``> quotes``, ``- bullets``, ``# headings`` and
``<:name:id>`` custom emoji. The page shows them as Discord does, never as raw marks:
everything is escaped first, then the marks become tags (nothing a text holds can inject
HTML).
"""

from __future__ import annotations

import html
import re
from typing import Any

_CODE = re.compile(r"`([^`\n]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
_UNDER = re.compile(r"__(.+?)__", re.S)
_ITALIC_STAR = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", re.S)
_ITALIC_UNDER = re.compile(r"(?<![\w_])_(?!\s)(.+?)(?<!\s)_(?![\w_])", re.S)
_STRIKE = re.compile(r"~~(.+?)~~", re.S)
_SPOILER = re.compile(r"\|\|(.+?)\|\|", re.S)
_EMOJI = re.compile(r"&lt;a?:(\w+):\d+&gt;")
_HEADING = re.compile(r"^(#{1,3}) (.*)$")
_BULLET = re.compile(r"^\s*[-*•] (.*)$")
_QUOTE = re.compile(r"^&gt; ?(.*)$")


def _inline(text: str) -> str:
    """One escaped line's inline marks as tags."""
    codes: list[str] = []

    def keep(m: re.Match[str]) -> str:
        codes.append(f"<code>{m.group(1)}</code>")
        return f"\x00{len(codes) - 1}\x00"

    text = _CODE.sub(keep, text)
    text = _EMOJI.sub(lambda m: f":{m.group(1)}:", text)
    text = _BOLD.sub(r"<b>\1</b>", text)
    text = _UNDER.sub(r"<u>\1</u>", text)
    text = _STRIKE.sub(r"<s>\1</s>", text)
    text = _SPOILER.sub(r'<span class="spoiler">\1</span>', text)
    text = _ITALIC_STAR.sub(r"<i>\1</i>", text)
    text = _ITALIC_UNDER.sub(r"<i>\1</i>", text)
    return re.sub("\x00(\\d+)\x00", lambda m: codes[int(m.group(1))], text)


def to_html(text: Any) -> str:
    """A Discord Markdown text as HTML (escaped; lines kept, bullets as a list)."""
    out: list[str] = []
    bullets: list[str] = []

    def flush() -> None:
        if bullets:
            out.append("<ul>" + "".join(f"<li>{b}</li>" for b in bullets) + "</ul>")
            bullets.clear()

    for raw in html.escape(str(text or ""), quote=False).split("\n"):
        if m := _BULLET.match(raw):
            bullets.append(_inline(m.group(1)))
            continue
        flush()
        if m := _HEADING.match(raw):
            level = len(m.group(1)) + 2
            out.append(f"<h{level}>{_inline(m.group(2))}</h{level}>")
        elif m := _QUOTE.match(raw):
            out.append(f"<blockquote>{_inline(m.group(1))}</blockquote>")
        else:
            out.append(_inline(raw) + "<br>")
    flush()
    joined = "".join(out)
    return joined[:-4] if joined.endswith("<br>") else joined


def embed_html(embed: Any) -> dict[str, Any]:
    """A ``discord.Embed`` as the page draws it: title, description, fields and footer,
    each as HTML."""
    data = embed.to_dict()
    return {
        "title": to_html(data.get("title", "")),
        "description": to_html(data.get("description", "")),
        "fields": [{"name": to_html(f.get("name", "")), "value": to_html(f.get("value", "")),
                    "inline": bool(f.get("inline"))} for f in data.get("fields", [])],
        "footer": to_html((data.get("footer") or {}).get("text", "")),
    }
