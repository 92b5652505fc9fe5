"""The thread's ping names the players asked the same thing together, once, instead of
repeating the question for each (a four-Kombatant Brawl's Discard/Draw)."""

from __future__ import annotations

from cogs.table import Table
from cogs.table_ping import ping_text
from engine.core.prompts import Prompt
from referee.render.registry import renderer_for

NAMES = ["<@1>", "<@2>", "<@3>", "<@4>"]


def test_seats_asked_the_same_question_are_named_together() -> None:
    renderer = renderer_for("mortal_kombat")
    prompts = {s: Prompt(seat=s, kind="dd", text="Discard up to two kards.", simultaneous=True)
               for s in range(4)}
    prompts[3] = Prompt(seat=3, kind="act", text="Attack, play a Special Effect or pass.")
    text = Table.ping_text(prompts, [0, 1, 2, 3], NAMES, "en-US", renderer)
    said = renderer.prompt_text(prompts[0], "en-US")
    assert text.count(said) == 1, text
    assert f"<@1>, <@2> and <@3>: {said}" in text
    assert f"<@4>: {renderer.prompt_text(prompts[3], 'en-US')}" in text
    fr = ping_text(prompts, [0, 1, 2], NAMES, "fr", renderer)
    assert "<@1>, <@2> et <@3> : " in fr, fr


def test_one_seat_pinged_ahead_is_told_to_watch() -> None:
    renderer = renderer_for("mortal_kombat")
    prompts = {0: Prompt(seat=0, kind="dd", text="Discard up to two kards.")}
    text = Table.ping_text(prompts, [0, 2], NAMES, "en-US", renderer)
    assert text.startswith("⏳ <@1>: ") and "<@3>: you are in this turn too" in text
