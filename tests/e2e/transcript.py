"""Transcripts of what players see: every public and private text, in order.

``pytest tests/e2e/test_eb_e2e.py --transcript DIR`` writes ``DIR/<test>.txt``: each
message the bot creates or edits through the offline Discord, as a player would read it
(the channel or thread, who sees it — everyone, or "only <name>" for an ephemeral
answer — the content, the embeds' titles, descriptions, fields and footers, the labels of
buttons and menu options). An edit that changes nothing a player reads is left out. The
files are for reading the bot as a player does; they are not committed.
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from typing import Any

from tests.fakediscord.server import FakeDiscord
from tests.fakediscord.store import Message, walk_components


def embed_text(embed: dict[str, Any]) -> list[str]:
    """An embed's words, line by line."""
    out = [f"# {embed[k]}" if k == "title" else str(embed[k])
           for k in ("author", "title", "description") if embed.get(k)]
    if isinstance(embed.get("author"), dict):
        out[0] = str(embed["author"].get("name", ""))
    for f in embed.get("fields") or []:
        out.append(f"## {f.get('name', '')}")
        out.append(str(f.get("value", "")))
    if embed.get("footer"):
        out.append(f"-- {embed['footer'].get('text', '')}")
    if embed.get("image"):
        out.append(f"[picture {embed['image'].get('url', '')}]")
    return out


def controls_text(components: list[dict[str, Any]]) -> list[str]:
    """Buttons as ``[Label]``, menus as ``<placeholder: option | option>``."""
    out: list[str] = []
    for c in walk_components(components):
        if c.get("type") == 2:
            out.append(f"[{c.get('emoji', {}).get('name', '') if c.get('emoji') else ''}"
                       f"{c.get('label', '')}]".replace("[ ", "["))
        elif c.get("type") in (3, 5, 6, 7, 8):
            opts = " | ".join(str(o.get("label", "")) for o in c.get("options") or [])
            out.append(f"<{c.get('placeholder', 'menu')}: {opts}>")
    return out


def message_text(msg: Message) -> str:
    """What a player reads of ``msg`` now."""
    lines = [msg.content] if msg.content else []
    for embed in msg.embeds:
        lines += embed_text(embed)
    controls = controls_text(msg.components)
    if controls:
        lines.append(" ".join(controls))
    return "\n".join(lines)


class Recorder:
    """Records each distinct text of every message, in the order the bot sent them."""

    def __init__(self) -> None:
        self.entries: list[tuple[Message, bool, str]] = []
        self.last: dict[int, str] = {}

    def saw(self, msg: Message) -> None:
        """``msg`` was created or edited."""
        text = message_text(msg)
        if self.last.get(msg.id) == text:
            return
        self.entries.append((msg, msg.id in self.last, text))
        self.last[msg.id] = text

    def dump(self, fake: FakeDiscord) -> str:
        """The transcript, with channels, threads and recipients named."""
        out: list[str] = []
        for msg, edit, text in self.entries:
            channel = fake.channels.get(msg.channel_id)
            where = f"#{channel.name}" if channel is not None else str(msg.channel_id)
            user = fake.user_by_id(msg.recipient_id) if msg.recipient_id else None
            who = f"only {user.name}" if user is not None else "everyone"
            out.append(f"=== {where} · {who} · {'edit' if edit else 'new'} #{msg.id % 100000}")
            out.append(text)
        return "\n".join(out) + "\n"


def recording(monkeypatch: Any) -> Recorder:
    """Start recording every message's texts (``Message.apply`` patched)."""
    recorder = Recorder()
    original = Message.apply

    def apply(self: Message, body: dict[str, Any], files: Any = None) -> None:
        original(self, body, files)
        recorder.saw(self)

    monkeypatch.setattr(Message, "apply", apply)
    return recorder


def write(directory: str, name: str, recorder: Recorder, fake: FakeDiscord) -> pathlib.Path:
    """Write the transcript of a test."""
    path = pathlib.Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    out = path / (name.replace("/", "_").replace("::", "__").replace("[", "_")
                  .replace("]", "") + ".txt")
    out.write_text(recorder.dump(fake), encoding="utf-8")
    return out


def lines_of(recorder: Recorder) -> Iterator[str]:
    """Every recorded text (for tests reading a transcript)."""
    for _msg, _edit, text in recorder.entries:
        yield text
