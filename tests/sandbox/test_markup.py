"""Discord's Markdown as the sandbox's pages show it: marks become tags, text is escaped."""

from __future__ import annotations

from sandbox.markup import to_html


def test_marks_become_tags_and_nothing_raw_remains() -> None:
    assert to_html("**Ann** wins *easily* with __style__ and ~~luck~~") == (
        "<b>Ann</b> wins <i>easily</i> with <u>style</u> and <s>luck</s>")
    assert to_html("🏆 **Ann**\n- one\n- two\n> quoted") == (
        "🏆 <b>Ann</b><br><ul><li>one</li><li>two</li></ul><blockquote>quoted</blockquote>")
    assert to_html("`b01` and <:kp:123>") == "<code>b01</code> and :kp:"
    assert to_html("snake_case_word stays") == "snake_case_word stays"  # no italics inside
    assert to_html(None) == "" and to_html("") == ""


def test_text_can_never_inject_html() -> None:
    out = to_html('<script>alert(1)</script> **<img src=x onerror="y">**')
    assert "<script>" not in out and "<img" not in out
    assert out == ("&lt;script&gt;alert(1)&lt;/script&gt; "
                   "<b>&lt;img src=x onerror=\"y\"&gt;</b>")
