"""The router frees a handled click's interaction without the cyclic GC."""

from __future__ import annotations

import gc
import weakref
from types import SimpleNamespace
from typing import Any

import discord
from discord.state import ConnectionState

from cogs import ids
from cogs.router import Router, release


class _Probe:
    """A weak-referenceable object that lives exactly as long as the interaction."""


def _click(custom_id: str) -> discord.Interaction[Any]:
    """A real discord.py interaction, as the gateway's INTERACTION_CREATE builds it."""
    state: ConnectionState[Any] = discord.Client(intents=discord.Intents.default())._connection
    data: Any = {
        "id": "11", "application_id": "12", "type": 3, "token": "tok", "version": 1,
        "attachment_size_limit": 10_485_760,
        "channel_id": "13", "locale": "en-US",
        "user": {"id": "14", "username": "ana", "discriminator": "0", "avatar": None},
        "data": {"custom_id": custom_id, "component_type": 2},
    }
    return discord.Interaction(data=data, state=state)


def _watched(custom_id: str) -> tuple[discord.Interaction[Any], weakref.ref[_Probe]]:
    """A click, and a weak reference to an object that dies exactly when it does."""
    interaction = _click(custom_id)
    probe = _Probe()
    interaction.extras["probe"] = probe
    return interaction, weakref.ref(probe)


async def test_a_handled_click_is_freed_by_reference_counting_alone() -> None:
    router = Router(SimpleNamespace())  # type: ignore[arg-type]
    seen: list[str] = []

    async def handler(interaction: discord.Interaction[Any], cid: ids.CustomId) -> None:
        assert not interaction.response.is_done()  # its response is there while handled
        seen.append(cid.kind)

    router.register("act", handler)
    interaction, alive = _watched("hj:act:5")
    gc.disable()
    try:
        await router.on_interaction(interaction)
        assert seen == ["act"]
        assert router.clicks.waiting == set()
        del interaction
        assert alive() is None, "the interaction waits for the cyclic GC"
    finally:
        gc.enable()


def test_without_release_an_interaction_is_a_reference_cycle() -> None:
    """The cycle :func:`release` breaks is discord.py's (if a version drops it, this says
    so and :func:`release` can go)."""
    interaction, alive = _watched("hj:act:5")
    gc.disable()
    try:
        assert interaction.response is interaction.response  # cached, points back
        del interaction
        assert alive() is not None
        gc.collect()
        assert alive() is None
    finally:
        gc.enable()


def test_release_is_harmless_on_an_interaction_never_answered() -> None:
    interaction = _click("hj:act:5")
    release(interaction)  # no response cached yet
    release(interaction)
    assert not interaction.response.is_done()
