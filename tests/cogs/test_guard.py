"""The option check and the malformed-interaction check, as properties."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from hypothesis import given
from hypothesis import strategies as st

from cogs import ids
from cogs.guard import INT64_MAX, INT64_MIN, malformed, option_problem
from cogs.i18n_discord import L
from referee.i18n import t


@app_commands.command(name="probe", description="A command to check options against.")
@app_commands.choices(game=[app_commands.Choice(name="Sushido", value="sushido")])
async def probe(interaction: discord.Interaction[Any],
                minutes: app_commands.Range[int, 1, 10080], match_id: app_commands.Range[int, 1],
                who: discord.User, game: str, topic: str | None = None) -> None:
    """Never called."""


PARAMS = {p.display_name: p for p in probe.parameters}


def problem(name: str, kind: int, value: Any, resolved: dict[str, Any] | None = None
            ) -> str | None:
    return option_problem({"name": name, "type": kind, "value": value}, PARAMS[name],
                          resolved or {})


@given(st.integers())
def test_an_integer_passes_exactly_when_in_its_range(n: int) -> None:
    assert (problem("minutes", 4, n) is None) == (1 <= n <= 10080)
    assert (problem("match_id", 4, n) is None) == (1 <= n <= INT64_MAX)


@given(st.integers(min_value=INT64_MAX + 1, max_value=10**40)
       | st.integers(min_value=-(10**40), max_value=INT64_MIN - 1))
def test_no_integer_past_64_bits_ever_passes(n: int) -> None:
    assert problem("match_id", 4, n) is not None
    cid = ids.parse(f"hj:act:{abs(n)}")
    try:
        cid.num(0)
    except ids.BadCustomId:
        pass
    else:
        raise AssertionError("a custom_id number past 64 bits was accepted")


@given(st.text(max_size=30))
def test_a_user_option_must_be_a_resolved_snowflake(text: str) -> None:
    resolved = {"users": {"123": {"id": "123"}}}
    assert problem("who", 6, "123", resolved) is None
    if text != "123":
        assert problem("who", 6, text, resolved) == "No such player."


def test_choices_types_and_lengths() -> None:
    assert problem("game", 3, "sushido") is None
    assert "one of: Sushido" in str(problem("game", 3, "../../README"))
    assert problem("minutes", 4, True) is not None and problem("minutes", 4, "5") is not None
    assert problem("topic", 3, "x" * 6000) is None
    assert "too long" in str(problem("topic", 3, "x" * 6001))
    assert problem("minutes", 3, "5") == "**minutes** has the wrong type."
    assert option_problem({"name": "nope", "type": 3, "value": "x"}, None, {}) is not None


payloads = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["id", "type", "token", "application_id", "data", "custom_id",
                         "component_type", "name", "components"]), inner, max_size=6),
    max_leaves=12)


@given(payloads)
def test_the_interaction_check_never_raises(data: Any) -> None:
    result = malformed(data)
    assert result is None or isinstance(result, str)
    if isinstance(data, dict) and data.get("type") == 3 and result is None:
        assert isinstance(data["data"]["custom_id"], str)
        assert isinstance(data["data"]["component_type"], int)


def test_an_autocomplete_request_checks_a_user_option_is_an_id_only() -> None:
    # Discord sends autocomplete requests without "resolved": a filled user option must
    # not blank the suggestions of another option (e.g. /challenge deck: after opponent:).
    ask = {"name": "who", "type": 6, "value": "123"}
    assert option_problem(ask, PARAMS["who"], None) is None
    assert option_problem({**ask, "value": "12x"}, PARAMS["who"], None) == "No such player."


@app_commands.command(name=L("cmd.challenge.name"), description=L("cmd.challenge.description"))
@app_commands.rename(bouts=L("cmd.challenge.opt.bouts.name"),
                     game=L("cmd.challenge.opt.game.name"))
@app_commands.describe(bouts=L("cmd.challenge.opt.bouts.description"),
                       game=L("cmd.challenge.opt.game.description"))
@app_commands.choices(bouts=[app_commands.Choice(name=L("choice.bouts.1"), value=1),
                             app_commands.Choice(name=L("choice.bouts.3"), value=3)])
async def localized(interaction: discord.Interaction[Any], bouts: int,
                    game: app_commands.Range[str, 1, 20]) -> None:
    """Never called: options named through the catalog, as every cog names them."""


def test_refusals_name_options_and_choices_as_the_readers_discord_shows_them() -> None:
    params = {p.display_name: p for p in localized.parameters}

    def refused(name: str, kind: int, value: Any, loc: str) -> str | None:
        return option_problem({"name": name, "type": kind, "value": value}, params[name], {},
                              loc)

    fr = refused("bouts", 4, 2, "fr")
    assert fr == t("fr", "guard.one_of", name="manches", names=", ".join(
        [t("fr", "choice.bouts.1"), t("fr", "choice.bouts.3")]))
    assert "bouts" not in fr and t("en-US", "choice.bouts.3") not in fr
    assert refused("game", 3, "x" * 21, "fr") == t("fr", "guard.too_long", name="jeu", max=20)
    assert refused("game", 4, 5, "fr") == "**jeu** n'a pas le bon type."
    en = refused("bouts", 4, 2, "en-US")
    assert en is not None and en.startswith("**bouts** must be one of: ")
    assert t("en-US", "choice.bouts.3") in en


def test_a_clicked_messages_embeds_components_and_attachments_are_left_out() -> None:
    """discord.py builds the clicked message of every component interaction; the bot
    reads only its id and flags, so its heavy parts are not built (the input unchanged)."""
    from cogs.guard import slim

    message = {"id": "5", "channel_id": "6", "type": 0, "content": "", "flags": 64,
               "embeds": [{"title": "Your hand"}], "attachments": [{"id": "7"}],
               "components": [{"type": 1, "components": []}], "author": {"id": "8"}}
    data = {"id": "1", "type": 3, "token": "t", "application_id": "2",
            "data": {"custom_id": "hj:act:3", "component_type": 2}, "message": message}
    got = slim(data)
    assert got["message"] == {**message, "embeds": [], "attachments": [], "components": []}
    assert {k: v for k, v in got.items() if k not in ("message", "data")} == \
        {k: v for k, v in data.items() if k not in ("message", "data")}
    assert got["data"] == {**data["data"], "hajime_message_custom_ids": []}
    assert data["message"]["embeds"] == [{"title": "Your hand"}]  # the input untouched
    command = {**data, "type": 2}
    assert slim(command) is command  # only component clicks carry a message
    bare = {**data, "message": {**message, "embeds": [], "components": [], "attachments": []}}
    assert slim(bare) == {**bare, "data": {**bare["data"], "hajime_message_custom_ids": []}}
    assert slim(bare)["message"] is bare["message"]  # nothing to leave out: not copied
